// The record of a cradle claim: the additive θ method against CVODE once,
// the parts (cradle_detail.hpp) in the record's order, and the terminal's
// summary.
#include "studies/kinds/jvb2020/cradle/cradle_claims.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "schemes/scheme_catalogue.hpp"
#include "schemes/tailored_schemes.hpp"
#include "studies/kinds/jvb2020/cradle/cradle_detail.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv {

using nlohmann::json;

ClaimResult run_cradle_claim(const Claim& claim, const CradleSpec& spec, const StudyOptions& opt) {
  using namespace cradle;
  const auto wall = std::chrono::steady_clock::now();
  const auto& params = spec.params;
  CradleRun run{claim, spec, opt, make_problem<double>(spec.scenario, params)};
  const auto& pr = run.pr;
  const double h = run.h = spec.h;
  run.beads = pr.chain.beads();
  const double m = run.m = pr.chain.m.front(), K = run.K = pr.chain.K.front();
  if (!(K > 0)) throw std::invalid_argument("claim '" + claim.id + "': the cradle needs K > 0");
  run.period = 2 * std::numbers::pi * std::sqrt(m / K);

  // θ and μ as the constructed scheme steps with them (theta_parameters is
  // what the θ scheme itself calls), against the paper's printed θ.
  const auto [theta, mu] = theta_parameters(opt.scheme, pr.chain, h);
  run.theta = theta;
  run.mu = mu;
  const double theta_paper = spec.theta;

  ComparisonOptions co;
  co.keep_states = true;
  co.reference = opt.reference;
  co.cache_dir = opt.cache_dir;
  const auto t_cmp = std::chrono::steady_clock::now();
  run.c = compare_with_reference(pr, make_scheme<double>("theta", opt.scheme), Formulation::xv, h, co);
  const Comparison& c = run.c;
  const double cmp_seconds = seconds_since(t_cmp);
  run.prov = c.reference_provenance;
  const auto& prov = run.prov;
  const long events = prov.value("events", 0L), ref_steps = prov.value("steps", 0L);
  const auto event_times = prov.value("event_times", std::vector<double>{});

  CradleRecord rec;
  // θ and μ as the scheme steps with them, beside the paper's: information.
  // A perturbed scheme has to be caught by the cradle's motion (the checks).
  rec.tables.push_back({{"title", "Parameters of the additive θ method as run (information, not a check)"},
                        {"columns", {"parameter", "paper", "as run"}},
                        {"rows",
                         {{"θ (fixed by (41): 1/2 + γ/(2h))", theta_paper, sig(theta, 12)},
                          {"μ (= θ: no local numerical damping)", theta_paper, sig(mu, 12)}}}});
  add_first_max(run, rec);
  add_sup_errors(run, rec);
  const double rel_x = c.max_error_x / c.ref_sup_x, rel_v = c.max_error_v / c.ref_sup_v;
  const Spreads spreads = add_sync(run, rec);
  const auto& spread_ref = spreads.reference;
  const auto& spread_sch = spreads.scheme;
  add_histories(run, rec);
  add_heatmaps(run, rec);

  const bool pass = rec.pass;
  const auto& checks = rec.checks;
  const double seconds = seconds_since(wall);
  json record = result_head(claim, pass);
  record["checks"] = checks;
  record["figures"] = rec.figures;
  record["tables"] = rec.tables;
  record["scenario"] = "cradle";
  record["params"] = params;
  record["scheme"] = "theta";
  record["scheme_label"] = fmt::format("additive θ method, h = {:g}, θ = {:g}, μ = {:g}", h, theta, mu);
  record["scheme_run"] = {{"h", h}, {"steps", c.steps}, {"theta", theta}, {"mu", mu}, {"seconds", c.seconds}};
  record["local_period"] = run.period;
  json ref = prov;
  ref.erase("event_times");
  ref["event_count"] = event_times.size();
  ref["first_event_times"] = std::vector<double>(event_times.begin(), event_times.begin() + std::min<std::size_t>(20, event_times.size()));
  ref["last_event_time"] = event_times.empty() ? 0.0 : event_times.back();
  ref["seconds_with_scheme"] = cmp_seconds;
  record["reference"] = ref;
  record["seconds"] = seconds;

  std::string s = fmt::format("{} {}", pass ? "PASS" : "FAIL", claim.id);
  s += fmt::format("\n  θ = {:.6g}, μ = {:.6g}; sup errors x {:.4g} (rel {:.2f}%), v {:.4g} (rel {:.2f}%); amplitude "
                   "spread max/min: first period ref {:.3g} / scheme {:.3g}, last ref {:.4g} / scheme {:.4g}",
                   theta, mu, c.max_error_x, 100 * rel_x, c.max_error_v, 100 * rel_v, spread_ref.front().max_over_min,
                   spread_sch.front().max_over_min, spread_ref.back().max_over_min, spread_sch.back().max_over_min);
  s += rec.summary_extra;
  s += fmt::format("\n  reference: {} CVODE steps, {} contact events (last at t = {:.1f}); reference {:.2f} s (cache or "
                   "CVODE), scheme {:.2f} s, total {:.2f} s",
                   ref_steps, events, event_times.empty() ? 0.0 : event_times.back(), cmp_seconds - c.seconds,
                   c.seconds, seconds);
  for (const auto& ch : checks)
    if (!ch.at("pass").get<bool>()) s += "\n  failed: " + ch.at("label").get<std::string>();
  return {record, pass, s};
}

}  // namespace granconv
