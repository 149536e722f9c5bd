#pragma once
// The convergence study of an external scheme: the claim's program run at
// every step size h = every/m of its grid (every output time a whole number
// of steps), its trajectory compared with the reference at the output times
// t_k = k·every, errors in x and v fitted exactly like a built-in scheme's
// (floor, windows, rivals, verdicts: studies/core/study.hpp), and each
// candidate of "identify" (a built-in scheme) run at the same h and compared
// with the program step for step.
#include <nlohmann/json.hpp>

#include "studies/core/study.hpp"

namespace granconv {

struct ExternalStudy {
  StudyResult study;
  // {name, command (as run at the finest h), version, digests, identification, seconds per run}
  nlohmann::json external;
  std::string identified;  // the built-in scheme that reproduces the program to round-off, or ""
  std::string identification_line;  // one line for the terminal and the notes
};

ExternalStudy run_external_study(const Claim& claim, const StudyOptions& options);

// The output-interval step counts m (h = every/m) of a grid: every/h on the
// claim's geometric grid, rounded, deduplicated.
std::vector<long> steps_per_output(double every, const StepGrid& grid);

}  // namespace granconv
