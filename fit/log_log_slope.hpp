#pragma once
// The exponent p of y ∝ x^p: the least-squares slope of ln y against ln x.
// The kinds' scaling checks (frequency and duration against the number of
// impacts, error against the impulse step, peak time and force against the
// speed, the local slope of an error curve) all take it from here.
#include <vector>

namespace granconv {

// x and y of the same size (at least two points), every value positive and
// not all x equal; otherwise the result is not finite.
double log_log_slope(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace granconv
