// check "scale" (lzb-scale): CVODE runs at several impact speeds; v/V after
// the impact and the peak force's time and value against V.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "fit/log_log_slope.hpp"
#include "reference/cache/reference_cache.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/verdict.hpp"
#include "studies/kinds/nb2011/lzb/lzb_detail.hpp"
#include "studies/support/grid_budget.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv::lzb_kind {

using nlohmann::json;

struct ScaleRun {
  double V = 0;
  Vec<double> v;                // post-impact, CVODE
  double f_max = 0, t_peak = 0;  // at the contact, sampled on the scaled grid
  std::vector<double> t, f;     // force history at the contact
  LzbResult lzb;
};

ClaimResult scale_claim(const Claim& claim, const LzbSpec& spec, const StudyOptions& opt) {
  const auto wall = std::chrono::steady_clock::now();
  const auto& Vs = spec.V;
  const int contact = spec.contact;
  const int samples = spec.samples;
  const double t_end = spec.t_end;  // at V = 1
  const double vtol = spec.velocity_tolerance;
  const double te = spec.time_exponent, fe = spec.force_exponent;
  const double etol = spec.exponent_tolerance;
  const double te_rival = spec.time_exponent_rival, fe_rival = spec.force_exponent_rival;
  auto with_rival = [&](json c, double r) {
    c["rival"] = r;
    c["tolerance_source"] = spec.exponent_tolerance_source;
    return c;
  };
  const double dP_per_V = spec.dP_per_V;
  const double gamma = spec.gamma;
  const auto ro = reference_options(spec, opt);

  std::vector<ScaleRun> runs(Vs.size());
  parallel_for(Vs.size(), opt.jobs, [&](std::size_t i) {
    ScaleRun& r = runs[i];
    r.V = Vs[i];
    // Time ∝ V^{−1/5}: the sampling grid and t_end scale with it, so samples
    // fall at the same phases of the motion for every V.
    const double ts = std::pow(r.V, -0.2) * t_end;
    auto pr = claim_problem(spec, {fmt::format("V={:.17g}", r.V), fmt::format("t_end={:.17g}", ts)});
    if (contact < 0 || contact >= pr.chain.links()) throw std::invalid_argument("claim '" + claim.id + "': no such contact");
    r.lzb = run_lzb(pr, dP_per_V * r.V, nullptr, lzb_options(spec, opt));
    if (gamma > 0) pr.chain.gamma.assign(pr.chain.gamma.size(), gamma);  // KK damping, four_beta = 6
    std::vector<double> times(samples + 1);
    for (int k = 0; k <= samples; ++k) times[k] = ts * k / samples;
    const auto ref = cached_reference(pr, times, ro, opt.cache_dir);
    r.v = velocities_of(ref.states.back());
    const double k = pr.chain.k[contact];
    for (int s = 0; s <= samples; ++s) {
      const double d = pr.chain.gap(ref.states[s], contact);
      const double f = d > 0 ? k * std::pow(d, 1.5) : 0.0;
      r.t.push_back(times[s]);
      r.f.push_back(f);
      if (f > r.f_max) {
        r.f_max = f;
        r.t_peak = times[s];
      }
    }
  });
  const ScaleRun* base = &runs.front();
  for (const auto& r : runs)
    if (r.V == 1.0) base = &r;
  double dv = 0, dv_lzb = 0;
  bool steps_equal = true;
  for (const auto& r : runs) {
    dv = std::max(dv, (r.v / r.V - base->v / base->V).cwiseAbs().maxCoeff());
    dv_lzb = std::max(dv_lzb, (r.lzb.v / r.V - base->lzb.v / base->V).cwiseAbs().maxCoeff());
    steps_equal = steps_equal && r.lzb.steps == base->lzb.steps;
  }
  // Exponents: least squares of log(peak time), log(peak force), log(LZB duration) on log V.
  auto slope = [&](auto get) {
    std::vector<double> x, y;
    for (const auto& r : runs) {
      x.push_back(r.V);
      y.push_back(get(r));
    }
    return log_log_slope(x, y);
  };
  const double p_t = slope([](const ScaleRun& r) { return r.t_peak; });
  const double p_f = slope([](const ScaleRun& r) { return r.f_max; });
  const double p_lzb = slope([](const ScaleRun& r) { return r.lzb.t; });
  CheckList checks;
  const std::string vlist = json(Vs).dump();
  checks.add(check("CVODE Hertz: max over V ∈ " + vlist + " and bodies of |v_i/V − v_i/V|_{V=1}| after the impact", 0.0,
                   rounded(dv, 3), fmt::format("≤ {:g}", vtol), dv <= vtol));
  checks.add(with_rival(check(fmt::format("CVODE Hertz: exponent of the peak-force time at contact {} against V",
                                          contact),
                              te, rounded(p_t, 6), fmt::format("± {:g}", etol), std::abs(p_t - te) <= etol),
                        te_rival));
  checks.add(with_rival(check(fmt::format("CVODE Hertz: exponent of the peak force at contact {} against V", contact),
                              fe, rounded(p_f, 6), fmt::format("± {:g}", etol), std::abs(p_f - fe) <= etol),
                        fe_rival));
  // LZB is not checked here: it has no velocity scale (impulses, energies and
  // the time map (18) are homogeneous in V for any contact exponent), and
  // with ΔP ∝ V in powers of two the scaled runs are the same arithmetic, so
  // equal v/V, equal step counts and the duration exponent (1 − η)/(1 + η)
  // hold for any rate-independent law: checks that cannot fail. They are
  // tabulated.

  json rows = json::array(), coll = json::array(), prof = json::array();
  std::vector<double> bx;
  for (Eigen::Index b = 0; b < base->v.size(); ++b) bx.push_back(double(b));
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto& r = runs[i];
    rows.push_back({r.V, rounded(r.t_peak * 1e6, 8), rounded(r.f_max, 8), rounded(r.t_peak / base->t_peak, 8),
                    rounded(std::pow(r.V, te), 8), rounded(r.f_max / base->f_max, 8), rounded(std::pow(r.V, fe), 8),
                    rounded((r.v / r.V - base->v / base->V).cwiseAbs().maxCoeff(), 3), r.lzb.steps, rounded(r.lzb.t * 1e6, 8)});
    std::vector<double> x, y;
    const int stride = std::max<int>(1, samples / 1500);
    for (std::size_t s = 0; s < r.t.size(); s += stride) {
      x.push_back(rounded(r.t[s] * std::pow(r.V, -te) * 1e6, 7));
      y.push_back(rounded(r.f[s] / std::pow(r.V, fe), 7));
    }
    coll.push_back({{"title", fmt::format("V = {:g} m/s", r.V)}, {"x", x}, {"y", y},
                    {"style", i == 0 ? "lines" : "dashes"}, {"color", kColors[i % kColors.size()]}});
    prof.push_back({{"title", fmt::format("V = {:g} m/s", r.V)}, {"x", bx}, {"y", to_vector(r.v / r.V)},
                    {"style", i == 0 ? "linespoints" : "points"}, {"color", kColors[i % kColors.size()]}});
  }
  json tables = json::array({{{"title", fmt::format("Scaling with the impact speed (contact {}; CVODE Hertz, checked; LZB "
                                                    "with ΔP ∝ V, tabulated: the same arithmetic at every V)",
                                                    contact)},
                              {"columns", {"V (m/s)", "t_peak (μs)", "F_max (N)", "t_peak ratio", "V^" + fmt::format("{:g}", te),
                                           "F_max ratio", "V^" + fmt::format("{:g}", fe), "max |Δ(v/V)| vs V = 1",
                                           "LZB steps", "LZB duration (μs)"}},
                              {"rows", rows}}});
  json figures = json::array(
      {{{"name", claim.id + "-collapse"},
        {"type", "lines"},
        {"title", fmt::format("Force at contact {} rescaled: F / V^{{{:g}}} against t · V^{{{:g}}}", contact, fe, -te)},
        {"caption", "CVODE on the Hertz chain at several impact speeds; with the scaling exponents the curves collapse."},
        {"xlabel", fmt::format("t · V^{{{:g}}} (μs)", -te)},
        {"ylabel", fmt::format("F / V^{{{:g}}} (N)", fe)},
        {"series", coll}},
       {{"name", claim.id + "-profile"},
        {"type", "lines"},
        {"title", "Post-impact v_i / V along the chain for several V (CVODE Hertz)"},
        {"caption", "Body 0 is the striker; the profiles coincide."},
        {"xlabel", "body i"},
        {"ylabel", "v_i / V"},
        {"series", prof}}});
  json record = result_head(claim, checks.pass);
  record["checks"] = checks.items;
  record["tables"] = tables;
  record["figures"] = figures;
  record["scenario"] = spec.scenario;
  record["lzb_tabulated"] = {{"duration_exponent", rounded(p_lzb, 6)},
                             {"max_velocity_difference", rounded(dv_lzb, 3)},
                             {"step_counts_equal", steps_equal},
                             {"why_not_checked", "no velocity scale in LZB: with ΔP ∝ V in powers of two the scaled "
                                                 "runs are the same arithmetic for any rate-independent law"}};
  record["seconds"] = seconds_since(wall);
  return {record, checks.pass,
          checks.summary(claim) +
              fmt::format("\n  exponents: peak time {:.6f}, peak force {:.6f}; LZB (tabulated, not checked): duration "
                          "exponent {:.6f}, max |Δ(v/V)| {:.3g}, step counts {}",
                          p_t, p_f, p_lzb, dv_lzb, steps_equal ? "equal" : "differ")};
}

}  // namespace granconv::lzb_kind
