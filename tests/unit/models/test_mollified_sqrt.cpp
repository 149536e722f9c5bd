// The mollified square root √_ε = φ_ε * (√· ∘ τ_ε) of the regularized KK
// force (thesis ch. 4, eqs. (4.1)–(4.7)): normalization, exact zero without
// contact, smoothness at 0 and 2ε, convergence to √ as ε → 0, the bound
// √_ε(x) < √(x−ε) < √x, the scaling √_ε(x) = √ε g(x/ε), the double table
// against direct quadrature and the quadrature in double against 50 digits.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <limits>
#include <vector>

#include "models/mollified_sqrt.hpp"

using namespace granconv;
using Mp = boost::multiprecision::cpp_bin_float_50;

namespace {

constexpr double eps_d = std::numeric_limits<double>::epsilon();

double rel(double a, double b) { return std::abs(a - b) / std::abs(b); }

// Test points in u = x/ε covering the three regions of the table.
std::vector<double> unit_points() {
  std::vector<double> u;
  for (int i = 1; i <= 400; ++i) u.push_back(0.02 + 11.0 * i / 400 + 1e-3 * std::sin(i));
  for (double v : {0.002, 0.005, 0.01, 0.03, 0.1, 0.4999, 0.5, 0.5001, 1.0, 1.9999, 2.0, 2.0001, 9.9999, 10.0, 10.0001, 50.0, 1e3, 1e6})
    u.push_back(v);
  return u;
}

// Rounding u (relative 2^-53) changes g by cond(u) = u g'/g times that; cond
// ≈ 1/(2u) + 3 as u → 0 (g ~ K u³ e^{−1/(2u)}). The tolerances carry it.
double value_tolerance(double u) { return 1e-13 + 4 * eps_d * (0.5 / u + 3); }

// Differences of order k at x0 from the left (x0 − jh) or right (x0 + jh),
// divided by h^k: one-sided estimates of f^(k)(x0) (error O(h)).
template <class F>
double one_sided_difference(F f, double x0, double h, int k, int side) {
  static const int binom[4][4] = {{1, 0, 0, 0}, {1, 1, 0, 0}, {1, 2, 1, 0}, {1, 3, 3, 1}};
  double sum = 0;
  for (int j = 0; j <= k; ++j) {
    const double sign = ((k - j) % 2 == 0) ? 1.0 : -1.0;
    // forward: Σ (−1)^{k−j} C(k,j) f(x0 + j h); backward mirrored.
    sum += (side > 0 ? sign : ((j % 2 == 0) ? 1.0 : -1.0)) * binom[k][j] * f(x0 + side * j * h);
  }
  return sum / std::pow(h, k);
}

// Largest jump |D_k^+ − D_k^−| over k = 1..3 at x0 with step h.
template <class F>
double max_jump(F f, double x0, double h) {
  double worst = 0;
  for (int k = 1; k <= 3; ++k)
    worst = std::max(worst, std::abs(one_sided_difference(f, x0, h, k, +1) - one_sided_difference(f, x0, h, k, -1)));
  return worst;
}

}  // namespace

TEST_CASE("normalization C of the standard mollifier", "[mollified_sqrt]") {
  const double c = mollifier_normalization<double>();
  const Mp cm = mollifier_normalization<Mp>();
  std::cout << "C (cpp_bin_float_50) = " << std::setprecision(50) << cm << std::setprecision(6) << '\n';
  CHECK(std::abs(c - 0.443994) < 1e-6);
  CHECK(rel(c, static_cast<double>(cm)) < 2 * eps_d);
  CHECK(abs(Mp(mollifier_normalization<long double>()) - cm) / cm < 1e-18);
  // φ integrates to 1; φ_ε too.
  const double eps = 3e-6;
  double sum = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) sum += mollifier((-1 + (i + 0.5) * 2.0 / n) * eps, eps) * 2 * eps / n;
  CHECK(std::abs(sum - 1) < 1e-12);
  CHECK(standard_mollifier(1.0) == 0);
  CHECK(standard_mollifier(-1.5) == 0);
}

TEST_CASE("exactly zero without contact (x <= 0)", "[mollified_sqrt]") {
  for (double eps : {1e-7, 5e-6, 1.0}) {
    const MollifiedSqrt<double> m(eps);
    for (double x : {0.0, -0.0, -1e-300, -eps, -1.0, -1e10}) {
      CHECK(m(x) == 0);
      CHECK(m.derivative(x) == 0);
      CHECK(mollified_sqrt_quadrature(x, eps) == 0);
      CHECK(mollified_sqrt_derivative_quadrature(x, eps) == 0);
    }
    CHECK(m(1e-3 * eps) >= 0);
  }
  const MollifiedSqrt<Mp> mm(Mp(5e-6));
  CHECK(mm(Mp(0)) == 0);
  CHECK(mm(Mp(-1e-9)) == 0);
  CHECK(mm.derivative(Mp(0)) == 0);
  CHECK(std::isnan(MollifiedSqrt<double>(1.0)(std::numeric_limits<double>::quiet_NaN())));
}

TEST_CASE("smooth across 0 and 2 eps: one-sided differences of order 1..3 agree", "[mollified_sqrt]") {
  const double eps = 5e-6;
  const MollifiedSqrt<double> m(eps);
  // In units of ε: g(u) = √_ε(εu)/√ε.
  auto g = [&](double u) { return m(eps * u) / std::sqrt(eps); };
  for (double x0 : {0.0, 2.0}) {
    const double j1 = max_jump(g, x0, 0.01), j2 = max_jump(g, x0, 0.005), j3 = max_jump(g, x0, 0.0025);
    INFO("x0/eps = " << x0 << ", jumps " << j1 << ' ' << j2 << ' ' << j3);
    // O(h) (or faster): the derivatives of order ≤ 3 are continuous at x0.
    CHECK(j2 < 0.6 * j1);
    CHECK(j3 < 0.6 * j2);
    CHECK(j3 < 0.1);
  }
  // Left of 0 everything vanishes; the right-sided differences tend to 0 fast.
  for (int k = 1; k <= 3; ++k) {
    CHECK(one_sided_difference(g, 0.0, 0.05, k, -1) == 0);
    const double d1 = std::abs(one_sided_difference(g, 0.0, 0.02, k, +1));
    const double d2 = std::abs(one_sided_difference(g, 0.0, 0.01, k, +1));
    INFO("k = " << k << ": " << d1 << " " << d2);
    CHECK(d2 < 1e-3);
    CHECK(d2 < 0.1 * d1);
  }
  // The check detects a kink: √(x − ε)_+ (unmollified, shifted) at x = ε.
  auto kinked = [](double u) { return u > 1 ? std::sqrt(u - 1) : 0.0; };
  CHECK(max_jump(kinked, 1.0, 0.01) > 1);
}

TEST_CASE("derivative agrees with finite differences", "[mollified_sqrt]") {
  const double eps = 2e-6;
  const MollifiedSqrt<double> m(eps);
  for (double u : {0.05, 0.2, 0.5, 1.0, 1.7, 2.0, 2.3, 5.0, 10.0, 40.0}) {
    const double x = u * eps, h = 1e-3 * eps * std::min(1.0, 4 * u * u);  // g ~ e^{−1/(2u)}
    // Five-point central difference, error O(h^4).
    const double fd = (-m(x + 2 * h) + 8 * m(x + h) - 8 * m(x - h) + m(x - 2 * h)) / (12 * h);
    const double fdq = (-mollified_sqrt_quadrature(x + 2 * h, eps) + 8 * mollified_sqrt_quadrature(x + h, eps) -
                        8 * mollified_sqrt_quadrature(x - h, eps) + mollified_sqrt_quadrature(x - 2 * h, eps)) /
                       (12 * h);
    const double d = m.derivative(x), dq = mollified_sqrt_derivative_quadrature(x, eps);
    INFO("u = " << u << " d = " << d << " fd = " << fd);
    const double scale = std::max(std::abs(d), 1e-6 / std::sqrt(eps));
    CHECK(std::abs(fd - d) < 1e-8 * scale);
    CHECK(std::abs(fdq - dq) < 1e-8 * scale);
  }
}

TEST_CASE("converges to sqrt as eps -> 0, error ~ eps/(2 sqrt x)", "[mollified_sqrt]") {
  // √_ε(x) = √(x−ε)(1 − m₂ε²/(8(x−ε)²) + …) for x ≥ 2ε, so
  // √x − √_ε(x) = ε/(2√x) + O(ε²): first order in ε.
  const double x = 1e-4;
  double previous = 0;
  for (double eps : {1e-6, 5e-7, 2.5e-7, 1.25e-7}) {
    const double err = std::sqrt(x) - MollifiedSqrt<double>(eps)(x);
    INFO("eps = " << eps << " err = " << err);
    CHECK(err > 0);
    CHECK(std::abs(err / eps * 2 * std::sqrt(x) - 1) < 0.02);
    if (previous > 0) CHECK(std::abs(previous / err - 2) < 0.03);
    previous = err;
  }
}

TEST_CASE("below sqrt(x - eps) < sqrt(x) for x >= 2 eps", "[mollified_sqrt]") {
  for (double eps : {1e-7, 5e-6, 1e-5, 1.0}) {
    const MollifiedSqrt<double> m(eps);
    for (double u : {2.0, 2.001, 2.5, 3.0, 7.0, 10.0, 10.5, 100.0, 1e4, 1e5}) {
      const double x = u * eps;
      INFO("eps = " << eps << " u = " << u);
      CHECK(m(x) < std::sqrt(x - eps));
      CHECK(mollified_sqrt_quadrature(x, eps) < std::sqrt(x - eps));
      CHECK(std::sqrt(x - eps) < std::sqrt(x));
    }
  }
}

TEST_CASE("scaling sqrt_eps(x) = sqrt(eps) g(x/eps) against the integral in x", "[mollified_sqrt]") {
  // The defining integral ∫_{−ε}^{min(x−ε, ε)} φ_ε(z) √(x−ε−z) dz, evaluated
  // in x directly (tanh-sinh in long double) without the substitution z = εw.
  using L = long double;
  boost::math::quadrature::tanh_sinh<L> ts;
  for (L eps : {L(1e-7), L(5e-6), L(0.3)}) {
    for (L u : {L(0.1), L(0.7), L(1.5), L(2.0), L(3.5), L(12.0)}) {
      const L x = u * eps;
      const L upper = std::min(x - eps, eps);
      auto f = [&](L z) { return mollifier<L>(z, eps) * std::sqrt(std::max(L(0), x - eps - z)); };
      const L direct = ts.integrate(f, -eps, upper, L(1e-10));
      const double scaled = std::sqrt(static_cast<double>(eps)) * mollified_sqrt_unit<double>(static_cast<double>(u));
      INFO("eps = " << static_cast<double>(eps) << " u = " << static_cast<double>(u));
      CHECK(rel(scaled, static_cast<double>(direct)) < 1e-12);
      CHECK(rel(MollifiedSqrt<double>(static_cast<double>(eps))(static_cast<double>(x)), static_cast<double>(direct)) <
            1e-12);
    }
  }
}

TEST_CASE("double table agrees with direct quadrature to 1e-13", "[mollified_sqrt]") {
  const MollifiedSqrt<double> unit(1.0);
  double worst_g = 0, worst_d = 0;
  for (double u : unit_points()) {
    const double g = unit(u), d = unit.derivative(u);
    const double gq = mollified_sqrt_unit<double>(u), dq = mollified_sqrt_unit_derivative<double>(u);
    INFO("u = " << u);
    CHECK(rel(g, gq) < value_tolerance(u));
    CHECK(rel(d, dq) < value_tolerance(u));
    worst_g = std::max(worst_g, rel(g, gq));
    worst_d = std::max(worst_d, rel(d, dq));
  }
  // Other ε: same table, scaled.
  for (double eps : {1e-7, 5e-6}) {
    const MollifiedSqrt<double> m(eps);
    for (double u : {0.05, 0.8, 1.99, 2.01, 6.0, 30.0}) {
      const double x = u * eps;
      CHECK(rel(m(x), mollified_sqrt_quadrature(x, eps)) < value_tolerance(u) + 4 * eps_d);
      CHECK(rel(m.derivative(x), mollified_sqrt_derivative_quadrature(x, eps)) < value_tolerance(u) + 4 * eps_d);
    }
  }
  std::cout << "table vs quadrature (double), max relative: g " << worst_g << ", g' " << worst_d << '\n';
}

TEST_CASE("quadrature in double agrees with cpp_bin_float_50 to 1e-14", "[mollified_sqrt]") {
  const MollifiedSqrt<Mp> mm(Mp(1));
  for (double u : {0.05, 0.3, 1.0, 1.9, 2.0, 2.5, 5.0, 20.0, 1e3, 1e6}) {
    const Mp g = mm(Mp(u)), d = mm.derivative(Mp(u));
    INFO("u = " << u);
    CHECK(rel(mollified_sqrt_unit<double>(u), static_cast<double>(g)) < 1e-14);
    CHECK(rel(mollified_sqrt_unit_derivative<double>(u), static_cast<double>(d)) < 1e-14);
    CHECK(rel(MollifiedSqrt<double>(1.0)(u), static_cast<double>(g)) < value_tolerance(u));
  }
  // Scaling in 50 digits.
  const Mp eps("5e-6"), x("7.3e-6");
  const Mp lhs = MollifiedSqrt<Mp>(eps)(x), rhs = sqrt(eps) * mollified_sqrt_unit<Mp>(Mp(x / eps));
  CHECK(abs(lhs - rhs) / rhs < Mp("1e-45"));
  std::cout << "g(1) (cpp_bin_float_50) = " << std::setprecision(50) << mm(Mp(1)) << std::setprecision(6) << '\n';
}

TEST_CASE("large arguments: series and quadrature stay finite and close to sqrt(x - eps)", "[mollified_sqrt]") {
  const MollifiedSqrt<double> unit(1.0);
  for (double u : {1e8, 1e12, 1e17, 1e100}) {
    INFO("u = " << u);
    CHECK(rel(unit(u), std::sqrt(u - 1)) < 4 * eps_d);
    CHECK(rel(unit.derivative(u), 0.5 / std::sqrt(u - 1)) < 4 * eps_d);
    CHECK(rel(mollified_sqrt_unit<double>(u), std::sqrt(u - 1)) < 4 * eps_d);
    CHECK(rel(mollified_sqrt_unit_derivative<double>(u), 0.5 / std::sqrt(u - 1)) < 1e-12);
  }
}
