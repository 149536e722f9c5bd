#include "studies/core/scheme_file_override.hpp"

#include <utility>

namespace granconv {

namespace {
SchemeFileOverride& storage() {
  static SchemeFileOverride o;
  return o;
}
}  // namespace

void set_scheme_file_override(SchemeFileOverride o) { storage() = std::move(o); }
const SchemeFileOverride& scheme_file_override() { return storage(); }

}  // namespace granconv
