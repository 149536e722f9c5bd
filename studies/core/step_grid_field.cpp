#include "studies/core/step_grid_field.hpp"

#include "studies/support/grid_budget.hpp"

namespace granconv {

StepGrid read_step_grid(FieldReader& r, const std::string& key) {
  return r.object(key, [](FieldReader& g) {
    StepGrid grid{g.req<double>("h_max", positive()), g.req<double>("h_min", positive()),
                  g.req<int>("per_decade", at_least(1))};
    g.check(grid.h_max > grid.h_min, "h_min", "must be below h_max");
    if (g.ok()) {
      // The shape alone, before the problem is known: the number of step sizes.
      const GridBudget b = grid_budget(1, grid.h_max, grid.h_min, grid.per_decade, 1);
      g.check(b.points <= kMaxGridPoints, "per_decade",
              fmt::format("gives {:.3g} step sizes between h_max and h_min, above the limit of {:.3g}", b.points,
                          kMaxGridPoints));
    }
    return grid;
  });
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

}  // namespace granconv
