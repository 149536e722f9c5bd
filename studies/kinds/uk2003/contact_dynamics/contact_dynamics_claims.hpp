#pragma once
// Claims of kind "contact-dynamics": Unger & Kertész 2003, contact dynamics of
// rigid disks on a line (schemes/contact_dynamics.hpp). The record's field
// "check" selects what is checked:
//
//   "shock-law"         one contact, law (34): a gap closes in one step, the
//                       relative velocity is 0 after the second (e_n = 0);
//                       an existing overlap persists and stops growing (g_pos).
//                       Fields: "cases": [{m0, m1 (0: wall), v0, v1, gap, dt}],
//                       "tolerance" (relative), "gap" ("g_pos"|"raw").
//   "sound"             E1 (figs 6–7): `disks` disks, unit d, m, Δt, wall gap
//                       d, force `force` on the rightmost disk; the fundamental
//                       mode of the rightmost disk against (58), (60).
//   "equivalent-chain"  the same chain as a linear spring–dashpot chain (67),
//                       (68), integrated by CVODE: same fundamental mode.
//   "raw-gap"           raw g in (28) pumps kinetic energy in, g_pos does not.
//
// Common fields of the chain claims: "disks", "force", "n_i" (the N_I run),
// "checked_n_i" (those checked against the paper), "seeds", "q" (the q of
// the predictions, default (4√e − 5)/2), "settle" (time after which the
// chain must have stopped leaving the linear regime), "fit_skip_tau",
// "fit_span_tau" (the fit window after the last non-linear event, in
// predicted τ), "tolerance" (relative, on ω and τ), "slope_tolerance";
// "sound" and "equivalent-chain" also "rival_q" (default 1) and "rival_note".
//
// Only the fields of the record's check are accepted: "stiffness_factor"
// (default 1) belongs to "equivalent-chain"; "passive_gap" (default g_pos),
// "pumping_gap" (default raw), "pump_min", "passive_max", "rest_steps",
// "hold_steps" to "raw-gap".
#include <string>
#include <vector>

#include "schemes/contact_dynamics.hpp"
#include "studies/core/claim_kinds.hpp"

namespace granconv {

struct ContactDynamicsSpec {
  std::string check;  // "shock-law", "sound", "equivalent-chain", "raw-gap"
  // shock-law
  struct Case {
    double m0 = 0, m1 = 0, v0 = 0, v1 = 0, gap = 0, dt = 0;
  };
  std::vector<Case> cases;
  double tolerance = 0;
  cd::GapMode gap = cd::GapMode::positive;
  // the chain checks (d = m = Δt = 1)
  struct Chain {
    int disks = 50;
    double force = 0.05, q = 0;
    std::vector<int> n_i, checked;
    int seeds = 1;
    double settle = 250, skip_tau = 1, span_tau = 4, tol = 0.05, slope_tol = 0.05;
    // The rival of ω and τ: the prediction with this q ("rival_q", default
    // 1: κ and γ without q, the iteration taken as exact). The tolerance is
    // below half the relative distance to it at every checked N_I (at load).
    double rival_q = 1;
    // The steps of an E1 run at N_I = ni: settle, then the fit window (a
    // whole number, as a double: held to the limits at load before any
    // conversion).
    double e1_steps(int ni) const;
  } chain;
  double stiffness_factor = 1;  // equivalent-chain
  struct RawGap {
    cd::GapMode passive = cd::GapMode::positive, pumping = cd::GapMode::raw;
    double pump_min = 0, passive_max = 0;
    int rest_steps = 0, hold_steps = 0;
  } raw_gap;
};

ContactDynamicsSpec parse_contact_dynamics_spec(FieldReader& r);
ClaimResult run_contact_dynamics_claim(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& options);

}  // namespace granconv
