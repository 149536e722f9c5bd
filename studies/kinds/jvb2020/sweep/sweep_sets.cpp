// The sets a sweep's checks are read from: where a series is negative, where
// it changes sign, its interior local minima.
#include <algorithm>
#include <cmath>

#include "studies/kinds/jvb2020/sweep/sweep_claims.hpp"

namespace granconv {

namespace sweep {

namespace {
double cross(double x0, double d0, double x1, double d1) { return x0 + (x1 - x0) * d0 / (d0 - d1); }
}  // namespace

std::vector<Interval> negative_set(const std::vector<double>& x, const std::vector<double>& d) {
  std::vector<Interval> out;
  bool inside = false;
  std::size_t prev = x.size();  // last point with a verdict
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (std::isnan(d[i])) continue;
    const bool member = d[i] < 0;
    if (member && !inside) out.push_back({prev == x.size() ? x[i] : cross(x[prev], d[prev], x[i], d[i]), x[i]});
    if (!member && inside) out.back().hi = cross(x[prev], d[prev], x[i], d[i]);
    if (member) out.back().hi = x[i];
    inside = member;
    prev = i;
  }
  return out;
}

std::vector<double> sign_changes(const std::vector<double>& x, const std::vector<double>& d) {
  std::vector<double> out;
  std::size_t prev = x.size();
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (std::isnan(d[i])) continue;
    if (prev != x.size() && (d[prev] < 0) != (d[i] < 0)) out.push_back(cross(x[prev], d[prev], x[i], d[i]));
    prev = i;
  }
  return out;
}

std::vector<double> local_minima(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> out;
  for (std::size_t i = 1; i + 1 < x.size(); ++i) {
    if (!(y[i] < y[i - 1] && y[i] <= y[i + 1])) continue;
    const double a = x[i] - x[i - 1], b = x[i] - x[i + 1];
    const double fa = y[i] - y[i + 1], fb = y[i] - y[i - 1];
    const double den = a * fa - b * fb;
    out.push_back(den == 0 ? x[i] : x[i] - 0.5 * (a * a * fa - b * b * fb) / den);
  }
  return out;
}

}  // namespace sweep

}  // namespace granconv
