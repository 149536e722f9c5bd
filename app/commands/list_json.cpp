// `granconv list ... --json`: the four catalogues as one JSON array each, for
// scripts; the same rows as the text listing of list_command.cpp.
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/options.hpp"
#include "app/output_flags.hpp"
#include "models/scenarios.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/atlas/atlas_models.hpp"
#include "studies/core/catalogue.hpp"
#include "studies/core/claim.hpp"

namespace granconv::cli {

int list_json(const std::string& what, const std::string& claims_file) {
  nlohmann::json rows = nlohmann::json::array();
  if (what == "schemes") {
    for (const auto& s : scheme_catalogue())
      rows.push_back({{"name", s.name}, {"classical_order", s.classical_order}, {"label", s.label}});
  } else if (what == "scenarios") {
    for (const auto& s : scenario_catalogue()) {
      nlohmann::json params = nlohmann::json::object();
      for (const auto& [k, v] : s.defaults.values()) params[k] = v;
      for (const auto& [k, c] : s.defaults.choices()) params[k] = {{"value", c.value}, {"allowed", c.allowed}};
      rows.push_back({{"name", s.name}, {"description", s.description}, {"parameters", params}});
    }
  } else if (what == "models") {
    for (const auto& m : force_models()) {
      nlohmann::json formulations = {"xv"};
      if (m.xw_not_applicable().empty()) formulations.push_back("xw");
      rows.push_back({{"name", m.name}, {"label", m.label}, {"notes", m.notes}, {"formulations", formulations}});
    }
  } else {
    for (const auto& c : load_catalogue(catalogue_path(claims_file))) {
      nlohmann::json row = {{"id", c.id}, {"title", c.title}, {"kind", c.kind}, {"paper", c.paper}, {"item", c.item},
                            {"expected_verdict", c.expected_verdict}, {"heavy", c.heavy}};
      if (c.heavy) row["estimated_cost"] = c.estimated_cost;
      rows.push_back(std::move(row));
    }
  }
  print_json(rows);
  return 0;
}

}  // namespace granconv::cli
