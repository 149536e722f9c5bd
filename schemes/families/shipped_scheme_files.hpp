#pragma once
// The scheme files granconv ships (tableaux/*.json), compiled into the
// library (cmake/embed_scheme_files.cmake), found by their stem.
#include <string>
#include <string_view>
#include <vector>

#include "schemes/families/scheme_file.hpp"

namespace granconv {

struct EmbeddedSchemeFile {
  std::string_view stem, text;
};
const std::vector<EmbeddedSchemeFile>& embedded_scheme_files();

// The shipped file of this stem, parsed once (throws std::invalid_argument
// for an unknown stem, naming the shipped ones).
const SchemeFile& shipped_scheme_file(const std::string& stem);

}  // namespace granconv
