#pragma once
// Claims of kind "cradle": Newton's cradle (JVB §3.2, eq. (31)) integrated by
// the additive θ method (34) with tailored KK dissipation (41) and compared
// with the CVODE reference of the damped model (42) — JVB figs. 4 and 5.
//
// Catalogue fields (besides id, title, source, figure_group, notes):
//   "scenario": "cradle", "params": ["key=value", ...] (t_end included),
//   "scheme": "theta", "h": step size, "theta": θ the paper states for (41);
//   optional, each enabling checks or figures:
//   "histories_window": [t0, t1]    fig. 4: all displacements, reference solid,
//                                   scheme dashed, on this window;
//   "first_max": {"bead", "window": [t0, t1], "paper", "tolerance"}
//                                   relative error of the bead's maximum
//                                   displacement on the window (parabola through
//                                   the three grid points around the largest
//                                   sample), |error| within paper ± tolerance;
//   "sup_errors": {"x", "v", "relative_tolerance", "relative_paper",
//                  "relative_paper_tolerance"}
//                                   max over the run of the sup-norm errors of
//                                   displacements and velocities, absolute
//                                   (|ours/paper − 1| ≤ relative_tolerance) and
//                                   relative to the reference's sup norms;
//   "sync": {"late_max_over_min", "cv_ratio"}
//                                   amplitudes A_n = (max − min)/2 of x_n over
//                                   each local period 2π√(m/K): late (last full
//                                   period) max_n A_n / min_n A_n ≤ threshold
//                                   and CV_late ≤ cv_ratio · CV_early (first
//                                   period), for reference and scheme;
//   "heatmaps": true                fig. 5: space–time diagrams, reference and
//                                   scheme (≤ 600 time columns).
// StudyOptions::scheme (μ, dissipation scale) perturbs the scheme.
#include "studies/core/claim_kinds.hpp"

namespace granconv {

ClaimResult run_cradle_claim(const Claim& claim, const StudyOptions& options);

}  // namespace granconv
