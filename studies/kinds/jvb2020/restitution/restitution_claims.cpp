#include "studies/kinds/jvb2020/restitution/restitution_claims.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "fit/sample_statistics.hpp"
#include "reference/cache/reference_cache.hpp"
#include "studies/support/binary_opening.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv {

namespace {

using nlohmann::json;

struct Collision {
  double gamma = 0, e = 0, tau_c = 0, error_estimate = 0;
  long events = 0, steps = 0;
};

// One binary collision (7) from the reference: e and the opening time τ_c.
Collision collide(double gamma, double t_end, const StudyOptions& opt) {
  std::vector<std::string> params{fmt::format("gamma={:.17g}", gamma), fmt::format("t_end={:.17g}", t_end)};
  // Model perturbations (the sampled γ̃ and t_end stay the claim's: check_overrides).
  params.insert(params.end(), opt.params.begin(), opt.params.end());
  const auto pr = make_problem<double>("binary-kk", params);
  const auto ref = cached_reference(pr, {0.0, t_end}, opt.reference, opt.cache_dir);
  const auto& p = ref.provenance;
  // The approach speed of (7) is 1, so e is the separation speed itself.
  const auto opening = detail::single_opening(ref, 1.0, fmt::format("binary-kk, γ̃ = {}", gamma));
  return {gamma, opening.e, opening.t_open, p.error_estimate, p.events, p.steps};
}

}  // namespace

RestitutionSpec parse_restitution_spec(FieldReader& r) {
  RestitutionSpec s;
  s.t_end = r.opt<double>("t_end", 6.0, positive());
  s.gamma_samples = r.req<std::vector<double>>("gamma_samples", positive());
  s.fit = r.object("fit", [](FieldReader& f) {
    RestitutionSpec::Fit fit;
    fit.window = f.interval("window", true, positive()).value_or(std::vector<double>{0, 0});
    fit.paper = f.req<double>("paper", positive());
    fit.tolerance = f.req<double>("tolerance", positive());
    fit.rival = f.req<std::vector<double>>("rival");
    fit.rival_note = f.req<std::string>("rival_note");
    fit.tolerance_source = source_of(f.json(), "tolerance");
    return fit;
  });
  s.materials = r.list(
      "materials",
      [](FieldReader& m) { return RestitutionSpec::Material{m.req<std::string>("name"), m.req<double>("gamma", positive())}; },
      false);
  return s;
}

ClaimResult run_restitution_claim(const Claim& claim, const RestitutionSpec& spec, const StudyOptions& opt) {
  const auto wall = std::chrono::steady_clock::now();
  const double t_end = spec.t_end;
  const auto& fit = spec.fit;
  const auto& window = fit.window;
  const double paper = fit.paper, tol = fit.tolerance;
  std::vector<double> gammas = spec.gamma_samples;
  const auto& materials = spec.materials;
  for (const auto& mt : materials) gammas.push_back(mt.gamma);
  std::sort(gammas.begin(), gammas.end());
  gammas.erase(std::unique(gammas.begin(), gammas.end()), gammas.end());

  std::vector<Collision> cs(gammas.size());
  parallel_for(gammas.size(), opt.jobs, [&](std::size_t i) { cs[i] = collide(gammas[i], t_end, opt); });
  auto at = [&](double g) -> const Collision& {
    return *std::find_if(cs.begin(), cs.end(), [&](const Collision& c) { return c.gamma == g; });
  };

  // Law (9) is the limit γ̃/(1 − e) → c as γ̃ → 0. The ratio is linear in γ̃
  // at small damping (1 − e = γ̃/c + O(γ̃²)), so c is the intercept of the
  // least-squares line r = c + b γ̃ through the window's samples. A line
  // through the origin of γ̃ against 1 − e would fold b's slope into c.
  std::vector<double> gw, rw;
  for (const auto& c : cs) {
    if (c.gamma < window.at(0) * (1 - 1e-12) || c.gamma > window.at(1) * (1 + 1e-12)) continue;
    gw.push_back(c.gamma);
    rw.push_back(c.gamma / (1 - c.e));
  }
  const int points = static_cast<int>(gw.size());
  if (points < 3) throw std::invalid_argument("claim '" + claim.id + "': fewer than three samples in the fit window");
  const double ratio_smallest = rw.front();
  // The intercept's 95% CI: the reference is exact to ~1e-12, so the CI
  // measures how far the ratio bends from a line over the window. The line
  // through the origin of γ̃ against 1 − e, the old reading, is for the record.
  const LineFit line = least_squares_line(gw, rw);
  const double slope_b = line.slope, intercept = line.intercept;
  const double ci_lo = line.ci_lo, ci_hi = line.ci_hi, origin_slope = line.origin_slope;
  double resid = 0;
  for (int i = 0; i < points; ++i) resid = std::max(resid, std::abs(rw[i] - (intercept + slope_b * gw[i])) / rw[i]);
  // The equivalence rule of studies/core/verdict.hpp, with its data rule: at least
  // min_fit_points samples over min_fit_decades of γ̃.
  const double decades = std::log10(window.at(1) / window.at(0));
  OrderVerdict v = points < min_fit_points || decades < min_fit_decades * (1 - 1e-9)
                       ? OrderVerdict{Verdict::inconclusive,
                                      fmt::format("{} samples over {:.2f} decades of γ̃ (at least {} over {:g} needed)",
                                                  points, decades, min_fit_points, min_fit_decades)}
                       : interval_verdict(ci_lo, ci_hi, paper, tol, fit.rival);
  const bool pass = v.verdict == Verdict::pass;

  json checks = json::array();
  checks.push_back({{"label", fmt::format("limit of γ̃/(1 − e) as γ̃ → 0: intercept of its least-squares line in γ̃, "
                                          "γ̃ ∈ [{:g}, {:g}] ({} samples)",
                                          window.at(0), window.at(1), points)},
                    {"paper", paper},
                    {"observed", fmt::format("{:.6f}, 95% CI [{:.6f}, {:.6f}]", intercept, ci_lo, ci_hi)},
                    {"tolerance", fmt::format("whole 95% CI in {} ± {}", paper, tol)},
                    {"ci95", {ci_lo, ci_hi}},
                    {"rival", fit.rival},
                    {"rival_note", fit.rival_note},
                    {"tolerance_source", fit.tolerance_source},
                    {"verdict", to_string(v.verdict)},
                    {"reason", v.reason},
                    {"pass", pass}});

  // Tables: the materials of §2.1 and the whole sweep.
  json mrows = json::array();
  for (const auto& mt : materials) {
    const auto& c = at(mt.gamma);
    mrows.push_back({mt.name, mt.gamma, sig(c.e, 6), sig(1 - c.e, 4), sig(paper * (1 - c.e), 4), sig(1 - mt.gamma / paper, 6),
                     sig(c.gamma / (1 - c.e), 4), sig(c.tau_c, 6)});
  }
  json srows = json::array();
  for (const auto& c : cs)
    srows.push_back({c.gamma, sig(c.e, 10), sig(1 - c.e, 6), sig(c.gamma / (1 - c.e), 5), sig(c.tau_c, 8), c.steps,
                     sig(c.error_estimate, 2)});
  json tables = {
      {{"title", "Restitution of the materials of JVB §2.1 (γ̃ from Kuwabara & Kono's experiments at V = 0.5 m/s)"},
       {"columns", {"material", "γ̃", "e (reference)", "1 − e", "0.578 (1 − e)", "e by (9): 1 − γ̃/0.578", "γ̃/(1 − e)",
                    "τ_c"}},
       {"rows", mrows}},
      {{"title", "Restitution e(γ̃) of the binary collision (7), CVODE reference"},
       {"columns", {"γ̃", "e", "1 − e", "γ̃/(1 − e)", "τ_c (opening event)", "CVODE steps", "reference error estimate"}},
       {"rows", srows}}};

  // Figures.
  std::vector<double> gx, ey, law, ratio;
  for (const auto& c : cs) {
    gx.push_back(c.gamma);
    ey.push_back(sig(c.e, 10));
    law.push_back(1 - c.gamma / paper);
    ratio.push_back(sig(c.gamma / (1 - c.e), 6));
  }
  std::vector<double> mx, my;
  for (const auto& mt : materials) {
    mx.push_back(mt.gamma);
    my.push_back(sig(at(mt.gamma).e, 10));
  }
  json series = {{{"title", "e(γ̃), CVODE reference of (7)"}, {"x", gx}, {"y", ey}, {"style", "linespoints"},
                  {"color", "#1f77b4"}},
                 {{"title", fmt::format("small-γ̃ law (9): e = 1 − γ̃/{}", paper)}, {"x", gx}, {"y", law},
                  {"style", "dashes"}, {"color", "#d62728"}}};
  if (!mx.empty())
    series.push_back({{"title", "glass, steel, cork/lead (γ̃ = 0.01, 0.06, 0.17)"}, {"x", mx}, {"y", my},
                      {"style", "points"}, {"color", "#2ca02c"}});
  std::vector<double> fx{gx.front(), window.at(1)}, fy{sig(intercept + slope_b * gx.front(), 6),
                                                         sig(intercept + slope_b * window.at(1), 6)},
      px{gx.front(), gx.back()}, py{paper, paper};
  json figures = {
      {{"name", claim.id + "-restitution"},
       {"type", "lines"},
       {"title", "Coefficient of restitution of the binary KK collision (7)"},
       {"caption", "e = |ζ'(τ_c)| at the opening of the contact, from the CVODE reference of eq. (7), against the "
                   "small-damping law (9). The paper gives (9) and the material values in the text (JVB §2.1, eqs. "
                   "(7)–(9)); it has no figure of e(γ̃)."},
       {"xlabel", "γ̃"},
       {"ylabel", "e"},
       {"logx", true},
       {"series", series}},
      {{"name", claim.id + "-ratio"},
       {"type", "lines"},
       {"title", "γ̃ / (1 − e) against γ̃: the coefficient of (9) as γ̃ → 0"},
       {"caption", fmt::format("Pointwise ratio γ̃/(1 − e); its least-squares line on γ̃ ∈ [{:g}, {:g}] has intercept "
                               "{:.6f} (the limit γ̃ → 0), the paper's coefficient {}. Not a figure of the paper.",
                               window.at(0), window.at(1), intercept, paper)},
       {"xlabel", "γ̃"},
       {"ylabel", "γ̃ / (1 − e)"},
       {"logx", true},
       {"series",
        {{{"title", "γ̃/(1 − e), reference"}, {"x", gx}, {"y", ratio}, {"style", "linespoints"}, {"color", "#1f77b4"}},
         {{"title", fmt::format("paper: {}", paper)}, {"x", px}, {"y", py}, {"style", "dashes"}, {"color", "#d62728"}},
         {{"title", fmt::format("fitted line, intercept {:.6f}", intercept)},
          {"x", fx},
          {"y", fy},
          {"style", "lines"},
          {"color", "#2ca02c"}}}}}};

  double max_err = 0;
  long max_steps = 0;
  for (const auto& c : cs) {
    max_err = std::max(max_err, c.error_estimate);
    max_steps = std::max(max_steps, c.steps);
  }
  const double seconds = seconds_since(wall);
  json record = result_head(claim, pass);
  record["checks"] = checks;
  record["tables"] = tables;
  record["figures"] = figures;
  record["scenario"] = "binary-kk";
  record["fit"] = {{"window", window}, {"points", points}, {"intercept", intercept}, {"slope_in_gamma", slope_b},
                   {"ci95", {ci_lo, ci_hi}}, {"max_relative_residual", resid},
                   {"ratio_at_smallest_gamma", ratio_smallest}, {"slope_through_origin", origin_slope}};
  record["reference"] = {{"rtol", opt.reference.rtol}, {"atol", opt.reference.atol}, {"runs", cs.size()},
                         {"max_error_estimate", max_err}, {"max_steps", max_steps}, {"events_per_run", 1}};
  record["seconds"] = seconds;

  std::string s = fmt::format("{} {}\n  γ̃/(1 − e) = c + b γ̃ on γ̃ ∈ [{:g}, {:g}] ({} samples): c = {:.6f}, 95% CI "
                              "[{:.6f}, {:.6f}] (paper {} ± {}), b = {:.4f}; γ̃/(1 − e) at γ̃ = {:g}: {:.6f}; line "
                              "through the origin (old reading): {:.5f}",
                              shout(v.verdict), claim.id, window.at(0), window.at(1), points, intercept, ci_lo, ci_hi,
                              paper, tol, slope_b, window.at(0), ratio_smallest, origin_slope);
  for (const auto& mt : materials)
    s += fmt::format("\n  {}: γ̃ = {}, e = {:.5f} (law (9): {:.5f}), τ_c = {:.4f}", mt.name, mt.gamma, at(mt.gamma).e,
                     1 - mt.gamma / paper, at(mt.gamma).tau_c);
  s += fmt::format("\n  {} reference runs (one opening event each), max {} CVODE steps, {:.2f} s", cs.size(), max_steps,
                   seconds);
  return {record, pass, s};
}

}  // namespace granconv
