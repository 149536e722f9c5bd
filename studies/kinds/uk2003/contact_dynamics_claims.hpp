#pragma once
// Claims of kind "contact-dynamics": Unger & Kertész 2003, contact dynamics of
// rigid disks on a line (schemes/contact_dynamics.hpp). The record's field
// "claim" selects the check:
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
// predicted τ), "tolerance" (relative, on ω and τ), "slope_tolerance".
#include "studies/core/claim_kinds.hpp"

namespace granconv {

ClaimResult run_contact_dynamics_claim(const Claim& claim, const StudyOptions& options);

}  // namespace granconv
