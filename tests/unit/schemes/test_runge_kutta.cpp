// Classical orders on a smooth problem (the harmonic oscillator: one bead on
// a local spring), Newton's convergence and its failure report, and simplified
// Newton against full Newton on a chain with contacts.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "models/scenarios.hpp"
#include "tests/unit/oscillator.hpp"
#include "schemes/scheme_catalogue.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {
using granconv::testing::oscillator;

template <class S>
double final_error(const Scheme<S>& scheme, int n) {
  using std::cos;
  using std::sin;
  Vec<S> y0(2), y(2);
  y0 << S(1), S(0);
  const S T(2);
  scheme.run(oscillator<S>(), Formulation::xv, y0, T / n, n, [&](long, const Vec<S>& xv) { y = xv; }, {});
  return static_cast<double>(std::max(abs(y[0] - cos(T)), abs(y[1] + sin(T))));
}
}  // namespace

TEST_CASE("every shipped tableau reaches its classical order on the harmonic oscillator", "[schemes][order]") {
  for (const auto& info : scheme_catalogue()) {
    // Tailored: order 1 only with damping to tune to; DEM: tests/unit/schemes/test_dem_schemes.cpp.
    if (info.family != SchemeFamily::runge_kutta) continue;
    const auto s = make_scheme<double>(info.name);
    const double e1 = final_error(s, 40), e2 = final_error(s, 80);
    const double p = std::log2(e1 / e2);
    INFO(info.name << ": errors " << e1 << ", " << e2 << ", observed order " << p);
    CHECK(std::abs(p - info.classical_order) < 0.1);
  }
}

TEST_CASE("GL2 reaches order 4 in 50-digit arithmetic far below double round-off", "[schemes][order]") {
  const auto s = make_scheme<mp50>("gl2");
  const double e1 = final_error(s, 10000), e2 = final_error(s, 20000);
  INFO("errors " << e1 << ", " << e2);
  CHECK(e2 < 1e-18);
  CHECK(std::abs(std::log2(e1 / e2) - 4) < 0.05);
}

TEST_CASE("Newton failure names the step, the time and the residual", "[schemes][newton]") {
  NewtonOptions opt;
  opt.max_iterations = 1;  // cannot converge on a nonlinear contact in one iteration
  RungeKutta<double> rk(tableaux::gauss_legendre2<double>(), opt);
  Chain<double> c;
  c.m = {1, 1};
  c.K = {0, 0};
  c.k = {1};
  c.gamma = {0.1};
  ChainSystem<double> sys(c, Formulation::xv);
  Vec<double> y(4);
  y << 0.1, 1, 0, 0;
  auto ws = rk.make_workspace(4);
  try {
    rk.step(sys, 0.25, y, 0.5, ws, 7);
    FAIL("expected a NewtonFailure");
  } catch (const NewtonFailure& e) {
    CHECK(e.step() == 7);
    CHECK(e.time() == 0.25);
    CHECK_THAT(std::string(e.what()), Catch::Contains("step 7") && Catch::Contains("t = 0.25"));
  }
}

namespace {
// Gauss–Legendre 3-stage (order 6): three implicit stages, the largest
// block size of simplified Newton's block-tridiagonal solve.
Tableau<double> gauss_legendre3() {
  const double r = std::sqrt(15.0);
  Tableau<double> t{"gl3", {}, {}, {}, 6};
  t.A.resize(3, 3);
  t.A << 5.0 / 36, 2.0 / 9 - r / 15, 5.0 / 36 - r / 30, 5.0 / 36 + r / 24, 2.0 / 9, 5.0 / 36 - r / 24,
      5.0 / 36 + r / 30, 2.0 / 9 + r / 15, 5.0 / 36;
  t.b.resize(3);
  t.b << 5.0 / 18, 4.0 / 9, 5.0 / 18;
  t.c.resize(3);
  t.c << 0.5 - r / 10, 0.5, 0.5 + r / 10;
  return t;
}

// The largest difference between simplified and full Newton over a run of
// `steps` steps of size h on a KK chain of 40 beads whose contacts open and
// close (the impact wave), relative to the largest state entry.
double simplified_vs_full(const Tableau<double>& tab, Formulation f, int steps, double h) {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=40", "gamma=0.1"});
  const ChainSystem<double> sys(pr.chain, f);
  NewtonOptions full;
  full.simplified = false;
  const RungeKutta<double> fast(tab), slow(tab, full);
  auto wf = fast.make_workspace(sys.dim()), ws = slow.make_workspace(sys.dim());
  Vec<double> a = sys.from_xv(pr.y0), b = a;
  double worst = 0;
  for (int k = 0; k < steps; ++k) {
    fast.step(sys, h * k, a, h, wf, k + 1);
    slow.step(sys, h * k, b, h, ws, k + 1);
    worst = std::max(worst, (a - b).cwiseAbs().maxCoeff() / b.cwiseAbs().maxCoeff());
  }
  return worst;
}
}  // namespace

TEST_CASE("simplified Newton finds the stages full Newton finds, to round-off", "[schemes][newton]") {
  // A-priori bound: both stop at updates of 10 ulps of the state; 400 steps
  // of independent round-off of that size stay below 1e-12 relative, while a
  // stage solution off by a truncation-size error (h^3 ≈ 1e-4 here) would not.
  struct Case {
    Tableau<double> tab;
    Formulation f;
  };
  const Case cases[] = {{tableaux::crank_nicolson<double>(), Formulation::xw},
                        {tableaux::gauss_legendre2<double>(), Formulation::xw},
                        {tableaux::gauss_legendre2<double>(), Formulation::xv},
                        {tableaux::radau_iia2<double>(), Formulation::xv},
                        {tableaux::tailored_irk<double>(1.0), Formulation::xv},
                        {gauss_legendre3(), Formulation::xw}};
  for (const auto& c : cases) {
    const double d = simplified_vs_full(c.tab, c.f, 400, 0.05);
    INFO(c.tab.name << " " << to_string(c.f) << ": relative difference " << d);
    CHECK(d < 1e-12);
  }
}
