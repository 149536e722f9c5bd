// check "order" (lzb-order): post-impact velocities and kinetic energy against
// the CVODE Hertz post-impact velocities over a ΔP grid.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reference/cache/reference_cache.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/verdict.hpp"
#include "studies/kinds/nb2011/lzb/lzb_detail.hpp"
#include "studies/support/grid_budget.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv::lzb_kind {

using nlohmann::json;

ClaimResult order_claim(const Claim& claim, const LzbSpec& spec, const StudyOptions& opt) {
  const auto wall = std::chrono::steady_clock::now();
  const auto pr = claim_problem(spec);
  // ΔP = max · 10^{−k/per_decade} down to min.
  const double g_max = spec.grid_max, g_min = spec.grid_min;
  const int per_decade = spec.per_decade;
  // The last guard (the claim is held to grid_budget's limits at load): never a grid without bound.
  const double points = grid_budget(1, g_max, g_min, per_decade, 1).points;
  if (!(points <= kMaxGridPoints))
    throw std::invalid_argument(fmt::format("claim '{}': a ΔP grid of {:.3g} impulse steps is above the limit of "
                                            "{:.3g}",
                                            claim.id, points, kMaxGridPoints));
  std::vector<double> dps;
  for (long k = 0;; ++k) {
    const double d = g_max * std::pow(10.0, -double(k) / per_decade);
    if (d < g_min * (1 - 1e-9)) break;
    dps.push_back(d);
  }
  const FitKind ke_fit = spec.kinetic_fit;
  const auto& window = spec.window;
  const double expected = spec.expected_order, tol = spec.tolerance;
  const double mom_tol = spec.momentum_tolerance;
  const std::string& ke_sign = spec.kinetic_sign;
  const auto& profile = spec.profile_dP;

  const auto ref = hertz_post_impact(pr, reference_options(spec, opt), opt.cache_dir);
  const double V = velocities_of(pr.y0).cwiseAbs().maxCoeff();
  std::vector<LzbResult> rs(dps.size());
  std::vector<double> secs(dps.size());
  parallel_for(dps.size(), opt.jobs, [&](std::size_t i) {
    const auto t0 = std::chrono::steady_clock::now();
    rs[i] = run_lzb(pr, dps[i], nullptr, lzb_options(spec, opt));
    secs[i] = seconds_since(t0);
  });
  std::vector<double> err(dps.size()), ke(dps.size()), mom(dps.size());
  const double ke0 = rs.front().kinetic_before;
  bool mom_ok = true, sign_ok = true;
  for (std::size_t i = 0; i < dps.size(); ++i) {
    err[i] = (rs[i].v - ref.v).cwiseAbs().maxCoeff() / V;
    ke[i] = (rs[i].kinetic_after - ke0) / ke0;
    mom[i] = std::abs(rs[i].momentum_after + rs[i].wall_impulse - rs[i].momentum_before) / std::abs(rs[i].momentum_before);
    mom_ok = mom_ok && mom[i] <= mom_tol * double(rs[i].steps);
    sign_ok = sign_ok && (ke_sign == "positive" ? ke[i] > 0 : ke[i] < 0);
  }
  std::vector<double> ake(ke.size());
  for (std::size_t i = 0; i < ke.size(); ++i) ake[i] = std::abs(ke[i]);
  const OrderFit fv = fit_in(dps, err, window), fk = fit_in(dps, ake, window, ke_fit);
  const OrderFit fk_ls = fit_in(dps, ake, window);
  const auto& rivals = spec.rivals;
  // The order checks: the equivalence rule of studies/core/verdict.hpp.
  auto fit_check = [&](const std::string& label, const OrderFit& f) {
    const OrderVerdict v = order_verdict(f, expected, tol, rivals, 0);
    json c = check(label, expected, f.ok ? json(rounded(f.order, 4)) : json(f.message), fmt::format("± {}", tol),
                   v.verdict == Verdict::pass);
    c["ci95"] = {f.ci_lo, f.ci_hi};
    c["rivals"] = rivals;
    c["verdict"] = to_string(v.verdict);
    if (!v.reason.empty()) c["reason"] = v.reason;
    return c;
  };
  CheckList checks;
  const std::string win = fmt::format("ΔP ∈ [{:g}, {:g}]", window.at(0), window.at(1));
  checks.add(fit_check("order of the post-impact velocity error max_i |v_i − v_i^Hertz| / V, " + win, fv));
  const double mom_max = *std::max_element(mom.begin(), mom.end());
  checks.add(check(fmt::format("momentum change |Δ Σ m v| / |Σ m v| at every ΔP ({} runs; rounding bound {:g} per step)",
                               dps.size(), mom_tol),
                   0.0, rounded(mom_max, 3), fmt::format("≤ {:g} × steps at each ΔP", mom_tol), mom_ok));
  checks.add(check("sign of the kinetic-energy error (T_after − T_before)/T_before at every ΔP", ke_sign,
                   sign_ok ? ke_sign : "mixed or opposite", "exact", sign_ok));
  checks.add(fit_check(fmt::format("order of the kinetic-energy error ({} fit; least squares: {:.3f}), ",
                                   to_string(ke_fit), fk_ls.order) + win, fk));

  json rows = json::array();
  for (std::size_t i = 0; i < dps.size(); ++i)
    rows.push_back({dps[i], rs[i].steps, rounded(err[i], 4), rounded(ke[i], 4), rounded(mom[i], 3), rs[i].guarded,
                    rounded(rs[i].t * 1e6, 6), rounded(secs[i], 3)});
  json tables = json::array(
      {{{"title", "LZB against the CVODE Hertz post-impact velocities"},
        {"columns", {"ΔP (N·s)", "steps", "max |v − v_Hertz| / V", "(T+ − T−)/T−", "momentum change (relative)",
                     "rule-(13) caps", "impact duration (μs)", "seconds"}},
        {"rows", rows}},
       {{"title", "Post-impact velocities (m/s): CVODE Hertz and LZB"},
        {"columns", json::array()},
        {"rows", json::array()}}});
  // Profile table: one column per ΔP of the profile.
  json& pt = tables[1];
  pt["columns"].push_back("body");
  pt["columns"].push_back("CVODE Hertz");
  std::vector<std::size_t> prof_idx;
  for (double d : profile) {
    const auto it = std::find_if(dps.begin(), dps.end(), [&](double x) { return std::abs(x - d) <= 1e-9 * d; });
    if (it == dps.end()) throw std::invalid_argument("claim '" + claim.id + "': profile_dP must be on the dP grid");
    prof_idx.push_back(static_cast<std::size_t>(it - dps.begin()));
    pt["columns"].push_back(fmt::format("LZB ΔP = {:g}", d));
  }
  for (Eigen::Index b = 0; b < ref.v.size(); ++b) {
    json row = {b, rounded(ref.v[b], 8)};
    for (auto i : prof_idx) row.push_back(rounded(rs[i].v[b], 8));
    pt["rows"].push_back(row);
  }

  // Figures: convergence and the profile along the chain.
  std::vector<double> ex, ey, ky;
  for (std::size_t i = 0; i < dps.size(); ++i) {
    ex.push_back(dps[i]);
    ey.push_back(rounded(err[i], 6));
    ky.push_back(rounded(ake[i], 6));
  }
  auto slope_line = [&](const OrderFit& f) {
    std::vector<double> x{window.at(0), window.at(1)}, y;
    for (double h : x) y.push_back(rounded(std::pow(10.0, f.intercept + f.order * std::log10(h)), 6));
    return std::make_pair(x, y);
  };
  json conv_series = {{{"title", "max |v − v_Hertz| / V"}, {"x", ex}, {"y", ey}, {"style", "linespoints"},
                       {"color", kColors[0]}},
                      {{"title", "|T+ − T−| / T−"}, {"x", ex}, {"y", ky}, {"style", "linespoints"}, {"color", kColors[1]}}};
  if (fv.ok) {
    const auto [x, y] = slope_line(fv);
    conv_series.push_back({{"title", fmt::format("velocity fit: order {:.3f}", fv.order)}, {"x", x}, {"y", y},
                           {"style", "dashes"}, {"color", kColors[2]}});
  }
  if (fk.ok) {
    const auto [x, y] = slope_line(fk);
    conv_series.push_back({{"title", fmt::format("energy {} fit: order {:.3f}", to_string(ke_fit), fk.order)},
                           {"x", x}, {"y", y}, {"style", "dashes"}, {"color", kColors[3]}});
  }
  std::vector<double> bx;
  for (Eigen::Index b = 0; b < ref.v.size(); ++b) bx.push_back(double(b));
  json prof_series = {{{"title", "CVODE Hertz"}, {"x", bx}, {"y", to_vector(ref.v / V)}, {"style", "linespoints"},
                       {"color", "#000000"}}};
  for (std::size_t k = 0; k < prof_idx.size(); ++k)
    prof_series.push_back({{"title", fmt::format("LZB ΔP = {:g}", dps[prof_idx[k]])},
                           {"x", bx},
                           {"y", to_vector(rs[prof_idx[k]].v / V)},
                           {"style", "points"},
                           {"color", kColors[(k + 1) % kColors.size()]}});
  json err_series = json::array();
  for (std::size_t k = 0; k < prof_idx.size(); ++k) {
    std::vector<double> y;
    for (Eigen::Index b = 0; b < ref.v.size(); ++b)
      y.push_back(rounded(std::max(std::abs(rs[prof_idx[k]].v[b] - ref.v[b]) / V, 1e-16), 4));
    err_series.push_back({{"title", fmt::format("ΔP = {:g}", dps[prof_idx[k]])},
                          {"x", bx},
                          {"y", y},
                          {"style", "linespoints"},
                          {"color", kColors[(k + 1) % kColors.size()]}});
  }
  json figures = json::array(
      {{{"name", claim.id + "-convergence"},
        {"type", "lines"},
        {"title", "LZB post-impact velocities and kinetic energy against ΔP"},
        {"caption", "Errors of LZB (bi-stiffness, e_s = 1) against the CVODE Hertz post-impact velocities, and the "
                    "relative kinetic-energy error (exact: 0), against the impulse step ΔP; dashed: least-squares fit "
                    "over " + win + "."},
        {"xlabel", "ΔP (N·s)"},
        {"ylabel", "relative error"},
        {"logx", true},
        {"logy", true},
        {"series", conv_series}},
       {{"name", claim.id + "-profile"},
        {"type", "lines"},
        {"title", "Post-impact velocity profile v_i / V along the chain"},
        {"caption", "Body 0 is the striker. CVODE on the Hertz chain (until every contact has opened for good) and "
                    "LZB at several ΔP."},
        {"xlabel", "body i"},
        {"ylabel", "v_i / V"},
        {"series", prof_series}},
       {{"name", claim.id + "-profile-error"},
        {"type", "lines"},
        {"title", "|v_i^LZB − v_i^Hertz| / V along the chain"},
        {"caption", "Where along the chain the LZB error sits, for the ΔP of the profile."},
        {"xlabel", "body i"},
        {"ylabel", "|Δv_i| / V"},
        {"logy", true},
        {"series", err_series}}});
  json record = result_head(claim, checks.pass);
  record["checks"] = checks.items;
  record["tables"] = tables;
  record["figures"] = figures;
  record["scenario"] = spec.scenario;
  record["reference"] = {{"event_times", ref.event_times.size()}, {"error_estimate", ref.error_estimate},
                         {"steps", ref.steps}, {"rtol", reference_options(spec, opt).rtol},
                         {"atol", reference_options(spec, opt).atol}};
  record["seconds"] = seconds_since(wall);
  std::string s = checks.summary(claim);
  for (std::size_t i = 0; i < dps.size(); ++i)
    s += fmt::format("\n  ΔP = {:g}: {} steps, error {:.3e}, KE error {:+.3e}, momentum {:.1e}", dps[i], rs[i].steps,
                     err[i], ke[i], mom[i]);
  return {record, checks.pass, s};
}

}  // namespace granconv::lzb_kind
