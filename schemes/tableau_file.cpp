#include "schemes/tableau_file.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"
#include "models/input/strict_json.hpp"
#include "schemes/tableau_expression.hpp"

namespace granconv {

namespace {

using json = nlohmann::json;
using Real = boost::multiprecision::cpp_bin_float_50;

// Messages are one line: control characters in file text are escaped.
std::string one_line(const std::string& text) {
  std::string q;
  for (char ch : text) {
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) {
      q += "\\x";
      q += "0123456789abcdef"[(ch >> 4) & 15];
      q += "0123456789abcdef"[ch & 15];
    } else {
      q += ch;
    }
  }
  return q;
}

[[noreturn]] void bad(const std::string& field, const std::string& why) {
  throw std::invalid_argument(one_line("tableau field '" + field + "' " + why));
}

// Entry text inside a message, cut when long.
std::string quoted(const std::string& text) {
  return "'" + (text.size() > 80 ? text.substr(0, 80) + "…" : text) + "'";
}

Real entry(const json& v, const std::string& field) {
  if (v.is_number_integer()) return v.is_number_unsigned() ? Real(v.get<std::uint64_t>()) : Real(v.get<std::int64_t>());
  const std::string* decimal = strict_json::decimal_text(v);
  if (!decimal && !v.is_string())
    bad(field, "must be a number or a string holding an expression (got " + std::string(v.type_name()) + ")");
  const std::string text = decimal ? *decimal : v.get<std::string>();
  Real x;
  try {
    x = evaluate_tableau_expression(text);
  } catch (const TableauExpressionError& e) {
    if (e.too_large) bad(field, std::string("is refused: ") + e.what());
    if (e.non_finite) bad(field, "is not finite: " + quoted(text) + " (" + e.what() + ")");
    bad(field, "holds an unknown expression " + quoted(text) + " (" + e.what() + ")");
  }
  // Finite in 50 digits but not in double would break the double reader and
  // every double-precision run; no tableau needs such entries.
  if (abs(x) > Real(std::numeric_limits<double>::max()))
    bad(field, "is not finite in double precision: " + quoted(text));
  return x;
}

Tableau<Real>::Vector vector_field(const json& j, const std::string& key) {
  const auto& a = j.at(key);
  if (!a.is_array()) bad(key, "must be an array");
  Tableau<Real>::Vector v(static_cast<Eigen::Index>(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i) v[static_cast<Eigen::Index>(i)] = entry(a[i], key + "[" + std::to_string(i) + "]");
  return v;
}

std::string short_number(const Real& x) {
  std::ostringstream o;
  o.precision(3);
  o << std::scientific << x;
  return o.str();
}

// The one strict parser (models/input/strict_json.hpp), keeping the decimal
// text of numbers: nlohmann stores a number with a fraction or exponent as a
// double, which would turn 0.1 into 0.1000000000000000055….
json parse_exact(std::string_view text, const std::string& source) {
  using Kind = strict_json::ParseError::Kind;
  try {
    return strict_json::parse_document(text, {.exact_decimals = true});
  } catch (const strict_json::ParseError& e) {
    std::string why = e.detail;
    if (e.kind == Kind::too_deep) why = nesting_message(kMaxJsonDepth);  // a tableau needs 3 levels
    if (e.kind == Kind::key_twice) why = "duplicate key '" + e.path + "'";  // a file saying A twice is ambiguous
    if (e.kind == Kind::out_of_memory) why = e.what();
    throw std::invalid_argument(one_line(source + " is not valid JSON: " + why));
  }
}

}  // namespace

Tableau<Real> parse_tableau_json_mp(std::string_view text, const std::string& source) {
  return tableau_from_json_mp(parse_exact(text, source), source);
}

Tableau<Real> tableau_from_json_mp(const nlohmann::json& j, const std::string& source) {
  if (!j.is_object()) throw std::invalid_argument(source + " must hold a JSON object {\"name\", \"A\", \"b\", ...}");
  for (const auto& [key, value] : j.items())
    if (key != "name" && key != "A" && key != "b" && key != "c" && key != "order" && key != "description" &&
        key != "family")
      bad(key, "is unknown (expected name, A, b, c, order, description, family)");
  // A scheme file of another family is read by schemes/families/scheme_file.hpp.
  if (j.contains("family") && j.at("family") != "runge-kutta")
    bad("family", "must be \"runge-kutta\" in a Butcher tableau (other families: docs/scheme-files.md)");

  Tableau<Real> t;
  if (!j.contains("name")) bad("name", "is missing");
  if (!j.at("name").is_string()) bad("name", "must be a string");
  t.name = j.at("name").get<std::string>();
  // The name becomes a file name (validate writes DIR/validate/<name>.json).
  if (t.name.empty() || t.name.front() == '.' ||
      t.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-") != std::string::npos)
    bad("name", "must be a non-empty file-name-safe word (letters, digits, . _ + -, not starting with '.'), got '" +
                    t.name + "'");
  if (j.contains("description") && !j.at("description").is_string()) bad("description", "must be a string");

  if (!j.contains("A")) bad("A", "is missing");
  const auto& a = j.at("A");
  if (!a.is_array() || a.empty()) bad("A", "must be a non-empty array of rows");
  if (a.size() > static_cast<std::size_t>(kMaxStages))
    bad("A", "has " + std::to_string(a.size()) + " rows: more stages than the limit of " + std::to_string(kMaxStages));
  const auto s = static_cast<Eigen::Index>(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string field = "A[" + std::to_string(i) + "]";
    if (!a[i].is_array()) bad(field, "must be an array (a row of A)");
    if (a[i].size() != a[0].size())
      bad(field, "has " + std::to_string(a[i].size()) + " entries but A[0] has " + std::to_string(a[0].size()) +
                     " (ragged A)");
  }
  if (a[0].size() != a.size())
    bad("A", "is " + std::to_string(a.size()) + "×" + std::to_string(a[0].size()) + ", must be square");
  t.A.resize(s, s);
  for (Eigen::Index i = 0; i < s; ++i)
    for (Eigen::Index k = 0; k < s; ++k)
      t.A(i, k) = entry(a[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)],
                        "A[" + std::to_string(i) + "][" + std::to_string(k) + "]");

  if (!j.contains("b")) bad("b", "is missing");
  t.b = vector_field(j, "b");
  if (t.b.size() != s) bad("b", "has " + std::to_string(t.b.size()) + " entries, must have " + std::to_string(s) + " (A is " + std::to_string(s) + "×" + std::to_string(s) + ")");

  const Tableau<Real>::Vector row_sums = t.A.rowwise().sum();
  if (j.contains("c")) {
    t.c = vector_field(j, "c");
    if (t.c.size() != s) bad("c", "has " + std::to_string(t.c.size()) + " entries, must have " + std::to_string(s));
    // Exact entries (rationals, sqrt, decimal text) are rounded once to ~1e-50
    // relative, and a row sum of s of them carries a few times that; 1e-40
    // leaves ten orders of margin for that rounding while still catching any
    // real inconsistency, including a c written as 16- or 30-digit decimals
    // next to an exact A: that c defines a different method, whose order
    // conditions evaluated to 50 digits would not be those of the tableau the
    // author meant. Such files should omit c (row sums) or write it exactly.
    for (Eigen::Index i = 0; i < s; ++i) {
      Real scale = abs(t.c[i]);
      for (Eigen::Index k = 0; k < s; ++k) scale += abs(t.A(i, k));
      if (abs(t.c[i] - row_sums[i]) > Real("1e-40") * (scale > 1 ? scale : Real(1)))
        bad("c[" + std::to_string(i) + "]",
            "is inconsistent with the row sums of A (c - A·1 = " + short_number(t.c[i] - row_sums[i]) +
                "; tolerance 1e-40 relative): omit c to use the row sums, or write it exactly, e.g. \"1/2 - sqrt(3)/6\"");
    }
  } else {
    t.c = row_sums;
  }

  if (j.contains("order")) {
    const auto& o = j.at("order");
    const bool ok = o.is_number_integer() && (o.is_number_unsigned() ? o.get<std::uint64_t>() <= 1000
                                                                      : o.get<std::int64_t>() >= 1 && o.get<std::int64_t>() <= 1000);
    if (!ok || o.get<std::int64_t>() < 1)
      bad("order", "must be a positive integer (the order the author claims)");
    t.classical_order = o.get<int>();
  }
  t.validate();
  return t;
}

Tableau<Real> read_tableau_file_mp(const std::filesystem::path& file) {
  // 16 stages of 1000-character entries fit in a fraction of this.
  constexpr std::size_t max_bytes = 1 << 20;
  const std::string text = read_regular_file(file, max_bytes, "tableau file");
  return parse_tableau_json_mp(text, "tableau file " + printable(file.string()));
}

Tableau<double> read_tableau_file(const std::filesystem::path& file) {
  const auto mp = read_tableau_file_mp(file);
  Tableau<double> t;
  t.name = mp.name;
  t.classical_order = mp.classical_order;
  const auto to_double = [&](const Real& x, const std::string& field) {
    const double d = static_cast<double>(x);
    if (!std::isfinite(d)) bad(field, "is beyond the range of double: " + short_number(x));
    return d;
  };
  const auto s = mp.A.rows();
  t.A.resize(s, s);
  t.b.resize(s);
  t.c.resize(s);
  for (Eigen::Index i = 0; i < s; ++i) {
    for (Eigen::Index k = 0; k < s; ++k)
      t.A(i, k) = to_double(mp.A(i, k), "A[" + std::to_string(i) + "][" + std::to_string(k) + "]");
    t.b[i] = to_double(mp.b[i], "b[" + std::to_string(i) + "]");
    t.c[i] = to_double(mp.c[i], "c[" + std::to_string(i) + "]");
  }
  t.validate();
  return t;
}

}  // namespace granconv
