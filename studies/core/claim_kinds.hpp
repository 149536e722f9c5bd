#pragma once
// Claims come in kinds: "order" (a convergence study, studies/study.hpp) and
// kinds that check tables, figures, sweeps or analytic identities of the
// papers. Each kind is one function from a claim to a result record; this is
// the table that maps kinds to those functions.
//
// A result record (written to DIR/studies/<id>.json, read by the report) has
// at least: study, kind, title, source {paper, item}, figure_group, verdict,
// pass (verdict == "pass"), checks [{label, paper, observed, tolerance, pass,
// verdict, rival?, tolerance_source?}], tolerances (every threshold of the
// catalogue record with its source, studies/catalogue_rules.hpp), and
// optionally tables [{title, columns, rows}], figures (reports/report.hpp),
// notes, seconds. Verdicts: studies/verdict.hpp.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studies/core/claim.hpp"
#include "studies/core/study.hpp"
#include "studies/core/verdict.hpp"

namespace granconv {

struct ClaimResult {
  nlohmann::json record;
  bool pass = false;  // verdict == pass
  std::string summary;  // a few lines for the terminal
  Verdict verdict = Verdict::fail;  // set by run_claim from the checks
};

using ClaimRunner = ClaimResult (*)(const Claim&, const StudyOptions&);

struct ClaimKind {
  std::string name;
  ClaimRunner run;
};
const std::vector<ClaimKind>& claim_kinds();

// Runs the claim with the runner of its kind; throws on an unknown kind.
// Whatever the kind, the result's checks and the claim then carry verdicts
// (a check's own "verdict", else its "pass"), and the checks the catalogue
// names by label carry its rival and tolerance source.
ClaimResult run_claim(const Claim& claim, const StudyOptions& options);
// Throws when the options hold an override (--expected, --tableau, --mu,
// --param) that the claim's kind would ignore; run_claim calls it, and so
// does `granconv run` for every claim before any runs.
void check_overrides(const Claim& claim, const StudyOptions& options);

// The common head of every result record.
nlohmann::json result_head(const Claim& claim, bool pass);

// Checks of a claim as they are collected: a check's verdict is its own
// "verdict" if it has one, else its "pass"; the claim's is their combination.
struct CheckList {
  nlohmann::json items = nlohmann::json::array();
  Verdict verdict = Verdict::pass;
  bool pass = true;  // verdict == pass
  void add(nlohmann::json check);
  // "PASS id" and one line per check, for the terminal.
  std::string summary(const Claim& claim) const;
};

}  // namespace granconv
