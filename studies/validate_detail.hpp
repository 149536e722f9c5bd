#pragma once
// Internals of validate_scheme (studies/validate.hpp) shared by its files.
#include <optional>
#include <string>

#include "models/scenarios.hpp"
#include "studies/validate.hpp"

namespace granconv::validate_detail {

Problem<double> oscillator_problem(double t_end);

// The scheme over `grid` on one problem, fitted; `timing`: CPU time per step
// size (min over options.timing_repetitions); `contact`: the error
// oscillates with h, fit its upper envelope over the whole grid.
ConvergenceRun converge(const Scheme<double>& scheme, const std::string& label, const Problem<double>& problem,
                        Formulation f, const StepGrid& grid, const ValidateOptions& options, bool timing,
                        bool contact);

ValidationItem smooth_item(const Scheme<double>& scheme, std::optional<int> linear_expected,
                           std::optional<int> nonlinear_expected, const ValidateOptions& options);
ValidationItem contact_item(const Scheme<double>& scheme, std::optional<int> smooth_expected,
                            const ValidateOptions& options);
ValidationItem work_precision_item(const ConvergenceRun& own_dimer, const ValidateOptions& options);

}  // namespace granconv::validate_detail
