#include "app/commands/problem_input.hpp"

#include <stdexcept>

#include "models/scenario_file/scenario_file.hpp"

namespace granconv::cli {

Problem<double> problem_for(const ProblemArgs& a) {
  if (a.scenario.empty() && a.scenario_file.empty()) throw std::invalid_argument("--scenario or --scenario-file is required");
  if (!a.scenario_file.empty() && !a.params.empty())
    throw std::invalid_argument("--param applies to --scenario; a scenario file states its values itself");
  auto p = a.scenario_file.empty() ? make_problem<double>(a.scenario, a.params)
                                   : read_scenario_file(a.scenario_file).problem<double>();
  p.t_end = a.t;
  return p;
}

nlohmann::json state_json(const Vec<double>& y) {
  std::vector<double> x, v;
  for (int i = 0; i < y.size() / 2; ++i) {
    x.push_back(y[2 * i]);
    v.push_back(y[2 * i + 1]);
  }
  return {{"x", x}, {"v", v}};
}

}  // namespace granconv::cli
