#include "studies/kinds/order_claims.hpp"

#include <fmt/format.h>

#include "models/scenario_file/scenario_file.hpp"
#include "studies/support/catalogue_fields.hpp"
#include "schemes/tableau_file.hpp"
#include "studies/core/catalogue_rules.hpp"

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
  if (r.has("tableau")) {
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
  c.grid = r.object("grid", [](FieldReader& g) {
    StepGrid grid{g.req<double>("h_max", positive()), g.req<double>("h_min", positive()),
                  g.req<int>("per_decade", at_least(1))};
    g.check(grid.h_max > grid.h_min, "h_min", "must be below h_max");
    return grid;
  });
  c.checks = r.list("checks", read_check);
  c.trajectory_h = r.maybe<double>("trajectory_h", positive());
  c.error_measure = r.one_of("error", {"grid-max", "final-x", "final-overlap"}, "grid-max");
  c.scheme_start = r.opt<std::string>("scheme_start", "");
  c.precision = r.opt<int>("precision", 16);
  r.check(valid_precision(c.precision), "precision", precision_rule("").substr(1));
  c.gamma_per_h = r.maybe<double>("gamma_per_h", positive());
  r.check(!c.gamma_per_h || c.scenario_file.empty(), "gamma_per_h",
          "applies to built-in scenarios (it sets the parameter gamma), not to a scenario file");
  return c;
}

ClaimResult run_order_claim(const Claim& claim, const OrderSpec&, const StudyOptions& options) {
  // run_study reads the spec from the claim, its base (a run may perturb it).
  const StudyResult r = run_study(claim, options);
  std::string s = fmt::format("{} {}", shout(r.verdict), claim.id);
  for (const auto& c : r.checks) {
    const auto& f = c.used();
    s += fmt::format("\n  [{}] {} fit: observed order {:.3f}, 95% CI [{:.3f}, {:.3f}], expected {} ± {}, points "
                     "used span [{:.3g}, {:.3g}], {} points: {}{}",
                     c.check.label, to_string(c.check.fit), f.order, f.ci_lo, f.ci_hi, c.check.expected_order,
                     c.check.tolerance, f.h_min, f.h_max, f.points, to_string(c.verdict),
                     c.pass ? "" : " — " + c.reason);
  }
  return {r.to_json(), r.pass, s, r.verdict};
}

}  // namespace granconv
