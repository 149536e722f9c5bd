// Shared HTML of the report's pages.
#include "reports/pages/page_parts.hpp"

#include <cmath>

#include <fmt/format.h>

#include "reports/format.hpp"

namespace granconv::report_detail {

std::string page_head(const std::string& title, const std::string& root) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         html(title) + "</title>\n<link rel=\"stylesheet\" href=\"" + root + "style.css\">\n</head>\n<body>\n";
}

std::string page_foot() {
  return "<footer>granconv · every figure is drawn by gnuplot from the run's data: its script and data files are in "
         "<code>figures/</code>.</footer>\n</body>\n</html>\n";
}

std::string claim_page_file(const Study& s) { return "claims/" + s.slug + ".html"; }

const Image& main_image(const Study& s) {
  if (s.convergence) return s.convergence;
  for (const auto& f : s.figures)
    if (f.image) return f.image;
  if (s.slope_fig) return s.slope_fig;
  return s.traj_fig;
}

std::string verdict_badge(const Study& s) {
  const std::string cls = s.verdict == "pass" ? "pass" : s.verdict == "fail" ? "fail" : "na";
  std::string word = s.verdict.empty() ? "NOT RUN" : s.verdict == "pass" ? "PASS" : s.verdict == "fail" ? "FAIL" : "INCONCLUSIVE";
  std::string v = "<span class=\"verdict " + cls + "\">" + word + "</span>";
  if (s.status == "deviates") v += " <span class=\"small\">documented deviation</span>";
  else if (s.status != "reproduced" && s.status != "not run" && s.status != s.verdict)
    v += " <span class=\"small\">" + html(s.status) + "</span>";
  return v;
}

std::string value_html(const json& v) {
  if (v.is_null()) return "–";
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_number()) return html(g(v.get<double>(), 4));
  if (v.is_string()) return html(v.get<std::string>());
  if (v.is_object() && v.contains("figure"))  // a table cell linked to a figure of the same page
    return "<a href=\"#fig-" + html(slugify(v["figure"].get<std::string>())) + "\">" + html(v["text"].get<std::string>()) +
           "</a>";
  return html(v.dump());
}

std::string figure_html(const Image& img, const std::string& caption, const std::string& root, const std::string& anchor) {
  if (!img) return "";
  const std::string p = root + "figures/";
  std::string h = "<figure" + (anchor.empty() ? "" : " id=\"" + html(anchor) + "\"") + "><a href=\"" + html(p + img.file) +
                  "\"><img src=\"" + html(p + img.file) + "\" alt=\"" + html(caption) + "\"></a>" +
                  "<figcaption>" + html(caption) + " <span class=\"small\">· <a href=\"" + html(p + img.script) +
                  "\">gnuplot script</a>";
  for (const auto& d : img.data) h += " · <a href=\"" + html(p + d) + "\">" + html(d) + "</a>";
  return h + "</span></figcaption></figure>\n";
}

std::string table_html(const Study& s, std::size_t i) {
  const Table& t = s.tables[i];
  std::string h = fmt::format("<table class=\"data\" id=\"table-{}\">", i + 1);
  if (!t.title.empty()) h += "<caption>" + html(t.title) + "</caption>";
  h += "\n<thead><tr>";
  for (const auto& c : t.columns) h += "<th>" + html(c) + "</th>";
  h += "</tr></thead>\n<tbody>\n";
  for (const auto& r : t.rows) {
    h += "<tr>";
    for (const auto& c : r) h += std::string(c.is_number() ? "<td class=\"num\">" : "<td>") + value_html(c) + "</td>";
    h += "</tr>\n";
  }
  return h + "</tbody>\n</table>\n";
}

// Every threshold of the claim with where it came from (studies/core/catalogue_rules.hpp).
std::string tolerances_html(const Study& s) {
  if (s.tolerances.empty()) return "";
  std::string h = "<table class=\"data\"><caption>Tolerances and their sources</caption>"
                  "<thead><tr><th>threshold</th><th>value</th><th>rival</th><th>source</th><th>why</th></tr></thead><tbody>\n";
  for (const auto& t : s.tolerances) {
    const std::string label = t.value("label", std::string());
    h += "<tr><td><code>" + html(t.value("path", std::string())) + "</code>" +
         (label.empty() ? "" : "<br><span class=\"small\">" + html(label) + "</span>") + "</td><td class=\"num\">" +
         html(t.contains("value") ? t.at("value").dump() : "") + "</td><td>" +
         html(t.contains("rivals") ? t.at("rivals").dump() : t.contains("rival") ? t.at("rival").dump() : "–") +
         "</td><td>" + html(t.value("basis", std::string())) + "</td><td>" + html(t.value("reason", std::string())) +
         "</td></tr>\n";
  }
  return h + "</tbody></table>\n";
}

namespace {

std::string one_provenance(const json& r) {
  std::string s;
  auto field = [&](const char* k) { return str_or(r, k); };
  std::string solver = field("solver");
  if (!field("sundials_version").empty()) solver += " " + field("sundials_version");
  if (!field("method").empty()) solver += " (" + field("method") + ")";
  if (!solver.empty()) s += html(solver);
  std::vector<std::string> parts;
  if (r.contains("rtol")) parts.push_back("rtol " + g(num(r["rtol"]), 2));
  if (r.contains("atol")) parts.push_back("atol " + g(num(r["atol"]), 2));
  if (r.contains("events")) parts.push_back(field("events") + " events");
  if (r.contains("steps")) parts.push_back(field("steps") + " steps");
  if (r.contains("error_estimate")) parts.push_back("error estimate " + g(num(r["error_estimate"]), 2));
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i || !solver.empty() ? ", " : "") + html(parts[i]);
  return s;
}

std::string rivals_text(const std::vector<double>& r) {
  std::string t;
  for (double x : r) t += (t.empty() ? "" : ", ") + g(x, 3);
  return t.empty() ? "–" : t;
}

std::string ci_text(double lo, double hi) {
  return std::isfinite(lo) ? " [" + fixed(lo) + ", " + fixed(hi) + "]" : "";
}

std::string check_verdict(const std::optional<bool>& pass, const std::string& verdict) {
  const std::string v = !verdict.empty() ? verdict : pass ? (*pass ? "pass" : "fail") : "";
  if (v.empty()) return "<span class=\"small\">–</span>";
  const std::string cls = v == "pass" ? "pass" : v == "fail" ? "fail" : "na";
  return "<span class=\"mark " + cls + "\">" + html(v) + "</span>";
}

}  // namespace

std::string provenance_html(const json& r) {
  if (r.is_array()) {
    std::string s;
    for (const auto& x : r) s += (s.empty() ? "" : "<br>") + one_provenance(x);
    return s.empty() ? "–" : s;
  }
  if (!r.is_object() || r.empty()) return "–";
  return one_provenance(r);
}

CheckLine deciding_check(const Study& s) {
  CheckLine line;
  line.count = s.checks.size() + s.value_checks.size();
  auto verdict_of = [](const std::optional<bool>& p, const std::string& v) {
    return !v.empty() ? v : p ? (*p ? "pass" : "fail") : "";
  };
  for (std::size_t pass = 0; pass < 2; ++pass) {  // the first check with the claim's verdict, else the first
    for (const auto& c : s.checks) {
      if (pass == 0 && verdict_of(c.pass, c.verdict) != s.verdict) continue;
      line.label = c.label;
      line.observed = "p = " + fixed(c.observed) + ci_text(c.ci_lo, c.ci_hi);
      line.expected = fixed(c.expected) + (std::isfinite(c.tolerance) ? " ± " + g(c.tolerance, 2) : "");
      line.rival = rivals_text(c.rivals);
      return line;
    }
    for (const auto& c : s.value_checks) {
      if (pass == 0 && verdict_of(c.pass, c.verdict) != s.verdict) continue;
      line.label = c.label;
      line.observed = value_html(c.observed) + html(ci_text(c.ci_lo, c.ci_hi));
      line.expected = value_html(c.paper) + (c.tolerance.is_null() ? "" : " <span class=\"small\">(tol " + value_html(c.tolerance) + ")</span>");
      line.rival = rivals_text(c.rivals);
      return line;
    }
  }
  return line;
}

std::string checks_table(const Study& s) {
  if (s.checks.empty() && s.value_checks.empty()) return "<p class=\"small\">This claim's record has no checks.</p>\n";
  std::string h = "<table class=\"data checks\"><caption>Checks</caption><thead><tr><th>check</th><th>expected</th>"
                  "<th>rival</th><th>observed</th><th>verdict</th></tr></thead><tbody>\n";
  for (const auto& c : s.checks) {
    std::string label = html(c.label);
    label += "<br><span class=\"small\">" + html(c.fit) + " fit" +
             (c.window ? html(", h ∈ [" + g(c.window->h_min) + ", " + g(c.window->h_max) + "]") : ", window detected") +
             (c.points >= 0 ? fmt::format(", {} points", c.points) : "") + "</span>";
    std::string obs = html("p = " + fixed(c.observed) + ci_text(c.ci_lo, c.ci_hi));
    if (std::isfinite(c.envelope))
      obs += "<br><span class=\"small\">envelope " + html(fixed(c.envelope) + ci_text(c.env_lo, c.env_hi)) + "</span>";
    h += "<tr><td>" + label + "</td><td class=\"num\">" +
         html(fixed(c.expected) + (std::isfinite(c.tolerance) ? " ± " + g(c.tolerance, 2) : "")) + "</td><td class=\"num\">" +
         html(rivals_text(c.rivals)) + "</td><td class=\"num\">" + obs + "</td><td>" + check_verdict(c.pass, c.verdict) +
         (c.reason.empty() ? "" : "<br><span class=\"small\">" + html(c.reason) + "</span>") + "</td></tr>\n";
  }
  for (const auto& c : s.value_checks) {
    h += "<tr><td>" + html(c.label) + "</td><td>" + value_html(c.paper) +
         (c.tolerance.is_null() ? "" : "<br><span class=\"small\">tolerance " + value_html(c.tolerance) + "</span>") +
         "</td><td class=\"num\">" + html(rivals_text(c.rivals)) + "</td><td>" + value_html(c.observed) +
         html(ci_text(c.ci_lo, c.ci_hi)) + "</td><td>" + check_verdict(c.pass, c.verdict) +
         (c.reason.empty() ? "" : "<br><span class=\"small\">" + html(c.reason) + "</span>") + "</td></tr>\n";
  }
  return h + "</tbody></table>\n";
}

}  // namespace granconv::report_detail
