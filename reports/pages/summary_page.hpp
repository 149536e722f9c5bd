// index.html, the report's landing page: the summary counts, a filter (paper,
// kind, scheme, verdict), then one line per claim grouped by paper in the
// catalogue's order, each with its verdict, its deciding check (observed
// against expected, with the rival it rules out) and a thumbnail of its main
// figure, linking to the claim's page. Internal to the report module.
#pragma once

#include <string>
#include <vector>

#include "reports/pages/page_parts.hpp"

namespace granconv::report_detail {

// validated: the pages of `granconv validate` present in DIR/validate (file
// names, linked as ../validate/<file>).
// heavy: the catalogue's heavy claims, not in the default run (named, with their cost).
struct HeavyClaim {
  std::string id, estimated_cost;
};
std::string summary_page(const std::vector<Paper>& papers, const std::vector<std::string>& validated,
                         const std::vector<HeavyClaim>& heavy = {});

}  // namespace granconv::report_detail
