#pragma once
// The "grid" of a claim, {"h_max", "h_min", "per_decade"}, read at load and
// held to grid_budget's limits once the problem (its end time and state size)
// is known, so that check-claims refuses a grid that `run` could not afford.
#include <cstddef>

#include "studies/core/claim.hpp"
#include "studies/support/field_reader.hpp"

namespace granconv {

StepGrid read_step_grid(FieldReader& r, const std::string& key = "grid");

// A problem on `key`, naming the number and the limit, when the grid is over one.
// `grid_times`: the error is taken at every grid time (else at the final time only).
void check_grid_budget(FieldReader& r, const StepGrid& grid, double t_end, std::size_t state_size, bool grid_times,
                       const std::string& key = "grid");

}  // namespace granconv
