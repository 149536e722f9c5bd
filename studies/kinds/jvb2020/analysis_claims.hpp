#pragma once
// Claims of kind "analysis": analytic statements about tableaux checked in
// cpp_bin_float_50 — the stability function of the tailored IRK (JVB appendix
// A.1, claim jvb-a1-stability) and the modified-equation coefficients and
// tailored order conditions (JVB sections 3.3–3.4, claim jvb-modified-eq).
//
// Optional catalogue field: "c11_samples" (numbers) — the C11 values of the
// tailored IRK at which the identities are checked.
// --tableau (StudyOptions::tableau) replaces GL2 in jvb-modified-eq's
// "C11 = C21 = C22 = 0" checks (at a double-input tolerance of 1e-13); it is
// rejected by jvb-a1-stability, which is about the tailored family only.
#include "studies/core/claim_kinds.hpp"

namespace granconv {

ClaimResult run_analysis_claim(const Claim& claim, const StudyOptions& options);

}  // namespace granconv
