// check "binary-restitution": the binary collision's restitution ratio and
// duration, z-ODE and LZB, against e_s and the Hertz duration.
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
#include "studies/support/parallel_for.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv::bistiffness {

using nlohmann::json;

ClaimResult run_binary(const Claim& claim, const BistiffnessSpec& spec, const StudyOptions& opt, CheckList& checks,
                       json& record) {
  const auto& mat = spec.material;
  const auto& radii = spec.radii;
  const double V = spec.V;
  const auto& es_list = spec.es_list;
  const auto& dPs = spec.dP;
  const double ratio_tol = spec.ratio_tolerance, dur_tol = spec.duration_tolerance;
  const double lzb_dur_tol = spec.lzb_duration_tolerance;
  const double rtol = spec.rtol;

  const auto s0 = make_setup({radii[1]}, radii[0], V, false, 1.0, ContactMemory::gap, mat);
  const double m1 = s0.sc.chain.m[0], m2 = s0.sc.chain.m[1], K = s0.sc.chain.k[0], mu = m1 * m2 / (m1 + m2);
  const double tH = hertz_binary_duration(mu, K, V);

  struct Case {
    double es;
    double ratio[2] = {0, 0}, t_release[2] = {0, 0};
    std::vector<LzbResult> lzb;
  };
  std::vector<Case> cases(es_list.size());
  for (std::size_t c = 0; c < cases.size(); ++c) cases[c].es = es_list[c], cases[c].lzb.resize(dPs.size());
  const std::size_t nl = dPs.size();
  parallel_for(cases.size() * (nl + 2), opt.jobs, [&](std::size_t k) {
    auto& cs = cases[k / (nl + 2)];
    const std::size_t r = k % (nl + 2);
    if (r < 2) {
      const auto s = make_setup({radii[1]}, radii[0], V, false, cs.es, r == 0 ? ContactMemory::gap : ContactMemory::none,
                                mat);
      const auto sol = bistiffness_reference(s.bc, s.y0, {0.0, tH * (1 + 2 / cs.es)},
                                             ref_options(rtol, s, opt.reference.max_seconds));
      cs.ratio[r] = -s.bc.approach(sol.states.back(), 0) / V;
      int releases = 0;
      for (const auto& ev : sol.events)
        if (ev.kind == BistiffnessEvent::Kind::release) cs.t_release[r] = ev.t, ++releases;
      if (releases != 1)
        throw std::runtime_error(fmt::format("claim '{}': expected one release of the binary contact, found {}",
                                             claim.id, releases));
    } else {
      LzbOptions lo;
      lo.dP = dPs[r - 2];
      lo.es = cs.es;
      lo.max_seconds = opt.reference.max_seconds;
      LzbImpact lzb(s0.sc.chain, lo);
      Vec<double> v0(2);
      v0 << V, 0.0;
      cs.lzb[r - 2] = lzb.run(v0);
    }
  });

  json rows = json::array(), lrows = json::array();
  std::vector<double> ex, ry, dy, dlaw;
  double worst_ratio = 0, worst_dur = 0;
  bool lzb_ratio_ok = true, lzb_dur_ok = true;
  double worst_lzb_ratio = 0, worst_lzb_dur = 0;
  for (const auto& cs : cases) {
    const double law = (1 + cs.es) / 2;
    for (int r = 0; r < 2; ++r) {
      worst_ratio = std::max(worst_ratio, std::abs(cs.ratio[r] - cs.es));
      worst_dur = std::max(worst_dur, std::abs(cs.t_release[r] / tH - law) / law);
    }
    rows.push_back({cs.es, rounded(cs.ratio[0], 15), rounded(cs.ratio[0] - cs.es, 2), rounded(cs.ratio[1] - cs.es, 2),
                    rounded(cs.t_release[0] * 1e6, 10), rounded(cs.t_release[0] / tH, 12), rounded(law, 12)});
    ex.push_back(cs.es);
    ry.push_back(cs.ratio[0]);
    dy.push_back(cs.t_release[0] / tH);
    dlaw.push_back(law);
    for (std::size_t k = 0; k < nl; ++k) {
      const auto& l = cs.lzb[k];
      const double ratio = (l.v[1] - l.v[0]) / V;
      // The last step overshoots the end of expansion by at most one impulse
      // increment, which changes the relative velocity by ΔP (1/m1 + 1/m2).
      const double bound = dPs[k] * (1 / m1 + 1 / m2) / V;
      const double dur = std::abs(l.t / (law * tH) - 1);
      lzb_ratio_ok = lzb_ratio_ok && std::abs(ratio - cs.es) <= bound;
      worst_lzb_ratio = std::max(worst_lzb_ratio, std::abs(ratio - cs.es) / bound);
      if (k + 1 == nl) {
        lzb_dur_ok = lzb_dur_ok && dur <= lzb_dur_tol;
        worst_lzb_dur = std::max(worst_lzb_dur, dur);
      }
      lrows.push_back({cs.es, dPs[k], l.steps, rounded(ratio, 10), rounded(ratio - cs.es, 3), rounded(bound, 3),
                       rounded(l.t * 1e6, 6), rounded(dur, 3)});
    }
  }
  checks.add(check("z-ODE: separation/approach rate ratio − e_s, max over e_s and both contact memories", "0 (exact)",
                   rounded(worst_ratio, 3), fmt::format("≤ {:g}", ratio_tol), worst_ratio <= ratio_tol));
  checks.add(check("z-ODE: contact duration / ((1 + e_s)/2 × Hertz duration) − 1, max (Hertz duration in closed form)",
                   "0", rounded(worst_dur, 3), fmt::format("≤ {:g}", dur_tol), worst_dur <= dur_tol));
  checks.add(check("LZB: |ratio − e_s| within one impulse step, ΔP (1/m1 + 1/m2)/V, every ΔP and e_s", "e_s",
                   fmt::format("max {:.3g} of the bound", worst_lzb_ratio), "≤ 1 × bound", lzb_ratio_ok));
  checks.add(check(fmt::format("LZB: impact duration t(P) vs (1 + e_s)/2 × Hertz at ΔP = {:g} N·s", dPs.back()),
                   "(1 + e_s)/2 × Hertz", rounded(worst_lzb_dur, 3), fmt::format("≤ {:g} (relative)", lzb_dur_tol),
                   lzb_dur_ok));
  record["tables"] = json::array(
      {{{"title", fmt::format("Binary collision, z-ODE CVODE reference (striker R = {} mm on R = {} mm, V = {} m/s; "
                              "Hertz duration {:.6f} μs)",
                              radii[0] * 1e3, radii[1] * 1e3, V, tH * 1e6)},
        {"columns", {"e_s", "ratio (gap memory)", "ratio − e_s (gap)", "ratio − e_s (no memory)", "duration (μs)",
                     "duration / Hertz", "(1 + e_s)/2"}},
        {"rows", rows}},
       {{"title", "Binary collision, LZB impulse stepping"},
        {"columns", {"e_s", "ΔP (N·s)", "steps", "ratio", "ratio − e_s", "one-step bound", "duration t(P) (μs)",
                     "|t / ((1 + e_s)/2 t_H) − 1|"}},
        {"rows", lrows}}});
  record["figures"] = json::array(
      {{{"name", claim.id + "-duration"},
        {"type", "lines"},
        {"title", "Contact duration of the bi-stiffness binary collision"},
        {"caption", "Duration / Hertz duration from the z-ODE reference (release event) against (1 + e_s)/2. Not a "
                    "figure of the paper (digest V5)."},
        {"xlabel", "e_s"},
        {"ylabel", "duration / Hertz duration"},
        {"series",
         {{{"title", "z-ODE"}, {"x", ex}, {"y", dy}, {"style", "points"}, {"color", "#1f77b4"}},
          {{"title", "(1 + e_s)/2"}, {"x", ex}, {"y", dlaw}, {"style", "lines"}, {"color", "#d62728"}}}}}});
  record["hertz_duration"] = tH;
  return {};
}

}  // namespace granconv::bistiffness
