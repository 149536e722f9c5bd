#pragma once
// Claims come in kinds: "order" (a convergence study, studies/core/study.hpp) and
// kinds that check tables, figures, sweeps or analytic identities of the
// papers. Each kind is a row {name, parse, run, overrides} of claim_kinds():
//   parse  reads the kind's fields of a catalogue record into a struct of the
//          kind (FieldReader, studies/support/field_reader.hpp), at load: a typo or a
//          missing field is an error of the catalogue, not of a run;
//   run    turns the claim and that struct into a result record.
//   overrides how the kind takes --param and --mu (KindOverrides).
// kind_row() binds parse and run with the struct's type, so run never casts.
// A kind that checks several things names the one a record checks in its
// field "check".
//
// A result record (written to DIR/studies/<id>.json, read by the report) has
// at least: study, kind, title, source {paper, item}, figure_group, verdict,
// pass (verdict == "pass"), checks [{label, paper, observed, tolerance, pass,
// verdict, rival?, tolerance_source?}], tolerances (every threshold of the
// catalogue record with its source, studies/core/catalogue_rules.hpp), and
// optionally tables [{title, columns, rows}], figures (reports/report.hpp),
// notes, seconds. Verdicts: studies/core/verdict.hpp.
#include <any>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studies/core/claim.hpp"
#include "studies/core/study.hpp"
#include "studies/core/verdict.hpp"
#include "studies/support/field_reader.hpp"

namespace granconv {

struct ClaimResult {
  nlohmann::json record;
  bool pass = false;  // verdict == pass
  std::string summary;  // a few lines for the terminal
  Verdict verdict = Verdict::fail;  // set by run_claim from the checks
};

// How a kind takes the command line's model perturbation (--param).
enum class ParamOverrides {
  refused,   // the kind builds its models from fields of its own
  scenario,  // appended to the claim's "params" (its scenario is a parameter list)
  applied,   // the kind applies StudyOptions::params to the problems it builds
};

// What the command line's overrides need to know of a kind, beside its runner.
struct KindOverrides {
  ParamOverrides params = ParamOverrides::refused;
  // The scenario parameters a claim sets itself for each of its runs: a
  // --param on one of them would be overwritten, so it is refused.
  std::function<std::set<std::string>(const Claim&)> keys_set_by_claim;
  // The catalogue schemes a claim's runs step with (--mu applies when one
  // of them takes μ, SchemeInfo::takes_mu).
  std::function<std::vector<std::string>(const Claim&)> schemes_run;
};

struct ClaimKind {
  std::string name;
  std::function<std::any(FieldReader&)> parse;
  std::function<ClaimResult(const Claim&, const StudyOptions&)> run;
  KindOverrides overrides;
};

// The row of a kind whose parse returns a Spec and whose run takes it.
template <class Spec>
ClaimKind kind_row(std::string name, Spec (*parse)(FieldReader&),
                   ClaimResult (*run)(const Claim&, const Spec&, const StudyOptions&), KindOverrides overrides = {}) {
  return {std::move(name), [parse](FieldReader& r) { return std::any(parse(r)); },
          [run](const Claim& c, const StudyOptions& o) { return run(c, std::any_cast<const Spec&>(c.spec), o); },
          std::move(overrides)};
}

const std::vector<ClaimKind>& claim_kinds();
const ClaimKind& find_kind(const std::string& name);  // throws on an unknown kind, listing the known ones

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
