#include "studies/core/step_grid_field.hpp"

#include "studies/support/grid_budget.hpp"

namespace granconv {

StepGrid read_step_grid(FieldReader& r, const std::string& key) {
  return r.object(key, [](FieldReader& g) {
    StepGrid grid{g.req<double>("h_max", positive()), g.req<double>("h_min", positive()),
                  g.req<int>("per_decade", at_least(1))};
    g.check(grid.h_max > grid.h_min, "h_min", "must be below h_max");
    if (g.ok())
      check_grid_points(g, grid.h_max, grid.h_min, grid.per_decade, "per_decade", "step sizes between h_max and h_min");
    return grid;
  });
}

void check_grid_points(FieldReader& g, double h_max, double h_min, int per_decade, const std::string& key,
                       const std::string& what) {
  if (!(h_max > h_min) || !(h_min > 0)) return;  // reported when read
  const GridBudget b = grid_budget(1, h_max, h_min, per_decade, 1);
  g.check(b.points <= kMaxGridPoints, key,
          fmt::format("gives {:.3g} {}, above the limit of {:.3g}", b.points, what, kMaxGridPoints));
}

void check_grid_budget(FieldReader& r, const StepGrid& grid, double t_end, std::size_t state_size, bool grid_times,
                       const std::string& key) {
  if (!(grid.h_max > grid.h_min) || !(grid.h_min > 0)) return;  // reported when read
  const std::string why =
      grid_budget_problem(grid_budget(t_end, grid.h_max, grid.h_min, grid.per_decade, double(state_size), grid_times));
  r.check(why.empty(), key, fmt::format("(h from {:.3g} to {:.3g}, {} per decade, t_end = {:.6g}, {} state values) "
                                        "is refused: {}",
                                        grid.h_max, grid.h_min, grid.per_decade, t_end, state_size, why));
}

double check_run_budget(FieldReader& r, const std::string& key, double h, double t_end, std::size_t state_size) {
  const double steps = t_end / h, values = (steps + 1) * double(state_size);
  const auto within = [&](const char* what, double value, double limit) {
    r.check(value <= limit, key,
            fmt::format("(h = {:.3g}, t_end = {:.6g}, {} state values) is refused: {} {:.3g} are above the limit of "
                        "{:.3g}",
                        h, t_end, state_size, what, value, limit));
    return value <= limit;
  };
  if (within("the steps of its run", steps, kMaxFinestSteps))
    within("the state values of its trajectory", values, kMaxStoredValues);
  return steps;
}

}  // namespace granconv
