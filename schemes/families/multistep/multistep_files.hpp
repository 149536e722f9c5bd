#pragma once
// The parsers of the families "gear" and "linear-multistep" (rows of
// family_table(), docs/scheme-files.md), and what they share.
#include <complex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "schemes/families/multistep/gear.hpp"
#include "schemes/families/scheme_file.hpp"

namespace granconv::multistep {

SchemeFile parse_gear(const nlohmann::json& doc, const std::string& source);
SchemeFile parse_linear_multistep(const nlohmann::json& doc, const std::string& source);

// The order conditions, exact in 50 digits (docs/scheme-files.md derives them):
// Gear's from its corrector vector and start rule, PECE's from the two
// (α, β) pairs as written (α_k ≠ 0; any normalisation).
FamilyOrderReport gear_order_conditions(const std::vector<Mp50>& c, GearStart start);
FamilyOrderReport pece_order_conditions(const std::vector<Mp50>& alpha_p, const std::vector<Mp50>& beta_p,
                                           const std::vector<Mp50>& alpha_c, const std::vector<Mp50>& beta_c);

// The file's entries of doc[key] as written (decimal text or expression),
// for validate's JSON echo.
nlohmann::json echo_entries(const nlohmann::json& doc, const std::string& key);

// A row of an order-condition report from its residuals: named conditions,
// the largest |residual| and the first that is not zero (file_fields::exactly_zero).
struct NamedResidual {
  std::string name;
  Mp50 residual;
};
OrderConditionRow condition_row(int order, const std::vector<NamedResidual>& residuals);
// Fills report.order and report.first_failure from report.rows.
void close_report(FamilyOrderReport& report);

// The root condition of a polynomial p (coefficients of ζ^0..ζ^d, p_d ≠ 0):
// roots in the closed unit disc, those on the circle of multiplicity at most
// `circle_multiplicity` (1 for ρ of a first-order method, 2 for a
// second-order one). Roots at 0 and at 1 are divided out exactly in 50
// digits; the rest come from the companion matrix in double and count as on
// the circle within 1e-9, and as one multiple root within 1e-6 of each other.
struct RootCondition {
  std::vector<std::complex<double>> roots;
  int roots_at_one = 0;
  bool holds = false;
  std::string why;  // the offending root when it fails, how it was decided when it holds
};
RootCondition root_condition(std::vector<Mp50> p, int circle_multiplicity);

// j^q in Mp50 with 0^0 = 1, and the binomial C(q, m) (0 when m > q).
Mp50 power(int j, int q);
Mp50 binomial(int q, int m);

}  // namespace granconv::multistep
