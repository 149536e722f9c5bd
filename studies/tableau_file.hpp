#pragma once
// A Butcher tableau read from a JSON file:
//   {"name": "...", "A": [[...], ...], "b": [...], "c": [...], "order": p}
// c is optional (row sums of A); order is the order the author claims.
// Entries are numbers or strings holding a number.
#include <filesystem>

#include "schemes/tableau.hpp"

namespace granconv {

Tableau<double> read_tableau_file(const std::filesystem::path& file);

}  // namespace granconv
