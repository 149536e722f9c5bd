#pragma once
// The reference of a problem with an exact solution (closed form or
// quadrature of a first integral): the solution sampled at the requested
// times, with a provenance that says so.
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

#include "models/scenarios.hpp"
#include "reference/reference_solution.hpp"

namespace granconv {

// `scale`: the largest |value| of the states sampled.
inline Provenance exact_provenance(const Problem<double>& problem, double scale) {
  Provenance p;
  p.solver = "exact";
  p.method = problem.exact_method;
  // Closed forms and the quadrature are good to a few ulps of the solution.
  p.error_estimate = 4 * std::numeric_limits<double>::epsilon() * scale;
  p.error_estimate_method = "a few ulps of the solution (closed form / tanh-sinh quadrature to eps^{3/4} refined by Newton)";
  return p;
}

inline ReferenceSolution exact_reference(const Problem<double>& problem, const std::vector<double>& times) {
  if (!problem.exact) throw std::logic_error("exact_reference: scenario '" + problem.scenario + "' has no exact solution");
  ReferenceSolution sol;
  sol.times = times;
  sol.states.reserve(times.size());
  double scale = 0;
  for (double t : times) {
    sol.states.push_back(problem.exact(t));
    scale = std::max(scale, sol.states.back().cwiseAbs().maxCoeff());
  }
  sol.provenance = exact_provenance(problem, scale);
  return sol;
}

}  // namespace granconv
