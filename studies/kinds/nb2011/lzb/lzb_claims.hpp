#pragma once
// Claims of kind "lzb": the LZB impulse-stepping scheme (schemes/lzb.hpp) on
// the steel-sphere chains of Nguyen & Brogliato 2011, App. A.2 (scenarios
// lzb-monodisperse-20, lzb-tapered-20), checked against the paper's tables
// and against CVODE on the plain Hertz chain. The record's "check" selects:
//
//   "steps"  (lzb-table2, lzb-table3) — step counts to termination (19) per
//            ΔP within a relative tolerance of the paper's; the paper's
//            convergence indicators max Φ_h (46) and Φ_h^+ (47) (comparing ΔP
//            = h with h/2) are recomputed and tabulated side by side.
//            Fields: "rows": [{"dP", "paper_steps", "paper_seconds",
//            "paper_max_phi", "paper_phi_plus", "paper_converged"}],
//            "tolerance" (relative), "phi_every" (Φ_h(P) sampled at P = k ·
//            phi_every), "figure_beads".
//   "order"  (lzb-order) — post-impact velocities against the CVODE Hertz
//            post-impact velocities over a ΔP grid: least-squares order in
//            "window" within "expected_order" ± "tolerance"; momentum change
//            ≤ "momentum_tolerance" · |p| at every ΔP; the kinetic-energy error
//            has the sign "kinetic_sign" at every ΔP and its order in the
//            window within expected ± tolerance (least squares, or the
//            upper envelope with "kinetic_fit", which needs at least 5 ΔP in
//            each of its bins: refused at load otherwise). Fields: "dP_grid"
//            {max, min, per_decade}, "window", "rivals", "profile_dP" (figure).
//   "scale"  (lzb-scale) — CVODE runs at the speeds "V": v/V after the
//            impact independent of V (to "velocity_tolerance"), the time and
//            value of the peak force at contact "contact" fitted against V
//            (exponents "time_exponent", "force_exponent" ± "exponent_tolerance");
//            LZB with ΔP = "lzb_dP_per_V" · V is tabulated, not checked (the
//            scaled runs are the same arithmetic for any rate-independent
//            law). Optional "gamma": Kuwabara–Kono damping added to the CVODE
//            chain (a rate-dependent law breaks the scaling: negative test).
// Optional "distribution": "paper" (default) or "rule-11-exponents-swapped",
// a perturbed method for the negative tests (LzbOptions).
//
// LZB on a problem and `granconv solve --scheme lzb`: schemes/lzb_solve.hpp;
// the CVODE Hertz velocities they are compared with:
// reference/hertz_post_impact.hpp.
//
// Common fields: "scenario", "params", "reference": {"rtol", "atol"} (CVODE
// tolerances in SI units: velocities ~1 m/s, overlaps ~1e-5 m), "t_end".
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/scenarios.hpp"
#include "reference/hertz_post_impact.hpp"
#include "reference/sundials/cvode_reference.hpp"
#include "schemes/lzb.hpp"
#include "schemes/lzb_solve.hpp"
#include "studies/core/claim_kinds.hpp"
#include "fit/order_fit.hpp"

namespace granconv {

// The catalogue fields above, read at load; only the fields of the record's
// check are accepted.
struct LzbSpec {
  std::string check;  // "steps", "order", "scale"
  std::string scenario;
  std::vector<std::string> params;
  LzbOptions method;  // "distribution"
  std::optional<double> rtol, atol;  // "reference" (both or neither)
  double tolerance = 0;              // steps (relative), order (on the order)
  // steps
  struct Row {
    double dP = 0;
    long paper_steps = 0;
    double paper_seconds = 0, paper_max_phi = 0, paper_phi_plus = 0;
    bool paper_converged = false;
  };
  std::vector<Row> rows;
  double phi_every = 1e-4;
  std::vector<int> figure_beads;
  // order
  double grid_max = 0, grid_min = 0;
  int per_decade = 0;
  FitKind kinetic_fit = FitKind::least_squares;
  std::vector<double> window, profile_dP, rivals;
  double expected_order = 0, momentum_tolerance = 0;
  std::string kinetic_sign;
  // scale
  std::vector<double> V;
  int contact = 0, samples = 4000;
  double t_end = 0, velocity_tolerance = 0, time_exponent = 0, force_exponent = 0, exponent_tolerance = 0,
         time_exponent_rival = 0, force_exponent_rival = 0, dP_per_V = 0, gamma = 0;
  nlohmann::json exponent_tolerance_source;
};

LzbSpec parse_lzb_spec(FieldReader& r);
ClaimResult run_lzb_claim(const Claim& claim, const LzbSpec& spec, const StudyOptions& options);

}  // namespace granconv
