#include "studies/claim_kinds.hpp"

#include <set>

#include <fmt/format.h>

#include "models/find_by_name.hpp"
#include "studies/history_claims.hpp"
#include "studies/lzb_claims.hpp"
#include "studies/order_sweep_claims.hpp"
#include "studies/analysis_claims.hpp"
#include "studies/atlas_claims.hpp"
#include "studies/bistiffness_claims.hpp"
#include "studies/cd_claims.hpp"
#include "studies/cradle_claims.hpp"
#include "studies/mollified_order_claims.hpp"
#include "studies/restitution_claims.hpp"
#include "studies/sweep_claims.hpp"
#include "studies/thesis_restitution_claims.hpp"

namespace granconv {

namespace {

// Whether any run of the claim steps with the θ scheme (the one --mu perturbs).
bool runs_theta(const Claim& claim) {
  if (claim.kind == "order") return claim.scheme == "theta";
  if (claim.kind == "cradle") return true;  // the kind runs nothing else
  if (claim.kind != "table" && claim.kind != "history" && claim.kind != "sweep") return false;
  for (const auto& r : claim.record.value("runs", nlohmann::json::array()))
    if (r.value("scheme", std::string()) == "theta") return true;
  return false;
}

ClaimResult run_order_claim(const Claim& claim, const StudyOptions& options) {
  const StudyResult r = run_study(claim, options);
  std::string s = fmt::format("{} {}", r.pass ? "PASS" : "FAIL", claim.id);
  for (const auto& c : r.checks) {
    const auto& f = c.used();
    s += fmt::format("\n  [{}] {} fit: observed order {:.3f}, 95% CI [{:.3f}, {:.3f}], expected {} ± {}, window "
                     "[{:.3g}, {:.3g}], {} points{}",
                     c.check.label, to_string(c.check.fit), f.order, f.ci_lo, f.ci_hi, c.check.expected_order,
                     c.check.tolerance, f.h_min, f.h_max, f.points, c.pass ? "" : " — " + c.reason);
  }
  return {r.to_json(), r.pass, s};
}

}  // namespace

const std::vector<ClaimKind>& claim_kinds() {
  static const std::vector<ClaimKind> kinds = {
      {"order", &run_order_claim},
      {"table", &run_table_claim},
      {"history", &run_history_claim},
      {"analysis", &run_analysis_claim},
      {"sweep", &run_sweep_claim},
      {"cradle", &run_cradle_claim},
      {"restitution", &run_restitution_claim},
      {"order-sweep", &run_order_sweep_claim},
      {"mollified-order", &run_mollified_order_claim},
      {"thesis-restitution", &run_thesis_restitution_claim},
      {"bistiffness", &run_bistiffness_claim},
      {"lzb", &run_lzb_claim},
      {"contact-dynamics", &run_contact_dynamics_claim},
      {"atlas", &run_atlas_claim},
  };
  return kinds;
}

namespace {

// Kinds whose scenario is a parameter list: --param is appended to it.
const std::set<std::string> kinds_with_scenario = {"order", "table", "history", "cradle",
                                                   "sweep", "mollified-order", "lzb"};
// Kinds that apply StudyOptions::params to the problems they build themselves.
const std::set<std::string> kinds_applying_params = {"restitution", "order-sweep"};

// Scenario parameters a claim sets itself for each of its runs: a --param on
// them would be overwritten, so it is refused.
std::set<std::string> keys_set_by_claim(const Claim& claim) {
  const auto& r = claim.record;
  if (claim.kind == "order" && claim.gamma_per_h) return {"gamma"};
  if (claim.kind == "restitution") return {"gamma", "t_end"};
  if (claim.kind == "mollified-order") return {"law", "eps"};
  if (claim.kind == "order-sweep" && r.contains("parameter")) return {r.at("parameter").get<std::string>()};
  if (claim.kind == "sweep" && r.contains("sweep")) return {r.at("sweep").value("parameter", std::string())};
  if (claim.kind == "lzb" && r.contains("V")) return {"V", "t_end"};
  return {};
}

}  // namespace

void check_overrides(const Claim& claim, const StudyOptions& options) {
  // Overrides that a kind would silently ignore are errors.
  if (options.expected_order && claim.kind != "order")
    throw std::invalid_argument("--expected applies to order claims; '" + claim.id + "' is of kind " + claim.kind);
  if (options.tableau && claim.kind != "order" && claim.kind != "analysis")
    throw std::invalid_argument("--tableau applies to order and analysis claims; '" + claim.id + "' is of kind " +
                                claim.kind);
  if (options.scheme.mu && !runs_theta(claim))
    throw std::invalid_argument("--mu applies to claims running the theta scheme; '" + claim.id + "' (kind " +
                                claim.kind + ") runs none");
  // The other kinds build their models from fields of their own.
  if (!options.params.empty() && !kinds_with_scenario.count(claim.kind) && !kinds_applying_params.count(claim.kind))
    throw std::invalid_argument("--param applies to claims with a scenario; '" + claim.id + "' is of kind " +
                                claim.kind);
  const auto owned = keys_set_by_claim(claim);
  for (const auto& p : options.params) {
    const std::string key = p.substr(0, p.find('='));
    if (owned.count(key))
      throw std::invalid_argument("--param " + key + ": claim '" + claim.id + "' (kind " + claim.kind +
                                  ") sets it itself for each run");
  }
}

ClaimResult run_claim(const Claim& claim, const StudyOptions& options) {
  const auto& kind = find_by_name(claim_kinds(), claim.kind, "claim kind", [](const ClaimKind& k) { return k.name; });
  check_overrides(claim, options);
  if (options.params.empty() || kinds_applying_params.count(claim.kind)) return kind.run(claim, options);
  // A model perturbation: the overrides follow the claim's own parameters,
  // so they win.
  Claim perturbed = claim;
  auto listed = perturbed.record.value("params", std::vector<std::string>{});
  for (const auto& p : options.params) {
    perturbed.params.push_back(p);
    listed.push_back(p);
  }
  perturbed.record["params"] = listed;
  StudyOptions applied = options;
  applied.params.clear();  // now part of the claim
  return kind.run(perturbed, applied);
}

nlohmann::json result_head(const Claim& claim, bool pass) {
  return {{"study", claim.id},
          {"kind", claim.kind},
          {"title", claim.title},
          {"source", {{"paper", claim.paper}, {"item", claim.item}}},
          {"figure_group", claim.figure_group},
          {"notes", claim.deviation.empty() ? claim.notes : "Deviation from the paper: " + claim.deviation + " " + claim.notes},
          {"expected_verdict", claim.expected_verdict},
          {"pass", pass}};
}

std::string CheckList::summary(const Claim& claim) const {
  std::string s = fmt::format("{} {}", pass ? "PASS" : "FAIL", claim.id);
  for (const auto& c : items) {
    const auto& o = c.at("observed");
    s += fmt::format("\n  [{}] {}: observed {}", c.at("pass").get<bool>() ? "ok" : "FAIL",
                     c.at("label").get<std::string>(), o.is_string() ? o.get<std::string>() : o.dump());
  }
  return s;
}

}  // namespace granconv
