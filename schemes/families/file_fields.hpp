#pragma once
// The fields of a scheme file, read exactly: entries are JSON numbers (kept
// as their decimal text) or strings holding expressions such as
// "1/4 - sqrt(3)/6" (schemes/tableau_expression.hpp), evaluated in 50 digits.
// Every failure is one std::invalid_argument line "SOURCE: field 'F' why".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/extended_precision.hpp"

namespace granconv::file_fields {

// The file parsed by the one strict parser with exact decimals; a syntax
// error, a key given twice or nesting beyond the limit is one line.
nlohmann::json parse_exact(std::string_view text, const std::string& source);

[[noreturn]] void fail(const std::string& source, const std::string& field, const std::string& why);

// Refuses a key not in `known` (naming them).
void check_keys(const nlohmann::json& doc, const std::vector<std::string>& known, const std::string& source);

Mp50 number(const nlohmann::json& value, const std::string& field, const std::string& source);
// doc[key], required: a number, a vector of at most max_size, a square or
// rectangular matrix (rows of equal length) of at most max_rows rows.
Mp50 number_field(const nlohmann::json& doc, const std::string& key, const std::string& source);
std::vector<Mp50> vector_field(const nlohmann::json& doc, const std::string& key, const std::string& source,
                               std::size_t max_size);
std::vector<std::vector<Mp50>> matrix_field(const nlohmann::json& doc, const std::string& key,
                                            const std::string& source, std::size_t max_rows);
// "name": a file-name-safe word (validate writes DIR/validate/<name>.json).
std::string name_field(const nlohmann::json& doc, const std::string& source);
// "description": optional string ("" when absent); "order": optional positive integer ≤ 1000.
std::string description_field(const nlohmann::json& doc, const std::string& source);
std::optional<int> order_field(const nlohmann::json& doc, const std::string& source);
// doc[key] one of `allowed` (default_value when absent and default_value is not empty).
std::string choice_field(const nlohmann::json& doc, const std::string& key, const std::vector<std::string>& allowed,
                         const std::string& default_value, const std::string& source);

// |x| ≤ tolerance · max(1, scale): the consistency tolerance of exact entries
// (1e-40: entries are rounded once to ~1e-50, see schemes/tableau_file.cpp).
bool exactly_zero(const Mp50& x, const Mp50& scale = Mp50(1));
std::string short_number(const Mp50& x);

// Rounded to double, refusing what does not fit (field named).
double to_double(const Mp50& x, const std::string& field, const std::string& source);

}  // namespace granconv::file_fields
