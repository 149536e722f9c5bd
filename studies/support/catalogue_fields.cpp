#include "studies/support/catalogue_fields.hpp"

#include "models/parameter_ranges.hpp"
#include "models/scenarios.hpp"
#include "schemes/scheme_catalogue.hpp"

namespace granconv {

ScenarioRef read_scenario(FieldReader& r, std::optional<std::string> fallback, bool params_required) {
  ScenarioRef s;
  s.scenario = r.name("scenario", [](const std::string& n) { scenario_info(n); }, fallback);
  s.params = params_required ? r.req<std::vector<std::string>>("params")
                             : r.opt<std::vector<std::string>>("params", {});
  if (!r.ok()) return s;
  try {
    Parameters p = scenario_info(s.scenario).defaults;
    for (const auto& a : s.params) p.set_assignment(a);
    check_parameter_ranges(s.scenario, p);
  } catch (const std::exception& e) {
    r.problem("params", std::string("(scenario '") + s.scenario + "'): " + e.what());
  }
  return s;
}

std::string read_scheme(FieldReader& r, const std::string& key, std::optional<std::string> fallback) {
  return r.name(key, [](const std::string& n) { scheme_info(n); }, fallback);
}

std::string read_formulation(FieldReader& r, const std::string& key, std::optional<std::string> fallback) {
  return r.name(key, [](const std::string& n) { formulation_from_string(n); }, fallback);
}

}  // namespace granconv
