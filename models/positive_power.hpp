#pragma once
// Powers of the positive part, (δ)_+^{p}, for the half-integer exponents of the
// contact laws (3/2 for Hertz, β ∈ {1, 3/2, 5/2} for the damping term and the
// derivatives β−1, β−2). Exponents are carried as twice their value so that
// δ^{k/2} is computed with one sqrt instead of a generic pow: exact for every
// scalar type and much cheaper for multiprecision.
#include <cmath>
#include <stdexcept>

namespace granconv {

template <class S>
S positive_power_half(const S& delta, int twice_p) {
  using std::sqrt;
  if (!(delta > 0)) return S(0);
  const int whole = twice_p >= 0 ? twice_p / 2 : -((-twice_p + 1) / 2);
  const bool half = (twice_p % 2) != 0;
  S r(1);
  if (whole >= 0)
    for (int i = 0; i < whole; ++i) r *= delta;
  else
    for (int i = 0; i < -whole; ++i) r /= delta;
  if (half) r *= sqrt(delta);
  return r;
}

// d/dδ of δ_+^{p}: p δ_+^{p-1}; zero for p = 0 (the Heaviside step of β = 1
// has a zero derivative away from δ = 0, and δ = 0 is never differentiated).
template <class S>
S positive_power_half_derivative(const S& delta, int twice_p) {
  if (twice_p == 0) return S(0);
  return S(twice_p) / 2 * positive_power_half(delta, twice_p - 2);
}

}  // namespace granconv
