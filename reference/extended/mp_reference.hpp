#pragma once
// The reference of a study run wider than double (`--precision 32` in DoubleDouble,
// `--precision 50` in Mp50): the problem's exact solution when it has one,
// else the RKF 7(8) reference of reference/extended/multiprecision_reference.hpp with
// located contact events. Each carries a provenance whose error estimate is
// honest for the output times (see mp_reference_error, double_double_reference_error).
#include <vector>

#include "models/extended_precision.hpp"
#include "reference/extended/multiprecision_reference.hpp"
#include "reference/provenance.hpp"

namespace granconv {

template <class S>
struct ExtendedReference {
  std::vector<Vec<S>> states;  // at the requested times
  Provenance provenance;
};
using MpReference = ExtendedReference<Mp50>;

// Tolerance of the 50-digit RKF 7(8) reference: far below the scheme errors
// a study resolves in 50 digits (~1e-25 at the finest steps), well above
// round-off (~1e-49).
inline const Mp50& mp_reference_tolerance() {
  static const Mp50 tol("1e-30");
  return tol;
}

// Tolerance of the DoubleDouble RKF 7(8) reference: 1e-28, five decades above DoubleDouble's
// eps (1.9e-34), so that its step-size control is not steered by round-off,
// and still ten decades below the smallest errors the DoubleDouble sweeps fit (~1e-18).
// Its actual error is measured against Mp50 (double_double_reference_error).
inline const DoubleDouble& double_double_reference_tolerance() {
  static const DoubleDouble tol(1e-28);  // 1e-28 as a double: the tolerance need not be a decimal
  return tol;
}

// The states at `times` (sorted ascending, in [0, t_end]); the provenance's
// error estimate is left 0 (it depends on the problem only: the *_error
// functions below).
// `max_seconds`: the wall-clock budget of each RKF 7(8) run.
MpReference mp_reference(const Problem<Mp50>& problem, const std::vector<Mp50>& times,
                         double max_seconds = kDefaultReferenceBudget);
ExtendedReference<DoubleDouble> double_double_reference(const Problem<DoubleDouble>& problem, const std::vector<DoubleDouble>& times,
                                       double max_seconds = kDefaultReferenceBudget);

// What the reference of `problem` may be off by at any output time: for an
// exact solution a few ulps of Mp50; for RKF 7(8) the largest difference, at
// 1001 evenly spaced times, from a rerun at a 100× tighter tolerance (whose
// own error is ~100× smaller, so the difference estimates the error of the
// tolerance-1e-30 run). Output times do not change the integrator's steps, so
// the estimate holds at every grid time up to the dense output's difference
// from direct steps, where a step holds many of them. That difference is
// spot-checked at three points of each such step against the tolerance, far
// below the estimates; tests/unit/reference/test_multiprecision_crosscheck.cpp compares
// every time of a fine grid. Replaces `provenance` by that of
// the tolerance-1e-30 run (solver, steps, events) with the estimate.
void mp_reference_error(const Problem<Mp50>& problem, Provenance& provenance,
                        double max_seconds = kDefaultReferenceBudget);

// The same for the DoubleDouble reference, certified in 50 digits: the largest
// difference at 1001 evenly spaced times between the DoubleDouble run (tolerance
// 1e-28) and the Mp50 reference of `twin` (the same problem built in Mp50),
// plus that reference's own estimate (mp_reference_error). The difference
// holds the DoubleDouble run's truncation and round-off error and the rounding of the
// problem's data to DoubleDouble; the Mp50 term bounds what the certifier itself may
// be off by. The three runs go on `jobs` threads. Replaces `provenance` by
// that of the DoubleDouble run, with the estimate and, in its method, both terms.
void double_double_reference_error(const Problem<DoubleDouble>& problem, const Problem<Mp50>& twin, Provenance& provenance, int jobs,
                          double max_seconds = kDefaultReferenceBudget);

}  // namespace granconv
