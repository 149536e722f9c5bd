#pragma once
// What a step grid costs before anything is allocated: its points, the step
// count of its finest run, the steps of all its runs, and the values a study
// stores (with an error over the grid times, the reference at the union of
// every run's grid times and the finest run's trajectory; with an error at the
// final time only, a few states). A grid over any of the limits is refused at load, with
// the numbers, rather than allocating until memory runs out.
#include <cmath>
#include <cstddef>
#include <string>

#include <fmt/format.h>

namespace granconv {

// The densest shipped grids have ~100 points; chains of 1e5 beads over 1e4
// steps store ~4e9 values (issue 38's scale); 1e10 steps of work is hours.
inline constexpr double kMaxGridPoints = 2000;
inline constexpr double kMaxFinestSteps = 1e9;
inline constexpr double kMaxGridSteps = 1e10;
inline constexpr double kMaxStoredValues = 1e9;
// A comparison compares N·steps state values whether it keeps them or not
// (studies/support/comparison.hpp); beyond 1e12 (about half an hour of the
// cheapest scheme, days of an implicit one) a run is refused rather than left
// to grind.
inline constexpr double kMaxComparedValues = 1e12;

struct GridBudget {
  double points = 0, finest_steps = 0, total_steps = 0, stored_values = 0;
};

inline GridBudget grid_budget(double t_end, double h_max, double h_min, double per_decade, double state_size,
                              bool grid_times = true) {
  GridBudget b;
  const double decades = std::log10(h_max) - std::log10(h_min);  // h_max / h_min may overflow
  const double intervals = std::max(1.0, std::round(per_decade * decades));
  b.points = intervals + 1;
  b.finest_steps = t_end / h_min;
  // Σ T/h_i over a geometric grid: T/h_min · (1 - q^(m+1)) / (1 - q), q = (h_min/h_max)^(1/m).
  const double q = std::pow(h_min / h_max, 1.0 / intervals);
  b.total_steps = q < 1 ? b.finest_steps * (1 - std::pow(q, intervals + 1)) / (1 - q) : b.finest_steps * b.points;
  b.stored_values = (grid_times ? b.total_steps + b.finest_steps + 2 : 3) * state_size;
  return b;
}

// "" when the grid is within every limit, else one line with the number and its limit.
inline std::string grid_budget_problem(const GridBudget& b) {
  const auto over = [](const char* what, double value, double limit) {
    return fmt::format("{} {:.3g} are above the limit of {:.3g}", what, value, limit);
  };
  if (!(b.points <= kMaxGridPoints)) return over("its step sizes", b.points, kMaxGridPoints);
  if (!(b.finest_steps <= kMaxFinestSteps)) return over("the steps of its finest run", b.finest_steps, kMaxFinestSteps);
  if (!(b.total_steps <= kMaxGridSteps)) return over("the steps of all its runs", b.total_steps, kMaxGridSteps);
  if (!(b.stored_values <= kMaxStoredValues))
    return over("the state values it stores (reference at every run's grid times and the finest trajectory)",
                b.stored_values, kMaxStoredValues);
  return "";
}

}  // namespace granconv
