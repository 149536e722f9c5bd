#include "studies/core/claim_kinds.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "models/find_by_name.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/kinds/jvb2020/history/history_claims.hpp"
#include "studies/kinds/nb2011/lzb/lzb_claims.hpp"
#include "studies/kinds/thesis/order_sweep/order_sweep_claims.hpp"
#include "studies/kinds/jvb2020/analysis/analysis_claims.hpp"
#include "studies/atlas/atlas_claims.hpp"
#include "studies/kinds/nb2011/bistiffness/bistiffness_claims.hpp"
#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_claims.hpp"
#include "studies/kinds/jvb2020/cradle/cradle_claims.hpp"
#include "studies/kinds/thesis/mollified_order/mollified_order_claims.hpp"
#include "studies/kinds/jvb2020/restitution/restitution_claims.hpp"
#include "studies/kinds/jvb2020/sweep/sweep_claims.hpp"
#include "studies/kinds/thesis/thesis_restitution/thesis_restitution_claims.hpp"
#include "studies/kinds/order/order_claims.hpp"
#include "studies/kinds/families/scheme_property/scheme_property_claims.hpp"

namespace granconv {

namespace {

// The schemes of the record's "runs" (table, history, sweep).
std::vector<std::string> schemes_of_runs(const Claim& claim) {
  std::vector<std::string> out;
  for (const auto& r : claim.record.value("runs", nlohmann::json::array())) out.push_back(r.value("scheme", std::string()));
  return out;
}

// The catalogue schemes that take μ, for the message of a misplaced --mu.
std::string schemes_taking_mu() {
  std::string out;
  for (const auto& s : scheme_catalogue())
    if (s.takes_mu) out += (out.empty() ? "" : ", ") + s.name;
  return out;
}

// The catalogue check with this record check's label (kinds may append to
// the label after a colon), or null.
const nlohmann::json* catalogue_check(const Claim& claim, const std::string& label) {
  if (!claim.record.contains("checks") || !claim.record.at("checks").is_array()) return nullptr;
  for (const auto& c : claim.record.at("checks"))
    if (c.contains("label") && c.at("label").is_string()) {
      const auto l = c.at("label").get<std::string>();
      if (label == l || label.rfind(l + ":", 0) == 0) return &c;
    }
  return nullptr;
}

void settle_verdicts(const Claim& claim, ClaimResult& r) {
  auto& rec = r.record;
  Verdict v = Verdict::pass;
  if (rec.contains("checks") && rec.at("checks").is_array())
    for (auto& c : rec.at("checks")) {
      if (!c.contains("verdict")) c["verdict"] = c.value("pass", false) ? "pass" : "fail";
      const Verdict cv = verdict_from_string(c.at("verdict").get<std::string>());
      c["pass"] = cv == Verdict::pass;
      v = combine(v, cv);
      if (const auto* k = catalogue_check(claim, c.value("label", std::string()))) {
        if (!c.contains("tolerance_source") && k->contains("tolerance_source")) c["tolerance_source"] = k->at("tolerance_source");
        if (!c.contains("rival") && k->contains("rival")) c["rival"] = k->at("rival");
        if (!c.contains("rivals") && k->contains("rivals")) c["rivals"] = k->at("rivals");
      }
    }
  // A kind may fail a claim beyond its checks (a run that did not finish).
  if (rec.contains("verdict")) v = combine(v, verdict_from_string(rec.at("verdict").get<std::string>()));
  if (!r.pass && v == Verdict::pass) v = Verdict::fail;
  r.verdict = v;
  r.pass = v == Verdict::pass;
  rec["verdict"] = to_string(v);
  rec["pass"] = r.pass;
  rec["tolerances"] = tolerance_list(claim.record);
  rec["expected_verdict"] = claim.expected_verdict;
  // A claim in neither paper (source.new) is "new" when it passes, not "reproduced".
  rec["new"] = claim.is_new;
  if (!claim.deviation_pin.is_null()) rec["deviation_pin"] = claim.deviation_pin;
  // The terminal's first word is the claim's verdict.
  const auto space = r.summary.find(' ');
  if (space != std::string::npos) r.summary = shout(v) + r.summary.substr(space);
}

}  // namespace

const std::vector<ClaimKind>& claim_kinds() {
  using P = ParamOverrides;
  static const std::vector<ClaimKind> kinds = {
      kind_row("order", &parse_order_spec, &run_order_claim,
               {.params = P::scenario,
                .keys_set_by_claim = [](const Claim& c) { return c.gamma_per_h ? std::set<std::string>{"gamma"}
                                                                               : std::set<std::string>{}; },
                .schemes_run = [](const Claim& c) { return std::vector<std::string>{c.scheme}; }}),
      kind_row("table", &parse_table_spec, &run_table_claim,
               {.params = P::scenario, .keys_set_by_claim = nullptr, .schemes_run = schemes_of_runs}),
      kind_row("history", &parse_history_spec, &run_history_claim,
               {.params = P::scenario, .keys_set_by_claim = nullptr, .schemes_run = schemes_of_runs}),
      kind_row("analysis", &parse_analysis_spec, &run_analysis_claim),
      kind_row("sweep", &parse_sweep_spec, &run_sweep_claim,
               {.params = P::scenario,
                .keys_set_by_claim =
                    [](const Claim& c) {
                      if (!c.record.contains("sweep")) return std::set<std::string>{};
                      return std::set<std::string>{c.record.at("sweep").value("parameter", std::string())};
                    },
                .schemes_run = schemes_of_runs}),
      kind_row("cradle", &parse_cradle_spec, &run_cradle_claim,
               {.params = P::scenario,
                .keys_set_by_claim = nullptr,
                .schemes_run = [](const Claim&) { return std::vector<std::string>{"theta"}; }}),
      kind_row("restitution", &parse_restitution_spec, &run_restitution_claim,
               {.params = P::applied,
                .keys_set_by_claim = [](const Claim&) { return std::set<std::string>{"gamma", "t_end"}; },
                .schemes_run = nullptr}),
      kind_row("order-sweep", &parse_order_sweep_spec, &run_order_sweep_claim,
               {.params = P::applied,
                .keys_set_by_claim =
                    [](const Claim& c) {
                      if (!c.record.contains("parameter")) return std::set<std::string>{};
                      return std::set<std::string>{c.record.at("parameter").get<std::string>()};
                    },
                .schemes_run = nullptr}),
      kind_row("mollified-order", &parse_mollified_order_spec, &run_mollified_order_claim,
               {.params = P::scenario,
                .keys_set_by_claim = [](const Claim&) { return std::set<std::string>{"law", "eps"}; },
                .schemes_run = nullptr}),
      kind_row("thesis-restitution", &parse_thesis_restitution_spec, &run_thesis_restitution_claim),
      kind_row("bistiffness", &parse_bistiffness_spec, &run_bistiffness_claim),
      kind_row("lzb", &parse_lzb_spec, &run_lzb_claim,
               {.params = P::scenario,
                .keys_set_by_claim =
                    [](const Claim& c) {
                      return c.record.contains("V") ? std::set<std::string>{"V", "t_end"} : std::set<std::string>{};
                    },
                .schemes_run = nullptr}),
      kind_row("contact-dynamics", &parse_contact_dynamics_spec, &run_contact_dynamics_claim),
      kind_row("atlas", &parse_atlas_spec, &run_atlas_claim),
      kind_row("scheme-property", &parse_scheme_property_spec, &run_scheme_property_claim),
  };
  return kinds;
}

const ClaimKind& find_kind(const std::string& name) {
  return find_by_name(claim_kinds(), name, "claim kind", [](const ClaimKind& k) { return k.name; });
}

void check_overrides(const Claim& claim, const StudyOptions& options) {
  // Overrides that a kind would silently ignore are errors.
  if (options.expected_order && claim.kind != "order")
    throw std::invalid_argument("--expected applies to order claims; '" + claim.id + "' is of kind " + claim.kind);
  if (options.scheme_file && claim.kind != "order")
    throw std::invalid_argument("--tableau with a scheme file of a family other than runge-kutta applies to order "
                                "claims; '" + claim.id + "' is of kind " + claim.kind);
  if (options.tableau && claim.kind != "order" && claim.kind != "analysis")
    throw std::invalid_argument("--tableau applies to order and analysis claims; '" + claim.id + "' is of kind " +
                                claim.kind);
  const auto& overrides = find_kind(claim.kind).overrides;
  if (options.scheme.mu) {
    const auto schemes = overrides.schemes_run ? overrides.schemes_run(claim) : std::vector<std::string>{};
    if (std::none_of(schemes.begin(), schemes.end(), scheme_takes_mu))
      throw std::invalid_argument("--mu applies to claims running the " + schemes_taking_mu() + " scheme; '" +
                                  claim.id + "' (kind " + claim.kind + ") runs none");
  }
  if (!options.params.empty() && overrides.params == ParamOverrides::refused)
    throw std::invalid_argument("--param applies to claims with a scenario; '" + claim.id + "' is of kind " +
                                claim.kind);
  if (!options.params.empty() && claim.scenario_spec)
    throw std::invalid_argument("--param applies to built-in scenarios; claim '" + claim.id + "' names the scenario file " +
                                claim.scenario_file);
  const auto owned = overrides.keys_set_by_claim ? overrides.keys_set_by_claim(claim) : std::set<std::string>{};
  for (const auto& p : options.params) {
    const std::string key = p.substr(0, p.find('='));
    if (owned.count(key))
      throw std::invalid_argument("--param " + key + ": claim '" + claim.id + "' (kind " + claim.kind +
                                  ") sets it itself for each run");
  }
}

ClaimResult run_claim(const Claim& claim, const StudyOptions& options) {
  const auto& kind = find_kind(claim.kind);
  check_overrides(claim, options);
  if (options.params.empty() || kind.overrides.params == ParamOverrides::applied) {
    ClaimResult r = kind.run(claim, options);
    settle_verdicts(claim, r);
    return r;
  }
  // A model perturbation: the overrides follow the claim's own parameters,
  // so they win; the record is read again, so the kind's spec holds them.
  nlohmann::json record = claim.record;
  auto listed = record.value("params", std::vector<std::string>{});
  listed.insert(listed.end(), options.params.begin(), options.params.end());
  record["params"] = listed;
  const Claim perturbed = parse_claim(record);
  StudyOptions applied = options;
  applied.params.clear();  // now part of the claim
  ClaimResult r = kind.run(perturbed, applied);
  settle_verdicts(perturbed, r);
  return r;
}

void CheckList::add(nlohmann::json check) {
  const Verdict v = check.contains("verdict") ? verdict_from_string(check.at("verdict").get<std::string>())
                    : check.at("pass").get<bool>() ? Verdict::pass
                                                   : Verdict::fail;
  check["verdict"] = to_string(v);
  check["pass"] = v == Verdict::pass;
  verdict = combine(verdict, v);
  pass = verdict == Verdict::pass;
  items.push_back(std::move(check));
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
  std::string s = fmt::format("{} {}", shout(verdict), claim.id);
  for (const auto& c : items) {
    const auto& o = c.at("observed");
    const std::string v = c.at("verdict").get<std::string>();
    s += fmt::format("\n  [{}] {}: observed {}", v == "pass" ? "ok" : shout(verdict_from_string(v)),
                     c.at("label").get<std::string>(), o.is_string() ? o.get<std::string>() : o.dump());
  }
  return s;
}

}  // namespace granconv
