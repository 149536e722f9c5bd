#include "schemes/families/file_fields.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "models/input/json_input.hpp"
#include "models/input/printable.hpp"
#include "models/input/strict_json.hpp"
#include "schemes/tableau_expression.hpp"

namespace granconv::file_fields {

using json = nlohmann::json;

void fail(const std::string& source, const std::string& field, const std::string& why) {
  throw std::invalid_argument(printable(source + ": field '" + field + "' " + why));
}

json parse_exact(std::string_view text, const std::string& source) {
  using Kind = strict_json::ParseError::Kind;
  try {
    return strict_json::parse_document(text, {.exact_decimals = true});
  } catch (const strict_json::ParseError& e) {
    std::string why = e.detail;
    if (e.kind == Kind::too_deep) why = nesting_message(kMaxJsonDepth);
    if (e.kind == Kind::key_twice) why = "duplicate key '" + e.path + "'";
    if (e.kind == Kind::out_of_memory) why = e.what();
    throw std::invalid_argument(printable(source + " is not valid JSON: " + why));
  }
}

void check_keys(const json& doc, const std::vector<std::string>& known, const std::string& source) {
  if (!doc.is_object()) throw std::invalid_argument(printable(source + " must hold a JSON object"));
  for (const auto& [key, value] : doc.items()) {
    bool ok = false;
    for (const auto& k : known) ok = ok || k == key;
    if (!ok) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      fail(source, key, "is unknown (expected " + list + ")");
    }
  }
}

std::string short_number(const Mp50& x) {
  std::ostringstream o;
  o.precision(3);
  o << std::scientific << x;
  return o.str();
}

namespace {

std::string quoted(const std::string& text) {
  return "'" + (text.size() > 80 ? text.substr(0, 80) + "…" : text) + "'";
}

const json& required(const json& doc, const std::string& key, const std::string& source) {
  if (!doc.is_object() || !doc.contains(key)) fail(source, key, "is missing");
  return doc.at(key);
}

}  // namespace

Mp50 number(const json& v, const std::string& field, const std::string& source) {
  if (v.is_number_integer()) return v.is_number_unsigned() ? Mp50(v.get<std::uint64_t>()) : Mp50(v.get<std::int64_t>());
  const std::string* decimal = strict_json::decimal_text(v);
  if (!decimal && !v.is_string())
    fail(source, field, "must be a number or a string holding an expression (got " + std::string(v.type_name()) + ")");
  const std::string text = decimal ? *decimal : v.get<std::string>();
  Mp50 x;
  try {
    x = evaluate_tableau_expression(text);
  } catch (const TableauExpressionError& e) {
    if (e.too_large) fail(source, field, std::string("is refused: ") + e.what());
    if (e.non_finite) fail(source, field, "is not finite: " + quoted(text) + " (" + e.what() + ")");
    fail(source, field, "holds an unknown expression " + quoted(text) + " (" + e.what() + ")");
  }
  if (abs(x) > Mp50(std::numeric_limits<double>::max()))
    fail(source, field, "is not finite in double precision: " + quoted(text));
  return x;
}

Mp50 number_field(const json& doc, const std::string& key, const std::string& source) {
  return number(required(doc, key, source), key, source);
}

std::vector<Mp50> vector_field(const json& doc, const std::string& key, const std::string& source,
                               std::size_t max_size) {
  const json& a = required(doc, key, source);
  if (!a.is_array() || a.empty()) fail(source, key, "must be a non-empty array");
  if (a.size() > max_size)
    fail(source, key, "has " + std::to_string(a.size()) + " entries, more than the limit of " + std::to_string(max_size));
  std::vector<Mp50> v;
  v.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) v.push_back(number(a[i], strict_json::element(key, i), source));
  return v;
}

std::vector<std::vector<Mp50>> matrix_field(const json& doc, const std::string& key, const std::string& source,
                                            std::size_t max_rows) {
  const json& a = required(doc, key, source);
  if (!a.is_array() || a.empty()) fail(source, key, "must be a non-empty array of rows");
  if (a.size() > max_rows)
    fail(source, key, "has " + std::to_string(a.size()) + " rows, more than the limit of " + std::to_string(max_rows));
  std::vector<std::vector<Mp50>> m;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string row = strict_json::element(key, i);
    if (!a[i].is_array()) fail(source, row, "must be an array (a row)");
    if (a[i].size() != a[0].size())
      fail(source, row, "has " + std::to_string(a[i].size()) + " entries but " + key + "[0] has " +
                            std::to_string(a[0].size()) + " (ragged)");
    std::vector<Mp50> r;
    for (std::size_t k = 0; k < a[i].size(); ++k) r.push_back(number(a[i][k], strict_json::element(row, k), source));
    m.push_back(std::move(r));
  }
  return m;
}

std::string name_field(const json& doc, const std::string& source) {
  const json& n = required(doc, "name", source);
  if (!n.is_string()) fail(source, "name", "must be a string");
  const auto name = n.get<std::string>();
  if (name.empty() || name.size() > 100 || name.front() == '.' ||
      name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-") != std::string::npos)
    fail(source, "name",
         "must be a non-empty file-name-safe word of at most 100 characters (letters, digits, . _ + -, not starting "
         "with '.'), got '" + name + "'");
  return name;
}

std::string description_field(const json& doc, const std::string& source) {
  if (!doc.contains("description")) return "";
  if (!doc.at("description").is_string()) fail(source, "description", "must be a string");
  return doc.at("description").get<std::string>();
}

std::optional<int> order_field(const json& doc, const std::string& source) {
  if (!doc.contains("order")) return std::nullopt;
  const auto& o = doc.at("order");
  const bool ok = o.is_number_integer() && !(o.is_number_unsigned() && o.get<std::uint64_t>() > 1000) &&
                  o.get<std::int64_t>() >= 1 && o.get<std::int64_t>() <= 1000;
  if (!ok) fail(source, "order", "must be a positive integer (the order the author claims)");
  return o.get<int>();
}

std::string choice_field(const json& doc, const std::string& key, const std::vector<std::string>& allowed,
                         const std::string& default_value, const std::string& source) {
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  if (!doc.contains(key)) {
    if (default_value.empty()) fail(source, key, "is missing (one of: " + list + ")");
    return default_value;
  }
  const auto& v = doc.at(key);
  if (v.is_string())
    for (const auto& a : allowed)
      if (v.get<std::string>() == a) return a;
  fail(source, key, "must be one of: " + list + " (got " + strict_json::type_name(v) + ")");
}

bool exactly_zero(const Mp50& x, const Mp50& scale) {
  return abs(x) <= Mp50("1e-40") * (scale > 1 ? scale : Mp50(1));
}

double to_double(const Mp50& x, const std::string& field, const std::string& source) {
  const double d = static_cast<double>(x);
  if (!std::isfinite(d)) fail(source, field, "is beyond the range of double: " + short_number(x));
  return d;
}

}  // namespace granconv::file_fields
