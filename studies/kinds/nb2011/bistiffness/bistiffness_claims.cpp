#include "studies/kinds/nb2011/bistiffness/bistiffness_claims.hpp"

#include <chrono>
#include <string>

#include <fmt/format.h>

#include "studies/kinds/nb2011/bistiffness/bistiffness_detail.hpp"
#include "studies/support/record_helpers.hpp"

// Catalogue fields (all lengths in m, speeds in m/s, forces in N):
//  common:  "check", "material": {"rho", "E", "nu"} (default steel of the
//           paper: 7780 kg/m³, 203 GPa, 0.3), "rtol" of the z-ODE reference.
//  zode:    "bead_radius", "beads", "striker_radius", "V", "es": [...],
//           "dP": [...] (LZB impulse steps), "min_order" (least-squares slope
//           of the LZB error against ΔP), "max_final_error" (at the smallest
//           ΔP, max |v_LZB − v_z| / V), "hertz_tolerance" (e_s = 1: max
//           |v_z − v_Hertz| / V).
//  binary-restitution: "radii": [striker, bead], "V", "es": [...], "dP": [...],
//           "ratio_tolerance", "duration_tolerance" (z-ODE, relative),
//           "lzb_duration_tolerance" (relative, at the smallest ΔP).
//  wall-factor: "bead_radius", "striker_radius", "V", "beads" (long chain),
//           "contact" (1-based bead whose right contact is measured), "t_end",
//           "cases": [{"es", "memory", "paper": {"force", "tau", "arrival"}}],
//           "tolerance": {"force", "tau", "arrival"}.
//  table1:  "bead_radius", "striker_radius", "es", "memory", "t_end",
//           "chains": [{"beads", "V", "paper": [F9R, F17L], "experiment": [...]}],
//           "tolerance" (relative), "lzb_dP" (optional: LZB's own peaks beside).

namespace granconv {

using nlohmann::json;

ClaimResult run_bistiffness_claim(const Claim& claim, const BistiffnessSpec& spec, const StudyOptions& opt) {
  using namespace bistiffness;
  const auto wall_clock = std::chrono::steady_clock::now();
  const std::string& what = spec.check;
  CheckList checks;
  json record;
  if (what == "zode")
    run_zode(claim, spec, opt, checks, record);
  else if (what == "binary-restitution")
    run_binary(claim, spec, opt, checks, record);
  else if (what == "wall-factor")
    run_wall_factor(claim, spec, opt, checks, record);
  else
    run_table1(claim, spec, opt, checks, record);
  json out = result_head(claim, checks.pass);
  out.update(record);
  out["checks"] = checks.items;
  out["check"] = what;
  out["seconds"] = seconds_since(wall_clock);
  std::string s = checks.summary(claim);
  s += fmt::format("\n  {:.2f} s", out["seconds"].get<double>());
  return {out, checks.pass, s};
}

}  // namespace granconv
