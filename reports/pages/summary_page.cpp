// index.html: the landing page of the report.
#include "reports/pages/summary_page.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <set>

#include <fmt/format.h>

#include "reports/format.hpp"
#include "reports/status.hpp"

namespace granconv::report_detail {

namespace {

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buf;
}

std::string select_html(const std::string& name, const std::string& label, const std::vector<std::string>& values) {
  std::string h = "<label>" + html(label) + "<select name=\"" + name + "\"><option value=\"\">all</option>";
  for (const auto& v : values) h += "<option value=\"" + html(v) + "\">" + html(v) + "</option>";
  return h + "</select></label>\n";
}

std::string joined(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

std::string claim_row(const Study& s, const std::string& paper) {
  const bool ran = s.status != "not run";
  std::string h = "<tr class=\"claim\" id=\"claim-" + html(s.slug) + "\" data-paper=\"" + html(paper) +
                  "\" data-kind=\"" + html(s.kind) + "\" data-schemes=\"" + html(joined(s.schemes, "|")) +
                  "\" data-status=\"" + html(s.status) + "\">";
  const std::string id = "<code>" + html(s.id) + "</code>";
  h += "<td>" + (ran ? "<a href=\"" + html(claim_page_file(s)) + "\">" + id + "</a>" : id) + " <span class=\"kind\">" +
       html(s.kind) + "</span>";
  if (!s.title.empty()) h += "<div class=\"title\">" + html(s.title) + "</div>";
  std::string facts = s.item;
  if (!s.schemes.empty()) facts += (facts.empty() ? "" : " · ") + joined(s.schemes, ", ");
  if (!facts.empty()) h += "<div class=\"small\">" + html(facts) + "</div>";
  h += "</td><td>" + verdict_badge(s) + "</td>";
  if (!ran) return h + "<td colspan=\"4\" class=\"small\">no result in studies/: run the claim</td></tr>\n";
  const CheckLine c = deciding_check(s);
  if (c.count == 0) {
    h += "<td colspan=\"3\" class=\"small\">no checks</td>";
  } else {
    h += "<td class=\"num\">" + c.observed + "<div class=\"small\">" + html(c.label) +
         (c.count > 1 ? fmt::format(" (1 of {} checks)", c.count) : "") + "</div></td><td class=\"num\">" + c.expected +
         "</td><td class=\"num\">" + html(c.rival) + "</td>";
  }
  const Image& img = main_image(s);
  h += "<td>";
  if (img)
    h += "<a href=\"" + html(claim_page_file(s)) + "#figures\"><img src=\"figures/" + html(img.file) +
         "\" alt=\"main figure of " + html(s.id) + "\"></a>";
  else
    h += "<span class=\"small\">no figure</span>";
  return h + "</td></tr>\n";
}

}  // namespace

std::string summary_page(const std::vector<Paper>& papers, const std::vector<std::string>& validated,
                         const std::vector<HeavyClaim>& heavy) {
  std::vector<std::string> statuses, paper_names;
  std::set<std::string> kinds, schemes, status_set;
  std::map<std::string, int> verdicts;
  int post_hoc = 0;
  std::size_t n = 0;
  for (const auto& p : papers) {
    paper_names.push_back(p.name);
    for (const Study* s : p.claims) {
      ++n;
      statuses.push_back(s->status);
      status_set.insert(s->status);
      post_hoc += post_hoc_count(s->tolerances);
      kinds.insert(s->kind);
      schemes.insert(s->schemes.begin(), s->schemes.end());
      ++verdicts[s->verdict.empty() ? "not run" : s->verdict];
    }
  }
  std::string h = page_head("granconv verification report", "");
  h += "<h1>granconv verification report</h1>\n<p class=\"meta\">Generated " + html(now_utc()) + ": " +
       std::to_string(n) + " claims of " + std::to_string(papers.size()) +
       " sources, from the result records in <code>studies/</code>.</p>\n<ul class=\"counts\">\n";
  for (const char* v : {"pass", "fail", "inconclusive", "not run"})
    if (verdicts.count(v)) h += fmt::format("<li><b>{}</b>{}</li>\n", verdicts[v], v);
  h += "</ul>\n<p><strong>" + html(summary_line(statuses, post_hoc)) + "</strong></p>\n";
  if (!heavy.empty()) {
    h += fmt::format("<p class=\"notes\">Not in the default run: {} heavy claim{} (<code>granconv run --heavy "
                     "&lt;id&gt;</code> runs one; not counted above): ",
                     heavy.size(), heavy.size() == 1 ? "" : "s");
    for (std::size_t i = 0; i < heavy.size(); ++i)
      h += (i ? "; " : "") + std::string("<code>") + html(heavy[i].id) + "</code> (" + html(heavy[i].estimated_cost) + ")";
    h += ".</p>\n";
  }
  h += "<p class=\"notes\">A check passes only when the whole 95% CI of its value lies within expected ± tolerance, and "
       "every tolerance is below half the distance to the rival it must rule out; it fails when the CI lies outside "
       "that band or at the rival; anything else, and too little data, is inconclusive. A claim fails if any check "
       "fails. Each line shows the claim's deciding check (the first with the claim's verdict); its page lists every "
       "check next to its figures.</p>\n";
  h += "<form class=\"filter\" id=\"filter\">\n" + select_html("paper", "paper", paper_names) +
       select_html("kind", "kind", {kinds.begin(), kinds.end()}) +
       select_html("scheme", "scheme", {schemes.begin(), schemes.end()}) +
       select_html("status", "verdict", {status_set.begin(), status_set.end()}) +
       "<button type=\"reset\">show all</button> <span class=\"small\"><span id=\"shown\">" + std::to_string(n) +
       "</span> of " + std::to_string(n) + " claims shown</span>\n</form>\n";
  for (const auto& p : papers) {
    h += "<section class=\"paper\" id=\"paper-" + html(slugify(p.name)) + "\">\n<h2>" + html(p.name) + "</h2>\n";
    h += "<table class=\"summary\"><colgroup><col class=\"c-claim\"><col class=\"c-verdict\"><col class=\"c-obs\">"
         "<col class=\"c-exp\"><col class=\"c-rival\"><col class=\"c-fig\"></colgroup>\n<thead><tr><th>claim</th>"
         "<th>verdict</th><th>observed</th><th>expected</th><th>rival</th><th>main figure</th></tr></thead>\n<tbody>\n";
    for (const Study* s : p.claims) h += claim_row(*s, p.name);
    h += "</tbody></table>\n</section>\n";
  }
  if (!validated.empty()) {
    h += "<h2 id=\"validated-schemes\">Validated schemes</h2>\n<p class=\"meta\">Pages of <code>granconv validate</code> "
         "found in <code>validate/</code> when this report was written.</p>\n<ul>\n";
    for (const auto& page : validated)
      h += "<li><a href=\"../validate/" + html(page) + "\">" + html(page.substr(0, page.size() - 5)) + "</a></li>\n";
    h += "</ul>\n";
  }
  h += "<script>" + std::string(filter_script()) + "</script>\n";
  return h + page_foot();
}

}  // namespace granconv::report_detail
