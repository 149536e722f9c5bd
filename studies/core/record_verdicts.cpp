#include "studies/core/record_verdicts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "fit/order_fit.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/verdict.hpp"
#include "studies/support/grid_budget.hpp"

namespace granconv {

namespace {

using nlohmann::json;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// What a record that is not the catalogue's claim needs.
constexpr const char* kRerun = " (a record of an older catalogue, or of a run with overrides: rerun the claim)";

struct Contradiction : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void contradiction(const std::string& what) { throw Contradiction(what); }

const json& field(const json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) contradiction(where + ": no \"" + key + "\"");
  return j.at(key);
}

// A stored number: null is a NaN (or an infinity) as the writer prints it.
double number_of(const json& v, const std::string& what) {
  if (v.is_null()) return kNaN;
  if (!v.is_number()) contradiction(what + " is not a number");
  return v.get<double>();
}

double number(const json& j, const char* key, const std::string& where) {
  return number_of(field(j, key, where), where + ": \"" + key + "\"");
}

std::pair<double, double> interval(const json& j, const char* key, const std::string& where) {
  const json& v = field(j, key, where);
  const std::string what = where + ": \"" + key + "\"";
  if (!v.is_array() || v.size() != 2) contradiction(what + " is not [lo, hi]");
  return {number_of(v[0], what), number_of(v[1], what)};
}

std::vector<double> numbers(const json& j, const char* key, const std::string& where) {
  const json& v = field(j, key, where);
  const std::string what = where + ": \"" + key + "\"";
  if (!v.is_array()) contradiction(what + " is not an array");
  std::vector<double> out;
  for (const auto& x : v) out.push_back(number_of(x, what));
  return out;
}

bool flag(const json& j, const char* key, const std::string& where) {
  const json& v = field(j, key, where);
  if (!v.is_boolean()) contradiction(where + ": \"" + key + "\" is not true or false");
  return v.get<bool>();
}

int count(const json& j, const char* key, const std::string& where) {
  const json& v = field(j, key, where);
  if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 1000000)
    contradiction(where + ": \"" + key + "\" is not a count");
  return static_cast<int>(v.get<long long>());
}

std::string text(const json& j, const char* key, const std::string& where) {
  const json& v = field(j, key, where);
  if (!v.is_string()) contradiction(where + ": \"" + key + "\" is not a string");
  return v.get<std::string>();
}

Verdict verdict_of(const json& j, const std::string& where) {
  const std::string v = text(j, "verdict", where);
  try {
    return verdict_from_string(v);
  } catch (const std::invalid_argument&) {
    contradiction(where + ": \"verdict\" is '" + v + "', not pass, fail or inconclusive");
  }
}

void pass_matches(const json& j, Verdict v, const std::string& where) {
  const bool pass = flag(j, "pass", where);
  if (pass != (v == Verdict::pass))
    contradiction(fmt::format("{}: \"pass\" is {} with the verdict {}", where, pass, to_string(v)));
}

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// A refit in another build of granconv may differ in the last bits.
bool close(double a, double b) {
  return same(a, b) || std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

void expect_same(double stored, double other, const std::string& what, const std::string& other_name,
                 const char* why = "") {
  if (!same(stored, other)) contradiction(fmt::format("{} {}, {} {}{}", what, stored, other_name, other, why));
}

// A stored value in a message: JSON, cut short (a record may hold anything there).
std::string shown(const json& v) {
  std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
  if (s.size() <= 80) return s;
  std::size_t cut = 77;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
  return s.substr(0, cut) + "...";
}

// A stored value that must be the catalogue's: the first field of it that
// differs is named.
void same_as_catalogue(const json& stored, const json& expected, const std::string& what) {
  if (stored == expected) return;
  if (stored.is_object() && expected.is_object())
    for (const auto& [key, value] : expected.items())
      if (!stored.contains(key) || stored.at(key) != value)
        contradiction(fmt::format("{}.\"{}\" is {}, the catalogue's {}{}", what, key,
                                  stored.contains(key) ? shown(stored.at(key)) : "missing", shown(value), kRerun));
  contradiction(fmt::format("{} is {}, the catalogue's {}{}", what, shown(stored), shown(expected), kRerun));
}

// The catalogue's check as the record must hold it: its fit kind, its
// declared window, its band and the source of its tolerance.
void check_band(const json& c, const OrderCheck& band, const std::string& where) {
  const std::string fit = text(c, "fit", where);
  if (fit != to_string(band.fit))
    contradiction(fmt::format("{}: \"fit\" is '{}', the catalogue's '{}'{}", where, fit, to_string(band.fit), kRerun));
  const json& w = field(c, "window", where);
  const json declared = band.window ? json{band.window->h_min, band.window->h_max} : json(nullptr);
  bool same_window = w.is_null() == !band.window;
  if (same_window && band.window) {
    const auto [lo, hi] = interval(c, "window", where);
    same_window = same(lo, band.window->h_min) && same(hi, band.window->h_max);
  }
  if (!same_window)
    contradiction(fmt::format("{}: \"window\" is {}, the catalogue's {}{}", where, shown(w),
                              band.window ? shown(declared) : "null (detected)", kRerun));
  same_as_catalogue(field(c, "tolerance_source", where), band.tolerance_source, where + ": \"tolerance_source\"");
  expect_same(number(c, "expected_order", where), band.expected_order, where + ": \"expected_order\" is",
              "the catalogue's is", kRerun);
  expect_same(number(c, "tolerance", where), band.tolerance, where + ": \"tolerance\" is", "the catalogue's is",
              kRerun);
  expect_same(number(c, "max_ci_width", where), band.max_ci_width, where + ": \"max_ci_width\" is",
              "the catalogue's is", kRerun);
  const auto rivals = numbers(c, "rivals", where);
  bool equal = rivals.size() == band.rivals.size();
  for (std::size_t k = 0; equal && k < rivals.size(); ++k) equal = same(rivals[k], band.rivals[k]);
  if (!equal)
    contradiction(fmt::format("{}: \"rivals\" are [{}], the catalogue's [{}]{}", where, fmt::join(rivals, ", "),
                              fmt::join(band.rivals, ", "), kRerun));
}

// A fit's slope drift: a number, or null where it is not determined (fewer than 4 points).
double drift_number(const json& j, const char* key, const std::string& where) {
  const json& v = field(j, key, where);
  return v.is_null() ? std::numeric_limits<double>::quiet_NaN() : number(j, key, where);
}

bool close_or_both_nan(double a, double b) { return (std::isnan(a) && std::isnan(b)) || close(a, b); }

// A stored fit ("least_squares" or "upper_envelope" of a check) against the
// same fit of the record's h, error and usable.
void check_refit(const json& stored, const OrderFit& fit, const std::string& where) {
  if (flag(stored, "ok", where) != fit.ok)
    contradiction(fmt::format("{}: \"ok\" is {}, the fit of the record's errors {}", where, !fit.ok,
                              fit.ok ? "succeeds" : "fails: " + fit.message));
  if (!fit.ok) return;
  if (count(stored, "points", where) != fit.points)
    contradiction(fmt::format("{}: \"points\" is {}, the fit of the record's errors uses {}", where,
                              count(stored, "points", where), fit.points));
  const auto w = interval(stored, "window", where);
  expect_same(w.first, fit.h_min, where + ": \"window\" starts at", "the fit of the record's errors at");
  expect_same(w.second, fit.h_max, where + ": \"window\" ends at", "the fit of the record's errors at");
  const double order = number(stored, "order", where);
  const auto ci = interval(stored, "ci95", where);
  if (!close(order, fit.order) || !close(ci.first, fit.ci_lo) || !close(ci.second, fit.ci_hi))
    contradiction(fmt::format("{}: order {} [{}, {}] is not the fit of the record's errors, {} [{}, {}]", where,
                              order, ci.first, ci.second, fit.order, fit.ci_lo, fit.ci_hi));
  const double drift = drift_number(stored, "slope_drift", where), drift_se = drift_number(stored, "slope_drift_se", where);
  if (!close_or_both_nan(drift, fit.slope_drift) || !close_or_both_nan(drift_se, fit.slope_drift_se))
    contradiction(fmt::format("{}: slope drift {} (SE {}) is not the fit of the record's errors, {} (SE {})", where,
                              drift, drift_se, fit.slope_drift, fit.slope_drift_se));
}

struct Errors {
  std::vector<double> h, e;
  std::vector<bool> usable;
};

// A study stores one point per step size of its grid, and a grid is bounded
// at load (grid_budget.hpp): a record over that bound is refused before any
// fit (detecting a window takes time cubic in the points).
Errors errors_of(const json& record) {
  if (const json& h = field(record, "h", "the record"); h.is_array() && h.size() > kMaxGridPoints)
    contradiction(fmt::format("the record: \"h\" holds {} step sizes, more than a step grid's limit of {}", h.size(),
                              kMaxGridPoints));
  Errors d{numbers(record, "h", "the record"), numbers(record, "error", "the record"), {}};
  const json& u = field(record, "usable", "the record");
  if (!u.is_array() || u.size() != d.h.size() || d.e.size() != d.h.size())
    contradiction("the record: \"h\", \"error\" and \"usable\" differ in length");
  for (const auto& x : u) {
    if (!x.is_boolean()) contradiction("the record: \"usable\" holds a value that is not true or false");
    d.usable.push_back(x.get<bool>());
  }
  return d;
}

// An "order" check: its band, its fits, its verdict.
Verdict order_check(const json& c, const Errors& data, const OrderCheck* band, const std::string& where) {
  const std::string kind = text(c, "fit", where);
  if (kind != "least-squares" && kind != "upper-envelope")
    contradiction(where + ": \"fit\" is '" + kind + "', not least-squares or upper-envelope");
  // The fits, refitted as the study fits them: the declared window (or
  // detection; the catalogue's for its claims), each kind, from the errors
  // the record plots.
  FitOptions fo;
  if (band) {
    check_band(c, *band, where);
    fo.window = band->window;
  } else if (const json& w = field(c, "window", where); !w.is_null()) {
    const auto [lo, hi] = interval(c, "window", where);
    fo.window = FitWindow{lo, hi};
  }
  for (const auto& [key, fit_kind] : {std::pair{"least_squares", FitKind::least_squares},
                                      std::pair{"upper_envelope", FitKind::upper_envelope}}) {
    fo.kind = fit_kind;
    check_refit(field(c, key, where), fit_order(data.h, data.e, data.usable, fo), where + ": \"" + key + "\"");
  }
  // The numbers the report shows are those of the check's own fit.
  const json& used = field(c, kind == "least-squares" ? "least_squares" : "upper_envelope", where);
  OrderFit f;
  f.ok = flag(used, "ok", where);
  f.order = number(c, "observed_order", where);
  std::tie(f.ci_lo, f.ci_hi) = interval(c, "ci95", where);
  std::tie(f.h_min, f.h_max) = interval(c, "fit_window", where);
  f.points = count(c, "points", where);
  f.slope_drift = drift_number(used, "slope_drift", where);
  f.slope_drift_se = drift_number(used, "slope_drift_se", where);
  const std::string fit_name = std::string("its ") + (kind == "least-squares" ? "least_squares" : "upper_envelope");
  expect_same(f.order, number(used, "order", where), where + ": \"observed_order\" is", fit_name + " order is");
  const auto ci = interval(used, "ci95", where), window = interval(used, "window", where);
  expect_same(f.ci_lo, ci.first, where + ": \"ci95\" starts at", fit_name + " CI at");
  expect_same(f.ci_hi, ci.second, where + ": \"ci95\" ends at", fit_name + " CI at");
  expect_same(f.h_min, window.first, where + ": \"fit_window\" starts at", fit_name + " window at");
  expect_same(f.h_max, window.second, where + ": \"fit_window\" ends at", fit_name + " window at");
  expect_same(f.points, count(used, "points", where), where + ": \"points\" is", fit_name + " points are");
  const json& env = field(c, "upper_envelope", where);
  expect_same(number(c, "envelope_order", where), number(env, "order", where), where + ": \"envelope_order\" is",
              "its upper_envelope order is");
  const auto env_ci = interval(c, "envelope_ci95", where), env_stored = interval(env, "ci95", where);
  expect_same(env_ci.first, env_stored.first, where + ": \"envelope_ci95\" starts at", "its upper_envelope CI at");
  expect_same(env_ci.second, env_stored.second, where + ": \"envelope_ci95\" ends at", "its upper_envelope CI at");
  // The verdict of those numbers against the band (the catalogue's, checked above).
  const OrderVerdict v = order_verdict(f, number(c, "expected_order", where), number(c, "tolerance", where),
                                       numbers(c, "rivals", where), number(c, "max_ci_width", where));
  const Verdict stored = verdict_of(c, where);
  if (v.verdict != stored)
    contradiction(fmt::format("{}: \"verdict\" is {}, but its numbers give {}{}", where, to_string(stored),
                              to_string(v.verdict), v.reason.empty() ? "" : " (" + v.reason + ")"));
  return stored;
}

// An "order" record repeats its first check at the top level (older readers).
void check_top_level(const json& record, const json& first) {
  const std::string where = "the record";
  for (const char* key : {"observed_order", "expected_order", "tolerance"})
    expect_same(number(record, key, where), number(first, key, "its first check"),
                where + ": \"" + key + "\" is", "its first check's is");
  for (const char* key : {"ci95", "fit_window"}) {
    const auto a = interval(record, key, where), b = interval(first, key, "its first check");
    if (!same(a.first, b.first) || !same(a.second, b.second))
      contradiction(fmt::format("{}: \"{}\" is [{}, {}], its first check's [{}, {}]", where, key, a.first, a.second,
                                b.first, b.second));
  }
}

// What the report shows of the claim besides its verdicts: its title, source
// and figure group, and its tolerances with their bases (the summary counts
// those set after the data).
void check_shown_fields(const json& record, const Claim& claim) {
  for (const auto& [key, value] : {std::pair{"title", &claim.title}, std::pair{"figure_group", &claim.figure_group}})
    if (text(record, key, "the record") != *value)
      contradiction(fmt::format("the record: \"{}\" is not the catalogue's ('{}'){}", key, *value, kRerun));
  const json& source = field(record, "source", "the record");
  for (const auto& [key, value] : {std::pair{"paper", &claim.paper}, std::pair{"item", &claim.item}})
    if (text(source, key, "the record's \"source\"") != *value)
      contradiction(fmt::format("the record: \"source\".\"{}\" is not the catalogue's ('{}'){}", key, *value, kRerun));
  const json expected = tolerance_list(claim.record);
  const json& listed = field(record, "tolerances", "the record");
  if (!listed.is_array()) contradiction("the record: \"tolerances\" is not an array");
  if (listed.size() != expected.size())
    contradiction(fmt::format("the record: {} tolerances, the catalogue's claim {}{}", listed.size(), expected.size(),
                              kRerun));
  for (std::size_t k = 0; k < expected.size(); ++k)
    same_as_catalogue(listed[k], expected[k],
                      fmt::format("the record: tolerance {}", expected[k].value("path", std::to_string(k + 1))));
}

void check_record(const json& record, const Claim* claim) {
  if (!record.is_object()) contradiction("not a JSON object");
  std::string kind = "order";
  if (record.contains("kind") && !record.at("kind").is_null()) kind = text(record, "kind", "the record");
  if (claim && kind != claim->kind)
    contradiction("the record: \"kind\" is '" + kind + "', the catalogue's '" + claim->kind + "'" + kRerun);
  const Verdict claimed = verdict_of(record, "the record");
  pass_matches(record, claimed, "the record");
  if (claim) {
    const std::string expected = text(record, "expected_verdict", "the record");
    if (expected != claim->expected_verdict)
      contradiction("the record: \"expected_verdict\" is '" + expected + "', the catalogue's '" +
                    claim->expected_verdict + "'" + kRerun);
    if (flag(record, "new", "the record") != claim->is_new)
      contradiction(fmt::format("the record: \"new\" is {}, the catalogue's {}{}", !claim->is_new, claim->is_new,
                                kRerun));
    check_shown_fields(record, *claim);
  }
  const bool order = kind == "order";
  const json none = json::array();
  const json& checks = order || record.contains("checks") ? field(record, "checks", "the record") : none;
  if (!checks.is_array()) contradiction("the record: \"checks\" is not an array");
  if (order && checks.empty()) contradiction("the record: an order record without checks");
  const std::vector<OrderCheck>* bands = claim && order ? &claim->checks : nullptr;
  if (bands && bands->size() != checks.size())
    contradiction(fmt::format("the record: {} checks, the catalogue's claim {}{}", checks.size(), bands->size(),
                              kRerun));
  std::optional<Errors> data;
  if (order) data = errors_of(record);
  Verdict combined = Verdict::pass;
  for (std::size_t k = 0; k < checks.size(); ++k) {
    const json& c = checks[k];
    const std::string label = text(c, "label", fmt::format("check #{}", k + 1));
    const std::string where = "check '" + label + "'";
    if (bands && label != (*bands)[k].label)
      contradiction(fmt::format("check #{} is '{}', the catalogue's '{}'{}", k + 1, label, (*bands)[k].label, kRerun));
    const Verdict v = order ? order_check(c, *data, bands ? &(*bands)[k] : nullptr, where) : verdict_of(c, where);
    pass_matches(c, v, where);
    combined = combine(combined, v);
  }
  if (order) check_top_level(record, checks[0]);
  // An order claim's verdict is its checks'; other kinds may fail a claim
  // beyond its checks, never pass one that a check does not.
  if (order ? claimed != combined : combine(claimed, combined) != claimed)
    contradiction(fmt::format("the record: \"verdict\" is {}, but its checks give {}", to_string(claimed),
                              to_string(combined)));
}

}  // namespace

std::string record_contradiction(const nlohmann::json& record, const Claim* claim) {
  try {
    check_record(record, claim);
  } catch (const Contradiction& e) {
    return e.what();
  } catch (const nlohmann::json::exception& e) {
    return std::string("the record: ") + e.what();
  }
  return "";
}

}  // namespace granconv
