#pragma once
// The Hertz chain's velocities after an impact, from CVODE (through the
// reference cache): the reference of the LZB impulse stepping
// (schemes/lzb_solve.hpp), for `granconv solve --scheme lzb` and the lzb
// claim kind.
#include <filesystem>
#include <vector>

#include "models/scenarios.hpp"
#include "reference/sundials/cvode_reference.hpp"

namespace granconv {

// Velocities at t_end, checked to be final (every contact open with a
// non-negative opening rate, so no force acts again); throws
// std::runtime_error otherwise.
struct HertzOutcome {
  Vec<double> v;
  std::vector<double> event_times;
  double error_estimate = 0;
  long steps = 0;
};
HertzOutcome hertz_post_impact(const Problem<double>& problem, const ReferenceOptions& opt,
                               const std::filesystem::path& cache_dir);

// The velocities `granconv solve --scheme lzb` compares with: the problem's
// (its t_end the solve's --t) at rtol 1e-12, atol 1e-18, without an error
// estimate, within max_seconds of wall clock (--reference-budget).
Vec<double> hertz_solve_velocities(const Problem<double>& problem, const std::filesystem::path& cache_dir,
                                   double max_seconds);

}  // namespace granconv
