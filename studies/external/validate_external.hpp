#pragma once
// `granconv validate --external FILE.json`: an external program's integrator
// through a battery, before anyone writes a claim on it. FILE holds
// {"external": {...}} as in a claim (docs/external-codes.md). The program runs
// on the shipped chains (studies/claims/external/scenarios: 3 and 5 Hertz
// beads, undamped and with Kuwabara–Kono damping) over h ∈ [1e-4, 1e-2]; for
// each, the observed orders of x and v (least squares, 95% CI) and the
// built-in schemes that reproduce it step for step. Measurements only, like
// items 2, 3 and 6 of the tableau battery: no order is claimed, so none is
// passed or failed; a claim on the program (kind "order" with "external")
// states one and is checked.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace granconv {

// The options of the runs (a subset of StudyOptions, whose header is not
// included here: its StepGrid and validate.hpp's share a name).
struct ExternalValidationOptions {
  int jobs = 1;
  std::filesystem::path cache_dir, out_dir;
};

struct ExternalValidation {
  std::string name;
  nlohmann::json record;            // per scenario: orders, errors, identification
  std::vector<std::string> lines;   // one per scenario, for the terminal
};

// Throws std::invalid_argument naming the field for a malformed file (nothing run).
ExternalValidation validate_external(const std::filesystem::path& file, const ExternalValidationOptions& options);

}  // namespace granconv
