#pragma once
// The mollified square root of the regularized Kuwabara–Kono force (thesis
// ch. 4, eqs. (4.1)–(4.7)):
//
//   φ(x)   = exp(1/(x²−1))/C on (−1, 1), 0 elsewhere,  C = ∫_{−1}^{1} exp(1/(x²−1)) dx
//   φ_ε(x) = φ(x/ε)/ε
//   √_ε(x) = (φ_ε * (√· ∘ τ_ε))(x) = ∫_{−ε}^{min(x−ε, ε)} φ_ε(z) √(x−ε−z) dz,
//
// with the extended √ (0 for negative arguments) and the shift τ_ε(x) = x − ε,
// so √_ε(x) = 0 exactly for x ≤ 0 and √_ε is C^∞.
//
// Scaling: z = εw gives √_ε(x) = √ε · g(x/ε) with g = √_1, and
// d√_ε/dx = g'(x/ε)/√ε. Everything below is computed on g.
//
// g in the variable s = u − 1 − w (the argument of the √):
//   g(u)  = ∫_{max(0,u−2)}^{u} φ(u−1−s) √s ds,
//   g'(u) = ∫_{max(0,u−2)}^{u} φ'(u−1−s) √s ds            for u < 2,
//   g'(u) = ∫_{u−2}^{u} φ(u−1−s) / (2√s) ds                for u ≥ 2
// (differentiating under the integral; the boundary terms vanish because φ is
// flat at ±1 and √0 = 0). The first form has no singular integrand where the
// second has the 1/√s singularity (u < 2); the second avoids the cancellation
// of the odd φ' that costs the first a relative ~eps·u for large u. Both integrands are integrated over their support only with
// tanh-sinh, which handles the √s branch point at s = 0 and the flat ends of φ;
// the distances to the end points are passed exactly (two-argument form) so
// that 1 ± w is never formed by cancellation.
//
// MollifiedSqrt<S>: for S with at most 53 mantissa bits a table of g (built
// once per process, ~0.1 s, from double quadrature — good to a few 1e-16 once
// C comes from long double) is interpolated by piecewise polynomials of degree
// 11 (Chebyshev interpolation, stored as monomials in the local variable):
//   u ∈ (0, 0.5):  g = e^{−1/(2u)} u³ r₀(u), g' = e^{−1/(2u)} u r₁(u) with r₀,
//                  r₁ smooth and O(1) (g ~ K u³ e^{−1/(2u)} as u → 0, so
//                  factoring the exponential keeps the table accurate relative
//                  to g down to underflow), 64 pieces;
//   u ∈ [0.5, 2], [2, U = 10]: g, g' directly, 96 and 128 pieces (u = 2 is a
//                  piece boundary: g is C^∞ but not analytic there);
//   u > U:         g = √v Σ_k c_k v^{−2k}, v = u − 1, the binomial series of
//                  √(v − w) with the even moments m_{2k} = ∫ φ w^{2k}
//                  (c_k = binom(1/2, 2k) m_{2k}), convergent for v > 1.
// Measured against the quadrature: ≤ 4e-15 relative for g and ≤ 2e-14 for g'
// (plus the unavoidable e^{−1/(2u)} conditioning ~eps/(2u) for small u);
// 9–19 ns per value, 13–21 ns per value and derivative
// (benchmarks/bench_mollified_sqrt).
// For wider S (long double, cpp_bin_float_50) MollifiedSqrt evaluates the
// quadrature directly (reference use, not speed).
#include <algorithm>
#include <array>
#include "models/tanh_sinh_quadrature.hpp"
#include <boost/math/tools/precision.hpp>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

namespace granconv {

template <class S>
const S& mollifier_normalization();

namespace mollified_sqrt_detail {

// One integrator per thread: Boost 1.74's two-argument (end point distance)
// integrate() is a non-const member.
template <class S>
boost::math::quadrature::tanh_sinh<S>& integrator() {
  thread_local boost::math::quadrature::tanh_sinh<S> q = make_tanh_sinh<S>();
  return q;
}

template <class S>
S tolerance() {
  // tanh-sinh converges doubly exponentially: a level difference below √eps
  // means the last level is good to about eps.
  // In double that is not quite reached (1e-14 seen at u ≥ 2), so ask for
  // more there.
  if constexpr (std::is_floating_point_v<S>) return 64 * std::numeric_limits<S>::epsilon();
  return boost::math::tools::root_epsilon<S>();
}

// exp(1/(x²−1)) written with p = 1 + x, q = 1 − x (both > 0).
template <class S>
S bump_pq(const S& p, const S& q) {
  using std::exp;
  return exp(S(-1) / (p * q));
}

// ∫_{lo}^{u} φ^{(order)}(u−1−s) √s ds, lo = max(0, u−2); order ∈ {0, 1}; u > 0.
// Unnormalized (without 1/C). With `scaled` (only for u < 2) the integral is
// multiplied by e^{1/(2u)} inside the exponent, exactly:
// 1/(2u) − 1/(pq) = −(p² + 2s)/(2u·pq) with p = u − s, q = 2 − p.
template <class S>
S unit_integral(const S& u, int order, bool scaled = false) {
  using std::sqrt;
  const bool full = u >= 2;
  const S lo = full ? S(u - 2) : S(0);
  if (!(lo < u)) {
    // u so large that u − 2 rounds to u: g = √(u−1)(1 − O(u⁻²)) to the last bit.
    const S v = u - 1;
    return mollifier_normalization<S>() * (order == 0 ? sqrt(v) : S(1 / (2 * sqrt(v))));
  }
  auto f = [&](const S& s, const S& sc) -> S {
    // sc = lo − s (≤ 0) on the left half, u − s (≥ 0) on the right half.
    S p, q, root;  // p = 1 + w = u − s, q = 1 − w = 2 − u + s
    if (sc <= 0) {
      const S d = -sc;  // s − lo
      if (full) {
        q = d;
        p = 2 - q;
        root = sqrt(s);
      } else {
        p = u - d;
        q = 2 - p;
        root = sqrt(d);
      }
    } else {
      p = sc;
      q = 2 - p;
      root = sqrt(s);
    }
    if (!(p > 0) || !(q > 0)) return S(0);
    const S pq = p * q;
    using std::exp;
    const S b = scaled ? exp(-(p * p + 2 * (u - p)) / (2 * u * pq)) : bump_pq(p, q);
    if (b == 0) return S(0);  // also avoids 0/0 when p·q underflows
    if (order == 0) return b * root;
    // For u ≥ 2 the φ' form cancels badly as u grows (relative error ~ eps·u),
    // while φ/(2√s) is regular there (s ≥ u − 2 > 0, φ flat at s = u − 2).
    if (full) return b / (2 * root);
    const S w = (p - q) / 2;  // φ'(w) = φ(w) · (−2w)/(w²−1)²
    return b * (-2 * w) / (pq * pq) * root;
  };
  return integrator<S>().integrate(f, lo, u, tolerance<S>());
}

}  // namespace mollified_sqrt_detail

// C = ∫_{−1}^{1} exp(1/(x²−1)) dx ≈ 0.443993816168079 (computed once per S).
template <class S>
const S& mollifier_normalization() {
  static const S c = []() -> S {
    // In double tanh-sinh leaves ~1e-14 here; a wider built-in type is exact.
    if constexpr (std::numeric_limits<S>::is_specialized && std::is_floating_point_v<S> &&
                  std::numeric_limits<S>::digits < std::numeric_limits<long double>::digits)
      return static_cast<S>(mollifier_normalization<long double>());
    auto f = [](const S&, const S& xc) -> S {
      // xc = −1 − x (left half) or 1 − x (right half).
      const S p = xc <= 0 ? S(-xc) : S(2 - xc);
      const S q = xc <= 0 ? S(2 + xc) : S(xc);
      if (!(p > 0) || !(q > 0)) return S(0);
      return mollified_sqrt_detail::bump_pq(p, q);
    };
    return mollified_sqrt_detail::integrator<S>().integrate(f, S(-1), S(1),
                                                           mollified_sqrt_detail::tolerance<S>());
  }();
  return c;
}

// The standard mollifier φ (4.1).
template <class S>
S standard_mollifier(const S& x) {
  using std::abs;
  if (!(abs(x) < 1)) return S(0);
  return mollified_sqrt_detail::bump_pq(S(1 + x), S(1 - x)) / mollifier_normalization<S>();
}

// φ_ε(x) = φ(x/ε)/ε (4.3).
template <class S>
S mollifier(const S& x, const S& eps) {
  return standard_mollifier<S>(x / eps) / eps;
}

// g(u) = √_1(u) by quadrature; exactly 0 for u ≤ 0.
template <class S>
S mollified_sqrt_unit(const S& u) {
  if (!(u > 0)) return S(0);
  return mollified_sqrt_detail::unit_integral<S>(u, 0) / mollifier_normalization<S>();
}

// g'(u) by quadrature; exactly 0 for u ≤ 0.
template <class S>
S mollified_sqrt_unit_derivative(const S& u) {
  if (!(u > 0)) return S(0);
  return mollified_sqrt_detail::unit_integral<S>(u, 1) / mollifier_normalization<S>();
}

// √_ε(x) = √ε g(x/ε) by quadrature (reference evaluation).
template <class S>
S mollified_sqrt_quadrature(const S& x, const S& eps) {
  using std::sqrt;
  if (!(x > 0)) return S(0);
  return sqrt(eps) * mollified_sqrt_unit<S>(S(x / eps));
}

// d√_ε/dx = g'(x/ε)/√ε by quadrature.
template <class S>
S mollified_sqrt_derivative_quadrature(const S& x, const S& eps) {
  using std::sqrt;
  if (!(x > 0)) return S(0);
  return mollified_sqrt_unit_derivative<S>(S(x / eps)) / sqrt(eps);
}

namespace mollified_sqrt_detail {

// Piecewise polynomials of degree `degree` on `count` equal pieces of [a, a + count·h]
// for a value and its derivative, in the local variable t ∈ [−1, 1] (monomial
// coefficients, Horner). Fitted by Chebyshev interpolation in long double.
struct PiecewisePair {
  static constexpr int degree = 11;
  static constexpr int n = degree + 1;
  double a = 0, h = 1, inv_h = 1;
  int count = 0;
  std::vector<double> coeff;  // per piece: n value coefficients, then n derivative ones

  template <class F>
  PiecewisePair(double a_, double b_, int count_, F f) : a(a_), h((b_ - a_) / count_), inv_h(count_ / (b_ - a_)), count(count_) {
    using L = long double;
    const L pi = 3.141592653589793238462643383279502884L;
    coeff.resize(static_cast<std::size_t>(count) * 2 * n);
    for (int i = 0; i < count; ++i) {
      const L lo = L(a) + L(i) * L(h), hi = L(a) + L(i + 1) * L(h);
      std::array<std::array<L, n>, 2> fx{};
      for (int j = 0; j < n; ++j) {
        const L t = std::cos(pi * (j + L(0.5)) / n);
        f((lo + hi) / 2 + (hi - lo) / 2 * t, fx[0][j], fx[1][j]);
      }
      for (int which = 0; which < 2; ++which) {
        std::array<L, n> cheb{};
        for (int k = 0; k < n; ++k) {
          L sum = 0;
          for (int j = 0; j < n; ++j) sum += fx[which][j] * std::cos(pi * k * (j + L(0.5)) / n);
          cheb[k] = sum * (k == 0 ? L(1) : L(2)) / n;
        }
        // Σ c_k T_k(t) → Σ m_k t^k with T_{k+1} = 2t T_k − T_{k−1}.
        std::array<L, n> mono{}, tkm1{}, tk{}, tkp1{};
        tkm1[0] = 1;  // T_0
        tk[1] = 1;    // T_1
        mono[0] += cheb[0];
        for (int k = 1; k < n; ++k) {
          for (int m = 0; m < n; ++m) mono[m] += cheb[k] * tk[m];
          tkp1 = {};
          for (int m = 0; m + 1 < n; ++m) tkp1[m + 1] += 2 * tk[m];
          for (int m = 0; m < n; ++m) tkp1[m] -= tkm1[m];
          tkm1 = tk;
          tk = tkp1;
        }
        for (int m = 0; m < n; ++m) coeff[(static_cast<std::size_t>(i) * 2 + which) * n + m] = static_cast<double>(mono[m]);
      }
    }
  }

  void eval(double u, double& value, double& deriv) const {
    int i = static_cast<int>((u - a) * inv_h);
    i = i < 0 ? 0 : (i >= count ? count - 1 : i);
    const double t = (u - a - i * h) * (2 * inv_h) - 1;
    const double* c = &coeff[static_cast<std::size_t>(i) * 2 * n];
    double v = c[degree], d = c[n + degree];
    for (int k = degree - 1; k >= 0; --k) {
      v = v * t + c[k];
      d = d * t + c[n + k];
    }
    value = v;
    deriv = d;
  }
};

// Interpolation table of g and g' in double (see the header comment).
struct UnitTable {
  static constexpr double split = 0.5;   // exponential factored out below
  static constexpr double upper = 10.0;  // U: series above
  static constexpr int series_terms = 14;

  static constexpr int pieces_low = 64, pieces_mid = 96, pieces_high = 128;
  // Nodes from double quadrature (good to a few 1e-16, much faster to build).
  static void direct(long double ul, long double& g, long double& dg) {
    const double u = static_cast<double>(ul);
    const double c = mollifier_normalization<double>();
    g = unit_integral<double>(u, 0) / c;
    dg = unit_integral<double>(u, 1) / c;
  }

  PiecewisePair low, mid, high;
  std::array<double, series_terms> series{};  // c_k

  // Built once per process (unit_table()), in mollified_sqrt.cpp: its
  // quadratures in double and long double are compiled there only.
  UnitTable();

  // g(u) and g'(u) for u > 0.
  void eval(double u, double& g, double& dg) const {
    if (u < split) {
      double r0, r1;
      low.eval(u, r0, r1);
      const double e = std::exp(-0.5 / u);
      g = e * u * u * u * r0;
      dg = e * u * r1;
    } else if (u <= 2) {
      mid.eval(u, g, dg);
    } else if (u <= upper) {
      high.eval(u, g, dg);
    } else {
      const double v = u - 1;
      const double y = 1 / (v * v);
      double sg = 0, sd = 0;
      for (int k = series_terms - 1; k >= 0; --k) {
        sg = sg * y + series[k];
        sd = sd * y + series[k] * (0.5 - 2 * k);
      }
      const double rv = std::sqrt(v);
      g = rv * sg;
      dg = sd / rv;
    }
  }
};

const UnitTable& unit_table();

}  // namespace mollified_sqrt_detail

// √_ε and its derivative for one ε. For S of at most double precision the
// shared table of g is interpolated (a few ns); for wider S the quadrature is
// evaluated directly.
template <class S>
class MollifiedSqrt {
 public:
  static constexpr bool tabulated = std::numeric_limits<S>::digits <= 53;

  explicit MollifiedSqrt(const S& eps) : eps_(eps), inv_eps_(S(1) / eps) {
    using std::sqrt;
    sqrt_eps_ = sqrt(eps);
    inv_sqrt_eps_ = S(1) / sqrt_eps_;
    if constexpr (tabulated) table_ = &mollified_sqrt_detail::unit_table();
  }

  const S& epsilon() const { return eps_; }

  // √_ε(x); exactly 0 for x ≤ 0.
  S operator()(const S& x) const {
    if constexpr (tabulated) {
      S v, d;
      value_and_derivative(x, v, d);
      return v;
    } else {
      if (!(x > 0)) return x <= 0 ? S(0) : x;
      return sqrt_eps_ * mollified_sqrt_unit<S>(S(x * inv_eps_));
    }
  }

  // d√_ε/dx; exactly 0 for x ≤ 0.
  S derivative(const S& x) const {
    if constexpr (tabulated) {
      S v, d;
      value_and_derivative(x, v, d);
      return d;
    } else {
      if (!(x > 0)) return x <= 0 ? S(0) : x;
      return inv_sqrt_eps_ * mollified_sqrt_unit_derivative<S>(S(x * inv_eps_));
    }
  }

  void value_and_derivative(const S& x, S& value, S& deriv) const {
    if (!(x > 0)) {
      value = deriv = (x <= 0) ? S(0) : x;  // NaN propagates
      return;
    }
    const S u = x * inv_eps_;
    if constexpr (tabulated) {
      double g, dg;
      table_->eval(static_cast<double>(u), g, dg);
      value = sqrt_eps_ * S(g);
      deriv = inv_sqrt_eps_ * S(dg);
    } else {
      value = sqrt_eps_ * mollified_sqrt_unit<S>(u);
      deriv = inv_sqrt_eps_ * mollified_sqrt_unit_derivative<S>(u);
    }
  }

 private:
  S eps_, inv_eps_, sqrt_eps_{}, inv_sqrt_eps_{};
  const mollified_sqrt_detail::UnitTable* table_ = nullptr;
};

}  // namespace granconv
