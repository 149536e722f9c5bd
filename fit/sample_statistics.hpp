#pragma once
// Sample statistics the claim kinds report beside their order fits: a mean
// and standard deviation over seeds, the 95% Student-t interval of a mean,
// the least-squares slope of a line through (x, y), and a
// line with its intercept's interval.
//
// The quantile is Boost.Math's. The sums are written out, in double, because
// Boost.Math's mean, variance and simple_ordinary_least_squares accumulate by
// a running (Welford) update: a different rounding, and the published records
// (slopes, interval ends) are kept bit for bit.
#include <utility>
#include <vector>

#include "fit/log_log_slope.hpp"

namespace granconv {

struct MeanSd {
  double mean = 0, sd = 0;  // sd with n − 1 in the denominator; 0 for fewer than two values
};
MeanSd mean_sd(const std::vector<double>& v);

// The two-sided 95% quantile of Student's t with `dof` degrees of freedom.
double student_t95(double dof);

// The 95% interval of the mean of n values with this mean and standard
// deviation (Student t, n − 1 degrees of freedom); the point for n < 2.
std::pair<double, double> mean_ci95(const MeanSd& s, int n);

// The least-squares slope of y against x (that of ln y against ln x is
// log_log_slope, fit/log_log_slope.hpp).
double least_squares_slope(const std::vector<double>& x, const std::vector<double>& y);

// The least-squares line y = intercept + slope x with the intercept's 95%
// interval (Student t, n − 2 degrees of freedom; n ≥ 3 points), and the
// slope of the line through the origin.
struct LineFit {
  double slope = 0, intercept = 0, ci_lo = 0, ci_hi = 0;
  double origin_slope = 0;
};
LineFit least_squares_line(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace granconv
