#pragma once
// Step sizes h = T/n with integer n, so that the final time is hit exactly,
// geometric in h between h_max and h_min.
#include <cmath>
#include <stdexcept>
#include <vector>

#include "studies/support/grid_budget.hpp"

namespace granconv {

inline std::vector<long> step_counts(double t_end, double h_max, double h_min, int per_decade) {
  // Both ends belong to the grid: count intervals, then space them evenly in log h.
  // The last guard (claims are held to grid_budget's limits at load): never allocate a grid without bound.
  const double points = grid_budget(t_end, h_max, h_min, per_decade, 1).points;
  if (!(points <= kMaxGridPoints))
    throw std::invalid_argument(fmt::format("a step grid of {:.3g} step sizes is above the limit of {:.3g}", points,
                                            kMaxGridPoints));
  const long intervals = std::max(1L, std::lround(per_decade * std::log10(h_max / h_min)));
  std::vector<long> n;
  for (long i = 0; i <= intervals; ++i) {
    const double h = h_max * std::pow(h_min / h_max, double(i) / double(intervals));
    const long ni = std::max(1L, std::lround(t_end / h));
    if (n.empty() || ni != n.back()) n.push_back(ni);
  }
  return n;
}

// Grid time k of n steps over [0, T]: exact at k = n, and the same double for
// the scheme and the reference.
// k = n is t_end exactly (t_end · n / n need not round back to t_end), so
// final-time references sampled at t_end match the last grid time.
inline double grid_time(double t_end, long k, long n) { return k == n ? t_end : t_end * double(k) / double(n); }

}  // namespace granconv
