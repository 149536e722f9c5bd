#pragma once
// Claims of kind "bistiffness": the bi-stiffness energetic-restitution law of
// Nguyen & Brogliato 2011 as the z-ODE of models/bistiffness_chain.hpp, its
// CVODE reference (reference/sundials/bistiffness_reference.hpp) and the LZB impulse
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
#include <map>
#include <string>
#include <vector>
#include "models/bistiffness_chain.hpp"
#include "models/sphere_chains.hpp"

namespace granconv {

// The fields, read at load; only those of the record's check are accepted.
struct BistiffnessSpec {
  std::string check;  // "zode", "binary-restitution", "wall-factor", "table1"
  SphereMaterial material;
  double rtol = 0;  // of the z-ODE reference
  double bead_radius = 0, striker_radius = 0, V = 0, t_end = 0;
  int beads = 0;
  ContactMemory memory = ContactMemory::none;
  std::vector<double> es_list, dP;  // zode, binary-restitution (dP sorted, largest first)
  // zode
  double min_order = 0, max_final_error = 0, hertz_tolerance = 0;
  // binary-restitution
  std::vector<double> radii;  // striker, bead
  double ratio_tolerance = 0, duration_tolerance = 0, lzb_duration_tolerance = 0;
  // wall-factor: ratios named "force", "tau", "arrival"
  int contact = 0;
  struct WallCase {
    double es = 0;
    ContactMemory memory = ContactMemory::none;
    std::map<std::string, double> paper;
  };
  std::vector<WallCase> wall_cases;
  std::map<std::string, double> wall_tolerance, wall_rival;
  // table1
  double es = 0, tolerance = 0, lzb_dP = 0;
  struct Table1Chain {
    int beads = 0;
    double V = 0;
    std::vector<double> paper, experiment, rival;  // [9R, 17L]
  };
  std::vector<Table1Chain> chains;
  nlohmann::json tolerance_source;  // of "tolerance" (wall-factor, table1)
};

BistiffnessSpec parse_bistiffness_spec(FieldReader& r);
ClaimResult run_bistiffness_claim(const Claim& claim, const BistiffnessSpec& spec, const StudyOptions& options);

}  // namespace granconv
