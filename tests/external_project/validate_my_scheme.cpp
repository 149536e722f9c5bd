// A project outside granconv validating "its own" scheme — the implicit
// midpoint rule, written here as a tableau in code — through the installed
// C++ API: order conditions, stability and the observed order on the smooth
// problems, then the page in the directory given on the command line.
#include <iostream>

#include "granconv/reports/pages/validation_page.hpp"
#include "granconv/studies/validate/validate.hpp"

int main(int argc, char** argv) {
  using granconv::Mp50;
  granconv::Tableau<Mp50> midpoint;
  midpoint.name = "implicit-midpoint";
  midpoint.A = granconv::Tableau<Mp50>::Matrix::Constant(1, 1, Mp50(1) / 2);
  midpoint.b = granconv::Tableau<Mp50>::Vector::Constant(1, Mp50(1));
  midpoint.c = granconv::Tableau<Mp50>::Vector::Constant(1, Mp50(1) / 2);
  midpoint.classical_order = 2;

  granconv::ValidateOptions options;
  options.contact_items = false;   // keep the package test short: items 1–4
  options.work_precision = false;
  const auto result = granconv::validate_scheme(granconv::scheme_under_test(midpoint), options);
  const auto j = result.to_json();
  std::cout << "order conditions: " << j["order_conditions_max_order"] << ", A-stable: " << j["a_stable"]
            << ", L-stable: " << j["l_stable"] << ", observed smooth order: " << j["observed_order_smooth"] << '\n';
  if (argc > 1) granconv::write_validation_page(result, argv[1]);
  const bool as_known = j["order_conditions_max_order"] == 2 && j["a_stable"] == true && j["l_stable"] == false;
  return result.pass && as_known ? 0 : 1;
}
