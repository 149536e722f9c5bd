#include "reference/sundials/reference_method_choice.hpp"

#include <fmt/format.h>

#include "models/chain_gaps.hpp"

namespace granconv {

namespace {

std::string why_no_gap_form(const Chain<double>& c) {
  if (c.wall) return "the chain has a wall";
  if (c.has_on_site_force()) return "the chain has an on-site force";
  return "the chain has local springs";
}

}  // namespace

ReferenceMethodChoice fastest_certified_method(const Problem<double>& problem, std::size_t output_times,
                                               const ReferenceOptions& opt) {
  ReferenceOptions scenario_default = opt;
  scenario_default.method.clear();
  const std::string cvode = resolved_reference_method(problem, scenario_default);
  const auto keep = [&](const std::string& why) {
    return ReferenceMethodChoice{cvode, fmt::format("default: CVODE {} (the scenario's), not erk9: {}", cvode, why)};
  };
  if (problem.exact) return {cvode, "default: the exact solution"};
  if (cvode == "bdf") return keep("the scenario is stiff (its method is bdf)");
  if (is_explicit_reference_method(cvode)) return {cvode, "default: the scenario's method"};
  if (!gap_form_applies(problem.chain))
    return keep(why_no_gap_form(problem.chain) + ", so gap coordinates do not apply");
  if (!opt.nonlinear_solver.empty()) return keep("a CVODE nonlinear solver was asked for");
  if (output_times > kExplicitDefaultMaxTimes)
    return keep(fmt::format("{} output times, above {}: erk9 ends a step at each, CVODE interpolates", output_times,
                            kExplicitDefaultMaxTimes));
  return {kExplicitReferenceMethod9,
          "default: erk9 in gap coordinates, the fastest certified method where the forces depend on the gaps alone"};
}

}  // namespace granconv
