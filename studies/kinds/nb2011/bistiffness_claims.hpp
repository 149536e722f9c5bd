#pragma once
// Claims of kind "bistiffness": the bi-stiffness energetic-restitution law of
// Nguyen & Brogliato 2011 as the z-ODE of models/bistiffness_chain.hpp, its
// CVODE reference (reference/bistiffness_reference.hpp) and the LZB impulse
// stepping (schemes/lzb.hpp). Steel spheres in SI units (models/sphere_chains.hpp).
//
// Catalogue field "check" selects what is checked:
//   "zode"               LZB with ΔP → 0 converges to the z-ODE (no gap memory)
//                        post-impact velocities; with e_s = 1 the z-ODE (gap
//                        memory) equals the plain Hertz chain reference.
//   "binary-restitution" two spheres: separation/approach rate ratio = e_s and
//                        contact duration (1 + e_s)/2 × Hertz, z-ODE and LZB.
//   "wall-factor"        force pulse at contact 10–11 of a 20-bead chain vs the
//                        wall contact of 10 beads + wall: peak, duration and
//                        arrival ratios (§5.1, eq. (38)).
//   "table1"             peak forces at the right contact of bead 9 and the left
//                        contact of bead 17 (§7, Table 1).
// The other fields of each are documented in bistiffness_claims.cpp.
#include "studies/core/claim_kinds.hpp"

namespace granconv {

ClaimResult run_bistiffness_claim(const Claim& claim, const StudyOptions& options);

}  // namespace granconv
