#pragma once
// Boost's tanh-sinh quadrature for the scalar S, with a smallest abscissa
// complement every scalar can represent.
//
// For a type with more digits than double but double's exponent range
// (double-double), Boost builds its abscissa tables generically and, with its
// default smallest complement (4 × the smallest normal number), reaches the
// node t = 7, whose complement 1/(e^u cosh u), u = π/2 sinh 7, overflows the
// exponent range: NaN. A smallest complement of 1e-250 stops the tables at
// t = 6 (complement ~1e-275); the part of [a, b] left out is narrower than
// 1e-250 relative, far below the type's 4.9e-32 for a bounded integrand.
// Double and cpp_bin_float_50 keep Boost's default.
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/tools/precision.hpp>
#include <limits>

namespace granconv {

template <class S>
S tanh_sinh_min_complement() {
  using L = std::numeric_limits<S>;
  if constexpr (L::digits > std::numeric_limits<double>::digits &&
                L::max_exponent <= std::numeric_limits<double>::max_exponent)
    return S(1e-250);
  else
    return boost::math::tools::min_value<S>() * 4;
}

template <class S>
boost::math::quadrature::tanh_sinh<S> make_tanh_sinh() {
  return boost::math::quadrature::tanh_sinh<S>(15, tanh_sinh_min_complement<S>());
}

}  // namespace granconv
