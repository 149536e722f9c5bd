#pragma once
// Reads the fields of one catalogue record into a typed struct, at load.
//
// A kind's parse asks for each field it knows (required, optional, nested
// object, list of objects) with its type and range; the reader remembers
// every key asked for, and finish() reports each key nobody asked for (a
// typo, a field the kind does not have). Problems are collected, not thrown,
// so that `granconv check-claims` lists them all: a failed read records one
// line "claim 'ID': field 'PATH' ..." and returns a default value, and a
// nested problem does not hide the next one.
//
// "tolerance_source" is accepted in every object: the catalogue rules
// (studies/core/catalogue_rules.hpp) check it for the whole record.
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace granconv {

// An interval a number (or every number of a list) must lie in.
struct Range {
  double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
  bool lo_open = false, hi_open = false;
  bool contains(double v) const;
  std::string describe() const;  // "> 0", "in [0, 1]"
};
inline Range positive() { return {0, std::numeric_limits<double>::infinity(), true, false}; }
inline Range at_least(double lo) { return {lo}; }
inline Range between(double lo, double hi) { return {lo, hi}; }
inline Range at_most(double hi) { return {-std::numeric_limits<double>::infinity(), hi}; }

class FieldReader {
 public:
  // `claim` names the record in messages ("claim 'jvb-fig4'"); `path` is the
  // dotted path of this object inside the record ("" at the top).
  FieldReader(const nlohmann::json& object, std::string claim, std::vector<std::string>& problems,
              std::string path = "");

  // Required field: records "missing" or "wrong type" and returns T{} on failure.
  template <class T>
  T req(const std::string& key, std::optional<Range> range = std::nullopt);
  // Optional field: `fallback` when absent (null counts as absent).
  template <class T>
  T opt(const std::string& key, T fallback, std::optional<Range> range = std::nullopt);
  // Optional field without a default.
  template <class T>
  std::optional<T> maybe(const std::string& key, std::optional<Range> range = std::nullopt);
  // A string that must be one of `allowed`.
  std::string one_of(const std::string& key, const std::vector<std::string>& allowed,
                     std::optional<std::string> fallback = std::nullopt);
  // A name that `resolve` must accept (it throws, e.g. unknown scheme); the
  // message of its exception becomes the problem.
  std::string name(const std::string& key, const std::function<void(const std::string&)>& resolve,
                   std::optional<std::string> fallback = std::nullopt);
  // [lo, hi] with lo < hi (a window, an interval).
  std::optional<std::vector<double>> interval(const std::string& key, bool required, std::optional<Range> range = {});

  // Nested object read by `f(FieldReader&)`; opt_object: nullopt when absent.
  template <class F>
  auto object(const std::string& key, F f) -> decltype(f(std::declval<FieldReader&>()));
  template <class F>
  auto opt_object(const std::string& key, F f) -> std::optional<decltype(f(std::declval<FieldReader&>()))>;
  // List of objects, each read by `f(FieldReader&)`; `required` lists must not be empty.
  template <class F>
  auto list(const std::string& key, F f, bool required = true) -> std::vector<decltype(f(std::declval<FieldReader&>()))>;

  bool has(const std::string& key) const;  // present and not null; does not count as a read
  // A key read elsewhere (the common keys, the catalogue rules).
  void accept(const std::string& key) { asked_.insert(key); }
  // A condition across fields: when false, records "field 'PATH.key': msg"
  // unless that field already has a problem.
  void check(bool ok, const std::string& key, const std::string& msg);
  void problem(const std::string& key, const std::string& msg);  // "claim 'ID': field 'PATH.key' msg"
  // Records every key of the object that no read asked for.
  void finish();

  const nlohmann::json& json() const { return o_; }
  // The directory of the catalogue file being read: file names in a record
  // (a claim's scenario_file) are relative to it. Nested readers inherit it.
  std::filesystem::path base_dir;
  const std::string& claim() const { return claim_; }
  bool ok() const { return problems_.size() == problems_at_start_; }

 private:
  const nlohmann::json* get(const std::string& key, bool required);  // nullptr: absent (or recorded)
  std::string at(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  template <class T>
  std::optional<T> convert(const std::string& key, const nlohmann::json& v, const std::optional<Range>& range);
  FieldReader child(const nlohmann::json& v, const std::string& path) const {
    FieldReader r(v, claim_, problems_, path);
    r.base_dir = base_dir;
    return r;
  }

  const nlohmann::json& o_;
  std::string claim_, path_;
  std::vector<std::string>& problems_;
  std::size_t problems_at_start_;
  std::set<std::string> asked_, failed_;
};

namespace field_reader_detail {
std::string type_name(const nlohmann::json& v);
template <class T>
const char* expected_name() {
  if constexpr (std::is_same_v<T, bool>) return "true or false";
  else if constexpr (std::is_integral_v<T>) return "an integer";
  else if constexpr (std::is_floating_point_v<T>) return "a number";
  else if constexpr (std::is_same_v<T, std::string>) return "a string";
  else if constexpr (std::is_same_v<T, std::vector<double>>) return "a list of numbers";
  else if constexpr (std::is_same_v<T, std::vector<int>>) return "a list of integers";
  else if constexpr (std::is_same_v<T, std::vector<std::string>>) return "a list of strings";
  else return "another type";
}
// Whether a JSON integer holds in T: nlohmann's get<int> of 4294967297
// wraps to 1, which a range check after the conversion would accept.
template <class T>
bool fits(const nlohmann::json& v) {
  if (v.is_number_unsigned()) return std::in_range<T>(v.get<std::uint64_t>());
  return std::in_range<T>(v.get<std::int64_t>());
}
// The first element of an integer field (or list) that does not hold in its
// type, else nullptr.
template <class T>
const nlohmann::json* first_too_wide(const nlohmann::json& v) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) return fits<T>(v) ? nullptr : &v;
  else if constexpr (std::is_same_v<T, std::vector<int>>) {
    for (const auto& x : v)
      if (!fits<int>(x)) return &x;
    return nullptr;
  } else return nullptr;
}
template <class T>
bool in_range(const T& v, const Range& r) {
  if constexpr (std::is_arithmetic_v<T>) return r.contains(static_cast<double>(v));
  else if constexpr (std::is_same_v<T, std::vector<double>> || std::is_same_v<T, std::vector<int>>) {
    for (const auto x : v)
      if (!r.contains(static_cast<double>(x))) return false;
    return true;
  } else return true;
}
}  // namespace field_reader_detail

template <class T>
std::optional<T> FieldReader::convert(const std::string& key, const nlohmann::json& v,
                                      const std::optional<Range>& range) {
  using namespace field_reader_detail;
  bool type_ok;
  if constexpr (std::is_same_v<T, bool>) type_ok = v.is_boolean();
  else if constexpr (std::is_integral_v<T>) type_ok = v.is_number_integer();
  else if constexpr (std::is_floating_point_v<T>) type_ok = v.is_number();
  else if constexpr (std::is_same_v<T, std::string>) type_ok = v.is_string();
  else if constexpr (std::is_same_v<T, nlohmann::json>) type_ok = true;
  else {
    type_ok = true;
    try {
      (void)v.get<T>();
    } catch (const nlohmann::json::exception&) {
      type_ok = false;
    }
  }
  if (!type_ok) {
    problem(key, std::string("must be ") + expected_name<T>() + ", not " + type_name(v));
    return std::nullopt;
  }
  if (const nlohmann::json* wide = first_too_wide<T>(v)) {
    problem(key, range ? "must be " + range->describe() + ", not " + wide->dump()
                       : "holds " + wide->dump() + ", beyond what an integer of this field can hold");
    return std::nullopt;
  }
  T out = v.get<T>();
  if constexpr (std::is_floating_point_v<T>)
    if (!std::isfinite(static_cast<double>(out))) {
      problem(key, "must be finite");
      return std::nullopt;
    }
  if (range && !in_range(out, *range)) {
    problem(key, "must be " + range->describe() + ", not " + v.dump());
    return std::nullopt;
  }
  return out;
}

template <class T>
T FieldReader::req(const std::string& key, std::optional<Range> range) {
  const auto* v = get(key, true);
  if (!v) return T{};
  return convert<T>(key, *v, range).value_or(T{});
}

template <class T>
T FieldReader::opt(const std::string& key, T fallback, std::optional<Range> range) {
  const auto* v = get(key, false);
  if (!v) return fallback;
  return convert<T>(key, *v, range).value_or(fallback);
}

template <class T>
std::optional<T> FieldReader::maybe(const std::string& key, std::optional<Range> range) {
  const auto* v = get(key, false);
  if (!v) return std::nullopt;
  return convert<T>(key, *v, range);
}

template <class F>
auto FieldReader::object(const std::string& key, F f) -> decltype(f(std::declval<FieldReader&>())) {
  using R = decltype(f(std::declval<FieldReader&>()));
  const auto* v = get(key, true);
  if (!v) return R{};
  if (!v->is_object()) {
    problem(key, "must be an object, not " + field_reader_detail::type_name(*v));
    return R{};
  }
  FieldReader r = child(*v, at(key));
  R out = f(r);
  r.finish();
  return out;
}

template <class F>
auto FieldReader::opt_object(const std::string& key, F f) -> std::optional<decltype(f(std::declval<FieldReader&>()))> {
  if (!has(key)) {
    asked_.insert(key);
    return std::nullopt;
  }
  return object(key, f);
}

template <class F>
auto FieldReader::list(const std::string& key, F f, bool required)
    -> std::vector<decltype(f(std::declval<FieldReader&>()))> {
  std::vector<decltype(f(std::declval<FieldReader&>()))> out;
  const auto* v = get(key, required);
  if (!v) return out;
  if (!v->is_array()) {
    problem(key, "must be a list of objects, not " + field_reader_detail::type_name(*v));
    return out;
  }
  if (required && v->empty()) problem(key, "must not be empty");
  for (std::size_t i = 0; i < v->size(); ++i) {
    const std::string item = at(key) + "[" + std::to_string(i) + "]";
    if (!(*v)[i].is_object()) {
      problems_.push_back(claim_ + ": field '" + item + "' must be an object, not " +
                          field_reader_detail::type_name((*v)[i]));
      continue;
    }
    FieldReader r = child((*v)[i], item);
    out.push_back(f(r));
    r.finish();
  }
  return out;
}

}  // namespace granconv
