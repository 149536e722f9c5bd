#pragma once
// Claims of kind "atlas": the order atlas (studies/atlas/atlas.hpp) as a result
// record for the report — per-problem tables (scheme × model cells
// "order [CI] (classical)" linked to their convergence plots, or why a cell
// is untrustworthy / not applicable), heat maps of observed − classical
// order, one convergence figure per (problem, model), and the per-cell data.
//
// Catalogue fields (all optional but "checks"): "binary"/"trimer" grids
// {t_end, h_max, h_min, per_decade}, "max_ci_width", "order_loss_tolerance",
// "fit", "floor_factor", filters "schemes"/"models"/"problems" (default: the
// whole catalogues), and "checks": known orders from other claims
// [{label, claim, problem, model, scheme, formulation, expected_order,
// tolerance, max_ci_width}] — a check passes when its cell is trustworthy,
// its order is within tolerance and its CI no wider than max_ci_width.
#include "studies/atlas/atlas.hpp"
#include "studies/core/claim_kinds.hpp"
#include <optional>
#include <string>
#include <vector>

namespace granconv {

// A known order of one cell, from another claim.
struct AtlasCheck {
  std::string label, claim, problem, model, scheme, formulation;
  std::optional<FitWindow> window;  // with `fit`: the cited claim's own measurement
  std::optional<FitKind> fit;
  double expected_order = 0, tolerance = 0, max_ci_width = 0;
  std::vector<double> rivals;
};

struct AtlasSpec {
  AtlasSettings settings;
  std::vector<AtlasCheck> checks;
};

AtlasSpec parse_atlas_spec(FieldReader& r);
ClaimResult run_atlas_claim(const Claim& claim, const AtlasSpec& spec, const StudyOptions& options);

// The record of an atlas already run, with the claim's checks evaluated.
ClaimResult atlas_claim_result(const Claim& claim, const AtlasSpec& spec, const Atlas& atlas);

// Text of one cell as in the report's table.
std::string atlas_cell_text(const Atlas& atlas, const AtlasCell& cell);

}  // namespace granconv
