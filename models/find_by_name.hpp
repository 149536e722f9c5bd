#pragma once
// Lookup in the small catalogues (scenarios, schemes, claims): an unknown name
// is an error that lists the names that exist.
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/input/printable.hpp"

namespace granconv {

// The edit distance of two keys, for "did you mean" hints (the claim
// catalogue's FieldReader and the scenario-file reader).
inline std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

template <class Range, class Key>
const auto& find_by_name(const Range& items, const std::string& name, const std::string& what, Key key) {
  for (const auto& item : items)
    if (key(item) == name) return item;
  std::string known;
  for (const auto& item : items) known += (known.empty() ? "" : ", ") + key(item);
  throw std::invalid_argument("unknown " + what + " '" + printable(name) + "' (known: " + known + ")");
}

}  // namespace granconv
