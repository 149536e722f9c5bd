#pragma once
// One scheme at one step size against the reference on the grid t_k = kT/n:
// the building block of `granconv solve` and of the table, figure and sweep
// claims (JVB Table 1, figs. 4–11).
#include <filesystem>
#include <string>
#include <vector>

#include "models/scenarios.hpp"
#include "reference/sundials/cvode_reference.hpp"
#include "schemes/scheme.hpp"

namespace granconv {

struct Comparison {
  long steps = 0;
  double h = 0;
  double max_error_x = 0, max_error_v = 0;  // max over grid times of the sup norm over beads
  double ref_sup_x = 0, ref_sup_v = 0;      // sup norms of the reference itself
  double seconds = 0;                       // wall time of the scheme alone
  Vec<double> final_xv;                     // the scheme's state at T (when it did not diverge)
  double final_error = 0;                   // its max |difference| from the reference at T
  std::vector<double> t;                    // grid times (kept when keep_states)
  std::vector<Vec<double>> scheme_xv, reference_xv;
  nlohmann::json reference_provenance;
  // The scheme diverged (schemes/blow_up_guard.hpp): errors are infinite and
  // the states stop at the last step before it.
  bool diverged = false;
  std::string diverged_reason;
};

struct ComparisonOptions {
  bool keep_states = false;
  ReferenceOptions reference;
  std::filesystem::path cache_dir;
};

// Throws std::invalid_argument when T/h is not an integer; Newton and CVODE
// failures propagate (the scheme runs first, so its failure is the one reported).
// A diverged scheme is reported in the result (Comparison::diverged).
Comparison compare_with_reference(const Problem<double>& problem, const Scheme<double>& scheme, Formulation f,
                                  double h, const ComparisonOptions& options);

}  // namespace granconv
