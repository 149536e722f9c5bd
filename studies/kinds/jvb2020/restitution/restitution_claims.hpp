#pragma once
// Claims of kind "restitution": the coefficient of restitution e(γ̃) of the
// dimensionless binary Kuwabara–Kono collision, JVB eq. (7), from the CVODE
// reference (claim jvb-eq9), and the small-damping law γ̃ ≈ 0.578 (1 − e) (9).
//
// For every γ̃ the scenario "binary-kk" (gamma = γ̃, approach speed 1) is
// integrated to t_end; the reference's contact events must hold exactly one
// event, the opening of the contact (ζ → 0 from above) at τ_c < t_end, and
// e = |ζ'(τ_c)| is the relative speed at t_end (no force acts after the
// opening, so it equals the speed at τ_c).
//
// Catalogue fields (besides id, title, source, figure_group, notes):
//   "t_end"            integration time (> every τ_c),
//   "gamma_samples"    γ̃ of the sweep (figure, table),
//   "fit": {"window": [lo, hi], "paper", "tolerance", "rival": [...], "rival_note"}
//                      the limit of γ̃/(1 − e) as γ̃ → 0: the intercept of the
//                      least-squares line of γ̃/(1 − e) against γ̃ on the
//                      samples with γ̃ in the window, its 95% CI checked within
//                      paper ± tolerance and against the rivals (the same
//                      limit under other dissipation laws),
//   "materials": [{"name", "gamma"}]   the γ̃ of JVB §2.1, tabulated with e.
#include "studies/core/claim_kinds.hpp"
#include <string>
#include <vector>

namespace granconv {

struct RestitutionSpec {
  double t_end = 6;
  std::vector<double> gamma_samples;
  struct Fit {
    std::vector<double> window;  // [lo, hi]
    double paper = 0, tolerance = 0;
    std::vector<double> rival;
    std::string rival_note;
    nlohmann::json tolerance_source;  // studies/core/catalogue_rules.hpp
  } fit;
  struct Material {
    std::string name;
    double gamma = 0;
  };
  std::vector<Material> materials;
};

RestitutionSpec parse_restitution_spec(FieldReader& r);
ClaimResult run_restitution_claim(const Claim& claim, const RestitutionSpec& spec, const StudyOptions& options);

}  // namespace granconv
