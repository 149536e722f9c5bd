#pragma once
// Rules every claim of the catalogue obeys, whatever its kind, checked on the
// record as written so that no kind's code has to know them:
//
// Tolerance sources. Every numeric threshold (a key "tolerance", one with
// "_tolerance" in its name or starting "tolerance_", or one of
// threshold_keys()) has a "tolerance_source" sibling: either one source for
// all thresholds of that object, {"basis": B, "reason": text}, or a map from
// each threshold key to such a source. B is "paper" (the reason states the
// printed precision or the figure's resolution), "a-priori" (one sentence of
// reasoning fixed before the run) or "post-hoc" (set after seeing data).
//
// Rivals. Every object with "expected_order" and "tolerance" names "rivals",
// the orders it would show without the claimed effect (or a competing
// published value), and its tolerance is below half the distance from the
// expected order to the nearest rival; an object with numeric "expected" (or
// "paper"), "tolerance" and "rival" obeys the same rule.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace granconv {

const std::vector<std::string>& threshold_keys();
bool is_threshold_key(const std::string& key);

// Throw std::invalid_argument naming `where` (the claim) and the path.
void check_tolerance_sources(const nlohmann::json& record, const std::string& where);
void check_rivals(const nlohmann::json& record, const std::string& where);

// Every threshold of the record: [{path, label, value, basis, reason, rival(s)?}]
// in document order.
nlohmann::json tolerance_list(const nlohmann::json& record);

// Sampling of an upper-envelope fit: the envelope keeps one maximum per bin
// of 1/bins_per_decade decades, so a bin must hold several step sizes for
// its maximum to bound the error there; with one sample per bin the
// "envelope" is the raw sample. The rule: at least kMinSamplesPerEnvelopeBin.
// Returns "" when the grid obeys it, else the reason with the numbers.
constexpr int kMinSamplesPerEnvelopeBin = 5;
std::string envelope_sampling_problem(int per_decade, int bins_per_decade);

// The source of threshold `key` in object `o` (null when it has none).
nlohmann::json source_of(const nlohmann::json& o, const std::string& key);

}  // namespace granconv
