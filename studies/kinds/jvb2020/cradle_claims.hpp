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
#include <optional>
#include <string>
#include <vector>

namespace granconv {

struct CradleSpec {
  std::string scenario;
  std::vector<std::string> params;
  double h = 0, theta = 0;
  std::optional<std::vector<double>> histories_window;
  struct FirstMax {
    int bead = 0;
    std::vector<double> window;
    double paper = 0, tolerance = 0;
    // Listed with the tolerances (studies/core/catalogue_rules.hpp), not checked by the run.
    std::optional<double> rival;
    std::string rival_note;
  };
  std::optional<FirstMax> first_max;
  struct SupErrors {
    double x = 0, v = 0, relative_tolerance = 0;
    std::optional<double> relative_paper, relative_paper_tolerance;  // both or neither
  };
  std::optional<SupErrors> sup_errors;
  struct Sync {
    double late_max_over_min = 0, cv_ratio = 0;
  };
  std::optional<Sync> sync;
  bool heatmaps = false;
};

CradleSpec parse_cradle_spec(FieldReader& r);
ClaimResult run_cradle_claim(const Claim& claim, const CradleSpec& spec, const StudyOptions& options);

}  // namespace granconv
