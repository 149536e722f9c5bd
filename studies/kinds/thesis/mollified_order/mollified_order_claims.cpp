// The claim kind "mollified-order": its checks and its record (the catalogue
// fields, the studies, the table and the figures are in the files named in
// mollified_order_detail.hpp).
#include "studies/kinds/thesis/mollified_order/mollified_order_claims.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "fit/sample_statistics.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/verdict.hpp"
#include "studies/kinds/thesis/mollified_order/mollified_order_detail.hpp"
#include "studies/support/catalogue_fields.hpp"

namespace granconv {

namespace mollified_order {
namespace {

using nlohmann::json;

// h_ε of every width under the definition `ho` and the power law through them.
PowerLaw power_law(const std::vector<Curve>& curves, const std::vector<double>& eps, const HEpsilonOptions& ho) {
  PowerLaw law;
  for (std::size_t i = 0; i < eps.size(); ++i) {
    const auto& s = curves[i].study;
    const auto j = hepsilon_index(s.h, s.error, curves[i].usable, ho);
    if (!j) continue;
    law.eps.push_back(eps[i]);
    law.h.push_back(s.h[*j]);
  }
  if (law.eps.size() < 3) {
    law.fit.message = fmt::format("h_ε found for {} of {} widths", law.eps.size(), eps.size());
    return law;
  }
  FitOptions lo;
  lo.window = FitWindow{law.eps.front() * (1 - 1e-9), law.eps.back() * (1 + 1e-9)};
  law.fit = fit_order(law.eps, law.h, std::vector<bool>(law.eps.size(), true), lo);
  law.prefactor = law.fit.ok ? std::pow(10.0, law.fit.intercept) : 0;
  return law;
}

// over the widths with an h_ε, with its 95% Student-t CI.
struct FixedExponentPrefactor {
  bool ok = false;
  double c = 0, lo = 0, hi = 0;
  int widths = 0;
};
FixedExponentPrefactor prefactor_at(const PowerLaw& law, double a) {
  FixedExponentPrefactor p;
  const std::size_t n = law.eps.size();
  p.widths = static_cast<int>(n);
  if (n < 3) return p;
  double mean = 0, ss = 0;
  for (std::size_t i = 0; i < n; ++i) mean += (std::log(law.h[i]) - a * std::log(law.eps[i])) / double(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::log(law.h[i]) - a * std::log(law.eps[i]) - mean;
    ss += d * d;
  }
  const double t = student_t95(double(n) - 1);
  const double half = t * std::sqrt(ss / double(n - 1) / double(n));
  return {true, std::exp(mean), std::exp(mean - half), std::exp(mean + half), p.widths};
}

}  // namespace
}  // namespace mollified_order

ClaimResult run_mollified_order_claim(const Claim& claim, const MollifiedOrderSpec& st, const StudyOptions& opt) {
  using namespace mollified_order;
  const auto wall = std::chrono::steady_clock::now();
  const auto& eps = st.eps;
  const auto& ho = st.ho;
  const double expected = st.expected, tol = st.tol, max_ci = st.max_ci;
  const int min_points = st.min_points;
  const auto& unchecked = st.unchecked;
  const auto& unchecked_reason = st.unchecked_reason;
  const auto& kk_window = st.kk_window;
  const double paper_a = st.paper_a, paper_c = st.paper_c, rival_a = st.rival_a;

  std::vector<Curve> curves = run_curves(claim, st, opt);
  Curve& kk = curves.back();
  const double v = [&] {
    double speed = 1.0;  // the scenario's default; the last assignment wins, as in the scenario
    for (const auto& p : kk.study.claim.params)
      if (p.rfind("v=", 0) == 0) speed = std::stod(p.substr(2));
    return speed;
  }();
  if (!(v > 0)) throw std::invalid_argument("claim '" + claim.id + "': the approach speed v must be positive");

  // Coarse steps where plain KK is not monotone either are left out of the
  // regime classification (see classify_regimes), with half a decade of
  // margin: over that half decade below KK's first drop every curve bends
  // over into the same sign change of the final-time error (its local slope
  // falls from ≈ 1.3 to 0), and the mollified curves peak a few grid points
  // before KK does.
  const double h_cap = first_drop(kk.study.h, kk.study.error, kk.usable) * std::pow(10.0, -0.5);
  CheckList checks;
  FitOptions fo;
  fo.kind = FitKind::least_squares;
  for (std::size_t i = 0; i < eps.size(); ++i) {
    Curve& c = curves[i];
    const auto& s = c.study;
    c.heps = hepsilon_index(s.h, s.error, c.usable, ho);
    if (c.heps) c.regimes = classify_regimes(s.h, s.error, c.usable, *c.heps, h_cap);
    // The window comes from ε and v alone, fixed before the fit.
    const double h_window = st.window_c * eps[i] / v;
    fo.window = FitWindow{*std::min_element(s.h.begin(), s.h.end()) * (1 - 1e-9), h_window * (1 + 1e-9)};
    c.fit = fit_order(s.h, s.error, c.usable, fo);
    // The equivalence rule (studies/core/verdict.hpp), with the catalogue's stricter point count.
    OrderVerdict ov = order_verdict(c.fit, expected, tol, st.rivals, max_ci);
    if (c.fit.ok && c.fit.points < min_points && ov.verdict != Verdict::inconclusive)
      ov = {Verdict::inconclusive, fmt::format("{} points fitted (fewer than {})", c.fit.points, min_points)};
    const std::string observed =
        c.fit.ok ? fmt::format("order {:.3f}, 95% CI [{:.3f}, {:.3f}], {} points on h ∈ [{:.3g}, {:.3g}] (h_ε = {})",
                               c.fit.order, c.fit.ci_lo, c.fit.ci_hi, c.fit.points, c.fit.h_min, c.fit.h_max,
                               c.heps ? fmt::format("{:.3g} s", s.h[*c.heps]) : std::string("not found"))
                 : "no fit: " + c.fit.message;
    if (std::find(unchecked.begin(), unchecked.end(), eps[i]) != unchecked.end()) continue;
    checks.add({{"label", fmt::format("ε = {:g} m: least-squares order on h ≤ {:g} ε/v = {:.3g} s (window fixed "
                                      "before the fit)",
                                      eps[i], st.window_c, h_window)},
                {"paper", expected},
                {"observed", observed},
                {"tolerance", fmt::format("whole 95% CI in {} ± {}, CI width ≤ {}, ≥ {} points, ≥ {:g} decade",
                                          expected, tol, max_ci, min_points, min_fit_decades)},
                {"ci95", {c.fit.ci_lo, c.fit.ci_hi}},
                {"rivals", st.rivals},
                {"tolerance_source", st.order_tolerance_source},
                {"verdict", to_string(ov.verdict)},
                {"reason", ov.reason},
                {"pass", ov.verdict == Verdict::pass}});
  }

  // Plain KK: the contrast the chapter is about.
  fo.window = FitWindow{kk_window[0], kk_window[1]};
  kk.fit = fit_order(kk.study.h, kk.study.error, kk.usable, fo);
  {
    const double kexp = st.kk_expected, ktol = st.kk_tol, kci = st.kk_max_ci, knot = st.kk_not_order;
    const OrderVerdict ov = order_verdict(kk.fit, kexp, ktol, st.kk_rivals, kci);
    // "Not of order knot" by the same rule turned round: the whole CI outside
    // knot ± ktol rules knot out, the whole CI inside it confirms knot.
    OrderVerdict nv = order_verdict(kk.fit, knot, ktol, {}, 0);
    if (nv.verdict == Verdict::pass)
      nv = {Verdict::fail, fmt::format("95% CI [{:.3f}, {:.3f}] lies inside {} ± {}", kk.fit.ci_lo, kk.fit.ci_hi,
                                       knot, ktol)};
    else if (nv.verdict == Verdict::fail)
      nv = {Verdict::pass, ""};
    const std::string obs = kk.fit.ok ? fmt::format("order {:.3f}, 95% CI [{:.3f}, {:.3f}], {} points on h ∈ [{:.3g}, "
                                                    "{:.3g}]",
                                                    kk.fit.order, kk.fit.ci_lo, kk.fit.ci_hi, kk.fit.points,
                                                    kk.fit.h_min, kk.fit.h_max)
                                      : "no fit: " + kk.fit.message;
    checks.add({{"label", "plain KK (same parameters and grid): least-squares order"},
                {"paper", kexp},
                {"observed", obs},
                {"tolerance", fmt::format("whole 95% CI in {} ± {}, CI width ≤ {}", kexp, ktol, kci)},
                {"ci95", {kk.fit.ci_lo, kk.fit.ci_hi}},
                {"rivals", st.kk_rivals},
                {"tolerance_source", st.kk_tolerance_source},
                {"verdict", to_string(ov.verdict)},
                {"reason", ov.reason},
                {"pass", ov.verdict == Verdict::pass}});
    checks.add({{"label", fmt::format("plain KK is not of order {}", knot)},
                {"paper", fmt::format("≠ {}", knot)},
                {"observed", kk.fit.ok ? fmt::format("{:.3f}, 95% CI [{:.3f}, {:.3f}]", kk.fit.order, kk.fit.ci_lo,
                                                     kk.fit.ci_hi)
                                       : "no fit"},
                {"tolerance", fmt::format("whole 95% CI outside {} ± {}", knot, ktol)},
                {"tolerance_source", st.kk_tolerance_source},
                {"ci95", {kk.fit.ci_lo, kk.fit.ci_hi}},
                {"verdict", to_string(nv.verdict)},
                {"reason", nv.reason},
                {"pass", nv.verdict == Verdict::pass}});
  }

  // h_ε(ε): monotone, and a power law.
  std::vector<double> fe, fh;
  bool all = true;
  for (std::size_t i = 0; i < eps.size(); ++i) {
    if (!curves[i].heps) {
      all = false;
      continue;
    }
    fe.push_back(eps[i]);
    fh.push_back(curves[i].study.h[*curves[i].heps]);
  }
  bool increasing = all;
  for (std::size_t i = 1; i < fh.size(); ++i) increasing = increasing && fh[i] > fh[i - 1];
  std::string hlist;
  for (std::size_t i = 0; i < fh.size(); ++i) hlist += fmt::format("{}{:.3g}", i ? ", " : "", fh[i]);
  checks.add({{"label", "h_ε increases strictly with ε"},
              {"paper", "increasing (fig. 4.6)"},
              {"observed", all ? hlist : "h_ε missing for some ε: " + hlist},
              {"tolerance", "strict"},
              {"pass", increasing}});
  // The exponent: the thesis reads 2.50 ε^1.18 off its fig. 4.6; the rival is
  // a linear law (its rule of thumb h ≲ 2ε/v). The value of a moves by ~0.1
  // with the reading of "decays as O(h²)" (band and window of the h_ε
  // definition), more than the CI of one fit: a is checked against the rival,
  // and its value under other readings is tabulated beside the thesis's.
  const PowerLaw main_law = power_law(curves, eps, ho);
  const OrderFit& law = main_law.fit;
  const double law_c = main_law.prefactor;
  checks.add({{"label", fmt::format("h_ε grows faster than ε^{:g}: whole 95% CI of the exponent a of h_ε ∝ ε^a above "
                                    "{:g} (least squares in log–log)",
                                    rival_a, rival_a)},
              {"paper", fmt::format("a = {} (2.50 ε^1.18, garbled fit label of fig. 4.6)", paper_a)},
              {"observed", law.ok ? fmt::format("a = {:.3f}, 95% CI [{:.3f}, {:.3f}]; prefactor {:.3g} (thesis {})",
                                                law.order, law.ci_lo, law.ci_hi, law_c, paper_c)
                                  : "no fit: " + law.message},
              {"tolerance", fmt::format("95% CI lower end > {:g}", rival_a)},
              {"rival", rival_a},
              {"tolerance_source", "a-priori"},
              {"pass", law.ok && law.ci_lo > rival_a}});
  // The prefactor, at the thesis's exponent (see mollified_order_claims.hpp):
  // log10 of ours over the thesis's within ± log10(tolerance factor), the
  // rival 2ε/v at the widths' geometric mean.
  if (st.prefactor_tol > 0) {
    const FixedExponentPrefactor pf = prefactor_at(main_law, paper_a);
    const double tl = std::log10(st.prefactor_tol), rival = rule_of_thumb_ratio(st);
    const OrderVerdict pv =
        !pf.ok ? OrderVerdict{Verdict::inconclusive, fmt::format("h_ε found for {} widths (fewer than 3)", pf.widths)}
               : interval_verdict(std::log10(pf.lo / paper_c), std::log10(pf.hi / paper_c), 0, tl,
                                  {std::log10(rival)});
    checks.add({{"label", fmt::format("prefactor of h_ε = C ε^{:g} (the thesis's exponent) against the thesis's {:g}: "
                                      "whole 95% CI within a factor {:g}",
                                      paper_a, paper_c, st.prefactor_tol)},
                {"paper", paper_c},
                {"observed", pf.ok ? fmt::format("C = {:.3g}, 95% CI [{:.3g}, {:.3g}] over {} widths ({:.2f} × the "
                                                 "thesis's); with our own exponent {:.3f}: {:.3g} (not comparable: "
                                                 "the value at ε = 1 m)",
                                                 pf.c, pf.lo, pf.hi, pf.widths, pf.c / paper_c, law.order, law_c)
                                   : "no fit"},
                {"tolerance", fmt::format("whole 95% CI in [{:.3g}, {:.3g}] (× or ÷ {:g})", paper_c / st.prefactor_tol,
                                          paper_c * st.prefactor_tol, st.prefactor_tol)},
                {"ci95", {pf.lo, pf.hi}},
                {"rival", sig(paper_c * rival, 4)},
                {"rival_note", fmt::format("the rule of thumb h = 2ε/v at the widths' geometric mean, {:.3g} × the "
                                           "thesis's law",
                                           rival)},
                {"tolerance_source", st.prefactor_tolerance_source},
                {"verdict", to_string(pv.verdict)},
                {"reason", pv.reason},
                {"pass", pv.verdict == Verdict::pass}});
  }
  json reading_rows = json::array();
  std::vector<HEpsilonOptions> readings{ho};
  readings.insert(readings.end(), st.readings.begin(), st.readings.end());
  for (const auto& r : readings) {
    const PowerLaw pl = power_law(curves, eps, r);
    reading_rows.push_back(
        {fmt::format("{} ± {}", r.order, r.band), fmt::format("± {} decade", r.half_width_decades),
         pl.fit.ok ? fmt::format("{:.3f} [{:.3f}, {:.3f}]", pl.fit.order, pl.fit.ci_lo, pl.fit.ci_hi) : pl.fit.message,
         pl.fit.ok ? json(sig(pl.prefactor, 3)) : json("—"),
         pl.fit.ok ? json(pl.fit.ci_lo <= paper_a && paper_a <= pl.fit.ci_hi) : json("—")});
  }
  json tables = order_tables(st, curves, v, h_cap);
  tables.push_back({{"title", fmt::format("Exponent a of h_ε ∝ ε^a under readings of the h_ε definition (first row: "
                                          "the catalogue's; thesis: {} ε^{})",
                                          paper_c, paper_a)},
                    {"columns", {"local slopes in", "sliding window", "a, 95% CI", "prefactor", "CI holds the thesis's a"}},
                    {"rows", reading_rows}});
  const json figures = order_figures(claim, st, curves, v, PowerLaw{fe, fh, law, law_c}, opt);

  // Per-curve data for the record.
  json data = json::array();
  double max_ref_err = 0;
  for (const auto& c : curves) {
    json u = json::array(), su = json::array();
    for (bool b : c.usable) u.push_back(b);
    for (bool b : c.study.usable) su.push_back(b);
    max_ref_err = std::max(max_ref_err, c.overlap_ref_error);
    data.push_back({{"eps", c.eps},
                    {"law", c.eps > 0 ? "mollified-kk" : "kk"},
                    {"steps", c.study.steps},
                    {"h", c.study.h},
                    {"error", c.study.error},
                    {"error_v", c.study.error_v},
                    {"overlap", c.overlap},
                    {"overlap_reference_error", c.overlap_ref_error},
                    {"floor", c.floor},
                    {"usable", u},
                    {"study_floor", c.study.floor},
                    {"study_usable", su},
                    {"h_eps", c.heps ? json(c.study.h[*c.heps]) : json(nullptr)},
                    {"regimes",
                     {{"oscillating", {c.regimes.oscillating_lo, c.regimes.oscillating_hi}},
                      {"monotone", {c.regimes.monotone_lo, c.regimes.monotone_hi}}}},
                    {"fit", {{"ok", c.fit.ok}, {"order", c.fit.order}, {"ci95", {c.fit.ci_lo, c.fit.ci_hi}},
                             {"window", {c.fit.h_min, c.fit.h_max}}, {"points", c.fit.points}}},
                    {"reference", c.study.reference},
                    {"seconds", c.study.seconds}});
  }

  const double seconds = seconds_since(wall);
  json record = result_head(claim, checks.pass);
  record["checks"] = checks.items;
  record["tables"] = tables;
  record["figures"] = figures;
  record["scheme"] = st.scheme;
  record["scenario"] = st.scenario;
  record["params"] = st.params;
  record["h_eps_definition"] = {{"order", ho.order}, {"band", ho.band},
                                {"half_width_decades", ho.half_width_decades}, {"min_points", ho.min_points}};
  record["order_window"] = {{"c", st.window_c}, {"v", v}, {"rule", "h ≤ c·ε/v"}, {"reason", st.window_reason}};
  record["regime_h_cap"] = std::isfinite(h_cap) ? json(h_cap) : json(nullptr);
  record["unchecked_eps"] = {{"eps", unchecked}, {"reason", unchecked_reason}};
  record["power_law"] = {{"ok", law.ok}, {"exponent", law.order}, {"ci95", {law.ci_lo, law.ci_hi}},
                         {"prefactor", law_c}, {"paper_exponent", paper_a}, {"paper_prefactor", paper_c}};
  record["curves"] = data;
  record["reference"] = {{"rtol", opt.reference.rtol}, {"atol", opt.reference.atol},
                         {"max_overlap_error_estimate", max_ref_err}};
  record["seconds"] = seconds;
  std::string s = checks.summary(claim);
  s += fmt::format("\n  {} studies, {:.2f} s", curves.size(), seconds);
  return {record, checks.pass, s};
}

}  // namespace granconv
