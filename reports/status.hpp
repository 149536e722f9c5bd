#pragma once
// A claim's status, as the report, its results summary and the README table
// show it: the verdict of the run read against the catalogue's expectation.
//   reproduced    pass, as expected, for a claim of a paper
//   new           pass, as expected, for a claim in neither paper
//   deviates      fail, as expected (a documented deviation)
//   inconclusive  inconclusive, as expected
//   unexpected …  a verdict other than the expected one (a regression, or a
//                 finding that changed): "unexpected fail" etc.
//   not run       no result for the claim
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace granconv {

std::string claim_status(const std::string& verdict, const std::string& expected_verdict, bool is_new);

// "54 reproduced · 2 deviate · 1 inconclusive · 4 new · 3 tolerances set
// after the data", with "· K unexpected" / "· K not run" when there are any.
std::string summary_line(const std::vector<std::string>& statuses, int post_hoc_tolerances);

// The status cell of the README's claim table: the status alone (bold unless
// it is "reproduced" or "new"), then "tolerance post-hoc" when a threshold of
// the claim was set after seeing the data. The reasons are on the claim's
// report page, never in the cell.
std::string status_cell(const std::string& status, int post_hoc_tolerances);

// Number of thresholds of a record's "tolerances" whose basis is "post-hoc".
int post_hoc_count(const nlohmann::json& tolerances);

}  // namespace granconv
