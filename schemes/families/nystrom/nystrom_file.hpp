#pragma once
// The "nystrom" scheme file (docs/scheme-files.md, "Nyström methods (RKN)"):
// (Abar, bbar, b, c) for x'' = F, and the stage velocities' rule.
#include <string>

#include <nlohmann/json.hpp>

#include "schemes/families/scheme_file.hpp"

namespace granconv {

SchemeFile parse_nystrom(const nlohmann::json& doc, const std::string& source);

}  // namespace granconv
