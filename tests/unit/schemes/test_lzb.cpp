// LZB impulse stepping (schemes/lzb.hpp) and the SI sphere chains
// (models/sphere_chains.hpp) of Nguyen & Brogliato 2011.
#include <cmath>

#include <catch2/catch.hpp>

#include "models/scenarios.hpp"
#include "models/sphere_chains.hpp"
#include "schemes/lzb.hpp"
#include "tests/unit/allocation_counter.hpp"  // this binary's operator new

using namespace granconv;

namespace {

Vec<double> velocities(const Vec<double>& xv) {
  Vec<double> v(xv.size() / 2);
  for (Eigen::Index i = 0; i < v.size(); ++i) v[i] = xv[2 * i + 1];
  return v;
}

SphereChain<double> a21_chain(double V = 1.0, bool tapered = false) {
  SphereChainSpec s;
  s.radii = tapered ? tapered_radii(20, 0.01, 0.05) : std::vector<double>(20, 0.01);
  s.strikers.push_back({Striker::Side::left, 0.01, V, 0.0});
  return make_sphere_chain(s);
}

LzbResult lzb(const SphereChain<double>& c, double dP, double es = 1, bool guard = true) {
  LzbOptions o;
  o.dP = dP;
  o.es = es;
  o.guard_rule13 = guard;
  LzbImpact z(c.chain, o);
  return z.run(velocities(c.y0));
}

}  // namespace

TEST_CASE("sphere chains: masses and Hertz stiffnesses K = (4/3) E* sqrt(R*) in SI units", "[lzb][models]") {
  // Values of the digest, §1.3 (E = 203 GPa, nu = 0.3, rho = 7780).
  CHECK(sphere_mass(0.01, 7780) == Approx(0.0325888).epsilon(1e-5));
  CHECK(sphere_mass(0.013, 7780) == Approx(0.0715976).epsilon(1e-5));
  const double es = effective_modulus(203e9, 0.3, 203e9, 0.3);
  CHECK(es == Approx(1.11538e11).epsilon(1e-5));
  CHECK(hertz_stiffness(0.01, 0.01, es) == Approx(1.0516e10).epsilon(1e-4));
  CHECK(hertz_stiffness(0.013, 0.0065, es) == Approx(9.7898e9).epsilon(1e-4));
  CHECK(hertz_stiffness(0.005, 0.00475, es) == Approx(7.3399e9).epsilon(1e-4));
  CHECK(hertz_stiffness(0.013, 0, es) == Approx(1.6956e10).epsilon(1e-4));  // against a wall of the same steel

  const auto c = a21_chain();
  REQUIRE(c.chain.beads() == 21);
  CHECK(c.first_bead == 1);
  CHECK(c.chain.law.twice_alpha == 3);
  CHECK(c.chain.gamma == std::vector<double>(20, 0.0));
  CHECK(c.y0[1] == 1.0);
  CHECK(c.y0.tail(40).cwiseAbs().maxCoeff() == 0.0);

  const auto t = tapered_radii(20, 0.01, 0.05);
  CHECK(t[1] == Approx(0.0095));
  CHECK(t[19] == Approx(0.01 * std::pow(0.95, 19)));

  SphereChainSpec w;
  w.radii = {0.0065};
  w.wall = true;
  const auto wc = make_sphere_chain(w);
  CHECK(wc.chain.links() == 1);
  CHECK(wc.chain.k[0] == Approx(1.1990e10).epsilon(1e-4));
}

TEST_CASE("sphere chains and LZB scenarios reject bad input", "[lzb][models]") {
  SphereChainSpec s;
  CHECK_THROWS_WITH(make_sphere_chain(s), Catch::Contains("at least one bead"));
  s.radii = {0.01, -0.01};
  CHECK_THROWS_WITH(make_sphere_chain(s), Catch::Contains("radii must be positive"));
  s.radii = {0.01};
  s.wall = true;
  s.strikers.push_back({Striker::Side::right, 0.01, 1.0, 0.0});
  CHECK_THROWS_WITH(make_sphere_chain(s), Catch::Contains("wall cannot have a right striker"));
  CHECK_THROWS_WITH(make_problem<double>("lzb-monodisperse-20", std::vector<std::string>{"es=0"}),
                    Catch::Contains("'es'"));
  CHECK_THROWS_WITH(make_problem<double>("lzb-tapered-20", std::vector<std::string>{"V=-1"}), Catch::Contains("'V'"));
  const auto pr = make_problem<double>("lzb-tapered-20", std::vector<std::string>{});
  CHECK(pr.chain.beads() == 21);
  CHECK(pr.chain.m[0] == pr.chain.m[1]);  // striker identical to the first bead
  CHECK(pr.chain.m[2] < pr.chain.m[1]);   // radii decrease along the chain
}

TEST_CASE("LZB rejects a non-positive step, a bad e_s and a damped chain", "[lzb]") {
  const auto c = a21_chain();
  LzbOptions o;
  o.dP = 0;
  CHECK_THROWS_WITH(LzbImpact(c.chain, o), Catch::Contains("ΔP must be positive"));
  o.dP = -1e-5;
  CHECK_THROWS_WITH(LzbImpact(c.chain, o), Catch::Contains("ΔP must be positive"));
  o.dP = std::nan("");
  CHECK_THROWS_WITH(LzbImpact(c.chain, o), Catch::Contains("ΔP must be positive"));
  o.dP = 1e-5;
  o.es = 1.5;
  CHECK_THROWS_WITH(LzbImpact(c.chain, o), Catch::Contains("e_s"));
  o.es = 1;
  auto damped = c.chain;
  damped.gamma.assign(damped.gamma.size(), 1e-6);
  CHECK_THROWS_WITH(LzbImpact(damped, o), Catch::Contains("undamped"));
  o.max_steps = 100;
  LzbImpact z(c.chain, o);
  CHECK_THROWS_WITH(z.run(velocities(c.y0)), Catch::Contains("did not terminate"));
}

TEST_CASE("LZB conserves momentum to rounding at every step size", "[lzb]") {
  for (bool tapered : {false, true})
    for (double dP : {1e-3, 1e-4, 3e-5, 1e-5}) {
      const auto r = lzb(a21_chain(1.0, tapered), dP);
      INFO("tapered " << tapered << ", dP " << dP << ": " << r.momentum_before << " -> " << r.momentum_after);
      CHECK(std::abs(r.momentum_after - r.momentum_before) <= 1e-12 * r.momentum_before);
      CHECK(r.wall_impulse == 0.0);
    }
  // Against a wall, the wall takes exactly the momentum the chain loses.
  SphereChainSpec s;
  s.radii.assign(5, 0.01);
  s.wall = true;
  s.strikers.push_back({Striker::Side::left, 0.01, 1.0, 0.0});
  const auto r = lzb(make_sphere_chain(s), 1e-5);
  CHECK(r.wall_impulse > r.momentum_before);  // the chain bounces back
  CHECK(std::abs(r.momentum_after + r.wall_impulse - r.momentum_before) <= 1e-12 * r.momentum_before);
}

TEST_CASE("LZB binary collision: equal beads exchange velocities, restitution e_s", "[lzb]") {
  SphereChainSpec s;
  s.radii = {0.01};
  s.strikers.push_back({Striker::Side::left, 0.01, 1.0, 0.0});
  const auto c = make_sphere_chain(s);
  // Along one contact u is linear in P and the trapezoid integrates E exactly:
  // the only error is the last step's overshoot of the total impulse, at most
  // ΔP, so |(v_1 − v_0) − e_s V| ≤ 2 ΔP / m.
  const double m = c.chain.m[0];
  for (double es : {1.0, 0.8})
    for (double dP : {1e-3, 1e-4, 3e-5, 1e-5, 1e-6}) {
      const auto r = lzb(c, dP, es);
      INFO("e_s " << es << ", dP " << dP << ": v = " << r.v.transpose());
      CHECK(std::abs(r.v[1] - r.v[0] - es) <= 2 * dP / m);
      CHECK(r.v[0] + r.v[1] == Approx(1.0).epsilon(1e-12));
    }
}

TEST_CASE("LZB is deterministic and its impact loop allocates nothing", "[lzb]") {
  const auto c = a21_chain(1.0, true);
  const auto a = lzb(c, 1e-5), b = lzb(c, 1e-5);
  CHECK(a.steps == b.steps);
  CHECK((a.v - b.v).cwiseAbs().maxCoeff() == 0.0);
  CHECK(a.t == b.t);
  LzbOptions o;
  o.es = 1;
  const Vec<double> v0 = velocities(c.y0);
  long counts[2];
  long steps[2];
  int i = 0;
  for (double dP : {1e-4, 1e-5}) {
    o.dP = dP;
    LzbImpact z(c.chain, o);
    const long before = test::allocations.load();
    const auto r = z.run(v0);
    counts[i] = test::allocations.load() - before;
    steps[i++] = r.steps;
  }
  INFO("allocations " << counts[0] << " (" << steps[0] << " steps), " << counts[1] << " (" << steps[1] << " steps)");
  CHECK(steps[1] > 9 * steps[0]);
  CHECK(counts[0] == counts[1]);  // independent of the number of steps: only the result is allocated
  CHECK(counts[1] <= 2);
}

// Issue 12: nothing runs unbounded. At ΔP = 1e-12 the impact takes ~1e9 steps.
TEST_CASE("LZB stops at its wall-clock budget", "[lzb]") {
  const auto c = a21_chain();
  LzbOptions o;
  o.dP = 1e-12;
  o.max_seconds = 1e-9;  // used up at the first check (every 4096 steps), on any machine
  LzbImpact z(c.chain, o);
  CHECK_THROWS_WITH(z.run(velocities(c.y0)), Catch::Contains("LZB: wall-clock budget of 1e-09 s used up at step"));
  o.max_seconds = 0;
  CHECK_THROWS_AS(LzbImpact(c.chain, o), std::invalid_argument);
}

TEST_CASE("LZB with ΔP ∝ V is exactly scale invariant (powers of two)", "[lzb]") {
  const auto r1 = lzb(a21_chain(1.0), 1e-5), r2 = lzb(a21_chain(2.0), 2e-5);
  CHECK(r1.steps == r2.steps);
  CHECK((r2.v / 2 - r1.v).cwiseAbs().maxCoeff() == 0.0);
  CHECK(r2.t / r1.t == Approx(std::pow(2.0, -0.2)).epsilon(1e-12));
}

TEST_CASE("the rule-(13) safeguard is needed: the printed rule creates energy at e_s = 0.6", "[lzb]") {
  // A dissipative impact can only lose kinetic energy. With the rule as
  // printed, a contact that re-enters the impact while the primary contact's
  // energy E_* is tiny receives δP ∝ (u ΔP / E_*)^{3/2} ΔP: huge.
  const auto c = a21_chain();
  const auto guarded = lzb(c, 1e-4, 0.6, true), printed = lzb(c, 1e-4, 0.6, false);
  INFO("kinetic energy " << guarded.kinetic_before << " -> guarded " << guarded.kinetic_after << ", printed "
                         << printed.kinetic_after);
  CHECK(guarded.guarded > 0);
  CHECK(guarded.kinetic_after < guarded.kinetic_before);
  CHECK(printed.kinetic_after > 100 * printed.kinetic_before);
  // Elastic chains never trigger the cap: the guard leaves Tables 2–3 alone.
  CHECK(lzb(c, 1e-4).guarded == 0);
  CHECK(lzb(a21_chain(1.0, true), 1e-4).guarded == 0);
  // Both end in momentum-conserving states (the failure is energy, not momentum).
  CHECK(std::abs(printed.momentum_after - printed.momentum_before) <= 1e-9 * printed.momentum_before);
}
