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
//   "first_max": {"bead", "window": [t0, t1], "paper", "tolerance", "rival"}
//                                   relative error of the bead's maximum
//                                   displacement on the window (parabola through
//                                   the three grid points around the largest
//                                   sample), |error| within paper ± tolerance;
//                                   the rival's value is shown beside it, from a
//                                   run of the classical θ method (μ = 1 − θ);
//   "sup_errors": {"x": {"paper", "tolerance", "rival"}, "v": {...},
//                  "relative_paper", "relative_paper_tolerance"}
//                                   max over the run of the sup-norm errors of
//                                   displacements and velocities, absolute
//                                   (|ours − paper| ≤ tolerance) and relative to
//                                   the reference's sup norms;
//   "in_phase": {"expected", "tolerance", "rival"}
//                                   amplitude of the scheme's in-phase motion
//                                   (mean of the x_n, on which the contact forces
//                                   cancel) over the last full local period
//                                   divided by that over the first: 1 without
//                                   local numerical damping (μ = θ);
//   "sync": {"late_max_over_min", "cv_ratio"}
//                                   amplitudes A_n = (max − min)/2 of x_n over
//                                   each local period 2π√(m/K): late (last full
//                                   period) max_n A_n / min_n A_n ≤ threshold
//                                   and CV_late ≤ cv_ratio · CV_early (first
//                                   period), for reference and scheme;
//   "heatmaps": true                fig. 5: space–time diagrams, reference and
//                                   scheme (≤ 600 time columns).
// θ and μ as run are recorded (information), not checked: a perturbed scheme
// must be caught by what it does to the cradle.
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
  // A number the paper prints (or we derive) with its tolerance and the value
  // of the rival it rules out; the rival and the sources are listed with the
  // tolerances (studies/core/catalogue_rules.hpp) and copied into the check.
  struct Value {
    double expected = 0, tolerance = 0, rival = 0;
    std::string rival_note;
    nlohmann::json tolerance_source;
  };
  struct FirstMax : Value {
    int bead = 0;
    std::vector<double> window;
  };
  std::optional<FirstMax> first_max;
  struct SupErrors {
    Value x, v;
    std::optional<double> relative_paper, relative_paper_tolerance;  // both or neither
  };
  std::optional<SupErrors> sup_errors;
  std::optional<Value> in_phase;
  struct Sync {
    double late_max_over_min = 0, cv_ratio = 0;
  };
  std::optional<Sync> sync;
  bool heatmaps = false;
};

CradleSpec parse_cradle_spec(FieldReader& r);
ClaimResult run_cradle_claim(const Claim& claim, const CradleSpec& spec, const StudyOptions& options);

}  // namespace granconv
