#pragma once
// Claims of kind "analysis": analytic statements about tableaux checked in
// cpp_bin_float_50 — the stability function of the tailored IRK (JVB appendix
// A.1, claim jvb-a1-stability) and the modified-equation coefficients and
// tailored order conditions (JVB sections 3.3–3.4, claim jvb-modified-eq).
//
// Field "check": "stability" (the appendix A.1 claim) or "modified-equation"
// (sections 3.3–3.4). Optional: "c11_samples" (numbers ≥ 0) — the C11 values
// of the tailored IRK at which the identities are checked.
// --tableau (StudyOptions::tableau) replaces GL2 in jvb-modified-eq's
// "C11 = C21 = C22 = 0" checks (at a double-input tolerance of 1e-13); it is
// rejected by jvb-a1-stability, which is about the tailored family only.
#include "studies/core/claim_kinds.hpp"
#include <string>
#include <vector>

namespace granconv {

struct AnalysisSpec {
  std::string check;  // "stability" or "modified-equation"
  // As written in the catalogue, read in 50 digits through the decimal text
  // (0.236 is 236/1000, not its double); empty: the default samples.
  std::vector<std::string> c11_samples;
};

AnalysisSpec parse_analysis_spec(FieldReader& r);
ClaimResult run_analysis_claim(const Claim& claim, const AnalysisSpec& spec, const StudyOptions& options);

}  // namespace granconv
