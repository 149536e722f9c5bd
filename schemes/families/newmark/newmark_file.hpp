#pragma once
// The "newmark" scheme file (docs/scheme-files.md, "Newmark family"):
// (beta, gamma, alpha_m, alpha_f) as Tempus and Siconos write them, or
// rho_infinity alone for Chung & Hulbert's optimal generalized-α.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "schemes/families/newmark/newmark_scheme.hpp"
#include "schemes/families/scheme_file.hpp"

namespace granconv {

SchemeFile parse_newmark(const nlohmann::json& doc, const std::string& source);

// Chung & Hulbert (1993), eqs. (25)–(27) with (17): the generalized-α method
// of spectral radius ρ∞ at Ω → ∞, second order, with the least low-frequency
// dissipation for that ρ∞.
NewmarkCoefficients<Mp50> generalized_alpha_from_rho_infinity(const Mp50& rho_infinity);

// ρ∞ in closed form, exact in 50 digits: as Ω → ∞ the amplification matrix
// on (x, hv, h²a) tends to one whose characteristic polynomial is
//   (λ (1 − α_f) + α_f) · (2β λ² + (2γ − 4β + 1) λ + (2β − 2γ + 1))
// (α_m drops out), so ρ∞ = max(α_f/(1 − α_f), |roots of the quadratic|).
// Chung & Hulbert's optimal parameters make −ρ∞ a triple root, where an
// eigensolver in double (second_order_stability.hpp) is good to ~ε^{1/3}
// only. nullopt when β = 0 or α_f = 1 (no finite limit of this form).
std::optional<Mp50> newmark_rho_infinity(const NewmarkCoefficients<Mp50>& k);

// The second-order condition γ = 1/2 − α_m + α_f (Chung & Hulbert 1993, eq. (17)).
FamilyOrderReport newmark_order_conditions(const NewmarkCoefficients<Mp50>& k);

}  // namespace granconv
