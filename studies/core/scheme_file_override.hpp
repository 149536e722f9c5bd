#pragma once
// A scheme file of a family other than runge-kutta in place of an order
// claim's scheme (`granconv run --tableau FILE`, docs/cli.md): process-wide,
// as claim_file_folders() is, set by the command once before any claim runs
// and read by the order study when it makes the claim's scheme in double.
// A runge-kutta file goes through StudyOptions::tableau instead.
#include <functional>
#include <string>

#include "schemes/scheme.hpp"

namespace granconv {

struct SchemeFileOverride {
  std::string file;                          // for messages; "" = no override
  std::function<Scheme<double>()> make;      // SchemeFile::make_double
  explicit operator bool() const { return static_cast<bool>(make); }
};

void set_scheme_file_override(SchemeFileOverride o);
const SchemeFileOverride& scheme_file_override();

}  // namespace granconv
