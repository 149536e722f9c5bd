// The pieces the report's pages share: the page frame, verdict badges,
// values, figures, tables and the claim's checks. Internal to the report
// module. A page at depth 1 (claims/<id>.html) reaches the report's root
// through "../" (`root`).
#pragma once

#include <string>
#include <vector>

#include "reports/study_file.hpp"

namespace granconv::report_detail {

// The claims of one paper, in the catalogue's order: result records, or
// stand-ins with the catalogue's fields and status "not run".
struct Paper {
  std::string name;
  std::vector<Study*> claims;
};

std::string page_head(const std::string& title, const std::string& root);
std::string page_foot();

std::string claim_page_file(const Study& s);  // "claims/<slug>.html"
// The figure the summary shows: an order claim's E(h), else its first figure.
const Image& main_image(const Study& s);

std::string verdict_badge(const Study& s);     // PASS / FAIL / INCONCLUSIVE / NOT RUN with the status
std::string value_html(const json& v);         // a record value: number, string, bool, null, figure link
std::string figure_html(const Image& img, const std::string& caption, const std::string& root,
                        const std::string& anchor = "");
std::string table_html(const Study& s, std::size_t i);
std::string tolerances_html(const Study& s);
std::string provenance_html(const json& reference);

// One line for the summary: the claim's deciding check (the first one with
// the claim's verdict), observed against expected, and its rivals.
struct CheckLine {
  std::string label, observed, expected, rival;
  std::size_t count = 0;  // checks of the claim
};
CheckLine deciding_check(const Study& s);

// Every check of the claim, one table row each.
std::string checks_table(const Study& s);

const char* style_css();
const char* filter_script();

}  // namespace granconv::report_detail
