#pragma once
// Lookup in the small catalogues (scenarios, schemes, claims): an unknown name
// is an error that lists the names that exist.
#include <stdexcept>
#include <string>

namespace granconv {

template <class Range, class Key>
const auto& find_by_name(const Range& items, const std::string& name, const std::string& what, Key key) {
  for (const auto& item : items)
    if (key(item) == name) return item;
  std::string known;
  for (const auto& item : items) known += (known.empty() ? "" : ", ") + key(item);
  throw std::invalid_argument("unknown " + what + " '" + name + "' (known: " + known + ")");
}

}  // namespace granconv
