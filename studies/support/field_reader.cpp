#include "studies/support/field_reader.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "models/find_by_name.hpp"
#include "models/input/printable.hpp"
#include "models/input/strict_json.hpp"

namespace granconv {

bool Range::contains(double v) const {
  return (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi);
}

std::string Range::describe() const {
  if (std::isinf(hi)) return fmt::format("{} {}", lo_open ? ">" : "≥", lo);
  if (std::isinf(lo)) return fmt::format("{} {}", hi_open ? "<" : "≤", hi);
  return fmt::format("in {}{}, {}{}", lo_open ? "(" : "[", lo, hi, hi_open ? ")" : "]");
}

namespace field_reader_detail {

// A value named in a message as the strict reader names it (models/input/strict_json.hpp).
std::string type_name(const nlohmann::json& v) { return strict_json::type_name(v); }

}  // namespace field_reader_detail

FieldReader::FieldReader(const nlohmann::json& object, std::string claim, std::vector<std::string>& problems,
                         std::string path)
    : o_(object), claim_(std::move(claim)), path_(std::move(path)), problems_(problems),
      problems_at_start_(problems.size()) {
  asked_.insert("tolerance_source");
}

bool FieldReader::has(const std::string& key) const { return o_.contains(key) && !o_.at(key).is_null(); }

const nlohmann::json* FieldReader::get(const std::string& key, bool required) {
  asked_.insert(key);
  if (has(key)) return &o_.at(key);
  if (required) {
    failed_.insert(key);
    problems_.push_back(printable(claim_ + ": missing field '" + at(key) + "'"));
  }
  return nullptr;
}

void FieldReader::problem(const std::string& key, const std::string& msg) {
  failed_.insert(key);
  problems_.push_back(printable(claim_ + ": field '" + at(key) + "' " + msg));
}

void FieldReader::check(bool ok, const std::string& key, const std::string& msg) {
  if (!ok && !failed_.count(key)) problem(key, msg);
}

std::string FieldReader::one_of(const std::string& key, const std::vector<std::string>& allowed,
                                std::optional<std::string> fallback) {
  const std::string s = fallback ? opt<std::string>(key, *fallback) : req<std::string>(key);
  if (failed_.count(key) || std::find(allowed.begin(), allowed.end(), s) != allowed.end()) return s;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "'" : ", '") + a + "'";
  problem(key, "must be one of " + list + ", not '" + s + "'");
  return fallback.value_or(allowed.front());
}

std::string FieldReader::name(const std::string& key, const std::function<void(const std::string&)>& resolve,
                              std::optional<std::string> fallback) {
  const std::string s = fallback ? opt<std::string>(key, *fallback) : req<std::string>(key);
  if (failed_.count(key)) return s;
  try {
    resolve(s);
  } catch (const std::exception& e) {
    failed_.insert(key);
    problems_.push_back(claim_ + ": field '" + at(key) + "': " + e.what());
  }
  return s;
}

std::optional<std::vector<double>> FieldReader::interval(const std::string& key, bool required,
                                                         std::optional<Range> range) {
  const auto v = required ? std::optional(req<std::vector<double>>(key, range)) : maybe<std::vector<double>>(key, range);
  if (!v || failed_.count(key)) return std::nullopt;
  if (v->size() != 2 || !((*v)[0] < (*v)[1])) {
    problem(key, "must be [lo, hi] with lo < hi");
    return std::nullopt;
  }
  return v;
}

void FieldReader::finish() {
  std::vector<std::string> known(asked_.begin(), asked_.end());
  for (const auto& [k, v] : o_.items()) {
    if (asked_.count(k)) continue;
    std::string hint;
    std::size_t best = 3;  // suggest only a near miss
    for (const auto& a : known)
      if (const auto d = edit_distance(k, a); d < best) {
        best = d;
        hint = " (did you mean '" + a + "'?)";
      }
    problems_.push_back(claim_ + ": unknown field '" + at(k) + "'" + hint);
  }
}

}  // namespace granconv
