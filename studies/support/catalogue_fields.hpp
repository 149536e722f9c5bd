#pragma once
// Fields several claim kinds share, read and resolved at load: a scenario
// with its parameter overrides, a scheme name, a formulation.
#include <optional>
#include <string>
#include <vector>

#include "studies/support/field_reader.hpp"

namespace granconv {

struct ScenarioRef {
  std::string scenario;
  std::vector<std::string> params;  // "key=value" overrides of the scenario's defaults
};

// "scenario" (required unless `fallback` is given) and "params" (optional
// unless `params_required`): the name must be known, and every override name
// a parameter of that scenario with a value in its range.
ScenarioRef read_scenario(FieldReader& r, std::optional<std::string> fallback = std::nullopt,
                          bool params_required = false);
// A scheme of the catalogue (schemes/scheme_catalogue.hpp).
std::string read_scheme(FieldReader& r, const std::string& key = "scheme",
                        std::optional<std::string> fallback = std::nullopt);
// "xv" or "xw" (models/chain.hpp).
std::string read_formulation(FieldReader& r, const std::string& key = "formulation",
                             std::optional<std::string> fallback = std::nullopt);

}  // namespace granconv
