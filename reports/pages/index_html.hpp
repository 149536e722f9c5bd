// index.html (claim table, then one section per figure group with its
// figures, tables and notes) and style.css. Internal to the report module.
#pragma once

#include <string>
#include <vector>

#include "reports/study_file.hpp"

namespace granconv::report_detail {

struct Group {
  std::string name;
  std::vector<Study*> studies;
  std::string convergence;  // figure stem or ""
};

// validated: the pages of `granconv validate` present in DIR/validate
// (file names, linked as ../validate/<file>).
std::string index_html(const std::vector<Group>& groups, const std::vector<Study>& studies,
                       const std::vector<std::string>& validated = {});
const char* style_css();

}  // namespace granconv::report_detail
