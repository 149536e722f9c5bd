#pragma once
// Claims of kind "scheme-property": a published property of a scheme file
// (docs/scheme-files.md), computed from the file's coefficients — the
// high-frequency spectral radius of the Newmark family (Chung & Hulbert 1993,
// Hilber, Hughes & Taylor 1977), ρ at a given Ω, the stability interval of
// an explicit method, or the order its family's conditions give.
//
// Catalogue fields (besides id, title, source, figure_group, notes):
//   "scheme_file": the stem of a shipped scheme file (tableaux/<stem>.json),
//   or "scheme_path": a scheme file, resolved like a claim's "tableau" (beside
//   the catalogue file, or in --tableaux) — a perturbed copy for a negative test;
//   "check": one of
//     "rho_infinity"        ρ∞ = ρ(Ω → ∞) on x'' + 2ζx' + x = 0 (Ω = 1e12);
//     "spectral_radius"     ρ(Ω) at "omega";
//     "stability_interval"  the largest Ω₀ with ρ ≤ 1 on (0, Ω₀];
//       each with "paper", "tolerance", "tolerance_source", "rival",
//       "rival_note"; optional "zeta" (default 0);
//     "order_conditions"    "expected_order" (an integer, compared exactly)
//                           and "rivals" (the orders ruled out, for the record).
// The property is computed from the file as read: a perturbed file changes it.
#include <optional>
#include <string>
#include <vector>

#include "studies/core/claim_kinds.hpp"

namespace granconv {

struct SchemePropertySpec {
  std::string scheme_file;  // a shipped stem, or
  std::string scheme_path;  // a file (resolved at load)
  std::string check;
  double omega = 0, zeta = 0;
  double paper = 0, tolerance = 0, rival = 0;
  std::string rival_note;
  nlohmann::json tolerance_source;
  int expected_order = 0;
  std::vector<int> rivals;
};

SchemePropertySpec parse_scheme_property_spec(FieldReader& r);
ClaimResult run_scheme_property_claim(const Claim& claim, const SchemePropertySpec& spec, const StudyOptions& options);

}  // namespace granconv
