#pragma once
// A result record's verdicts recomputed from what it stores and from its
// claim in the catalogue, so that the report never shows a verdict its own
// numbers contradict (the checksum, reports/record_checksum.hpp, catches
// edits; this catches a record whose checksum was recomputed, or a writer's
// bug). Rules (README, "Verdicts"):
//   - every check: "pass" is ("verdict" == "pass");
//   - the claim: "pass" is ("verdict" == "pass"); its verdict is its checks'
//     combination (an "order" record), or worse (other kinds may fail a claim
//     beyond its checks: a run that did not finish);
//   - with the claim: "expected_verdict" and "new" are the catalogue's;
//   - an "order" record: its checks are the catalogue's (labels, expected
//     order, tolerance, rivals, CI bound); each check's fit, refitted from the
//     record's h, error and usable, is the one stored; the check's verdict is
//     order_verdict of the stored fit against the catalogue's band.
// Other kinds decide their checks by rules of their own (relative or absolute
// tolerances, prose): their checks' verdicts are taken as stored, and only the
// rules above that apply to every kind are checked.
#include <string>

#include <nlohmann/json.hpp>

#include "studies/core/claim.hpp"

namespace granconv {

// "" when the record agrees with itself and with `claim` (null: a claim the
// catalogue does not hold, checked against itself); else one line naming the
// check and the field.
std::string record_contradiction(const nlohmann::json& record, const Claim* claim);

}  // namespace granconv
