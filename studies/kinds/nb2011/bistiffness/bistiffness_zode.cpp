// check "zode": LZB against the z-ODE reference over ΔP (order and final
// error) and, at e_s = 1, the z-ODE against the Hertz chain.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reference/sundials/cvode_reference.hpp"
#include "schemes/lzb.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/kinds/nb2011/bistiffness/bistiffness_detail.hpp"
#include "studies/support/palette.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/support/record_helpers.hpp"
#include "fit/sample_statistics.hpp"

namespace granconv::bistiffness {

using nlohmann::json;

// ---------------------------------------------------------------- zode

ClaimResult run_zode(const Claim& claim, const BistiffnessSpec& spec, const StudyOptions& opt, CheckList& checks,
                     json& record) {
  const auto& mat = spec.material;
  const double R = spec.bead_radius, rs = spec.striker_radius, V = spec.V;
  const int nb = spec.beads;
  const auto& es_list = spec.es_list;
  const auto& dPs = spec.dP;
  const double min_order = spec.min_order, max_final = spec.max_final_error;
  const double hertz_tol = spec.hertz_tolerance;
  const double rtol = spec.rtol;
  const auto mem = spec.memory;
  const std::vector<double> radii(nb, R);

  struct Case {
    double es;
    Vec<double> vz, vz_gap, vh;
    double t_end = 0, t_last = 0;
    long switches = 0;
    std::vector<LzbResult> lzb;
  };
  std::vector<Case> cases(es_list.size());
  // Jobs: one z-ODE per e_s, one LZB per (e_s, ΔP): each writes its own slot.
  for (std::size_t c = 0; c < cases.size(); ++c) {
    cases[c].es = es_list[c];
    cases[c].lzb.resize(dPs.size());
  }
  const std::size_t nl = dPs.size();
  parallel_for(cases.size() * nl, opt.jobs, [&](std::size_t k) {
    auto& cs = cases[k / nl];
    const auto s = make_setup(radii, rs, V, false, cs.es, ContactMemory::none, mat);
    LzbOptions lo;
    lo.dP = dPs[k % nl];
    lo.es = cs.es;
    lo.max_seconds = opt.reference.max_seconds;
    LzbImpact lzb(s.sc.chain, lo);
    Vec<double> v0(s.bc.beads());
    for (int i = 0; i < s.bc.beads(); ++i) v0[i] = s.sc.y0[2 * i + 1];
    cs.lzb[k % nl] = lzb.run(v0);
  });
  parallel_for(cases.size(), opt.jobs, [&](std::size_t c) {
    auto& cs = cases[c];
    const auto s = make_setup(radii, rs, V, false, cs.es, mem, mat);
    // Integrate past LZB's impact duration until the z-ODE has terminated.
    double t_end = 1.5 * cs.lzb.back().t;
    for (int tries = 0;; ++tries) {
      const auto sol =
          bistiffness_reference(s.bc, s.y0, {0.0, t_end}, ref_options(rtol, s, opt.reference.max_seconds));
      if (terminal(s.bc, sol.states.back())) {
        cs.vz = velocities(s.bc, sol.states.back());
        cs.t_end = t_end;
        cs.switches = sol.provenance.events;
        for (const auto& ev : sol.events)
          if (ev.kind == BistiffnessEvent::Kind::release) cs.t_last = std::max(cs.t_last, ev.t);
        break;
      }
      if (tries == 6)
        throw std::runtime_error(fmt::format("claim '{}': the z-ODE impact (e_s = {}) has not terminated by t = {:g} s",
                                             claim.id, cs.es, t_end));
      t_end *= 2;
    }
    if (cs.es == 1) {
      // The plain Hertz chain and the z-ODE with gap memory at the same time.
      const auto sg = make_setup(radii, rs, V, false, 1.0, ContactMemory::gap, mat);
      const auto zg =
          bistiffness_reference(sg.bc, sg.y0, {0.0, t_end}, ref_options(rtol, sg, opt.reference.max_seconds));
      cs.vz_gap = velocities(sg.bc, zg.states.back());
      Problem<double> pr{"lzb-zode-hertz", {}, s.sc.chain, s.sc.y0, t_end, {}, {}, {}};
      ReferenceOptions ro;
      ro.max_seconds = opt.reference.max_seconds;
      ro.method = "adams";
      ro.estimate_error = false;
      const auto h = cvode_reference(pr, {0.0, t_end}, ro);
      cs.vh = Vec<double>(s.bc.beads());
      for (int i = 0; i < s.bc.beads(); ++i) cs.vh[i] = h.states.back()[2 * i + 1];
    }
  });

  json rows = json::array(), series = json::array();
  const char* colors[] = {palette::blue, palette::red, palette::green, palette::purple};
  for (std::size_t c = 0; c < cases.size(); ++c) {
    const auto& cs = cases[c];
    std::vector<double> errs, dts;
    for (std::size_t k = 0; k < nl; ++k) {
      const auto& r = cs.lzb[k];
      const double err = (r.v - cs.vz).cwiseAbs().maxCoeff() / V;
      errs.push_back(err);
      dts.push_back(std::abs(r.t - cs.t_last) / cs.t_last);
      rows.push_back({cs.es, dPs[k], r.steps, rounded(err, 3), rounded(r.t * 1e6, 6), rounded(cs.t_last * 1e6, 6),
                      rounded(r.momentum_after / r.momentum_before - 1, 2)});
    }
    const double p = log_log_slope(dPs, errs);
    checks.add(check(fmt::format("e_s = {}: LZB → z-ODE post-impact velocities, least-squares order over ΔP = {:g} … "
                                 "{:g} N·s",
                                 cs.es, dPs.front(), dPs.back()),
                     "converges (order ≈ 1)", rounded(p, 3), fmt::format("≥ {}", min_order), p >= min_order));
    checks.add(check(fmt::format("e_s = {}: max |v_LZB − v_z| / V at ΔP = {:g} N·s", cs.es, dPs.back()), "→ 0",
                     rounded(errs.back(), 3), fmt::format("≤ {:g}", max_final), errs.back() <= max_final));
    series.push_back({{"title", fmt::format("e_s = {}", cs.es)}, {"x", dPs}, {"y", errs}, {"style", "linespoints"},
                      {"color", colors[c % 4]}});
    if (cs.es == 1) {
      const double dh = (cs.vz_gap - cs.vh).cwiseAbs().maxCoeff() / V;
      const double dn = (cs.vz - cs.vh).cwiseAbs().maxCoeff() / V;
      checks.add(check("e_s = 1: z-ODE (gap memory) = plain Hertz chain, max |Δv| / V after the impact", "equal",
                       rounded(dh, 3), fmt::format("≤ {:g}", hertz_tol), dh <= hertz_tol));
      record["hertz_vs_zode_compared"] = {
          {"max_dv_over_V", dn},
          {"note", fmt::format("the z-ODE compared with LZB (memory {}) vs plain Hertz, e_s = 1", to_string(mem))}};
    }
  }
  record["tables"] = json::array(
      {{{"title", "LZB impulse stepping against the z-ODE (no gap memory) on the App. A.2.1 chain"},
        {"columns", {"e_s", "ΔP (N·s)", "LZB steps", "max |v_LZB − v_z| / V", "LZB duration t(P) (μs)",
                     "z-ODE last release (μs)", "momentum drift"}},
        {"rows", rows}}});
  record["figures"] = json::array(
      {{{"name", claim.id + "-convergence"},
        {"type", "lines"},
        {"title", "LZB (ΔP) → z-ODE: post-impact velocity error"},
        {"caption", "Striker + 20 beads, R = 10 mm, V = 1 m/s (App. A.2.1). Error of LZB's post-impact velocities "
                    "against the CVODE reference of the z-ODE without gap memory, relative to V. Not a figure of the "
                    "paper."},
        {"xlabel", "ΔP (N·s)"},
        {"ylabel", "max |v_LZB − v_z| / V"},
        {"logx", true},
        {"logy", true},
        {"series", series}}});
  json z = json::array();
  for (const auto& cs : cases)
    z.push_back({{"es", cs.es}, {"t_end", cs.t_end}, {"switches", cs.switches}, {"last_release", cs.t_last},
                 {"post_impact_v", std::vector<double>(cs.vz.data(), cs.vz.data() + cs.vz.size())}});
  record["zode"] = z;
  return {};
}

}  // namespace granconv::bistiffness
