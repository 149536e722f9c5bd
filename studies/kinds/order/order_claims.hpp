#pragma once
// Claims of kind "order": a convergence study (studies/core/study.hpp). Fields
// (besides the common ones): "scenario", "params", "scheme", "formulation",
// "error_norm" (prose), "grid": {"h_max", "h_min", "per_decade"}, "checks":
// [{"label", "window": [h_min, h_max] | null, "fit", "expected_order",
// "tolerance", "max_ci_width", "rivals", "tolerance_source"}]; optional
// "error" (studies/core/claim.hpp), "scheme_start", "precision", "trajectory_h",
// "gamma_per_h".
#include "studies/core/claim_kinds.hpp"

namespace granconv {

OrderSpec parse_order_spec(FieldReader& r);
ClaimResult run_order_claim(const Claim& claim, const OrderSpec& spec, const StudyOptions& options);

}  // namespace granconv
