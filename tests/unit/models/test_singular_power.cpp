// Exact reference of the simplified singular problem y'' = y^q, y(0) = 0,
// y'(0) = 1 (thesis eq. 3.1): first integral, ODE residual, small-t series,
// double and double-double vs 50 digits, the on-site force by square roots in
// double-double, bad input, and leapfrog at order 1+q as a sanity check.
#include "models/singular_power.hpp"

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include "models/double_double.hpp"
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "models/scenarios.hpp"

using granconv::singular_power_exact;
using granconv::SingularPowerExact;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {

// Independent t(Y): s = Y u^4 makes the integrand 4 Y u^3 / √(1 + c Y^{q+1}
// u^{4(q+1)}) analytic for q ∈ {1/4, 1/2, 3/4} (4(q+1) ∈ {5, 6, 7}), so
// Gauss–Kronrod converges exponentially (a different rule from the
// implementation's tanh-sinh on the unsubstituted integrand).
template <class S>
S independent_time_of(const S& q, const S& Y) {
  using std::pow;
  using std::sqrt;
  const S k = 2 / (q + 1) * pow(Y, q + 1);
  const S p = 4 * (q + 1);
  auto f = [&](const S& u) -> S { return 4 * Y * u * u * u / sqrt(1 + k * pow(u, p)); };
  // |G - K| overestimates the Kronrod error, so eps^{2/3} stops well below eps
  // accuracy without futile bisection at the rounding floor.
  return boost::math::quadrature::gauss_kronrod<S, 61>::integrate(f, S(0), S(1), 10,
                                                                  pow(std::numeric_limits<S>::epsilon(), S(2) / 3));
}

template <class S>
S energy(const S& q, const granconv::SingularPowerSolution<S>& s) {
  using std::pow;
  return s.v * s.v / 2 - pow(s.y, q + 1) / (q + 1);
}

const double kQs[] = {0.25, 0.5, 0.75};

struct LeapfrogError {
  double y, v;
};

// Leapfrog (3.2) on [0, 1] with h = 1/n, started exactly: y_0 = 0,
// v_{1/2} = y'(h/2). Errors of y_n at t = 1 and of v_{n-1/2} against y'(1 - h/2).
LeapfrogError leapfrog_error(double q, int n, SingularPowerExact<double>& exact) {
  const double h = 1.0 / n;
  double y = 0.0;
  double v = exact(h / 2).v;
  for (int i = 0; i < n; ++i) {
    if (i > 0) v += h * std::pow(y, q);
    y += h * v;
  }
  const double v_ref = exact(1.0 - h / 2).v;
  const double y_ref = exact(1.0).y;
  return {std::abs(y - y_ref), std::abs(v - v_ref)};
}

}  // namespace

TEST_CASE("singular power: first integral and independent quadrature, double", "[singular_power]") {
  for (double q : kQs) {
    SingularPowerExact<double> exact(q);
    for (double t : {1e-3, 0.3, 1.0, 2.0, 5.0}) {
      INFO("q = " << q << ", t = " << t);
      const auto s = exact(t);
      CHECK(std::abs(energy(q, s) - 0.5) <= 4 * std::numeric_limits<double>::epsilon() * s.v * s.v);
      // The inversion: the t(Y) of an independent rule returns t.
      CHECK(std::abs(independent_time_of(q, s.y) - t) <= 8 * std::numeric_limits<double>::epsilon() * t);
      // One-off and reused evaluator agree.
      const auto one = singular_power_exact(q, t);
      CHECK(std::abs(one.y - s.y) <= 4 * std::numeric_limits<double>::epsilon() * s.y);
    }
  }
}

TEST_CASE("singular power: y'' = y^q and y' = v by finite differences", "[singular_power]") {
  for (double q : kQs) {
    SingularPowerExact<double> exact(q);
    for (double t : {0.3, 1.0, 2.0}) {
      INFO("q = " << q << ", t = " << t);
      const auto s = exact(t);
      const double h = 1e-3;
      const double ym2 = exact(t - 2 * h).y, ym1 = exact(t - h).y, yp1 = exact(t + h).y, yp2 = exact(t + 2 * h).y;
      // Fourth-order stencils: truncation ~h^4 ≈ 1e-12, rounding ~eps/h^2 ≈ 1e-10.
      const double ypp = (-ym2 + 16 * ym1 - 30 * s.y + 16 * yp1 - yp2) / (12 * h * h);
      const double yp = (ym2 - 8 * ym1 + 8 * yp1 - yp2) / (12 * h);
      CHECK(std::abs(ypp - std::pow(s.y, q)) <= 1e-8 * std::pow(s.y, q));
      CHECK(std::abs(yp - s.v) <= 1e-11 * s.v);
    }
  }
}

TEST_CASE("singular power: small-t series at t = 1e-3", "[singular_power]") {
  for (double qd : kQs) {
    INFO("q = " << qd);
    // Two terms in double: the next term ~t^{2q+3} is < 1e-10 relative.
    {
      const double q = qd, t = 1e-3;
      const double y = singular_power_exact(q, t).y;
      const double series = t + std::pow(t, q + 2) / ((q + 1) * (q + 2));
      CHECK(std::abs(y - series) / y <= 1e-9);
      CHECK(std::abs(y - series) / y > 0);
    }
    // Three terms in 50 digits: y = t + a1 t^{q+2} + a2 t^{2q+3} + a3 t^{3q+4} + O(t^{4q+5}).
    {
      using std::pow;
      const mp50 q(qd), t("1e-3");
      const mp50 y = singular_power_exact(q, t).y;
      const mp50 a1 = 1 / ((q + 1) * (q + 2));
      const mp50 a2 = q * a1 / ((2 * q + 2) * (2 * q + 3));
      const mp50 a3 = (q * a2 + q * (q - 1) / 2 * a1 * a1) / ((3 * q + 3) * (3 * q + 4));
      const mp50 r2 = y - (t + a1 * pow(t, q + 2) + a2 * pow(t, 2 * q + 3));
      const mp50 r3 = r2 - a3 * pow(t, 3 * q + 4);
      // The third term is really there and the remainder is of the next order.
      CHECK(abs(r2 / (a3 * pow(t, 3 * q + 4)) - 1) < mp50("1e-2"));
      CHECK(abs(r3) < pow(t, 4 * q + 5));
    }
  }
}

TEST_CASE("singular power: 50 digits, first integral to 1e-40, agreement with double", "[singular_power]") {
  for (double qd : kQs) {
    const mp50 q(qd);
    SingularPowerExact<mp50> exact(q);
    SingularPowerExact<double> exact_d(qd);
    for (double td : {0.3, 1.0, 2.0}) {
      INFO("q = " << qd << ", t = " << td);
      const mp50 t(td);  // td is exact in binary, so t is the same time
      const auto s = exact(t);
      CHECK(abs(energy(q, s) - mp50(0.5)) < mp50("1e-45"));
      // The inversion to 50 digits, checked by the independent rule.
      CHECK(abs(independent_time_of(q, s.y) - t) < mp50("1e-40"));
      const auto d = exact_d(td);
      CHECK(std::abs(static_cast<double>((mp50(d.y) - s.y) / s.y)) < 1e-15);
      CHECK(std::abs(static_cast<double>((mp50(d.v) - s.v) / s.v)) < 1e-15);
    }
  }
}

// The double-double reference of th-singular-q-0.75-heun-xp (studies/claims/thesis.json),
// whose errors go down to ~1e-18: it must be good to a few double-double ulps, not
// just to its quadrature tolerance eps^{3/4} (~1e-25).
TEST_CASE("singular power: double-double agrees with 50 digits to a few ulps", "[singular_power]") {
  using dd = granconv::DoubleDouble;
  const double eps = static_cast<double>(std::numeric_limits<dd>::epsilon());
  for (double qd : kQs) {
    for (double td : {1e-6, 0.1, 0.5, 1.0}) {
      INFO("q = " << qd << ", t = " << td);
      const auto s = singular_power_exact(dd(qd), dd(td));
      const auto m = singular_power_exact(mp50(qd), mp50(td));
      const double ey = std::abs(static_cast<double>((static_cast<mp50>(s.y) - m.y) / m.y)) / eps;
      const double ev = std::abs(static_cast<double>((static_cast<mp50>(s.v) - m.v) / m.v)) / eps;
      INFO("relative errors in eps: y " << ey << ", y' " << ev);
      // The estimate reference/extended/mp_reference.cpp states for a double-double exact solution: 16 eps.
      CHECK(ey < 16);
      CHECK(ev < 16);
    }
  }
}

// ChainSystem computes the force x^q for q = 1/4, 1/2, 3/4 by square roots in
// extended precision (cheaper than a generic pow): within 2 ulps of x^q in 50 digits;
// in double it stays std::pow, bit for bit.
TEST_CASE("singular power: the on-site force x^q by square roots", "[singular_power]") {
  using dd = granconv::DoubleDouble;
  for (double qd : {0.25, 0.5, 0.75, 0.6}) {
    INFO("q = " << qd);
    auto system = [&](auto zero) {
      using S = decltype(zero);
      granconv::Chain<S> c = granconv::detail::uniform_links<S>({S(1)}, S(0), S(0), 6);
      c.power_c = S(1);
      c.power_q = S(qd);
      return granconv::ChainSystem<S>(c, granconv::Formulation::xv);
    };
    const auto sq = system(dd(0));
    const auto sd = system(0.0);
    for (double x : {1e-9, 0.3, 0.53, 7.0}) {
      granconv::Vec<dd> y(2), dy(2);
      y << dd(x), dd(1);
      sq.rhs(dd(0), y, dy);
      const mp50 exact = pow(mp50(x), mp50(qd));
      CHECK(std::abs(static_cast<double>((static_cast<mp50>(dy[1]) - exact) / exact)) <
            2 * static_cast<double>(std::numeric_limits<dd>::epsilon()));
      granconv::Vec<double> yd(2), dyd(2);
      yd << x, 1.0;
      // One bead against a wall: GCC 12 inlines rhs and cannot see that the
      // wall link has no second bead, so it warns of dy[3] on a path never taken.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
      sd.rhs(0.0, yd, dyd);
#pragma GCC diagnostic pop
      CHECK(dyd[1] == std::pow(x, qd));
    }
  }
}

TEST_CASE("singular power: bad input throws with a clear message", "[singular_power]") {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double q : {0.0, 1.0, -0.5, 1.5, nan, inf})
    CHECK_THROWS_WITH(singular_power_exact(q, 1.0), Catch::Contains("q must lie in the open interval (0, 1)"));
  for (double t : {-1e-12, -1.0, nan, inf})
    CHECK_THROWS_WITH(singular_power_exact(0.5, t), Catch::Contains("t must be finite and >= 0"));
  CHECK_THROWS_AS(SingularPowerExact<double>(1.0), std::invalid_argument);
  CHECK_THROWS_AS(singular_power_exact(mp50(2), mp50(1)), std::invalid_argument);
  SingularPowerExact<double> exact(0.5);
  CHECK_THROWS_AS(exact(-1.0), std::invalid_argument);
  const auto zero = singular_power_exact(0.5, 0.0);
  CHECK(zero.y == 0.0);
  CHECK(zero.v == 1.0);
}

TEST_CASE("singular power: exact-started leapfrog converges at order 1+q", "[singular_power]") {
  for (double q : kQs) {
    SingularPowerExact<double> exact(q);
    const auto e1 = leapfrog_error(q, 1 << 10, exact);
    const auto e2 = leapfrog_error(q, 1 << 11, exact);
    const double order_y = std::log2(e1.y / e2.y);
    const double order_v = std::log2(e1.v / e2.v);
    INFO("q = " << q << ": y error " << e1.y << " -> " << e2.y << " (order " << order_y << "), v error " << e1.v
                << " -> " << e2.v << " (order " << order_v << ")");
    if (q <= 0.5) {
      // Measured (h = 2^-10 vs 2^-11): q = 1/4: 1.23 (y), 1.24 (v); q = 1/2: 1.45, 1.47.
      CHECK(std::abs(order_y - (1 + q)) <= 0.15);
      CHECK(std::abs(order_v - (1 + q)) <= 0.15);
    } else {
      // q = 3/4 is pre-asymptotic at these h (measured 1.55 for y, 1.65 for v):
      // 1+q = 1.75 is close to the regular order 2, whose h^2 term still
      // competes, and the observed order creeps up to 1+q from below. Here a
      // bracket at 2^-10/2^-11, and ±0.15 at 2^-15 vs 2^-16 (measured 1.69, 1.71).
      CHECK(order_y >= 1.45);
      CHECK(order_y <= 2.05);
      CHECK(order_v >= 1.45);
      CHECK(order_v <= 2.05);
      const auto f1 = leapfrog_error(q, 1 << 15, exact);
      const auto f2 = leapfrog_error(q, 1 << 16, exact);
      const double fine_y = std::log2(f1.y / f2.y), fine_v = std::log2(f1.v / f2.v);
      INFO("q = " << q << ", h = 2^-15 vs 2^-16: order " << fine_y << " (y), " << fine_v << " (v)");
      CHECK(std::abs(fine_y - (1 + q)) <= 0.15);
      CHECK(std::abs(fine_v - (1 + q)) <= 0.15);
      CHECK(fine_y > order_y);
    }
  }
}
