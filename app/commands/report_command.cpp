// `granconv report`: every claim but the heavy ones run (or, with --no-run,
// the records already in DIR/studies), each record checked against its claim,
// and the report and the results summary written.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/commands/recorded_runs.hpp"
#include "app/options.hpp"
#include "app/output_dir.hpp"
#include "app/output_flags.hpp"
#include "reports/atomic_file.hpp"
#include "reports/record_checksum.hpp"
#include "reports/report.hpp"
#include "reports/status.hpp"
#include "studies/core/catalogue.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/claim.hpp"
#include "studies/core/claim_kinds.hpp"
#include "studies/core/record_verdicts.hpp"
#include "studies/core/study.hpp"
#include "studies/support/distribution/distributed_for.hpp"

namespace granconv::cli {

namespace {

// Every "scheme" string and "schemes" entry of a catalogue record, at any
// depth (kinds name theirs at the top, per run or per check).
void collect_schemes(const nlohmann::json& j, std::vector<std::string>& out, int depth = 0) {
  if (depth > 6) return;
  auto add = [&](const nlohmann::json& v) {
    if (v.is_string() && std::find(out.begin(), out.end(), v.get<std::string>()) == out.end())
      out.push_back(v.get<std::string>());
  };
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      if (k == "scheme") add(v);
      else if (k == "schemes" && v.is_array()) for (const auto& x : v) add(x);
      else collect_schemes(v, out, depth + 1);
    }
  } else if (j.is_array()) {
    for (const auto& v : j) collect_schemes(v, out, depth + 1);
  }
}

// The catalogue as the report lists it (its order, and the schemes each claim names, for the filter).
std::vector<ReportClaim> report_claims(const std::vector<Claim>& catalogue) {
  std::vector<ReportClaim> out;
  for (const auto& c : catalogue) {
    ReportClaim r{c.id, c.title, c.paper, c.item, c.kind, c.expected_verdict, {}, c.is_new, c.heavy, c.estimated_cost,
                  c.deviation};
    if (!c.scheme.empty()) r.schemes.push_back(c.scheme);
    collect_schemes(c.record, r.schemes);
    out.push_back(std::move(r));
  }
  return out;
}

// The report of DIR's records, each checked against its claim: its verdicts
// recomputed from its numbers and the catalogue's bands, the rest it shows
// compared with the catalogue. A heavy claim's record is not read (DIR/studies/
// <id>.json) or, under another file name, checked against itself only: it is
// not shown.
ReportOptions report_options(const std::filesystem::path& out, const std::vector<Claim>& catalogue) {
  ReportOptions o{out, "gnuplot", report_claims(catalogue)};
  o.check_record = [&catalogue](const std::filesystem::path& file, const nlohmann::json& record) {
    const Claim* claim = nullptr;
    if (record.is_object() && record.contains("study") && record.at("study").is_string())
      for (const auto& c : catalogue)
        if (c.id == record.at("study").get<std::string>() && !c.heavy) claim = &c;
    const std::string why = record_contradiction(record, claim);
    if (!why.empty()) throw std::runtime_error("report: result record " + file.string() + ": " + why);
  };
  return o;
}

// Several claims are the cells of one distributed loop: each runs whole on
// one rank (its own loops on that rank's threads), the dearest first (by the
// seconds of its previous record in DIR/studies, if any: the order changes no
// result), and rank 0 writes each record as it arrives. In one process the

}  // namespace

int report(const ReportArgs& a) {
  const auto start = std::chrono::steady_clock::now();
  const auto claims = load_catalogue(catalogue_path(a.claims));
  prepare_output_dir(a.out);
  if (a.no_run) {
    // Under MPI rank 0 draws the report, and every rank meets its error (an
    // edited record): none is left waiting for the others.
    run_on_writer([&] { write_report(report_options(a.out, claims)); });
    if (!is_writer()) return 0;
    std::cout << fmt::format("report: {} written from the results in {}\n",
                             (std::filesystem::path(a.out) / "report" / "index.html").string(),
                             (std::filesystem::path(a.out) / "studies").string());
    return 0;
  }
  // Heavy claims are not in the default run (the report says they exist);
  // results of theirs from `run --heavy` stay in DIR/studies.
  std::vector<const Claim*> all;
  std::set<std::string> ids;
  for (const auto& c : claims) {
    if (!c.heavy) all.push_back(&c);
    ids.insert(c.id + ".json");
  }
  StudyOptions opt;
  opt.jobs = resolve_jobs(a.jobs);
  opt.cache_dir = resolve_cache(a.cache, a.out);
  opt.out_dir = a.out;
  const std::filesystem::path out(a.out);
  std::vector<std::string> statuses;
  int post_hoc = 0;
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : run_and_record(all, opt, out, a.output.quiet)) {
    const auto& rec = r.record;
    statuses.push_back(claim_status(to_string(r.verdict), rec.value("expected_verdict", "pass"), rec.value("new", false)));
    post_hoc += post_hoc_count(rec.value("tolerances", nlohmann::json::array()));
    rows.push_back({{"id", rec.at("study")}, {"verdict", to_string(r.verdict)},
                    {"expected_verdict", rec.value("expected_verdict", "pass")}, {"status", statuses.back()}});
  }
  // The results summary the README's status column is generated from.
  const std::string line = summary_line(statuses, post_hoc);
  run_on_writer([&] {  // as with --no-run
    // Results of claims no longer in the catalogue must not reach the report.
    for (const auto& e : std::filesystem::directory_iterator(out / "studies"))
      if (e.path().extension() == ".json" && !ids.count(e.path().filename().string())) std::filesystem::remove(e.path());
    write_report(report_options(out, claims));
    write_file_atomically(out / "results-summary.json", sealed_json_text({{"summary", line}, {"claims", rows}}));
  });
  if (!is_writer()) return 0;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (a.output.json)
    print_json({{"summary", line}, {"claims", rows}, {"report", (out / "report" / "index.html").string()},
                {"results_summary", (out / "results-summary.json").string()}, {"seconds", seconds}});
  else if (!a.output.quiet)
    std::cout << fmt::format("report: {} studies: {}; {} written in {:.1f} s\n", all.size(), line,
                             (out / "report" / "index.html").string(), seconds);
  return 0;
}

}  // namespace granconv::cli
