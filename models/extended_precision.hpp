#pragma once
// The scalar types wider than double, by the decimal digits a claim's
// "precision" names (studies/core/claim.hpp): 16 is double, 33 is Quad, 50 is Mp50.
//  - Quad (boost::multiprecision::float128 over GCC's __float128 and
//    libquadmath): 113-bit significand, eps 1.9e-34. Sweeps below double's
//    floor need errors down to ~1e-20 and a 1e-30 floor is plenty; a GL2 step
//    costs a fraction of Mp50's (benchmarks/bench_step_precision.cpp).
//  - Mp50 (cpp_bin_float_50): 50 digits, eps 1e-49, for what must be exact or
//    certify another reference (tableau analysis in validate, the 50-digit
//    reference that bounds the Quad reference's error).
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/float128.hpp>

namespace granconv {

using Quad = boost::multiprecision::float128;
using Mp50 = boost::multiprecision::cpp_bin_float_50;

}  // namespace granconv
