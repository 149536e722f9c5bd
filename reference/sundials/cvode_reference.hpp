#pragma once
// CVODE reference solutions of a chain scenario (docs/architecture.md, "Folders").
//
// The (x, w) formulation of JVB eqs. (10)-(11) is integrated (its right-hand
// side is locally Lipschitz), with a root function on every contact gap
// x_j - x_{j+1}; at every sign change the integration is restarted
// (CVodeReInit) so that each segment is smooth. Linear algebra is banded
// (mu = ml = 3 on the interleaved state) with the analytic Jacobian.
#include <atomic>
#include <string>
#include <vector>

#include "models/scenarios.hpp"
#include "reference/reference_solution.hpp"

namespace granconv {

// Default tolerances: rtol 1e-15, atol 1e-16, tighter than the 1e-13 / 1e-15
// first planned. Approaching a contact opening the solution behaves like
// (t* - t)^{5/2} (high derivatives blow up) and CVODE's global error there is
// ~60× its tolerance: at rtol 1e-13 the trimer-impact reference is off by
// 9.7e-12 against the cpp_bin_float_50 reference, at rtol 1e-15 by 1.4e-13
// (tests/unit/reference/test_multiprecision_crosscheck.cpp). Adams vs BDF, max order and the
// Newton tolerance do not change this; the tolerance does, proportionally.
inline constexpr double kDefaultReferenceBudget = 600;

struct ReferenceOptions {
  double rtol = 1e-15, atol = 1e-16;
  // "adams" | "bdf" (CVODE) | "erk8" | "erk9" (ARKODE's explicit Runge-Kutta
  // of order 8 or 9, reference/sundials/erk_reference.hpp); "" = scenario default
  // (scenario_info().reference_method).
  std::string method;
  // "newton" (banded analytic Jacobian) | "fixed-point" (functional
  // iteration: no Jacobian, no banded LU; for Adams on non-stiff chains);
  // "" = default_nonlinear_solver(method), which says why it is Newton.
  // erk8 and erk9 have none: a nonlinear solver given with them is refused.
  std::string nonlinear_solver;
  long max_steps = 50'000'000;
  bool estimate_error = true;  // rerun at rtol/10, atol/10 and record max |difference|
  // Wall-clock budget of one reference (all its runs): beyond it the
  // reference ends with an error instead of grinding on (not part of the
  // cache key: it does not change the result).
  double max_seconds = kDefaultReferenceBudget;
  // > 1: the error estimate's solve runs on a second thread beside the first
  // solve (reference/sundials/rerun_beside.hpp). The same bits either way,
  // so not part of the cache key either. Both solves share the budget's
  // deadline: side by side the longer must fit in it, one after the other
  // their sum.
  int threads = 1;
};

// The explicit methods' names for ReferenceOptions::method (ARKODE,
// erk_reference.hpp): Verner's 8(7) and 9(8) pairs.
inline constexpr const char* kExplicitReferenceMethod = "erk8";
inline constexpr const char* kExplicitReferenceMethod9 = "erk9";
inline bool is_explicit_reference_method(const std::string& m) {
  return m == kExplicitReferenceMethod || m == kExplicitReferenceMethod9;
}

// The method actually used for `problem` under `opt` ("adams", "bdf", "erk8" or "erk9").
std::string resolved_reference_method(const Problem<double>& problem, const ReferenceOptions& opt);
// The nonlinear solver actually used ("fixed-point" or "newton"; "" for erk8 and erk9).
std::string resolved_reference_nonlinear_solver(const Problem<double>& problem, const ReferenceOptions& opt);
// The nonlinear solver a method gets by default.
std::string default_nonlinear_solver(const std::string& method);

// States (x, v) at `times` (sorted ascending, within [0, t_end], duplicates
// allowed). Throws std::invalid_argument on bad input and std::runtime_error
// (naming the CVODE flag and the time) on any solver failure, on a state
// beyond the blow-up bound (models/blow_up.hpp) and past opt.max_seconds.
// Methods adams and bdf only (compute_reference, reference_cache.hpp, runs any).
ReferenceSolution cvode_reference(const Problem<double>& problem, const std::vector<double>& times,
                                  const ReferenceOptions& opt = {});
// The same, ending with an error once *stop is raised (checked with the
// budget): erk_reference's fallback estimate on the thread beside its first
// solve stops with that solve (reference/sundials/rerun_beside.hpp).
ReferenceSolution cvode_reference(const Problem<double>& problem, const std::vector<double>& times,
                                  const ReferenceOptions& opt, const std::atomic<bool>* stop);

}  // namespace granconv
