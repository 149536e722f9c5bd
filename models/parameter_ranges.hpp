#pragma once
// Physical ranges of the scenario parameters, checked when a problem is built
// so that an unphysical value (negative damping, zero stiffness, a chain of
// 10^8 beads) is refused at once with its range named, instead of blowing up
// or grinding in the solvers later.
#include <string>

#include "models/parameters.hpp"

namespace granconv {

// The longest chain listed bead by bead (a scenario file, the bi-stiffness kind);
// a built-in scenario's n is bounded by memory (models/memory_budget.hpp).
inline constexpr int kMaxBeads = 100000;

struct ParameterRange {
  double lo, hi;
  bool lo_open, hi_open;
  const char* meaning;
  bool integer = false;
};

// The range of `key` in `scenario` (keys mean the same in every scenario
// except q: the exponent of singular-q, the taper of lzb-tapered-20).
ParameterRange parameter_range(const std::string& scenario, const std::string& key);

// Throws std::invalid_argument naming the first parameter outside its range.
void check_parameter_ranges(const std::string& scenario, const Parameters& p);

}  // namespace granconv
