#pragma once
// Exact reference for the simplified singular problem of the thesis (eq. 3.1):
//
//   y''(t) = y(t)^q,  y(0) = 0,  y'(0) = 1,  q ∈ (0, 1),
//
// whose right-hand side has an unbounded derivative at t = 0 (d(y^q)/dt =
// q y^{q-1} y'), the model of the Kuwabara–Kono damping term (q = 1/2) for
// which leapfrog drops to order 1+q (thesis Theorem 1/2, Fig. 3.2).
//
// y stays positive for t > 0 and the energy E = y'^2/2 − y^{q+1}/(q+1) = 1/2
// is conserved, so y' = √(1 + c y^{q+1}) with c = 2/(q+1) and
//
//   t(Y) = ∫_0^Y ds / √(1 + c s^{q+1}) = Y ∫_0^1 du / √(1 + c Y^{q+1} u^{q+1}).
//
// The integrand is not analytic at u = 0 (u^{q+1}), so the integral uses
// tanh-sinh quadrature, whose endpoint clustering is insensitive to such
// algebraic endpoint behaviour. y(t) inverts t(Y) = t by Newton with the
// explicit derivative dt/dY = 1/√(1 + c Y^{q+1}). t(Y) is increasing and
// concave, so Newton converges from any positive start: from a lower bound
// monotonically, from an upper bound after one step that lands below the root.
//
// Works for any floating scalar S supported by Boost.Math (double,
// boost::multiprecision::cpp_bin_float_50, ...); accuracy is a few ulps of S.
// Intended range: moderate t (y grows like t^{2/(1−q)}; t up to ~10 is tested
// territory, beyond that the integrand steepens near u = 0 and cost grows).
#include "models/tanh_sinh_quadrature.hpp"

#include <cmath>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

namespace granconv {

template <class S>
struct SingularPowerSolution {
  S y;  // y(t)
  S v;  // y'(t)
};

namespace singular_power_detail {

template <class S>
std::string to_text(const S& x) {
  std::ostringstream os;
  os.precision(17);
  os << x;
  return os.str();
}

template <class S>
void check_q(const S& q) {
  if (!(q > 0 && q < 1))
    throw std::invalid_argument("singular_power_exact: exponent q must lie in the open interval (0, 1), got q = " +
                                to_text(q));
}

template <class S>
void check_t(const S& t) {
  if (!(t >= 0) || t > std::numeric_limits<S>::max())
    throw std::invalid_argument("singular_power_exact: time t must be finite and >= 0, got t = " + to_text(t));
}

}  // namespace singular_power_detail

// Evaluator for one exponent q. Reuse it for many times: each evaluation
// starts Newton from a Taylor step off the previously computed point, so
// nearby successive times (a time grid walked in either direction) cost few
// quadratures each; the tanh-sinh tables are built once per evaluator.
template <class S>
class SingularPowerExact {
 public:
  explicit SingularPowerExact(const S& q)
      : q_((singular_power_detail::check_q(q), q)),
        c_(S(2) / (q + 1)),
        integrator_(std::make_shared<boost::math::quadrature::tanh_sinh<S>>(make_tanh_sinh<S>())) {}

  const S& q() const { return q_; }

  // t(Y) = ∫_0^Y ds / √(1 + c s^{q+1}), Y ≥ 0.
  S time_of(const S& Y) const {
    using std::pow;
    using std::sqrt;
    if (!(Y > 0)) return S(0);
    const S k = c_ * pow(Y, q_ + 1);
    const S qp1 = q_ + 1;
    auto f = [&](const S& u) -> S { return 1 / sqrt(1 + k * pow(u, qp1)); };
    // Tolerance eps^{3/4}: tanh-sinh error estimates are pessimistic (the
    // actual error of the last level is ~ the square of the estimate), while
    // sqrt(eps) left double results at ~2e-15 relative for q = 1/2, t = 2.
    const S tol = pow(std::numeric_limits<S>::epsilon(), S(3) / 4);
    return Y * integrator_->integrate(f, S(0), S(1), tol);
  }

  // y'(Y) from the first integral.
  S velocity_of(const S& Y) const {
    using std::pow;
    using std::sqrt;
    return sqrt(1 + c_ * pow(Y, q_ + 1));
  }

  SingularPowerSolution<S> operator()(const S& t) {
    using std::abs;
    using std::pow;
    using std::sqrt;
    singular_power_detail::check_t(t);
    if (t == 0) return {S(0), S(1)};
    S Y = lower_bound_guess(t);
    if (have_last_ && last_t_ > 0) {
      const S dt = t - last_t_;
      // Two-term Taylor step off the previous point. As y'' = y^q increases,
      // it is a lower bound forward (dt > 0) and an upper bound backward;
      // from an upper bound the first Newton step lands left of the root and
      // convergence is monotone from there.
      const S taylor = last_.y + last_.v * dt + pow(last_.y, q_) * dt * dt / 2;
      if (dt > 0 ? taylor > Y : taylor > 0) Y = taylor;
    }
    // Newton on F(Y) = t(Y) − t, F' = 1/y', F'' = −y^q/y'^3. The error after a
    // step of size d is ≈ K d² with K = |F''/(2F')| = y^q/(2 y'^2), so the
    // iteration stops as soon as that predicted error is below eps·Y/4 (or the
    // step itself is at the rounding level): no extra quadrature for a step
    // whose result is known to be converged.
    const S eps = std::numeric_limits<S>::epsilon();
    for (int it = 0; it < 200; ++it) {
      const S vY = velocity_of(Y);
      const S dY = (time_of(Y) - t) * vY;  // F/F'
      S Ynew = Y - dY;
      if (!(Ynew > 0)) Ynew = Y / 2;  // cannot happen from a lower bound; keep Y > 0
      const S change = abs(Ynew - Y);
      const S K = pow(Y, q_) / (2 * vY * vY);
      Y = Ynew;
      if (change <= 4 * eps * Y || K * change * change <= eps * Y / 4) {
        last_.y = Y;
        last_.v = velocity_of(Y);
        last_t_ = t;
        have_last_ = true;
        return last_;
      }
    }
    throw std::runtime_error("singular_power_exact: Newton did not converge at t = " +
                             singular_power_detail::to_text(t));
  }

 private:
  // max of two lower bounds of y(t): the two-term small-t series
  // t + t^{q+2}/((q+1)(q+2)) and the large-t bound from t(Y) ≤
  // ∫_0^Y (c s^{q+1})^{-1/2} ds = 2 Y^{(1-q)/2} / ((1-q)√c).
  S lower_bound_guess(const S& t) const {
    using std::pow;
    using std::sqrt;
    const S series = t + pow(t, q_ + 2) / ((q_ + 1) * (q_ + 2));
    const S asym = pow(t * sqrt(c_) * (1 - q_) / 2, 2 / (1 - q_));
    return series > asym ? series : asym;
  }

  S q_;
  S c_;
  std::shared_ptr<boost::math::quadrature::tanh_sinh<S>> integrator_;
  SingularPowerSolution<S> last_{S(0), S(1)};
  S last_t_{0};
  bool have_last_ = false;
};

// One-off evaluation of the exact solution (y(t), y'(t)). Throws
// std::invalid_argument for q ∉ (0, 1), t < 0 or non-finite arguments.
// For many times with the same q, use SingularPowerExact<S> instead.
template <class S>
SingularPowerSolution<S> singular_power_exact(const S& q, const S& t) {
  singular_power_detail::check_q(q);
  singular_power_detail::check_t(t);
  SingularPowerExact<S> exact(q);
  return exact(t);
}

}  // namespace granconv
