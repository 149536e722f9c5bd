#include "studies/kinds/jvb2020/restitution_claims.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/math/distributions/students_t.hpp>
#include <fmt/format.h>

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

  // γ̃ = c (1 − e) through the origin on the small-γ̃ window.
  double sxy = 0, sxx = 0;
  int points = 0;
  double ratio_smallest = 0;
  for (const auto& c : cs) {
    if (c.gamma < window.at(0) * (1 - 1e-12) || c.gamma > window.at(1) * (1 + 1e-12)) continue;
    const double d = 1 - c.e;
    sxy += c.gamma * d;
    sxx += d * d;
    if (points++ == 0) ratio_smallest = c.gamma / d;
  }
  if (points < 2) throw std::invalid_argument("claim '" + claim.id + "': fewer than two samples in the fit window");
  const double slope = sxy / sxx;
  double resid = 0, ssr = 0;
  for (const auto& c : cs)
    if (c.gamma >= window.at(0) * (1 - 1e-12) && c.gamma <= window.at(1) * (1 + 1e-12)) {
      resid = std::max(resid, std::abs(c.gamma - slope * (1 - c.e)) / c.gamma);
      ssr += (c.gamma - slope * (1 - c.e)) * (c.gamma - slope * (1 - c.e));
    }
  // The slope's 95% CI (Student t, n − 1 degrees of freedom: one parameter):
  // the reference is exact to ~1e-12, so the CI measures how far (9)'s linear
  // law bends over the window, which is what a ± on its coefficient is about.
  const double se = std::sqrt(ssr / (points - 1) / sxx);
  const double t95 = boost::math::quantile(boost::math::complement(boost::math::students_t(points - 1.0), 0.025));
  const double ci_lo = slope - t95 * se, ci_hi = slope + t95 * se;
  // The equivalence rule of studies/core/verdict.hpp, with its data rule: at least
  // min_fit_points samples over min_fit_decades of γ̃.
  const double decades = std::log10(window.at(1) / window.at(0));
  OrderVerdict v = points < min_fit_points || decades < min_fit_decades * (1 - 1e-9)
                       ? OrderVerdict{Verdict::inconclusive,
                                      fmt::format("{} samples over {:.2f} decades of γ̃ (at least {} over {:g} needed)",
                                                  points, decades, min_fit_points, min_fit_decades)}
                       : interval_verdict(ci_lo, ci_hi, paper, tol, {});
  const bool pass = v.verdict == Verdict::pass;

  json checks = json::array();
  checks.push_back({{"label", fmt::format("slope of γ̃ against 1 − e, least squares through the origin, γ̃ ∈ [{:g}, {:g}] "
                                          "({} samples)",
                                          window.at(0), window.at(1), points)},
                    {"paper", paper},
                    {"observed", fmt::format("{:.5f}, 95% CI [{:.5f}, {:.5f}]", slope, ci_lo, ci_hi)},
                    {"tolerance", fmt::format("whole 95% CI in {} ± {}", paper, tol)},
                    {"ci95", {ci_lo, ci_hi}},
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
  std::vector<double> fx{gx.front(), gx.back()}, fy{sig(slope, 6), sig(slope, 6)}, py{paper, paper};
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
       {"caption", fmt::format("Pointwise ratio γ̃/(1 − e); the fitted slope on γ̃ ∈ [{:g}, {:g}] is {:.5f}, the "
                               "paper's coefficient {}. Not a figure of the paper.",
                               window.at(0), window.at(1), slope, paper)},
       {"xlabel", "γ̃"},
       {"ylabel", "γ̃ / (1 − e)"},
       {"logx", true},
       {"series",
        {{{"title", "γ̃/(1 − e), reference"}, {"x", gx}, {"y", ratio}, {"style", "linespoints"}, {"color", "#1f77b4"}},
         {{"title", fmt::format("paper: {}", paper)}, {"x", fx}, {"y", py}, {"style", "dashes"}, {"color", "#d62728"}},
         {{"title", fmt::format("fitted slope {:.5f}", slope)},
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
  record["fit"] = {{"window", window}, {"points", points}, {"slope", slope}, {"ci95", {ci_lo, ci_hi}},
                   {"max_relative_residual", resid},
                   {"ratio_at_smallest_gamma", ratio_smallest}};
  record["reference"] = {{"rtol", opt.reference.rtol}, {"atol", opt.reference.atol}, {"runs", cs.size()},
                         {"max_error_estimate", max_err}, {"max_steps", max_steps}, {"events_per_run", 1}};
  record["seconds"] = seconds;

  std::string s = fmt::format("{} {}\n  γ̃ ≈ c (1 − e) on γ̃ ∈ [{:g}, {:g}] ({} samples): c = {:.5f}, 95% CI [{:.5f}, "
                              "{:.5f}] (paper {} ± {}); γ̃/(1 − e) at γ̃ = {:g}: {:.5f}",
                              shout(v.verdict), claim.id, window.at(0), window.at(1), points, slope, ci_lo, ci_hi, paper,
                              tol, window.at(0), ratio_smallest);
  for (const auto& mt : materials)
    s += fmt::format("\n  {}: γ̃ = {}, e = {:.5f} (law (9): {:.5f}), τ_c = {:.4f}", mt.name, mt.gamma, at(mt.gamma).e,
                     1 - mt.gamma / paper, at(mt.gamma).tau_c);
  s += fmt::format("\n  {} reference runs (one opening event each), max {} CVODE steps, {:.2f} s", cs.size(), max_steps,
                   seconds);
  return {record, pass, s};
}

}  // namespace granconv
