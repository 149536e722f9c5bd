// The tanh-sinh quadratures of the mollified square root in double-double and
// cpp_bin_float_50 (MollifiedSqrt<S> for S wider than double), compiled here
// once: models/extended_precision.hpp declares them extern, so that the files
// that step or analyse a chain in those scalars do not each compile a copy.
#include "models/extended_precision.hpp"

namespace granconv {

template const DoubleDouble& mollifier_normalization<DoubleDouble>();
template const Mp50& mollifier_normalization<Mp50>();

namespace mollified_sqrt_detail {

template DoubleDouble unit_integral<DoubleDouble>(const DoubleDouble&, int, bool);
template Mp50 unit_integral<Mp50>(const Mp50&, int, bool);

}  // namespace mollified_sqrt_detail

}  // namespace granconv
