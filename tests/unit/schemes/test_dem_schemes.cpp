// The explicit DEM integrators (schemes/dem_schemes.hpp): classical orders on
// the harmonic oscillator (double, and damped Verlet in 50 digits), the order
// loss of the lagged-velocity schemes under a dashpot, start rules, input
// checks, the observer contract and the blow-up guard's check.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "tests/unit/oscillator.hpp"
#include "schemes/blow_up_guard.hpp"
#include "schemes/scheme_catalogue.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {

const std::vector<std::string> kDem = {"euler",          "symplectic-euler", "leapfrog",
                                       "stormer-verlet", "velocity-verlet",  "damped-verlet"};
const std::vector<std::string> kStaggered = {"leapfrog", "stormer-verlet", "damped-verlet"};

using granconv::testing::oscillator;

using granconv::harmonic_oscillator_state;

template <class S>
Vec<S> oscillator_y0() {
  Vec<S> y0(2);
  y0 << S(1), S(0);
  return y0;
}

// Two beads on local springs, in a Hertz contact with a linear dashpot (β = 1):
// f = k δ^{3/2} + γ k δ̇, a force that depends on the velocity. Started
// pre-compressed, so the contact stays closed and the force is smooth.
Chain<double> dashpot_dimer() {
  Chain<double> c;
  c.m = {1, 1};
  c.K = {1, 1};
  c.k = {1};
  c.gamma = {0.5};
  c.law.four_beta = 4;
  return c;
}

Vec<double> dashpot_y0() {
  Vec<double> y0(4);
  y0 << 0.3, 0, -0.3, 0;
  return y0;
}

// Final state of n steps to T; min_gap gets the smallest gap of bead 0–1 seen.
template <class S>
Vec<S> final_state(const Scheme<S>& s, const Chain<S>& c, const Vec<S>& y0, const S& T, long n,
                   const ExactSolution<S>& exact = {}, double* min_gap = nullptr) {
  Vec<S> y = y0;
  s.run(c, Formulation::xv, y0, T / n, n,
        [&](long, const Vec<S>& xv) {
          y = xv;
          if (min_gap && c.beads() > 1) *min_gap = std::min(*min_gap, static_cast<double>(c.gap(xv, 0)));
        },
        exact);
  return y;
}

template <class S>
double max_error(const Vec<S>& a, const Vec<S>& b) {
  return static_cast<double>((a - b).cwiseAbs().maxCoeff());
}

template <class S>
double oscillator_error(const Scheme<S>& s, const S& T, long n, const ExactSolution<S>& exact = {}) {
  return max_error(final_state(s, oscillator<S>(), oscillator_y0<S>(), T, n, exact), harmonic_oscillator_state(T));
}

// The dimer's reference at T = 1: rk4 with 2^14 steps (error ~h⁴ ≈ 1e-17).
const Vec<double>& dashpot_reference() {
  static const Vec<double> ref = [] {
    double gap = 1;
    auto y = final_state(make_scheme<double>("rk4"), dashpot_dimer(), dashpot_y0(), 1.0, 1 << 14, {}, &gap);
    REQUIRE(gap > 0);
    return y;
  }();
  return ref;
}

}  // namespace

TEST_CASE("DEM schemes are in the catalogue with their family, orders and formulation", "[schemes][dem]") {
  for (const auto& name : kDem) {
    const auto& info = scheme_info(name);
    INFO(name);
    CHECK(info.family == SchemeFamily::dem);
    CHECK_FALSE(info.accepts_xw);
    CHECK_FALSE(info.tailored);
    CHECK(info.staggered == (name == "leapfrog" || name == "stormer-verlet" || name == "damped-verlet"));
    CHECK(info.classical_order == (name == "euler" || name == "symplectic-euler" ? 1 : 2));
    const auto s = make_scheme<double>(name);
    CHECK(s.name == name);
    CHECK(s.label == info.label);
    CHECK(s.classical_order == info.classical_order);
  }
  CHECK(scheme_info("gl2").family == SchemeFamily::runge_kutta);
  CHECK(scheme_info("theta").family == SchemeFamily::tailored);
  // Labels say how a staggered scheme is started.
  SchemeOptions opt;
  CHECK_THAT(make_scheme<double>("leapfrog").label, Catch::Contains("start: half-kick v(−h/2) = v0 − h/2 F0"));
  opt.start = "heun";
  CHECK_THAT(make_scheme<double>("damped-verlet", opt).label, Catch::Contains("start: Heun"));
  opt.start = "v0";
  const auto lf_v0 = make_scheme<double>("leapfrog", opt);
  CHECK_THAT(lf_v0.label, Catch::Contains("start: v(−h/2) = v0"));
  CHECK(lf_v0.classical_order == 1);  // an O(h) start error in the velocity
}

TEST_CASE("DEM schemes reach their classical order on the harmonic oscillator", "[schemes][dem][order]") {
  const double T = 2;
  const ExactSolution<double> exact = [](const double& t) { return harmonic_oscillator_state(t); };
  for (const auto& name : kDem) {
    std::vector<std::string> starts = {""};
    if (scheme_info(name).staggered) starts = dem::start_names();
    for (const auto& start : starts) {
      SchemeOptions opt;
      opt.start = start;
      const auto s = make_scheme<double>(name, opt);
      for (long n : {100, 200, 400, 800}) {
        const double e1 = oscillator_error(s, T, n, exact), e2 = oscillator_error(s, T, 2 * n, exact);
        const double p = std::log2(e1 / e2);
        INFO(s.label << ", n = " << n << ": errors " << e1 << ", " << e2 << ", observed order " << p);
        CHECK(std::abs(p - s.classical_order) < 0.05);
      }
    }
  }
}

TEST_CASE("damped Verlet reaches order 2 in 50-digit arithmetic below double round-off", "[schemes][dem][order]") {
  // Order 2 needs h ~ 1e-7 to go below 1e-16; over a short interval the
  // error has had no time to grow (it is ~T h²), which keeps the step count small.
  const auto s = make_scheme<mp50>("damped-verlet");
  const mp50 T = mp50(1) / 64;
  const double e1 = oscillator_error(s, T, 1 << 16), e2 = oscillator_error(s, T, 1 << 17);
  INFO("errors " << e1 << ", " << e2);
  CHECK(e2 < 1e-16);
  CHECK(std::abs(std::log2(e1 / e2) - 2) < 0.05);
}

TEST_CASE("with a dashpot only damped Verlet keeps order 2", "[schemes][dem][order]") {
  // F depends on v. Leapfrog and Störmer–Verlet evaluate it at v_{n−1/2},
  // velocity Verlet its second force at v_{n+1/2}: an O(h) velocity error
  // in an O(h) kick, O(h²) per step, order 1. Damped Verlet's corrector uses
  // the O(h²)-accurate v_n: order 2. (Both Euler methods are order 1 anyway.)
  const auto& ref = dashpot_reference();
  for (const auto& name : kDem) {
    const auto s = make_scheme<double>(name);
    const int expected = name == "damped-verlet" ? 2 : 1;
    const double tol = expected == 2 ? 0.1 : 0.15;
    for (long n : {200, 400, 800}) {
      double gap = 1;
      const double e1 = max_error(final_state(s, dashpot_dimer(), dashpot_y0(), 1.0, n, {}, &gap), ref);
      const double e2 = max_error(final_state(s, dashpot_dimer(), dashpot_y0(), 1.0, 2 * n, {}, &gap), ref);
      const double p = std::log2(e1 / e2);
      INFO(name << ", n = " << n << ": errors " << e1 << ", " << e2 << ", observed order " << p
                << ", smallest gap " << gap);
      CHECK(gap > 0);  // the contact stayed closed: F is smooth along the solution
      CHECK(std::abs(p - expected) < tol);
    }
  }
}

TEST_CASE("Störmer–Verlet is leapfrog up to round-off, for every start rule", "[schemes][dem]") {
  const ExactSolution<double> exact = [](const double& t) { return harmonic_oscillator_state(t); };
  for (const auto& start : dem::start_names()) {
    SchemeOptions opt;
    opt.start = start;
    const auto lf = make_scheme<double>("leapfrog", opt), sv = make_scheme<double>("stormer-verlet", opt);
    const auto a = final_state(lf, oscillator<double>(), oscillator_y0<double>(), 2.0, 1000, exact);
    const auto b = final_state(sv, oscillator<double>(), oscillator_y0<double>(), 2.0, 1000, exact);
    INFO(start << ": difference " << max_error(a, b));
    CHECK(max_error(a, b) < 1e-11);
    if (start.rfind("exact", 0) == 0) continue;  // the dimer has no exact solution
    const auto c = final_state(lf, dashpot_dimer(), dashpot_y0(), 1.0, 1000);
    const auto d = final_state(sv, dashpot_dimer(), dashpot_y0(), 1.0, 1000);
    CHECK(max_error(c, d) < 1e-11);
  }
}

TEST_CASE("the exact start rules refuse an exact solution of another dimension", "[schemes][dem]") {
  // The oscillator's exact state has 2 entries, the dimer's state 4.
  const ExactSolution<double> exact = [](const double& t) { return harmonic_oscillator_state(t); };
  for (const auto& name : kStaggered) {
    for (const std::string start : {"exact", "exact-first-step"}) {
      INFO(name << ", " << start);
      SchemeOptions opt;
      opt.start = start;
      long calls = 0;
      CHECK_THROWS_WITH(make_scheme<double>(name, opt).run(dashpot_dimer(), Formulation::xv, dashpot_y0(), 0.1, 5,
                                                           [&](long, const Vec<double>&) { ++calls; }, exact),
                        Catch::Contains("exact solution has 2 entries") && Catch::Contains("state 4"));
      CHECK(calls == 0);
    }
  }
}

TEST_CASE("start rules set the first step as documented", "[schemes][dem]") {
  const double h = 0.1;
  const ExactSolution<double> exact = [](const double& t) { return harmonic_oscillator_state(t); };
  auto first = [&](const std::string& name, const std::string& start) {
    SchemeOptions opt;
    opt.start = start;
    Vec<double> y1;
    make_scheme<double>(name, opt).run(oscillator<double>(), Formulation::xv, oscillator_y0<double>(), h, 3,
                                       [&](long k, const Vec<double>& xv) {
                                         if (k == 1) y1 = xv;
                                       },
                                       exact);
    return y1;
  };
  for (const auto& name : kStaggered) {
    INFO(name);
    // exact-first-step: x_1 = X(h); heun: x_1 = 1 − h²/2 (Heun on x'' = −x from (1, 0)).
    CHECK(first(name, "exact-first-step")[0] == Approx(std::cos(h)).epsilon(1e-15));
    CHECK(first(name, "heun")[0] == Approx(1 - h * h / 2).epsilon(1e-15));
    // Level-0 starts: x_1 = x_0 + h v_{1/2}, v_{1/2} = v_{−1/2} + h F_0.
    // half-kick: v_{−1/2} = h/2 (F_0 = −1), v_{1/2} = −h/2, x_1 = 1 − h²/2.
    CHECK(first(name, "half-kick")[0] == Approx(1 - h * h / 2).epsilon(1e-15));
    // v0: v_{1/2} = −h, x_1 = 1 − h².
    CHECK(first(name, "v0")[0] == Approx(1 - h * h).epsilon(1e-15));
    // exact: v_{−1/2} = sin(h/2).
    CHECK(first(name, "exact")[0] == Approx(1 + h * (std::sin(h / 2) - h)).epsilon(1e-15));
  }
}

TEST_CASE("DEM schemes reject bad start rules, missing exact solutions and the xw formulation", "[schemes][dem]") {
  const auto y0 = oscillator_y0<double>();
  const auto c = oscillator<double>();
  SchemeOptions opt;
  for (const auto& name : kStaggered) {
    for (const std::string start : {"exact", "exact-first-step"}) {
      opt.start = start;
      const auto s = make_scheme<double>(name, opt);
      long calls = 0;
      CHECK_THROWS_WITH(s.run(c, Formulation::xv, y0, 0.1, 5, [&](long, const Vec<double>&) { ++calls; }, {}),
                        Catch::Contains("scheme '" + name + "'") && Catch::Contains("exact solution"));
      CHECK(calls == 0);
    }
  }
  opt.start = "halfkick";
  CHECK_THROWS_WITH(make_scheme<double>("leapfrog", opt),
                    Catch::Contains("unknown start rule 'halfkick'") && Catch::Contains("exact-first-step"));
  for (const std::string name : {"euler", "symplectic-euler", "velocity-verlet", "rk4", "gl2", "theta"}) {
    opt.start = "half-kick";
    CHECK_THROWS_WITH(make_scheme<double>(name, opt), Catch::Contains("--start applies to the staggered"));
  }
  CHECK_THROWS_WITH((dem::dem_scheme<dem::Euler, double>("v0")), Catch::Contains("takes no start rule"));
  opt = {};
  opt.dissipation_scale = 2;
  CHECK_THROWS_WITH(make_scheme<double>("leapfrog", opt), Catch::Contains("--dissipation-scale"));
  opt = {};
  opt.mu = 0.5;
  CHECK_THROWS_WITH(make_scheme<double>("leapfrog", opt), Catch::Contains("--mu"));
  for (const auto& name : kDem) {
    const auto s = make_scheme<double>(name);
    CHECK_THROWS_WITH(s.run(c, Formulation::xw, y0, 0.1, 5, {}, {}),
                      Catch::Contains("scheme '" + name + "' integrates x'' = F(t, x, v)") &&
                          Catch::Contains("needs the (x, v) formulation"));
  }
}

TEST_CASE("the observer sees k = 1..n exactly once each, for every start rule", "[schemes][dem]") {
  const ExactSolution<double> exact = [](const double& t) { return harmonic_oscillator_state(t); };
  for (const auto& name : kDem) {
    std::vector<std::string> starts = {""};
    if (scheme_info(name).staggered) starts = dem::start_names();
    for (const auto& start : starts) {
      SchemeOptions opt;
      opt.start = start;
      const auto s = make_scheme<double>(name, opt);
      for (long n : {0L, 1L, 2L, 7L}) {
        std::vector<long> seen;
        s.run(oscillator<double>(), Formulation::xv, oscillator_y0<double>(), 0.1, n,
              [&](long k, const Vec<double>& xv) {
                seen.push_back(k);
                CHECK(xv.size() == 2);
              },
              exact);
        std::vector<long> expected;
        for (long k = 1; k <= n; ++k) expected.push_back(k);
        INFO(s.label << ", n = " << n);
        CHECK(seen == expected);
      }
    }
  }
}

// The blow-up guard's check is a vectorised NaN-propagating maximum in double
// (schemes/blow_up_guard.hpp): a NaN, an infinity or an entry past the bound
// must stop the run at its step wherever it sits in the state (the packets'
// lanes, the tail after them), and an entry exactly at the bound must not.
template <class S>
void check_guard_finds_every_position(int max_size) {
  const S inf = std::numeric_limits<S>::infinity(), nan = std::numeric_limits<S>::quiet_NaN();
  for (int size = 1; size <= max_size; ++size) {
    Vec<S> y0 = Vec<S>::Constant(size, S(-0.5));
    const S bound(blow_up_bound(y0));  // 1e8
    for (int p = 0; p < size; ++p)
      for (const S& bad : {nan, S(-nan), inf, S(-inf), S(-bound * 2), S(bound * (1 + 1e-15))}) {
        Scheme<S> emit{"emit", "emit", 1, {}};
        emit.run = [&](const Chain<S>&, Formulation, const Vec<S>& start, const S&, long n,
                       const typename Scheme<S>::Observer& obs, const ExactSolution<S>&) {
          for (long k = 1; k <= n; ++k) {
            Vec<S> xv = start;
            xv[p] = k == 3 ? bad : S(k % 2 ? bound : -bound);
            obs(k, xv);
          }
        };
        long last = 0;
        INFO("size " << size << ", entry " << p << ", value " << static_cast<double>(bad));
        try {
          guarded(emit).run(oscillator<S>(), Formulation::xv, y0, S(0.1), 5, [&](long k, const Vec<S>&) { last = k; },
                            {});
          FAIL("not stopped");
        } catch (const DivergedError& e) {
          CHECK(e.step == 3);
          CHECK(last == 2);  // the entries at ±bound passed
        }
      }
  }
}

TEST_CASE("the blow-up guard stops at the step of a NaN, an infinity or an entry past the bound", "[schemes][guard]") {
  check_guard_finds_every_position<double>(21);
  check_guard_finds_every_position<mp50>(3);
}
