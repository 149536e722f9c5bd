// `granconv run`: the claims named (or all but the heavy ones), checked with
// the command line's overrides before anything runs or is written, each
// record written to DIR/studies as it is done (recorded_runs.hpp).
#include <filesystem>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/commands/recorded_runs.hpp"
#include "app/options.hpp"
#include "app/output_dir.hpp"
#include "app/output_flags.hpp"
#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"
#include "schemes/families/scheme_file.hpp"
#include "schemes/tableau_file.hpp"
#include "studies/core/catalogue.hpp"
#include "studies/core/claim.hpp"
#include "studies/core/claim_kinds.hpp"
#include "studies/core/study.hpp"
#include "studies/core/verdict.hpp"
#include "studies/external/external_stepper.hpp"

namespace granconv::cli {

namespace {

// ctest's status for a test that could not run here (SKIP_RETURN_CODE).
constexpr int kSkipStatus = 77;


// --tableau FILE: a Butcher tableau, or a scheme file of another family
// (docs/scheme-files.md) whose method in double replaces the claim's scheme.
void read_scheme_override(const std::string& file, StudyOptions& opt) {
  constexpr std::size_t max_bytes = 1 << 20;  // as validate's: the largest file of any family is far below
  const std::string text = read_regular_file(file, max_bytes, "tableau file");
  if (scheme_file_family(text, "tableau file " + printable(file)) == "runge-kutta") {
    opt.tableau = read_tableau_file(file);
    return;
  }
  opt.scheme_file = parse_scheme_file(text, "scheme file " + printable(file)).make_double;
}

// --negative-twin: the claim's perturbation of its method or model, as if
// given on the command line (where it may not also be given).
void apply_negative_twin(const std::vector<const Claim*>& selected, const RunArgs& a, StudyOptions& opt) {
  if (selected.size() != 1) throw std::invalid_argument("--negative-twin applies to one claim at a time");
  const Claim& c = *selected.front();
  std::string names;
  for (const auto& t : c.negative_twins) {
    if (t.name != a.negative_twin) {
      names += (names.empty() ? "" : ", ") + t.name;
      continue;
    }
    const auto& p = t.perturb;
    if ((p.contains("tableau") && (opt.tableau || opt.scheme_file)) || (p.contains("expected_order") && opt.expected_order) ||
        (p.contains("start") && !opt.scheme.start.empty()) ||
        (p.contains("dissipation_scale") && opt.scheme.dissipation_scale != 1))
      throw std::invalid_argument("--negative-twin " + t.name + " perturbs what the command line also sets");
    if (p.contains("tableau")) read_scheme_override(p.at("tableau").get<std::string>(), opt);  // resolved at load
    if (p.contains("params"))
      for (const auto& kv : p.at("params")) opt.params.push_back(kv.get<std::string>());
    if (p.contains("start")) opt.scheme.start = p.at("start").get<std::string>();
    if (p.contains("dissipation_scale")) opt.scheme.dissipation_scale = p.at("dissipation_scale").get<double>();
    if (p.contains("expected_order")) opt.expected_order = p.at("expected_order").get<double>();
    if (p.contains("external_args")) {
      if (!c.external) throw std::invalid_argument("negative twin " + t.name + ": external_args apply to external schemes");
      opt.external_args = p.at("external_args").get<std::vector<std::string>>();
    }
    return;
  }
  throw std::invalid_argument("claim '" + c.id + "' has no negative twin '" + a.negative_twin + "'" +
                              (names.empty() ? std::string(" (it has none)") : " (it has: " + names + ")"));
}
}  // namespace

int run(const RunArgs& a) {
  set_claim_file_folders({a.tableaux, a.scenarios});
  const auto claims = load_catalogue(catalogue_path(a.claims));
  std::vector<const Claim*> selected;
  int heavy_left_out = 0;
  for (const auto& id : a.studies) {
    if (id == "all") {
      for (const auto& c : claims) {
        if (c.heavy && !a.heavy) ++heavy_left_out;
        else selected.push_back(&c);
      }
    } else {
      const Claim& c = find_claim(claims, id);
      if (c.heavy && !a.heavy)
        throw std::invalid_argument("claim '" + id + "' is heavy (" + c.estimated_cost + "): add --heavy to run it");
      selected.push_back(&c);
    }
  }
  StudyOptions opt;
  opt.jobs = resolve_jobs(a.jobs);
  opt.cache_dir = resolve_cache(a.cache, a.out);
  opt.out_dir = a.out;
  opt.reference_mode = a.reference_mode == "streamed" ? ComparisonMode::streamed
                       : a.reference_mode == "stored" ? ComparisonMode::stored
                                                      : ComparisonMode::automatic;
  if (!a.tableau.empty()) read_scheme_override(a.tableau, opt);
  opt.expected_order = a.expected;
  if (a.precision) {
    if (!valid_precision(*a.precision))
      throw std::invalid_argument(precision_rule("--precision") + ", not " + std::to_string(*a.precision));
    // Checked before anything runs: other kinds have no scalar to switch.
    for (const Claim* c : selected)
      if (c->kind != "order" && *a.precision != 16)
        throw std::invalid_argument("--precision " + std::to_string(*a.precision) + " applies to order claims; '" +
                                    c->id + "' is of kind " + c->kind);
    opt.precision = a.precision;
  }
  opt.scheme.dissipation_scale = a.dissipation_scale;
  opt.scheme.start = a.start;
  opt.reference.max_seconds = a.reference_budget;
  opt.scheme.mu = a.mu;
  opt.params = a.params;
  if (!a.negative_twin.empty()) apply_negative_twin(selected, a, opt);
  for (const Claim* c : selected) check_overrides(*c, opt);  // before anything runs or is written
  for (const Claim* c : selected)
    if (c->external)
      for (const auto& program : c->external->requires_programs)
        if (!program_found(program)) {
          const std::string why = "claim '" + c->id + "' needs " + program + ", which is not installed";
          if (!a.skip_absent) throw std::runtime_error(why);
          std::cerr << "skipped: " << why << '\n';
          return kSkipStatus;
        }
  prepare_output_dir(a.out);
  // After every check: a run refused for its options says only why.
  if (heavy_left_out && !a.output.quiet && !a.output.json)
    std::cerr << fmt::format("run all: {} heavy claim{} left out (granconv list marks them; --heavy runs them)\n",
                             heavy_left_out, heavy_left_out == 1 ? "" : "s");
  Verdict all = Verdict::pass;
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : run_and_record(selected, opt, a.out, a.output.quiet)) {
    const std::string id = r.record.at("study").get<std::string>();
    if (a.output.json)
      rows.push_back({{"id", id}, {"verdict", to_string(r.verdict)}, {"summary", r.summary},
                      {"record", (std::filesystem::path(a.out) / "studies" / (id + ".json")).string()},
                      {"seconds", r.record.at("seconds")}});
    else if (!a.output.quiet)
      std::cout << r.summary << '\n';
    all = combine(all, r.verdict);
  }
  if (a.output.json) print_json({{"verdict", to_string(all)}, {"claims", rows}});
  return a.check ? exit_status(all) : 0;
}

}  // namespace granconv::cli
