#pragma once
// What `reference` and `solve` share: the problem their options name (a
// scenario with its --param overrides, or a scenario file) and a state as JSON.
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "models/scenarios.hpp"

namespace granconv::cli {

Problem<double> problem_for(const ProblemArgs& a);
nlohmann::json state_json(const Vec<double>& y);

}  // namespace granconv::cli
