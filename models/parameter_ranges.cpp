#include "models/parameter_ranges.hpp"

#include "models/memory_budget.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace granconv {

ParameterRange parameter_range(const std::string& scenario, const std::string& key) {
  const double inf = INFINITY;
  if (key == "n")
    return {scenario.rfind("lzb-", 0) == 0 ? 1.0 : 2.0, double(kMaxScenarioBeads), false, false, "number of beads", true};
  if (key == "t_end") return {0, 1e6, true, false, "final time"};
  if (key == "gamma" || key == "gn") return {0, inf, false, true, "damping, not negative"};
  if (key == "m" || key == "epsilon" || key == "rho") return {0, inf, true, true, "a mass or density: positive"};
  if (key == "k" || key == "kn" || key == "E" || key == "R") return {0, inf, true, true, "a stiffness or size: positive"};
  if (key == "K") return {0, inf, false, true, "local spring stiffness, not negative"};
  if (key == "eps") return {0, inf, false, true, "mollifier width, not negative"};
  if (key == "es") return {0, 1, true, false, "restitution"};
  if (key == "nu") return {-1, 0.5, true, true, "Poisson ratio"};
  if (key == "v" || key == "V") return {0, 1e100, false, false, "impact speed, not negative"};
  if (key == "q") return scenario == "singular-q" ? ParameterRange{0, 1, true, true, "exponent"}
                                                  : ParameterRange{-1, 1, true, true, "taper ratio"};
  return {-inf, inf, true, true, "value"};  // beta, drive: checked by their builders / any finite value
}

void check_parameter_ranges(const std::string& scenario, const Parameters& p) {
  for (const auto& [key, v] : p.values()) {
    const ParameterRange r = parameter_range(scenario, key);
    const bool ok = std::isfinite(v) && (r.lo_open ? v > r.lo : v >= r.lo) && (r.hi_open ? v < r.hi : v <= r.hi) &&
                    (!r.integer || v == std::floor(v));
    if (!ok) {
      char range[160];
      std::snprintf(range, sizeof range, "%s%g, %g%s", r.lo_open ? "(" : "[", r.lo, r.hi, r.hi_open ? ")" : "]");
      char value[40];
      std::snprintf(value, sizeof value, "%g", v);
      throw std::invalid_argument("parameter '" + key + "' = " + value + " of scenario '" + scenario +
                                  "' is outside its range " + range + " (" + r.meaning +
                                  (r.integer ? ", an integer" : "") + ")");
    }
    if (key == "n")
      if (const std::string why = chain_memory_problem(v, 1, "one run"); !why.empty())
        throw std::invalid_argument("parameter 'n' of scenario '" + scenario + "': " + why);
  }
}

}  // namespace granconv
