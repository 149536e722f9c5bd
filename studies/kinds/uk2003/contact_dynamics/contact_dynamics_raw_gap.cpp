// check "raw-gap": the raw gap g in (28) pumps kinetic energy into the chain,
// g_pos does not.
#include <algorithm>

#include <fmt/format.h>

#include "studies/support/parallel_for.hpp"
#include "studies/support/record_helpers.hpp"
#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_detail.hpp"

namespace granconv::contact_dynamics {

using nlohmann::json;

// -------------------------------------------------------------- raw gap ----

ClaimResult run_raw_gap(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt) {
  const Spec s(claim, spec);
  const auto passive = spec.raw_gap.passive, pumping = spec.raw_gap.pumping;
  const double pump_min = spec.raw_gap.pump_min, passive_max = spec.raw_gap.passive_max;
  const int rest_steps = spec.raw_gap.rest_steps, hold_steps = spec.raw_gap.hold_steps;
  const int ni = s.n_i.front(), steps = s.steps(ni);
  const double e_impact = s.force * 1.0;  // work of F over the initial gap d: the kinetic energy at impact

  // (a) E1 with either law: energy created = max_t (E_kin − W_F), W_F the work of the external force.
  // (b) the rest state of a g_pos run (overlaps, R = F), continued with either law.
  struct Out {
    Trace tr;
    double created = 0, hold_ke = 0, rest_ke = 0, rest_overlap = 0;
    std::vector<double> hold_t, hold_e;
  };
  std::vector<Out> out(2);
  parallel_for(2, opt.jobs, [&](std::size_t i) {
    const auto mode = i == 0 ? passive : pumping;
    auto& o = out[i];
    o.tr = run_e1(s, ni, 1, mode, steps);
    o.created = -1e300;  // over t > 0: at t = 0 both vanish
    for (std::size_t k = 1; k < o.tr.t.size(); ++k) o.created = std::max(o.created, o.tr.ke[k] - o.tr.work[k]);
    auto ch = make_e1(s, ni, 1, cd::GapMode::positive);
    for (int k = 0; k < rest_steps; ++k) ch.step();
    o.rest_ke = ch.kinetic_energy();
    for (int c = 0; c < ch.contacts(); ++c) o.rest_overlap += std::max(-ch.gap(c), 0.0);
    ch.set_gap_mode(mode);
    for (int k = 0; k < hold_steps; ++k) {
      ch.step();
      o.hold_ke = std::max(o.hold_ke, ch.kinetic_energy());
      o.hold_t.push_back(k + 1);
      o.hold_e.push_back(std::max(ch.kinetic_energy() / e_impact, 1e-40));
    }
  });
  const auto pn = cd::to_string(passive), pm = cd::to_string(pumping);
  CheckList checks;
  auto bound = [&](const std::string& label, double observed, double limit, bool upper) {
    checks.add({{"label", label},
                {"paper", upper ? "no energy pumped in" : "kinetic energy pumped in"},
                {"observed", fmt::format("{:.3g}", observed)},
                {"tolerance", fmt::format("{} {:g}", upper ? "≤" : "≥", limit)},
                {"pass", upper ? observed <= limit : observed >= limit}});
  };
  bound(fmt::format("{}: max over t of (E_kin − W_F)/E_impact in E1 (N_I = {})", pn, ni), out[0].created / e_impact,
        passive_max, true);
  bound(fmt::format("{}: max over t of (E_kin − W_F)/E_impact in E1", pm), out[1].created / e_impact, pump_min, false);
  bound(fmt::format("{}: max E_kin/E_impact over {} steps from the g_pos rest state (t = {})", pn, hold_steps,
                    rest_steps),
        out[0].hold_ke / e_impact, passive_max, true);
  bound(fmt::format("{}: max E_kin/E_impact over {} steps from the same rest state", pm, hold_steps),
        out[1].hold_ke / e_impact, pump_min, false);

  auto ke_series = [&](const Trace& tr, const std::string& title, const std::string& color) {
    std::vector<double> y;
    for (double e : tr.ke) y.push_back(std::max(e / e_impact, 1e-40));
    return line_series(title, tr.t, y, "lines", color);
  };
  auto excess_series = [&](const Trace& tr, const std::string& title, const std::string& color) {
    std::vector<double> y;
    for (std::size_t k = 0; k < tr.t.size(); ++k) y.push_back((tr.ke[k] - tr.work[k]) / e_impact);
    return line_series(title, tr.t, y, "lines", color);
  };
  json figures = {
      {{"name", claim.id + "-energy"},
       {"type", "lines"},
       {"title", "E1 with g_pos and with the raw gap: energy balance"},
       {"caption", fmt::format("(E_kin − W_F)/E_impact, W_F the work done by the external force on the rightmost "
                               "disk, E_impact = F d = {} (N_I = {}, seed 1). A passive scheme stays ≤ 0.",
                               e_impact, ni)},
       {"xlabel", "t / Δt"},
       {"ylabel", "(E_kin − W_F) / E_impact"},
       {"series",
        {excess_series(out[0].tr, pn, "#1f77b4"), excess_series(out[1].tr, pm, "#d62728")}}},
      {{"name", claim.id + "-kinetic"},
       {"type", "lines"},
       {"title", "Kinetic energy in E1, g_pos against the raw gap"},
       {"caption", "E_kin/E_impact; with the raw gap the overlaps created by the incomplete iteration are pushed "
                   "apart, which feeds the motion."},
       {"xlabel", "t / Δt"},
       {"ylabel", "E_kin / E_impact"},
       {"logy", true},
       {"series", {ke_series(out[0].tr, pn, "#1f77b4"), ke_series(out[1].tr, pm, "#d62728")}}},
      {{"name", claim.id + "-rest"},
       {"type", "lines"},
       {"title", "Equilibrium with overlaps, continued with either law"},
       {"caption", fmt::format("The g_pos chain at t = {} (at rest to E_kin/E_impact = {:.2g}, total overlap {:.4g} d), "
                               "continued for {} steps with g_pos and with the raw gap.",
                               rest_steps, out[0].rest_ke / e_impact, out[0].rest_overlap, hold_steps)},
       {"xlabel", "steps after the switch"},
       {"ylabel", "E_kin / E_impact"},
       {"logy", true},
       {"series",
        {line_series(pn, out[0].hold_t, out[0].hold_e, "lines", "#1f77b4"),
         line_series(pm, out[1].hold_t, out[1].hold_e, "lines", "#d62728")}}}};
  json rec = result_head(claim, checks.pass);
  rec["checks"] = checks.items;
  rec["figures"] = figures;
  rec["tables"] = json::array(
      {{{"title", "Energy created by each law (units of E_impact = F d)"},
        {"columns", {"law", "max (E_kin − W_F), E1", "max E_kin, E1", "rest state: E_kin, total overlap / d",
                     "max E_kin after the switch"}},
        {"rows",
         {{pn, sig(out[0].created / e_impact, 4),
           sig(*std::max_element(out[0].tr.ke.begin(), out[0].tr.ke.end()) / e_impact, 4),
           fmt::format("{:.2g}, {:.4g}", out[0].rest_ke / e_impact, out[0].rest_overlap), sig(out[0].hold_ke / e_impact, 4)},
          {pm, sig(out[1].created / e_impact, 4),
           sig(*std::max_element(out[1].tr.ke.begin(), out[1].tr.ke.end()) / e_impact, 4),
           fmt::format("{:.2g}, {:.4g}", out[1].rest_ke / e_impact, out[1].rest_overlap),
           sig(out[1].hold_ke / e_impact, 4)}}}}});
  return {rec, checks.pass, checks.summary(claim)};
}

}  // namespace granconv::contact_dynamics
