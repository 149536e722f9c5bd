#pragma once
// The reference of a study run in cpp_bin_float_50 (`--precision 50`): the
// problem's exact solution when it has one, else the RKF 7(8) reference of
// reference/multiprecision_reference.hpp with located contact events. Each
// carries a provenance whose error estimate is honest for the output times
// (see mp_reference_error).
#include <vector>

#include "reference/multiprecision_reference.hpp"
#include "reference/provenance.hpp"

namespace granconv {

struct MpReference {
  std::vector<Vec<Mp50>> states;  // at the requested times
  Provenance provenance;
};

// Tolerance of the RKF 7(8) reference: far below the scheme errors a study
// resolves in 50 digits (~1e-25 at the finest steps), well above round-off (~1e-49).
inline const Mp50& mp_reference_tolerance() {
  static const Mp50 tol("1e-30");
  return tol;
}

// The states at `times` (sorted ascending, in [0, t_end]); the provenance's
// error estimate is left 0 (it depends on the problem only: mp_reference_error).
// `max_seconds`: the wall-clock budget of each RKF 7(8) run.
MpReference mp_reference(const Problem<Mp50>& problem, const std::vector<Mp50>& times,
                         double max_seconds = kDefaultReferenceBudget);

// What the reference of `problem` may be off by at any output time: for an
// exact solution a few ulps of Mp50; for RKF 7(8) the largest difference, at
// 1001 evenly spaced times, from a rerun at a 100× tighter tolerance (whose
// own error is ~100× smaller, so the difference estimates the error of the
// tolerance-1e-30 run). Output times do not change the integrator's steps, so
// the estimate holds at every grid time. Replaces `provenance` by that of
// the tolerance-1e-30 run (solver, steps, events) with the estimate.
void mp_reference_error(const Problem<Mp50>& problem, Provenance& provenance,
                        double max_seconds = kDefaultReferenceBudget);

}  // namespace granconv
