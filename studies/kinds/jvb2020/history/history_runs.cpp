// The scheme runs the table and history kinds read from their records.
#include <cmath>

#include "studies/kinds/jvb2020/history/history_detail.hpp"
#include "studies/support/catalogue_fields.hpp"

namespace granconv::history {

SchemeRun read_run(FieldReader& r) {
  return {r.req<std::string>("label"), read_scheme(r), r.req<double>("h", positive())};
}

bool within_relative(double observed, double paper, double tol) {
  return std::abs(observed - paper) <= tol * std::abs(paper);
}

}  // namespace granconv::history
