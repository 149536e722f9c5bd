#pragma once
// Powers of the positive part, (δ)_+^{p}, for the exponents of the contact
// laws (3/2 for Hertz, β ∈ {1, 5/4, 3/2, 5/2} for the damping term and the
// derivatives β−1, β−2). Exponents are carried as twice (or four times) their
// value so that δ^{k/2} is computed with one sqrt and δ^{k/4} with two instead
// of a generic pow: exact for every scalar type and much cheaper for
// multiprecision.
#include <boost/multiprecision/number.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <type_traits>

namespace granconv {

// √x for finite x > 0. Builtin floating types use std::sqrt, untouched, and
// other types their own sqrt (DoubleDouble's: models/double_double.hpp).
// Binary Boost.Multiprecision types (cpp_bin_float_50) do not: boost's exact
// square root of the mantissa took about half of a 50-digit GL2 step on the
// KK trimer. Instead, Newton for 1/√m seeded by the double 1/√m (~52 correct
// bits), doubling the bits per step until r holds half the digits, then
// Karp's y + r (m − y²)/2 with y = m r, which doubles them once more and
// leaves y within an ulp of the true √m (checked against boost's sqrt in
// tests/unit/studies/test_precision.cpp). m is the mantissa with an even exponent, so the
// seed never under- or overflows a double.
template <class S>
S positive_sqrt(const S& x) {
  using Limits = std::numeric_limits<S>;
  if constexpr (std::is_floating_point_v<S>) {
    return std::sqrt(x);
  } else if constexpr (boost::multiprecision::is_number<S>::value && Limits::is_specialized && !Limits::is_integer &&
                       Limits::radix == 2 &&
                       (Limits::digits > std::numeric_limits<double>::digits) &&
                       requires(const S& s, int* e) {
                         frexp(s, e);
                         ldexp(s, 1);
                         static_cast<double>(s);
                       }) {
    int e = 0;
    S m = frexp(x, &e);  // x = m 2^e, m ∈ [1/2, 1)
    if (e % 2 != 0) {
      m = ldexp(m, 1);  // m ∈ [1, 2)
      --e;
    }
    S r(1 / std::sqrt(static_cast<double>(m)));
    // Halving as a product by 1/2: the same exact result as a division, which
    // in software arithmetic costs about twice a product.
    const S half(0.5);
    for (int bits = 50; 2 * bits < Limits::digits + 8; bits *= 2) r = r * (3 - m * r * r) * half;
    S y = m * r;
    y += r * (m - y * y) * half;
    return ldexp(y, e / 2);
  } else {
    using std::sqrt;
    return sqrt(x);
  }
}

// Inlined always: GCC otherwise leaves them out of line in the contact
// laws' loops (models/contact_law.hpp), a third slower there.
// δ^{p} for δ > 0 given root = √δ (read only for a half-integer p): the
// value of positive_power_half, bit for bit. Several powers of one gap (the
// elastic and the damping law) then share one square root, which in Quad
// and Mp50 is most of what a power costs.
template <class S>
[[gnu::always_inline]] inline S positive_power_half_from_root(const S& delta, int twice_p, const S& root) {
  const int whole = twice_p >= 0 ? twice_p / 2 : -((-twice_p + 1) / 2);
  S r(1);
  if (whole >= 0)
    for (int i = 0; i < whole; ++i) r *= delta;
  else
    for (int i = 0; i < -whole; ++i) r /= delta;
  if (twice_p % 2 != 0) r *= root;
  return r;
}

template <class S>
S positive_power_half(const S& delta, int twice_p) {
  if (!(delta > 0)) return S(0);
  return positive_power_half_from_root(delta, twice_p, twice_p % 2 != 0 ? positive_sqrt(delta) : S(1));
}

// d/dδ of δ_+^{p}: p δ_+^{p-1}; zero for p = 0 (the Heaviside step of β = 1
// has a zero derivative away from δ = 0, and δ = 0 is never differentiated).
template <class S>
S positive_power_half_derivative(const S& delta, int twice_p) {
  if (twice_p == 0) return S(0);
  return S(twice_p) / 2 * positive_power_half(delta, twice_p - 2);
}

// δ^{p/4} for δ > 0 given root = √δ. An even four_p is a half-integer power,
// positive_power_half_from_root bit for bit (the laws with β ∈ {1, 3/2, 5/2}
// keep their values); an odd one is δ^{(four_p−1)/4} · √√δ.
template <class S>
[[gnu::always_inline]] inline S positive_power_quarter_from_root(const S& delta, int four_p, const S& root) {
  if (four_p % 2 == 0) return positive_power_half_from_root(delta, four_p / 2, root);
  return positive_power_half_from_root(delta, (four_p - 1) / 2, root) * positive_sqrt(root);
}

// Whether δ^{p/4} reads √δ.
inline bool quarter_power_needs_root(int four_p) { return four_p % 4 != 0; }

template <class S>
S positive_power_quarter(const S& delta, int four_p) {
  if (!(delta > 0)) return S(0);
  return positive_power_quarter_from_root(delta, four_p, quarter_power_needs_root(four_p) ? positive_sqrt(delta) : S(1));
}

// d/dδ of δ_+^{p/4}: (p/4) δ_+^{p/4−1}; zero for p = 0, as positive_power_half_derivative.
template <class S>
S positive_power_quarter_derivative(const S& delta, int four_p) {
  if (four_p == 0) return S(0);
  return S(four_p) / 4 * positive_power_quarter(delta, four_p - 4);
}

}  // namespace granconv
