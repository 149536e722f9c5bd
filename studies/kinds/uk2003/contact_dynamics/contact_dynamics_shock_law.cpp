// check "shock-law": one contact under the shock law (34), e_n = 0.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "studies/support/record_helpers.hpp"
#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_detail.hpp"

namespace granconv::contact_dynamics {

using nlohmann::json;

// ------------------------------------------------------------ shock law ----

ClaimResult run_shock_law(const Claim& claim, const ContactDynamicsSpec& spec) {
  const double tol = spec.tolerance;
  const auto gap_mode = spec.gap;
  CheckList checks;
  json rows = json::array();
  for (const auto& c : spec.cases) {
    const double m0 = c.m0, m1 = c.m1, v0 = c.v0, v1 = c.v1, g = c.gap, dt = c.dt;
    const bool wall = m0 == 0;
    cd::Parameters p;
    p.dt = dt;
    p.sweeps = 1;  // one contact: one sweep solves it exactly
    p.gap = gap_mode;
    // Disk 1 right of disk 0 (or of the wall, when m0 = 0).
    auto ch = wall ? cd::Chain1D({m1}, {0.5 + g}, {v1}, {}, true, p)
                   : cd::Chain1D({m0, m1}, {0.0, 1.0 + g}, {v0, v1}, {}, false, p);
    auto vn = [&] { return wall ? ch.v()[0] : ch.v()[1] - ch.v()[0]; };
    auto momentum = [&] { return wall ? 0.0 : m0 * ch.v()[0] + m1 * ch.v()[1]; };
    const double vn0 = vn(), p0 = momentum();
    const double scale = std::max({std::abs(g), std::abs(vn0) * dt, 1e-300});
    ch.step();
    const double g1 = ch.gap(0), vn1 = vn();
    ch.step();
    const double g2 = ch.gap(0), vn2 = vn(), p2 = momentum();
    // The rigid e_n = 0 outcome: with contact, step 1 closes the gap (or, for
    // an overlap under g_pos, stops its growth), step 2 leaves no relative motion.
    // The expectation is always the paper's law (g_pos); "gap": "raw" only changes the run.
    const double gp = std::max(g, 0.0);
    const bool contact = gp + vn0 * dt <= 0;
    const double g1_expected = contact ? g - gp : g + vn0 * dt, vn1_expected = contact ? -gp / dt : vn0;
    const double vn2_expected = contact ? 0 : vn0;
    const double e1 = std::abs(g1 - g1_expected) / scale, e2 = std::abs(vn1 - vn1_expected) * dt / scale,
                 e3 = std::abs(vn2 - vn2_expected) * dt / scale;
    const double e4 = wall ? 0.0 : std::abs(p2 - p0) / ((m0 + m1) * std::max({std::abs(v0), std::abs(v1), 1e-300}));
    const double worst = std::max({e1, e2, e3, e4});
    const std::string label =
        fmt::format("{} m = ({}, {}), v = ({}, {}), gap {}, Δt {}: {}", wall ? "wall," : "two disks,", wall ? "∞" : fmt::format("{}", m0),
                    m1, wall ? 0.0 : v0, v1, g, dt,
                    contact ? (g >= 0 ? "gap closes in step 1, V_n = 0 after step 2" : "overlap kept, V_n = 0")
                            : "no contact: free flight");
    checks.add({{"label", label},
                {"paper", fmt::format("gap {:.6g} after step 1, V_n {:.6g} after step 1, {:.6g} after step 2",
                                      g1_expected, vn1_expected, vn2_expected)},
                {"observed", fmt::format("gap {:.6g}, V_n {:.6g}, {:.6g}; largest relative deviation {:.2g}", g1, vn1, vn2,
                                         worst)},
                {"tolerance", fmt::format("≤ {:g} (relative to max(|g|, |V_n| Δt))", tol)},
                {"pass", worst <= tol}});
    rows.push_back({wall ? "wall" : "disks", m0, m1, v0, v1, g, dt, contact, sig(g1, 8), sig(vn1, 8), sig(g2, 8),
                    sig(vn2, 8), sig(vn2 / vn0, 3), sig(worst, 2)});
  }
  json rec = result_head(claim, checks.pass);
  rec["checks"] = checks.items;
  rec["tables"] = json::array(
      {{{"title", fmt::format("One contact under the shock law (34), gap mode {}", cd::to_string(gap_mode))},
        {"columns", {"partner", "m0", "m1", "v0", "v1", "gap", "Δt", "contact", "gap after 1", "V_n after 1",
                     "gap after 2", "V_n after 2", "restitution V_n2/V_n0", "max rel. deviation"}},
        {"rows", rows}}});
  return {rec, checks.pass, checks.summary(claim)};
}

}  // namespace granconv::contact_dynamics
