#pragma once
// The order atlas (issue 6): every time-stepping scheme of scheme_catalogue()
// × every force model of force_models() (studies/atlas/atlas_models.hpp; its
// default columns, or those a claim names in `models`) × the
// formulations that apply × {binary collision, trimer impact}, each cell a
// convergence sweep against the CVODE reference with a fitted observed order
// and its 95 % CI. Rows and columns come from the two catalogues only.
//
// Rows: one per (scheme, formulation): Runge–Kutta tableaux in xv and xw,
// the DEM schemes (they integrate x'' = F(x, v)) and the tailored schemes
// (they step the undamped chain in (x, v) whatever the formulation) in xv.
// A model with an internal state (ForceModel::internal_state(): the
// bi-stiffness law, (x, v, z) per bead) takes a second path in the same cell
// loop: the Runge–Kutta rows step its own ODE (internal_state_scheme) against
// its own reference (internal_state_reference), errors on x and v; other
// rows do not apply there (cell_not_applicable says why).
// The impulse family (lzb) is no row: it steps in the principal impulse ΔP of
// one impact, not in time, so it has no error at grid times.
//
// A cell is "untrustworthy" (no number printed) when the fit fails (no
// straight window of ≥ 1 decade and ≥ 5 points above the floor: no asymptotic
// window) or its 95 % CI is wider than max_ci_width. Default 0.4, the bound
// of every order claim of the catalogue: the orders that compete on these
// problems (1, 3/2, 2, 5/2, ...) are half an order apart, and a CI of ± 0.2
// around one of them excludes its neighbours. A trustworthy cell "lost
// order" when its CI lies wholly below classical − order_loss_tolerance.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "schemes/scheme_catalogue.hpp"
#include "studies/atlas/atlas_models.hpp"
#include "fit/order_fit.hpp"
#include "studies/core/study.hpp"

namespace granconv {

struct AtlasRow {
  std::string scheme, label;
  SchemeFamily family = SchemeFamily::runge_kutta;
  Formulation formulation = Formulation::xv;
  int classical_order = 0;
  bool tailored = false;
  bool implicit = false;  // Scheme::implicit: the floor's round-off term
  std::string name() const { return scheme + " " + to_string(formulation); }
};

// Rows generated from scheme_catalogue(); `skipped` (if given) gets one line
// per scheme left out and why.
std::vector<AtlasRow> atlas_rows(std::vector<std::string>* skipped = nullptr);

// "" when the cell runs, else a short reason (the atlas notes explain them).
std::string cell_not_applicable(const AtlasRow& row, const ForceModel& model);

struct AtlasGrid {
  double t_end = 0, h_max = 0, h_min = 0;
  int per_decade = 0;
};

struct AtlasSettings {
  // t_end: binary just past separation (the undamped Hertz contact, the
  // longest, lasts ≈ 3.22); trimer: JVB fig. 2's t_end, so that the KK cells
  // are the jvb-fig2-* problems themselves.
  // Trimer: the grid of the jvb-fig2-* claims (h ∈ [1e-4, 0.5], 20 per
  // decade), so the checks refit the KK cells on those claims' very data
  // (at 15 per decade the GL2 (x, w) envelope CI was 0.59 wide). Binary:
  // the same density on [1e-4, 1e-1] (coarser h would be a handful of steps).
  AtlasGrid binary{4.0, 1e-1, 1e-4, 20}, trimer{5.0, 0.5, 1e-4, 20};
  double max_ci_width = 0.4;
  double order_loss_tolerance = 0.25;
  // Upper envelope: the errors oscillate with h (contact events fall at a
  // different phase of a step for every h); the envelope is the rate the
  // error is guaranteed to decay at. The least-squares slope is recorded too.
  FitKind fit = FitKind::upper_envelope;
  int envelope_bins_per_decade = 4;
  double floor_factor = 10;
  // Restrict to these names (empty: the whole catalogue).
  std::vector<std::string> schemes, models, problems;
  const AtlasGrid& grid(AtlasProblem p) const { return p == AtlasProblem::binary ? binary : trimer; }
};

struct CellVerdict {
  OrderFit fit, least_squares;
  bool trustworthy = false;
  std::string reason;       // why untrustworthy
  bool lost_order = false;  // trustworthy and below classical − tolerance
};
CellVerdict judge_cell(const std::vector<double>& h, const std::vector<double>& e, const std::vector<bool>& usable,
                       int classical_order, const AtlasSettings& s);

struct AtlasCell {
  AtlasProblem problem = AtlasProblem::binary;
  std::size_t row = 0, model = 0;
  std::string not_applicable;
  std::vector<long> steps;
  std::vector<double> h, error, floor;
  std::vector<bool> usable;
  std::vector<std::string> failures;  // per step size: the scheme's error message, "" when it ran
  std::string failure;                // the first failure (coarsest h first, the grid order), "" if none
  CellVerdict verdict;
};

struct Atlas {
  AtlasSettings settings;
  std::vector<AtlasRow> rows;
  std::vector<std::string> skipped_schemes;
  std::vector<ForceModel> models;
  std::vector<AtlasProblem> problems;
  std::vector<AtlasCell> cells;  // problem-major, then row, then model
  nlohmann::json references = nlohmann::json::object();  // provenance per "<problem>/<model>"
  double seconds = 0;
  const AtlasCell& cell(std::size_t problem, std::size_t row, std::size_t model) const {
    return cells[(problem * rows.size() + row) * models.size() + model];
  }
};

// The grid of cells with their applicability, nothing run.
Atlas atlas_layout(const AtlasSettings& s);
// Runs every applicable cell (references, then every (cell, step) in parallel
// on options.jobs threads; results do not depend on the thread count).
Atlas run_atlas(const AtlasSettings& s, const StudyOptions& options);

}  // namespace granconv
