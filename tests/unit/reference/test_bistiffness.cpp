// The bi-stiffness z-ODE (models/bistiffness_chain.hpp) and its CVODE
// reference: e_s = 1 is the plain Hertz chain, a binary collision restitutes
// e_s exactly, the switches are located, bad input is refused.
#include <catch2/catch.hpp>
#include <cmath>
#include <iostream>

#include "models/bistiffness_chain.hpp"
#include "reference/sundials/bistiffness_reference.hpp"
#include "reference/sundials/cvode_reference.hpp"
#include "tests/unit/test_fixtures.hpp"

using namespace granconv;

namespace {

constexpr auto grid = &test::uniform_times;

// A Hertz chain with unequal masses, a striker and a wall: contacts open and
// close again several times (the wall sends the pulse back).
Problem<double> hertz_chain(bool wall) {
  Problem<double> p;
  p.scenario = "bistiffness-test";
  Chain<double> c;
  c.m = {0.6, 1.0, 1.7, 0.8, 1.2};
  const int n = static_cast<int>(c.m.size());
  c.K.assign(n, 0.0);
  c.k = {1.0, 1.3, 0.9, 1.1};
  if (wall) {
    c.wall = true;
    c.k.push_back(1.4);
  }
  c.gamma.assign(c.k.size(), 0.0);
  p.chain = c;
  p.y0 = Vec<double>::Zero(2 * n);
  p.y0[1] = 1.0;
  p.t_end = 40;
  return p;
}

double two_body_hertz_duration(double mu, double K, double V) {
  // t_c = 2 (δ_m/V) ∫_0^1 (1 − s^{5/2})^{-1/2} ds, δ_m = (5 μ V²/(4K))^{2/5};
  // the integral is (2/5) B(2/5, 1/2).
  const double dm = std::pow(5 * mu * V * V / (4 * K), 0.4);
  const double integral = 0.4 * std::tgamma(0.4) * std::tgamma(0.5) / std::tgamma(0.9);
  return 2 * dm / V * integral;
}

}  // namespace

TEST_CASE("bi-stiffness z-ODE with e_s = 1 and gap memory is the Hertz chain", "[bistiffness]") {
  for (bool wall : {false, true}) {
    const auto pr = hertz_chain(wall);
    const auto times = grid(pr.t_end, 400);
    ReferenceOptions ropt;
    ropt.estimate_error = true;
    ropt.method = "adams";
    const auto hertz = cvode_reference(pr, times, ropt);
    const auto bc = BistiffnessChain<double>::from_chain(pr.chain, 1.0);
    const auto z = bistiffness_reference(bc, bc.from_xv(pr.y0), times);
    // Relative to the size of the state (positions grow to ~t_end): both
    // references are accurate to ~1e-12 of it (the Hertz one estimates its own
    // error at ~5e-12 absolute).
    double worst = 0, worst_z = 0;
    for (std::size_t i = 0; i < times.size(); ++i) {
      const double scale = std::max(1.0, hertz.states[i].cwiseAbs().maxCoeff());
      worst = std::max(worst, (bc.to_xv(z.states[i]) - hertz.states[i]).cwiseAbs().maxCoeff() / scale);
      for (int j = 0; j < bc.links(); ++j)
        worst_z = std::max(worst_z, std::abs(z.states[i][bc.iz(j)] - std::max(bc.gap(z.states[i], j), 0.0)));
    }
    std::cout << "[bistiffness] e_s = 1 vs Hertz CVODE (wall " << wall << "): max |Δ(x, v)|/max(1, |y|) " << worst
              << ", max |z − δ+| " << worst_z << ", " << z.provenance.events << " switches, "
              << hertz.provenance.events << " Hertz contact events; Hertz error estimate " << hertz.provenance.error_estimate << "\n";
    CHECK(worst < 1e-12);
    CHECK(worst_z < 1e-12);
    CHECK(z.provenance.events >= hertz.provenance.events);  // every opening/closing is also a switch here
  }
}

TEST_CASE("bi-stiffness binary collision: restitution e_s and duration (1 + e_s)/2 × Hertz", "[bistiffness]") {
  const double m1 = 1.0, m2 = 3.0, K = 2.0, V = 1.3;
  const double mu = m1 * m2 / (m1 + m2);
  const double tc = two_body_hertz_duration(mu, K, V);
  for (auto mem : {ContactMemory::gap, ContactMemory::none}) {
    for (double e : {1.0, 0.93, 0.6, 0.2}) {
      BistiffnessChain<double> c;
      c.m = {m1, m2};
      c.k = {K};
      c.es = {e};
      c.memory = mem;
      Vec<double> y0 = Vec<double>::Zero(c.dim());
      y0[c.iv(0)] = V;
      const double t_end = tc * (1 + 3 / e);  // long enough for the gap to open
      const auto sol = bistiffness_reference(c, y0, {0.0, t_end});
      const auto& y = sol.states.back();
      const double ratio = -c.approach(y, 0) / V;
      // The switches: the peak (u = 0) at tc/2, the release (z = 0) at (1 + e) tc/2.
      double t_peak = -1, t_release = -1;
      int peaks = 0, releases = 0;
      for (const auto& ev : sol.events) {
        if (ev.kind == BistiffnessEvent::Kind::peak) t_peak = ev.t, ++peaks;
        if (ev.kind == BistiffnessEvent::Kind::release) t_release = ev.t, ++releases;
      }
      INFO("memory " << to_string(mem) << ", e_s = " << e << ": ratio − e_s " << ratio - e << ", peak at " << t_peak
                     << ", release at " << t_release << ", Hertz duration " << tc);
      CHECK(std::abs(ratio - e) < 1e-12);
      CHECK(peaks == 1);
      CHECK(releases == 1);
      CHECK(std::abs(t_peak - tc / 2) < 1e-10 * tc);
      CHECK(std::abs(t_release - (1 + e) / 2 * tc) < 1e-10 * tc);
      // The released contact carries no force and stays released.
      CHECK(y[c.iz(0)] == 0.0);
      // Momentum is conserved.
      CHECK(std::abs(m1 * y[c.iv(0)] + m2 * y[c.iv(1)] - m1 * V) < 1e-13);
      // Energy: the kinetic energy of the relative motion drops by the factor e².
      const double ke_rel = 0.5 * mu * std::pow(c.approach(y, 0), 2);
      CHECK(std::abs(ke_rel - e * e * 0.5 * mu * V * V) < 1e-12);
      if (mem == ContactMemory::gap && e < 1) CHECK(c.gap(y, 0) < 0);
    }
  }
}

TEST_CASE("bi-stiffness expansion follows eq. (10) with δ_r = δ_M (1 − e_s²)", "[bistiffness]") {
  // Against a wall the overlap is x_0: sample the expansion and compare the
  // force with λ_M ((δ − δ_r)/(δ_M − δ_r))^η.
  BistiffnessChain<double> c;
  c.m = {1.0};
  c.k = {1.0};
  c.es = {0.7};
  c.wall = true;
  Vec<double> y0 = Vec<double>::Zero(3);
  y0[1] = 1.0;
  const auto probe = bistiffness_reference(c, y0, {0.0, 5.0});
  double t_peak = 0, t_rel = 0;
  for (const auto& ev : probe.events) {
    if (ev.kind == BistiffnessEvent::Kind::peak) t_peak = ev.t;
    if (ev.kind == BistiffnessEvent::Kind::release) t_rel = ev.t;
  }
  REQUIRE(t_rel > t_peak);
  REQUIRE(t_peak > 0);
  std::vector<double> ts;
  for (int i = 0; i <= 20; ++i) ts.push_back(t_peak + (t_rel - t_peak) * i / 20.0);
  const auto sol = bistiffness_reference(c, y0, ts);
  const double dM = sol.states.front()[0], lM = c.force(sol.states.front(), 0);
  const double dr = dM * (1 - 0.7 * 0.7);
  double worst = 0;
  for (const auto& y : sol.states) {
    const double d = y[0];
    const double law = lM * std::pow(std::max(d - dr, 0.0) / (dM - dr), 1.5);
    worst = std::max(worst, std::abs(c.force(y, 0) - law));
  }
  CHECK(worst < 1e-10 * lM);
  CHECK(std::abs(sol.states.back()[0] - dr) < 1e-10 * dM);  // released at the plastic indentation δ_r
}

TEST_CASE("bi-stiffness Jacobian matches finite differences away from the switches", "[bistiffness]") {
  BistiffnessChain<double> c;
  c.m = {1.0, 2.0, 0.5};
  c.k = {1.0, 3.0, 2.0};
  c.es = {0.8, 0.9, 0.5};
  c.wall = true;
  Vec<double> y(9);
  // Contact 0 expanding, 1 compressing, 2 (the wall) expanding. A released
  // contact (z = 0) sits on a switch: finite differences cross it.
  y << 0.3, 0.1, 0.2, 0.05, 0.4, 0.1, -0.2, -0.3, 0.05;
  const Eigen::MatrixXd J = c.dense_jacobian(0, y);
  Eigen::MatrixXd F(9, 9);
  Vec<double> f0(9), f1(9);
  c.rhs(0, y, f0);
  for (int i = 0; i < 9; ++i) {
    const double h = 1e-7;
    Vec<double> yp = y;
    yp[i] += h;
    c.rhs(0, yp, f1);
    F.col(i) = (f1 - f0) / h;
  }
  CHECK((J - F).cwiseAbs().maxCoeff() < 1e-6);
  for (int r = 0; r < 9; ++r)
    for (int k = 0; k < 9; ++k)
      if (std::abs(r - k) > 2) CHECK(J(r, k) == 0.0);
}

// Issue 12: nothing runs unbounded. The budget is checked every 64 steps;
// a budget of a nanosecond is used up by the first check, whatever the speed
// of the machine or the build (a budget the run merely outlasts would make
// this a timed test).
TEST_CASE("bi-stiffness reference stops at its wall-clock budget", "[bistiffness]") {
  const auto pr = hertz_chain(true);
  const auto bc = BistiffnessChain<double>::from_chain(pr.chain, 1.0);
  BistiffnessReferenceOptions opt;
  opt.max_seconds = 1e-9;
  CHECK_THROWS_WITH(bistiffness_reference(bc, bc.from_xv(pr.y0), {0.0, 1e7}, opt),
                    Catch::Contains("wall-clock budget of 1e-09 s used up at t = "));
  opt.max_seconds = std::nan("");
  CHECK_THROWS_AS(bistiffness_reference(bc, bc.from_xv(pr.y0), {0.0, 1.0}, opt), std::invalid_argument);
}

TEST_CASE("bi-stiffness reference is deterministic", "[bistiffness]") {
  const auto pr = hertz_chain(true);
  const auto bc = BistiffnessChain<double>::from_chain(pr.chain, 0.8);
  const auto times = grid(pr.t_end, 50);
  const auto a = bistiffness_reference(bc, bc.from_xv(pr.y0), times);
  const auto b = bistiffness_reference(bc, bc.from_xv(pr.y0), times);
  REQUIRE(a.states.size() == b.states.size());
  for (std::size_t i = 0; i < a.states.size(); ++i) CHECK((a.states[i] - b.states[i]).cwiseAbs().maxCoeff() == 0.0);
  CHECK(a.provenance.event_times == b.provenance.event_times);
}

TEST_CASE("bi-stiffness chain and reference refuse bad input", "[bistiffness]") {
  BistiffnessChain<double> c;
  c.m = {1.0, 1.0};
  c.k = {1.0};
  c.es = {0.0};
  CHECK_THROWS_AS(c.validate(), std::invalid_argument);
  c.es = {1.2};
  CHECK_THROWS_AS(c.validate(), std::invalid_argument);
  c.es = {0.9, 0.9};
  CHECK_THROWS_AS(c.validate(), std::invalid_argument);
  c.es = {0.9};
  c.k = {-1.0};
  CHECK_THROWS_AS(c.validate(), std::invalid_argument);
  c.k = {1.0};
  Vec<double> y0 = Vec<double>::Zero(c.dim());
  y0[1] = 1;
  CHECK_THROWS_AS(bistiffness_reference(c, Vec<double>::Zero(4), {0.0, 1.0}), std::invalid_argument);
  CHECK_THROWS_AS(bistiffness_reference(c, y0, {1.0, 0.5}), std::invalid_argument);
  CHECK_THROWS_AS(bistiffness_reference(c, y0, {}), std::invalid_argument);
  BistiffnessReferenceOptions bad;
  bad.method = "rk45";
  CHECK_THROWS_AS(bistiffness_reference(c, y0, {0.0, 1.0}, bad), std::invalid_argument);
  Chain<double> damped;
  damped.m = {1.0, 1.0};
  damped.K = {0.0, 0.0};
  damped.k = {1.0};
  damped.gamma = {0.1};
  CHECK_THROWS_AS(BistiffnessChain<double>::from_chain(damped, 0.9), std::invalid_argument);
  // A CVODE failure names the flag and the time.
  BistiffnessReferenceOptions tight;
  tight.rtol = 1e-30;
  tight.atol_x = tight.atol_v = 1e-40;
  try {
    bistiffness_reference(c, y0, {0.0, 5.0}, tight);
    FAIL("expected a CVODE failure");
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("CV_") != std::string::npos);
    CHECK(what.find("t = ") != std::string::npos);
  }
}
