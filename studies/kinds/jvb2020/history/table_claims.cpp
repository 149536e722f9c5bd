// The claim kind "table" (history_claims.hpp): JVB Table 1, errors of scheme runs
// against the reference.
#include <cmath>

#include <fmt/format.h>

#include "reference/cache/reference_cache.hpp"
#include "studies/kinds/jvb2020/history/history_detail.hpp"
#include "studies/support/catalogue_fields.hpp"
#include "studies/support/record_helpers.hpp"
#include "studies/support/step_grid.hpp"

namespace granconv {

TableSpec parse_table_spec(FieldReader& r) {
  using namespace history;
  TableSpec s;
  const auto sc = read_scenario(r);
  s.scenario = sc.scenario;
  s.params = sc.params;
  s.runs = r.list("runs", [](FieldReader& e) {
    TableSpec::Run run;
    static_cast<SchemeRun&>(run) = read_run(e);
    run.paper_error_x = e.req<double>("paper_error_x", positive());
    run.paper_error_v = e.req<double>("paper_error_v", positive());
    run.paper_seconds = e.req<double>("paper_seconds", positive());
    return run;
  });
  s.relative_tolerance = r.req<double>("relative_tolerance", positive());
  s.reference_sup_relative_tolerance = r.req<double>("reference_sup_relative_tolerance", positive());
  s.paper_reference_sup = r.req<std::vector<double>>("paper_reference_sup", positive());
  r.check(s.paper_reference_sup.size() == 2, "paper_reference_sup", "must be [displacements, velocities]");
  check_runs(r, s.scenario, s.params, s.runs);
  return s;
}

// JVB Table 1: maximal errors of the tailored schemes on the dimer chain, to
// within a relative tolerance of the printed values, and the reference's
// sup norms. Run times are reported beside the paper's Scilab times, not checked.
ClaimResult run_table_claim(const Claim& claim, const TableSpec& spec, const StudyOptions& opt) {
  using namespace history;
  const auto pr = make_problem<double>(spec.scenario, spec.params);
  const double rel = spec.relative_tolerance;
  const double sup_rel = spec.reference_sup_relative_tolerance;
  const auto runs = run_all(spec.runs, pr, opt, false);
  nlohmann::json checks = nlohmann::json::array(), rows = nlohmann::json::array();
  bool pass = true;
  std::string summary;
  const auto tol_text = fmt::format("{:g}% relative", 100 * rel);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto& j = spec.runs[i];
    const auto& c = runs[i].result;
    const double px = j.paper_error_x, pv = j.paper_error_v;
    const bool ok_x = within_relative(c.max_error_x, px, rel), ok_v = within_relative(c.max_error_v, pv, rel);
    checks.push_back(check_entry(runs[i].label + ": max displacement error", px, c.max_error_x, tol_text, ok_x));
    checks.push_back(check_entry(runs[i].label + ": max velocity error", pv, c.max_error_v, tol_text, ok_v));
    pass = pass && ok_x && ok_v;
    rows.push_back({runs[i].label, px, c.max_error_x, pv, c.max_error_v, j.paper_seconds,
                    c.seconds});
    summary += fmt::format("\n  {}: displacement {:.4g} (paper {}), velocity {:.4g} (paper {}), {:.3f} s (paper {} s)",
                           runs[i].label, c.max_error_x, px, c.max_error_v, pv, c.seconds,
                           j.paper_seconds);
  }
  const auto& paper_sup = spec.paper_reference_sup;
  const auto& c0 = runs.front().result;
  const bool ok_sx = within_relative(c0.ref_sup_x, paper_sup[0], sup_rel);
  const bool ok_sv = within_relative(c0.ref_sup_v, paper_sup[1], sup_rel);
  const auto sup_text = fmt::format("{:g}% relative", 100 * sup_rel);
  checks.push_back(check_entry("reference sup norm, displacements", paper_sup[0], c0.ref_sup_x, sup_text, ok_sx));
  checks.push_back(check_entry("reference sup norm, velocities", paper_sup[1], c0.ref_sup_v, sup_text, ok_sv));
  pass = pass && ok_sx && ok_sv;
  summary += fmt::format("\n  reference sup norms: displacement {:.4g} (paper {}), velocity {:.4g} (paper {})",
                         c0.ref_sup_x, paper_sup[0], c0.ref_sup_v, paper_sup[1]);

  nlohmann::json record = result_head(claim, pass);
  record["checks"] = checks;
  record["tables"] = {{{"title", "Table 1: maximal errors over n and t ∈ [0, 30], paper (Scilab) and granconv"},
                       {"columns",
                        {"method", "paper: displacement", "ours: displacement", "paper: velocity", "ours: velocity",
                         "paper: time [s] (Scilab, i7 3 GHz)", "ours: time [s]"}},
                       {"rows", rows}}};
  record["reference"] = c0.reference_provenance;
  return {record, pass, fmt::format("{} {}", pass ? "PASS" : "FAIL", claim.id) + summary};
}

}  // namespace granconv
