#pragma once
// A Butcher tableau read from a JSON file:
//   {"name": "...", "A": [[...], ...], "b": [...], "c": [...], "order": p,
//    "description": "...", "family": "runge-kutta"}
// c is optional (default: the row sums of A); order is the order the author
// claims (a positive integer, optional); description is free text.
// Entries are JSON numbers or strings holding expressions such as
// "1/4 - sqrt(3)/6" (schemes/tableau_expression.hpp). Everything is evaluated
// in cpp_bin_float_50: JSON numbers from their decimal text, not via double.
//
// A malformed file throws std::invalid_argument naming the field; an
// unreadable file throws std::runtime_error.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <filesystem>
#include <string_view>

#include <nlohmann/json.hpp>

#include "schemes/tableau.hpp"

namespace granconv {

Tableau<boost::multiprecision::cpp_bin_float_50> read_tableau_file_mp(const std::filesystem::path& file);

// The same from the text of a file; `source` names it in messages.
Tableau<boost::multiprecision::cpp_bin_float_50> parse_tableau_json_mp(std::string_view text,
                                                                      const std::string& source = "tableau");

// The same from the file already parsed (exact decimals kept,
// schemes/families/file_fields.hpp): the reader of the runge-kutta family.
Tableau<boost::multiprecision::cpp_bin_float_50> tableau_from_json_mp(const nlohmann::json& doc,
                                                                     const std::string& source);

// read_tableau_file_mp rounded to double (rejects entries beyond double's range).
Tableau<double> read_tableau_file(const std::filesystem::path& file);

}  // namespace granconv
