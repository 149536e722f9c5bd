#pragma once
// The file parsers of the families "partitioned-runge-kutta" and "splitting"
// (rows of family_table(); docs/scheme-files.md).
#include <string>

#include <nlohmann/json.hpp>

#include "models/extended_precision.hpp"
#include "schemes/families/scheme_file.hpp"

namespace granconv::partitioned {

SchemeFile parse_partitioned_runge_kutta(const nlohmann::json& doc, const std::string& source);
SchemeFile parse_splitting(const nlohmann::json& doc, const std::string& source);

// "precision": the relative precision δ of coefficients printed as rounded
// decimals (0 when absent: the entries are exact), at most 1e-6. The
// consistency conditions, the order conditions and the structure checks then
// allow residuals of that size (bicoloured_trees.hpp).
Mp50 precision_field(const nlohmann::json& doc, const std::string& source);

// The order conditions reported for every file of the two families.
inline constexpr int kGeneralMaxOrder = 6;  // 916 bi-coloured trees of order 6
inline constexpr int kSecondOrderMaxOrder = 8;

}  // namespace granconv::partitioned
