// Classical orders on a smooth problem (the harmonic oscillator: one bead on
// a local spring), Newton's convergence and its failure report.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <cmath>

#include "tests/oscillator.hpp"
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
    // Tailored: order 1 only with damping to tune to; DEM: tests/test_dem_schemes.cpp.
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
