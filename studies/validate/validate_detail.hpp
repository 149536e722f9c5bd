#pragma once
// Internals of validate_scheme (studies/validate/validate.hpp) shared by its files.
#include <optional>
#include <string>

#include "models/oscillator.hpp"
#include "models/scenarios.hpp"
#include "studies/validate/validate.hpp"

namespace granconv::validate_detail {

template <class S>
Problem<S> oscillator_problem(double t_end) {
  Problem<S> pr{"harmonic-oscillator", Parameters(), harmonic_oscillator_chain<S>(), harmonic_oscillator_state<S>(S(0)),
                S(t_end), {}, "closed form x = cos t, v = -sin t", {}};
  pr.exact = [](const S& t) { return harmonic_oscillator_state<S>(t); };
  return pr;
}

// The scheme over `grid` on one problem, fitted; `timing`: CPU time per step
// size (min over options.timing_repetitions); `contact`: the error
// oscillates with h, fit its upper envelope over the whole grid.
ConvergenceRun converge(const Scheme<double>& scheme, const std::string& label, const Problem<double>& problem,
                        Formulation f, const StepGrid& grid, const ValidateOptions& options, bool timing,
                        bool contact);

// The same in cpp_bin_float_50 against the exact solution or the RKF 7(8)
// reference (reference/extended/mp_reference.hpp), floor from its error estimate and
// eps of Mp50, errors below options.mp50_error_cutoff excluded.
ConvergenceRun converge_mp50(const Scheme<Mp50>& scheme, const std::string& label, const Problem<Mp50>& problem,
                             Formulation f, const StepGrid& grid, const ValidateOptions& options);

// `linear_pre_asymptotic`: the oscillator's order before a start-limited
// asymptote `linear_expected` (a slope between the two is inconclusive).
ValidationItem smooth_item(const Scheme<double>& scheme, std::optional<int> linear_expected,
                           std::optional<int> nonlinear_expected, const ValidateOptions& options,
                           std::optional<int> linear_pre_asymptotic = std::nullopt);
// Item 4 in cpp_bin_float_50 (ValidateOptions::precision == 50).
ValidationItem smooth_item_mp50(const Scheme<Mp50>& scheme, std::optional<int> linear_expected,
                                std::optional<int> nonlinear_expected, const ValidateOptions& options,
                                std::optional<int> linear_pre_asymptotic = std::nullopt);
// `xw_form`: false for a method of x'' = F(t, x, v) (a scheme file of a family
// other than runge-kutta), whose (x, w) run is then not applicable, not failed.
ValidationItem contact_item(const Scheme<double>& scheme, std::optional<int> smooth_expected, bool xw_form,
                            const ValidateOptions& options);
ValidationItem work_precision_item(const ConvergenceRun& own_dimer, const ValidateOptions& options);

}  // namespace granconv::validate_detail
