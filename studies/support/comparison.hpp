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
  double seconds = 0;                       // wall time of the scheme alone (streamed: and of the comparison)
  bool streamed = false;                    // compared while stepping (ComparisonMode)
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

// Streamed: the reference handed over state by state while the scheme steps
// (studies/support/reference_stream.hpp) and each state compared as it comes,
// nothing kept: memory O(N) whatever the number of steps. Stored: both
// trajectories kept and compared at the end, the reference through the cache.
// Both give the same bits. `automatic` streams unless the states are kept, the
// reference cannot be streamed (ARKODE, or an error estimate), or a cache is
// given and the trajectories are small enough (kStreamAboveValues) that
// keeping the reference in it is worth it.
enum class ComparisonMode { automatic, streamed, stored };
inline constexpr double kStreamAboveValues = 1e7;  // 80 MB per trajectory

struct ComparisonOptions {
  bool keep_states = false;
  ComparisonMode mode = ComparisonMode::automatic;
  ReferenceOptions reference;
  std::filesystem::path cache_dir;
};

// Throws std::invalid_argument when T/h is not an integer; Newton and CVODE
// failures propagate (the scheme's first: streamed, a failed reference lets
// the scheme run on uncompared, as if it had run first). `streamed` with
// states kept or a reference that cannot be streamed is a std::invalid_argument.
// A diverged scheme is reported in the result (Comparison::diverged).
Comparison compare_with_reference(const Problem<double>& problem, const Scheme<double>& scheme, Formulation f,
                                  double h, const ComparisonOptions& options);

}  // namespace granconv
