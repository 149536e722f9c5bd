#pragma once
// A result record's verdicts recomputed from what it stores and from its
// claim in the catalogue, so that the report never shows a verdict its own
// numbers contradict (the checksum, reports/record_checksum.hpp, catches
// edits; this catches a record whose checksum was recomputed, or a writer's
// bug). Rules (docs/verdicts-and-fitting.md):
//   - every check: "pass" is ("verdict" == "pass");
//   - the claim: "pass" is ("verdict" == "pass"); its verdict is its checks'
//     combination (an "order" record), or worse (other kinds may fail a claim
//     beyond its checks: a run that did not finish);
//   - with the claim: "expected_verdict", "new", "title", "source",
//     "figure_group" and "tolerances" (every threshold with its basis) are
//     the catalogue's;
//   - an "order" record: its checks are the catalogue's (labels, fit kind,
//     declared window, expected order, tolerance and its source, rivals, CI
//     bound); each check's fits, refitted from the record's h, error and
//     usable (in the catalogue's window), are the ones stored; the check's
//     verdict is order_verdict of its fit against the catalogue's band. A
//     record of more points than a step grid may have is refused unfitted.
// Other kinds decide their checks by rules of their own (relative or absolute
// tolerances, prose): their checks' verdicts are taken as stored, and only the
// rules above that apply to every kind are checked. The checksum does not
// make up for that: anyone can recompute it (docs/bad-input.md).
#include <string>

#include <nlohmann/json.hpp>

#include "studies/core/claim.hpp"

namespace granconv {

// "" when the record agrees with itself and with `claim` (null: a claim the
// catalogue does not hold, checked against itself); else one line naming the
// check and the field.
std::string record_contradiction(const nlohmann::json& record, const Claim* claim);

}  // namespace granconv
