// claims/<id>.html: one claim with its facts, its checks and, inline below
// them, every figure of its run, then its tables and tolerances. Internal to
// the report module.
#pragma once

#include <string>

#include "reports/pages/page_parts.hpp"

namespace granconv::report_detail {

// prev / next: the neighbouring claims in the summary's order (nullptr at the ends).
std::string claim_page(const Study& s, const Study* prev, const Study* next);

}  // namespace granconv::report_detail
