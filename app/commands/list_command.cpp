// `granconv list`: the claims (as text, or as the README's Markdown table
// with the statuses of a results summary), schemes, scenarios or force models.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/options.hpp"
#include "models/scenarios.hpp"
#include "reports/json_file.hpp"
#include "reports/record_checksum.hpp"
#include "reports/status.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/atlas/atlas_models.hpp"
#include "studies/core/catalogue.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/claim.hpp"

namespace granconv::cli {

namespace {

// id -> status from a results summary (`report` writes DIR/results-summary.json),
// checked: its checksum, every status as its verdict and the catalogue's
// expectation give it, the summary line as its statuses count it. (The
// verdicts themselves are the report's, recomputed from the records when it
// wrote the summary: here only the checksum covers them.)
std::map<std::string, std::string> read_statuses(const std::filesystem::path& file, const std::vector<Claim>& claims,
                                                 std::string& line) {
  const nlohmann::json j = read_json_file(file, "results summary");
  const std::string rerun = "rerun `granconv report`";
  verify_checksum(j, file, "results summary", rerun);
  const std::string where = "results summary " + file.string() + ": ";
  std::map<std::string, std::string> m;
  std::vector<std::string> statuses;
  int post_hoc = 0;  // of the claims the catalogue holds: their tolerances are its
  bool all_known = true;
  try {
    line = j.at("summary").get<std::string>();
    for (const auto& c : j.at("claims")) {
      const auto id = c.at("id").get<std::string>(), verdict = c.at("verdict").get<std::string>(),
                 expected = c.at("expected_verdict").get<std::string>(), status = c.at("status").get<std::string>();
      const std::string claim = where + "claim '" + id + "': ";
      for (const auto* v : {&verdict, &expected})
        if (*v != "pass" && *v != "fail" && *v != "inconclusive")
          throw std::runtime_error(claim + "'" + *v + "' is not a verdict (pass, fail or inconclusive)");
      if (!m.emplace(id, status).second) throw std::runtime_error(claim + "listed twice");
      statuses.push_back(status);
      const auto it = std::find_if(claims.begin(), claims.end(), [&](const Claim& k) { return k.id == id; });
      if (it == claims.end()) {  // not in the catalogue: not shown
        all_known = false;
        continue;
      }
      post_hoc += post_hoc_count(tolerance_list(it->record));
      if (expected != it->expected_verdict)
        throw std::runtime_error(claim + "run expecting '" + expected + "', the catalogue expects '" +
                                 it->expected_verdict + "': " + rerun);
      const std::string derived = claim_status(verdict, expected, it->is_new);
      if (status != derived)
        throw std::runtime_error(claim + "\"status\" is '" + status + "', but the verdict " + verdict + " (expected " +
                                 expected + ") gives '" + derived + "'");
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("results summary " + file.string() + " is malformed: " + e.what());
  }
  // "... · N tolerances set after the data": the counts before it are the statuses'.
  static const std::regex tail(".* · ([0-9]{1,6}) tolerances? set after the data");
  std::smatch n;
  if (!std::regex_match(line, n, tail) || line != summary_line(statuses, std::stoi(n[1].str())))
    throw std::runtime_error(where + "\"summary\" '" + line + "' does not count its claims' statuses");
  if (all_known && std::stoi(n[1].str()) != post_hoc)
    throw std::runtime_error(fmt::format("{}\"summary\" says {} set after the data, its claims' tolerances in the "
                                         "catalogue {}", where, n[1].str(), post_hoc));
  return m;
}

}  // namespace

int list(const std::string& what, bool markdown, const std::string& claims_file, const std::string& results) {
  if (what == "schemes") {
    for (const auto& s : scheme_catalogue()) std::cout << fmt::format("{:13} order {}  {}\n", s.name, s.classical_order, s.label);
  } else if (what == "scenarios") {
    for (const auto& s : scenario_catalogue()) {
      std::string params;
      for (const auto& [k, v] : s.defaults.values()) params += fmt::format(" {}={}", k, v);
      for (const auto& [k, c] : s.defaults.choices())
        params += fmt::format(" {}={} ({})", k, c.value, fmt::join(c.allowed, "|"));
      std::cout << fmt::format("{:15} {}\n{:15} parameters:{}\n", s.name, s.description, "", params);
    }
  } else if (what == "models") {
    // The force-model catalogue (the atlas's columns), with the formulations
    // each law runs in: xv (x, v), xw (generalized velocity, JVB eqs. (10)–(11)).
    for (const auto& m : force_models()) {
      const std::string xw = m.xw_not_applicable();
      std::cout << fmt::format("{:15} {}: {}\n{:15} formulations: {}\n", m.name, m.label, m.notes, "",
                               xw.empty() ? std::string("xv, xw") : "xv (xw: " + xw + ")");
    }
  } else {
    const auto claims = load_catalogue(catalogue_path(claims_file));
    if (markdown) {
      std::string line;
      const auto statuses =
          read_statuses(results.empty() ? results_summary_beside(catalogue_path(claims_file)) : std::filesystem::path(results),
                        claims, line);
      std::cout << "Status from the latest results: " << line << ".\n\n";
      std::cout << "| claim | kind | source | scheme | scenario | expected | status |\n|---|---|---|---|---|---|---|\n";
      for (const auto& c : claims) {
        // "scheme" as written, else what the claim names in its place ("external <name>", "tableau <name>").
        std::string expected, scheme = c.record.value("scheme", c.scheme.empty() ? std::string("–") : c.scheme),
                              scenario = c.record.value("scenario", c.record.value("scenario_file", std::string("–")));
        for (const auto& k : c.checks)
          expected += fmt::format("{}order {} ({})", expected.empty() ? "" : "; ", k.expected_order, k.label);
        if (c.kind == "order" && !c.external) scheme += " (" + c.formulation + ")";
        if (expected.empty()) expected = "see the claim's checks";
        const auto it = statuses.find(c.id);
        std::string status = it == statuses.end() ? "not run" : it->second;
        status = c.heavy && it == statuses.end() ? "heavy, not run (`granconv run --heavy`)"
                                                 : status_cell(status, post_hoc_count(tolerance_list(c.record)));
        std::cout << fmt::format("| `{}` | {} | {}, {} | {} | {} | {} | {} |\n", c.id, c.kind, c.paper, c.item, scheme,
                                 scenario, expected, status);
      }
    } else {
      for (const auto& c : claims)
        std::cout << fmt::format("{:18} {}{}\n", c.id, c.title,
                                 c.heavy ? " [heavy: " + c.estimated_cost + "; run --heavy]" : std::string());
    }
  }
  return 0;
}


}  // namespace granconv::cli
