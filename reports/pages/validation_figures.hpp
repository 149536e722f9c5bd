#pragma once
// The figures of the validate page, as a record in the report's "figures"
// schema (reports/study_file.hpp), drawn by the report's generic figure code:
// the tableau's |R(z)|, a multistep method's boundary locus, ρ(Ω) in the
// manner of Chung & Hulbert (1993), the principal roots' damping ratio and
// period elongation, E(h) of the smooth and contact runs, work–precision.
#include <nlohmann/json.hpp>

#include "studies/validate/validate.hpp"

namespace granconv {

nlohmann::json validation_figures_record(const ValidationResult& result);

}  // namespace granconv
