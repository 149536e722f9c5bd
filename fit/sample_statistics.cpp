#include "fit/sample_statistics.hpp"

#include <cmath>
#include <numeric>

#include <boost/math/distributions/students_t.hpp>

namespace granconv {

MeanSd mean_sd(const std::vector<double>& v) {
  MeanSd s;
  for (double x : v) s.mean += x / static_cast<double>(v.size());
  for (double x : v) s.sd += (x - s.mean) * (x - s.mean);
  s.sd = v.size() > 1 ? std::sqrt(s.sd / static_cast<double>(v.size() - 1)) : 0;
  return s;
}

double student_t95(double dof) {
  return boost::math::quantile(boost::math::complement(boost::math::students_t(dof), 0.025));
}

std::pair<double, double> mean_ci95(const MeanSd& s, int n) {
  if (n < 2) return {s.mean, s.mean};
  const double half = student_t95(n - 1.0) * s.sd / std::sqrt(double(n));
  return {s.mean - half, s.mean + half};
}

double least_squares_slope(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = double(x.size());
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n, my = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
  }
  return sxy / sxx;
}

LineFit least_squares_line(const std::vector<double>& x, const std::vector<double>& y) {
  const int points = static_cast<int>(x.size());
  double gm = 0, rm = 0;
  for (int i = 0; i < points; ++i) gm += x[i] / points, rm += y[i] / points;
  double sgg = 0, sgr = 0;
  for (int i = 0; i < points; ++i) sgg += (x[i] - gm) * (x[i] - gm), sgr += (x[i] - gm) * (y[i] - rm);
  LineFit f;
  f.slope = sgr / sgg;
  f.intercept = rm - f.slope * gm;
  double ssr = 0;
  for (int i = 0; i < points; ++i) {
    const double d = y[i] - (f.intercept + f.slope * x[i]);
    ssr += d * d;
  }
  const double se = std::sqrt(ssr / (points - 2) * (1.0 / points + gm * gm / sgg));
  const double t95 = student_t95(points - 2.0);
  f.ci_lo = f.intercept - t95 * se;
  f.ci_hi = f.intercept + t95 * se;
  double sxy = 0, sxx = 0;
  for (int i = 0; i < points; ++i) {
    const double d = x[i] / y[i];
    sxy += x[i] * d;
    sxx += d * d;
  }
  f.origin_slope = sxy / sxx;
  return f;
}

}  // namespace granconv
