#include "studies/kinds/order/order_claims.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "models/scenario_file/scenario_file.hpp"
#include "studies/support/catalogue_fields.hpp"
#include "schemes/tableau_file.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/step_grid_field.hpp"
#include "studies/external/external_stepper.hpp"
#include "studies/external/external_study.hpp"
#include "models/input/regular_file.hpp"

namespace granconv {

namespace {

// "scenario_file" (relative to the catalogue file) instead of "scenario" and
// "params": read and checked now, so that a broken file is a catalogue problem.
void read_scenario_file_field(FieldReader& r, OrderSpec& c) {
  c.scenario_file = r.req<std::string>("scenario_file");
  r.check(!r.has("scenario"), "scenario", "and 'scenario_file' exclude each other");
  r.accept("scenario");
  c.params = r.opt<std::vector<std::string>>("params", {});
  r.check(c.params.empty(), "params", "apply to built-in scenarios: a scenario file states its values itself");
  if (!r.ok()) return;
  try {
    c.scenario_spec = std::make_shared<const ScenarioFile>(
        read_scenario_file(resolve_claim_file(c.scenario_file, claim_file_folders().scenarios, r.base_dir)));
  } catch (const std::exception& e) {
    r.problem("scenario_file", e.what());
  }
}

OrderCheck read_check(FieldReader& r) {
  OrderCheck k;
  k.label = r.req<std::string>("label");
  if (const auto w = r.interval("window", false, positive())) k.window = FitWindow{(*w)[0], (*w)[1]};
  k.fit = r.one_of("fit", {"least-squares", "upper-envelope"}) == "upper-envelope" ? FitKind::upper_envelope
                                                                                   : FitKind::least_squares;
  k.expected_order = r.req<double>("expected_order");
  k.tolerance = r.req<double>("tolerance", positive());
  k.max_ci_width = r.req<double>("max_ci_width", positive());
  k.rivals = r.req<std::vector<double>>("rivals");  // the rule: catalogue_rules.hpp
  k.tolerance_source = source_of(r.json(), "tolerance");
  return k;
}

// The external program on the claim's page: what ran, and which built-in
// scheme it is step for step.
nlohmann::json external_tables(const nlohmann::json& e) {
  nlohmann::json who = {{"title", "The external program"}, {"columns", {"what", "value"}}, {"rows", nlohmann::json::array()}};
  for (const char* key : {"name", "version", "command", "coordinates", "velocity"})
    who["rows"].push_back({key, e.value(key, std::string())});
  for (const auto& [file, digest] : e.at("digests").items()) who["rows"].push_back({"digest of " + file, digest});
  nlohmann::json id = {{"title", "Identification: each built-in scheme run at the same step sizes and compared with the "
                                 "program at every output time (bound: 10 × the program's round-off)"},
                       {"columns", {"scheme", "reproduces it", "largest |Δx|", "largest |Δv|", "largest Δ / bound"}},
                       {"rows", nlohmann::json::array()}};
  for (const auto& c : e.at("identify"))
    id["rows"].push_back({c.at("scheme"), c.at("reproduces").get<bool>() ? "yes" : "no",
                          fmt::format("{:.3g}", c.at("max_dx").get<double>()),
                          fmt::format("{:.3g}", c.at("max_dv").get<double>()),
                          fmt::format("{:.3g}", c.at("largest_over_identity_bound").get<double>())});
  nlohmann::json t = nlohmann::json::array({who});
  if (!id["rows"].empty()) t.push_back(id);
  return t;
}

}  // namespace

OrderSpec parse_order_spec(FieldReader& r) {
  OrderSpec c;
  if (r.has("scenario_file")) {
    read_scenario_file_field(r, c);
  } else {
    const auto s = read_scenario(r, std::nullopt, true);
    c.scenario = s.scenario;
    c.params = s.params;
  }
  if (r.has("external")) {
    // A program's integrator (studies/external/): it is given the scenario file.
    r.check(!r.has("scheme") && !r.has("tableau"), "external", "excludes 'scheme' and 'tableau'");
    r.check(!c.scenario_file.empty(), "external", "needs a 'scenario_file': the program is given that file");
    auto e = std::make_shared<ExternalStepper>(read_external_stepper(r, r.base_dir.empty() ? std::filesystem::current_path()
                                                                                             : std::filesystem::absolute(r.base_dir)));
    if (r.ok()) try {
        e->scenario_text = read_regular_file(
            resolve_claim_file(c.scenario_file, claim_file_folders().scenarios, r.base_dir), kMaxScenarioFileBytes,
            "scenario file");
      } catch (const std::exception& ex) {
        r.problem("scenario_file", ex.what());
      }
    c.scheme = "external " + e->name;
    c.external = std::move(e);
  } else if (r.has("tableau")) {
    // A scheme of the user's own, from its tableau file (schemes/tableau_file.hpp).
    const auto name = r.req<std::string>("tableau");
    try {
      c.tableau = read_tableau_file(resolve_claim_file(name, claim_file_folders().tableaux, r.base_dir));
      c.scheme = "tableau " + c.tableau->name;
    } catch (const std::exception& e) {
      r.problem("tableau", e.what());
    }
  } else {
    c.scheme = read_scheme(r);
  }
  c.formulation = read_formulation(r);
  c.error_norm = r.req<std::string>("error_norm");
  c.grid = read_step_grid(r);
  c.checks = r.list("checks", read_check);
  if (std::any_of(c.checks.begin(), c.checks.end(), [](const OrderCheck& k) { return k.fit == FitKind::upper_envelope; }))
    if (const std::string why = envelope_sampling_problem(c.grid.per_decade, kEnvelopeBinsPerDecade); !why.empty())
      r.problem("grid", why);
  c.trajectory_h = r.maybe<double>("trajectory_h", positive());
  c.error_measure = r.one_of("error", {"grid-max", "final-x", "final-overlap"}, "grid-max");
  c.scheme_start = r.opt<std::string>("scheme_start", "");
  c.precision = r.opt<int>("precision", 16);
  if (r.has("reference_method")) c.reference_method = r.one_of("reference_method", {"adams", "bdf", "erk8", "erk9"});
  r.check(valid_precision(c.precision), "precision", precision_rule("").substr(1));
  c.gamma_per_h = r.maybe<double>("gamma_per_h", positive());
  r.check(!c.gamma_per_h || c.scenario_file.empty(), "gamma_per_h",
          "applies to built-in scenarios (it sets the parameter gamma), not to a scenario file");
  if (c.external) {
    r.check(c.precision == 16, "precision", "must be 16 for an external scheme (the program runs in its own arithmetic)");
    r.check(c.error_measure == "grid-max", "error", "must be grid-max for an external scheme (errors at its output times)");
    r.check(!c.trajectory_h, "trajectory_h", "does not apply to an external scheme");
  }
  if (r.ok()) try {
      auto p = c.scenario_spec ? c.scenario_spec->problem<double>() : make_problem<double>(c.scenario, c.params);
      if (!c.reference_method.empty()) p.reference_method = c.reference_method;
      // A streamed reference stores nothing per step (reference_streamable).
      Claim measured;
      measured.error_measure = c.error_measure;
      const bool streamed = !c.external && c.precision == 16 && reference_streamable(measured, p, ReferenceOptions{});
      check_grid_budget(r, c.grid, p.t_end, static_cast<std::size_t>(p.y0.size()),
                        c.error_measure == "grid-max" && !streamed);
    } catch (const std::exception& e) {
      r.problem("scenario", e.what());
    }
  return c;
}

ClaimResult run_order_claim(const Claim& claim, const OrderSpec&, const StudyOptions& options) {
  // run_study reads the spec from the claim, its base (a run may perturb it).
  std::optional<ExternalStudy> ext;
  if (claim.external) ext = run_external_study(claim, options);
  const StudyResult r = ext ? ext->study : run_study(claim, options);
  std::string s = fmt::format("{} {}", shout(r.verdict), claim.id);
  for (const auto& c : r.checks) {
    const auto& f = c.used();
    if (f.points == 0) {  // no order to print: say why instead of "nan [nan, nan]"
      const std::string where = c.check.window ? fmt::format("the window [{:.3g}, {:.3g}]", c.check.window->h_min,
                                                             c.check.window->h_max)
                                               : std::string("the usable step sizes");
      s += fmt::format("\n  [{}] {} fit: {} hold{} no points to fit: {}{}", c.check.label, to_string(c.check.fit), where,
                       c.check.window ? "s" : "", to_string(c.verdict), c.pass ? "" : " — " + c.reason);
      continue;
    }
    s += fmt::format("\n  [{}] {} fit: observed order {:.3f}, 95% CI [{:.3f}, {:.3f}], expected {} ± {}, points "
                     "used span [{:.3g}, {:.3g}], {} points: {}{}",
                     c.check.label, to_string(c.check.fit), f.order, f.ci_lo, f.ci_hi, c.check.expected_order,
                     c.check.tolerance, f.h_min, f.h_max, f.points, to_string(c.verdict),
                     c.pass ? "" : " — " + c.reason);
  }
  nlohmann::json record = r.to_json();
  if (ext) {
    // What this run measured, after the claim's own notes (its derivation).
    std::string observed;
    for (const auto& c : r.checks)
      if (c.used().points > 0)
        observed += fmt::format("{}[{}] order {:.3f}, 95% CI [{:.3f}, {:.3f}]", observed.empty() ? "" : "; ", c.check.label,
                                c.used().order, c.used().ci_lo, c.used().ci_hi);
    const std::string measured = "Measured in this run: " + (observed.empty() ? std::string("no fit") : observed) + "." +
                                 (ext->identification_line.empty() ? "" : " Scheme: " + ext->identification_line + ".");
    record["notes"] = record.value("notes", std::string()) + (record.value("notes", std::string()).empty() ? "" : " ") + measured;
    record["external"] = ext->external;
    record["tables"] = external_tables(ext->external);
    if (!ext->identification_line.empty()) s += "\n  scheme: " + ext->identification_line;
  }
  return {record, r.pass, s, r.verdict};
}

}  // namespace granconv
