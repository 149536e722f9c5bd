// check "steps" (lzb-table2, lzb-table3): step counts to termination per ΔP
// against the paper's, and the convergence indicators Φ_h (46), Φ_h^+ (47).
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

struct SampledRun {
  double dP = 0;
  LzbResult r;
  double seconds = 0;
  std::vector<double> P;            // sample abscissae
  std::vector<Vec<double>> v;       // velocities at P
};

// LZB at dP with the velocities sampled every `every` steps (step 0 included).
SampledRun sampled_run(const Problem<double>& pr, double dP, long every, const LzbOptions& method) {
  SampledRun s;
  s.dP = dP;
  s.P.push_back(0);
  s.v.push_back(velocities_of(pr.y0));
  const auto t0 = std::chrono::steady_clock::now();
  s.r = run_lzb(pr, dP, [&](long k, double P, double, const Vec<double>& v, const Vec<double>&) {
    if (k % every == 0) {
      s.P.push_back(P);
      s.v.push_back(v);
    }
  }, method);
  s.seconds = seconds_since(t0);
  return s;
}

// Φ_h(P) of (46) at the common sample points of runs at h (every `n` steps)
// and h/2 (every 2n steps): after termination a run keeps its post-impact
// velocities.
std::vector<double> phi_curve(const SampledRun& h, const SampledRun& h2) {
  const std::size_t n = std::max(h.v.size(), h2.v.size());
  std::vector<double> phi(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec<double>& a = i < h.v.size() ? h.v[i] : h.r.v;
    const Vec<double>& b = i < h2.v.size() ? h2.v[i] : h2.r.v;
    phi[i] = (a - b).cwiseAbs().maxCoeff() / b.cwiseAbs().maxCoeff();
  }
  return phi;
}

ClaimResult steps_claim(const Claim& claim, const LzbSpec& spec, const StudyOptions& opt) {
  const auto wall = std::chrono::steady_clock::now();
  const auto pr = claim_problem(spec);
  const double tol = spec.tolerance;
  const double phi_every = spec.phi_every;
  const auto& beads = spec.figure_beads;
  const auto& rows = spec.rows;
  // Runs at every ΔP and at ΔP/2 (for Φ_h), sampled at P = k · phi_every.
  std::vector<double> dps;
  std::vector<long> every;
  for (const auto& r : rows) {
    const double n = std::round(phi_every / r.dP);
    if (!(r.dP > 0) || n < 1 || std::abs(n * r.dP - phi_every) > 1e-9 * phi_every)
      throw std::invalid_argument("claim '" + claim.id + "': phi_every must be a multiple of every ΔP");
    dps.push_back(r.dP);
    every.push_back(static_cast<long>(n));
    dps.push_back(r.dP / 2);
    every.push_back(static_cast<long>(2 * n));
  }
  std::vector<SampledRun> runs(dps.size());
  const LzbOptions method = lzb_options(spec, opt);
  parallel_for(dps.size(), opt.jobs, [&](std::size_t i) { runs[i] = sampled_run(pr, dps[i], every[i], method); });

  CheckList checks;
  json table_rows = json::array(), phi_series = json::array(), vel_series = json::array();
  std::string summary_rows;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& h = runs[2 * i];
    const auto& h2 = runs[2 * i + 1];
    const auto phi = phi_curve(h, h2);
    const double max_phi = *std::max_element(phi.begin(), phi.end());
    const double phi_plus = (h.r.v - h2.r.v).cwiseAbs().maxCoeff() / h2.r.v.cwiseAbs().maxCoeff();
    const double rel = std::abs(double(h.r.steps - rows[i].paper_steps)) / double(rows[i].paper_steps);
    const bool pass = rel <= tol;
    checks.add(check(fmt::format("number of steps at ΔP = {:g} N·s", rows[i].dP), rows[i].paper_steps, h.r.steps,
                     fmt::format("relative {:g} (observed {:.2e})", tol, rel), pass));
    const auto& p = rows[i];
    const bool converged = max_phi <= 0.01 && phi_plus <= 0.01;
    table_rows.push_back({rows[i].dP, rows[i].paper_steps, h.r.steps, rounded(rel, 3), p.paper_seconds,
                          rounded(h.seconds, 3), p.paper_max_phi, rounded(max_phi, 3),
                          p.paper_phi_plus, rounded(phi_plus, 3),
                          p.paper_converged ? "Yes" : "No", converged ? "Yes" : "No",
                          rounded(h.r.t * 1e6, 6), rounded(h.r.P, 6)});
    std::vector<double> P(phi.size());
    for (std::size_t k = 0; k < P.size(); ++k) P[k] = rounded(double(k) * phi_every, 8);
    std::vector<double> phiy(phi.size());
    for (std::size_t k = 0; k < phi.size(); ++k) phiy[k] = rounded(std::max(phi[k], 1e-12), 4);
    phi_series.push_back({{"title", fmt::format("ΔP = {:g}", rows[i].dP)}, {"x", P}, {"y", phiy}, {"style", "lines"},
                          {"color", kColors[i % kColors.size()]}});
    // Velocities of a few bodies against P (the paper's figs. 30 and 32).
    for (std::size_t b = 0; b < beads.size(); ++b) {
      const int body = beads[b];
      if (body < 0 || body >= h.r.v.size()) throw std::invalid_argument("claim '" + claim.id + "': figure bead out of range");
      std::vector<double> x, y;
      for (std::size_t k = 0; k < h.v.size(); ++k) {
        x.push_back(rounded(h.P[k], 8));
        y.push_back(rounded(h.v[k][body], 6));
      }
      vel_series.push_back({{"title", b == 0 ? fmt::format("ΔP = {:g}", rows[i].dP) : std::string()},
                            {"x", x},
                            {"y", y},
                            {"style", i == 0 ? "lines" : (i == 1 ? "dashes" : "lines")},
                            {"color", kColors[i % kColors.size()]}});
    }
    summary_rows += fmt::format("\n  ΔP = {:g}: {} steps (paper {}, rel. {:.1e}), max Φ_h {:.3g} (paper {}), Φ_h+ {:.3g} "
                                "(paper {}), {:.3f} s",
                                rows[i].dP, h.r.steps, rows[i].paper_steps, rel, max_phi, p.paper_max_phi,
                                phi_plus, p.paper_phi_plus, h.seconds);
  }
  json tables = json::array({{{"title", "LZB impulse stepping: the paper's table side by side with ours (Φ_h compares "
                                        "ΔP = h with h/2, max norm; max Φ_h over P = k · " +
                                            fmt::format("{:g}", phi_every) + " N·s)"},
                              {"columns", {"ΔP (N·s)", "steps (paper)", "steps (ours)", "relative difference",
                                           "time (paper, s)", "time (ours, s)", "max Φ_h (paper)", "max Φ_h (ours)",
                                           "Φ_h+ (paper)", "Φ_h+ (ours)", "converged (paper)", "converged (ours)",
                                           "impact duration (μs, time map (18))", "Σ δP_* (N·s)"}},
                              {"rows", table_rows}}});
  const std::string chain = spec.scenario;
  json figures = json::array(
      {{{"name", claim.id + "-velocities"},
        {"type", "lines"},
        {"title", "Velocities of bodies " + json(beads).dump() + " against the principal impulse P"},
        {"caption", "LZB impulse stepping on " + chain + " (body 0 is the striker); one colour per ΔP. The paper's "
                    "figures 30 and 32 show the same curves (not tabulated)."},
        {"xlabel", "P (N·s)"},
        {"ylabel", "v (m/s)"},
        {"series", vel_series}},
       {{"name", claim.id + "-phi"},
        {"type", "lines"},
        {"title", "Discrepancy Φ_h(P) of (46) between ΔP = h and h/2"},
        {"caption", "Max-norm relative velocity difference at equal principal impulse P (the paper's fig. 31 for the "
                    "monodisperse chain); a run that has terminated keeps its post-impact velocities."},
        {"xlabel", "P (N·s)"},
        {"ylabel", "Φ_h"},
        {"logy", true},
        {"series", phi_series}}});
  json record = result_head(claim, checks.pass);
  record["checks"] = checks.items;
  record["tables"] = tables;
  record["figures"] = figures;
  record["scenario"] = chain;
  record["seconds"] = seconds_since(wall);
  return {record, checks.pass, checks.summary(claim) + summary_rows};
}

}  // namespace granconv::lzb_kind
