#pragma once
// The "grid" of a claim, {"h_max", "h_min", "per_decade"}, read at load and
// held to grid_budget's limits once the problem (its end time and state size)
// is known, so that check-claims refuses a grid that `run` could not afford.
#include <cstddef>

#include "studies/core/claim.hpp"
#include "studies/support/field_reader.hpp"

namespace granconv {

StepGrid read_step_grid(FieldReader& r, const std::string& key = "grid");

// One run of step h to t_end, as compare_with_reference does it (it keeps the
// trajectory): a problem on `key` when its steps are over the finest-run limit
// or the trajectory's state values over the stored-values limit. Returns the
// steps, for a claim's total.
double check_run_budget(FieldReader& r, const std::string& key, double h, double t_end, std::size_t state_size);

// The shape alone, before the problem is known: a problem on `g`'s field
// `key` when the grid from `h_max` down to `h_min` at `per_decade` has more
// points than kMaxGridPoints. `what` names them ("step sizes between h_max
// and h_min"). Used by every kind whose runs sweep a geometric grid.
void check_grid_points(FieldReader& g, double h_max, double h_min, int per_decade, const std::string& key,
                       const std::string& what);

// A problem on `key`, naming the number and the limit, when the grid is over one.
// `grid_times`: the error is taken at every grid time (else at the final time only).
void check_grid_budget(FieldReader& r, const StepGrid& grid, double t_end, std::size_t state_size, bool grid_times,
                       const std::string& key = "grid");

}  // namespace granconv
