#pragma once
// The scalar types wider than double, by the decimal digits a claim's
// "precision" names (studies/core/claim.hpp): 16 is double, 32 is
// DoubleDouble, 50 is Mp50.
//  - DoubleDouble (models/double_double.hpp, Debian's libqd): 106-bit
//    significand, eps 4.9e-32. Sweeps below double's floor need errors down
//    to ~1e-20 and a 1e-30 floor is plenty; in hardware doubles a GL2 step
//    costs a fraction of Mp50's (benchmarks/bench_step_precision.cpp).
//  - Mp50 (cpp_bin_float_50): 50 digits, eps 1e-49, for what must be exact or
//    certify another reference (tableau analysis in validate, the 50-digit
//    reference that bounds the DoubleDouble reference's error).
#include <boost/multiprecision/cpp_bin_float.hpp>

#include "models/double_double.hpp"
#include "models/mollified_sqrt.hpp"

namespace granconv {

using Mp50 = boost::multiprecision::cpp_bin_float_50;

// The mollified square root's quadratures in the wide scalars are compiled
// once, in models/mollified_sqrt_wide.cpp.
extern template const DoubleDouble& mollifier_normalization<DoubleDouble>();
extern template const Mp50& mollifier_normalization<Mp50>();
namespace mollified_sqrt_detail {
extern template DoubleDouble unit_integral<DoubleDouble>(const DoubleDouble&, int, bool);
extern template Mp50 unit_integral<Mp50>(const Mp50&, int, bool);
}  // namespace mollified_sqrt_detail

}  // namespace granconv
