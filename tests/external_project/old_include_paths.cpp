// Include paths of granconv 0.1 before issue 13 moved the headers: each
// forwarding header must still bring its declarations.
#include "studies/order_fit.hpp"
#include "studies/tableau_file.hpp"
#include "studies/validate.hpp"

// Compiled, never run: the names resolve through the forwarding headers.
void old_include_paths_compile(const granconv::ValidationResult& r) {
  granconv::write_validation_page(r, "unused");
  (void)&granconv::read_tableau_file;
  (void)sizeof(granconv::OrderFit);
}
