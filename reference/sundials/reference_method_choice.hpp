#pragma once
// The method `granconv reference` uses when none is asked: the fastest one
// whose error estimate is certified for the problem, and why.
//
// erk9 in gap coordinates (erk_reference.hpp) is certified where the forces
// depend on the gaps alone: against the 50-digit reference its error is
// within its own estimate (trimer-impact, trimer-nobreak), and on the KK chain
// N = 1000 its command is several times faster than CVODE Adams
// (docs/performance.md). Where gap coordinates do not apply (a wall, local
// springs, an on-site force) it runs in positions, where the explicit
// methods' error estimate follows round-off rather than the tolerance (erk8's
// steps grow tenfold, docs/performance.md); a scenario that declares itself stiff (bdf) would bound an
// explicit step by stability; a CVODE nonlinear solver asked for means
// CVODE; and erk9 ends a step at every output time (its states are never an
// interpolant), so a dense time series is CVODE's, served by its dense output.
// In each of those cases the scenario's CVODE method stays.
#include <cstddef>
#include <string>

#include "reference/sundials/cvode_reference.hpp"

namespace granconv {

// Above this many output times CVODE serves them from its dense output for
// less than erk9's forced step ends cost (N = 1000, T = 1000: erk9 takes
// about 4000 steps at rtol 1e-13).
inline constexpr std::size_t kExplicitDefaultMaxTimes = 1001;

struct ReferenceMethodChoice {
  std::string method;  // what ReferenceOptions::method gets
  std::string reason;  // for the provenance's "method_choice"
};

// The choice for `problem` at `output_times` output times under `opt`
// (whose method is empty: the caller asked for none).
ReferenceMethodChoice fastest_certified_method(const Problem<double>& problem, std::size_t output_times,
                                               const ReferenceOptions& opt);

}  // namespace granconv
