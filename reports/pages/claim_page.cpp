// claims/<id>.html: one claim, its checks and its figures.
#include "reports/pages/claim_page.hpp"

#include <cmath>

#include <fmt/format.h>

#include "reports/format.hpp"

namespace granconv::report_detail {

namespace {

const std::string kRoot = "../";

std::string fact(const std::string& name, const std::string& value_html) {
  return value_html.empty() ? "" : "<dt>" + html(name) + "</dt><dd>" + value_html + "</dd>\n";
}

std::string params_html(const json& p) {
  std::string s;
  if (p.is_array())
    for (const auto& x : p) s += (s.empty() ? "" : ", ") + html(x.get<std::string>());
  else if (p.is_object())
    for (const auto& [k, v] : p.items()) s += (s.empty() ? "" : ", ") + html(k + " = " + (v.is_string() ? v.get<std::string>() : v.dump()));
  return s;
}

std::string nav_link(const Study* s, const std::string& dir) {
  if (!s) return "";
  return "<a href=\"" + html(s->slug) + ".html\">" + dir + " <code>" + html(s->id) + "</code></a>";
}

std::string figures_html(const Study& s) {
  std::string h;
  if (s.convergence)
    h += figure_html(s.convergence,
                     "Error against step size, figure group " + s.group +
                         " (hollow grey: below the reference floor, excluded; wide lines: the fits)",
                     kRoot, "fig-convergence");
  for (const auto& f : s.figures)
    h += figure_html(f.image, f.caption.empty() ? (f.title.empty() ? f.name : f.title) : f.caption, kRoot,
                     "fig-" + f.stem);
  h += figure_html(s.slope_fig, "Local slopes of " + s.id + " (shaded: the fit window; red: the fitted order)", kRoot,
                   "fig-slopes");
  h += figure_html(s.traj_fig, "Trajectories of " + s.id + ": reference (lines) and the scheme (markers)", kRoot,
                   "fig-trajectory");
  return h;
}

}  // namespace

std::string claim_page(const Study& s, const Study* prev, const Study* next) {
  std::string h = page_head(s.id + ": granconv verification report", kRoot);
  h += "<nav class=\"claim-nav\"><a href=\"../index.html#claim-" + html(s.slug) + "\">↑ summary</a>" +
       nav_link(prev, "← ") + nav_link(next, "→ ") + "</nav>\n";
  h += "<h1><code>" + html(s.id) + "</code> " + verdict_badge(s) + "</h1>\n";
  if (!s.title.empty()) h += "<p><strong>" + html(s.title) + "</strong></p>\n";
  h += "<dl class=\"facts\">\n";
  h += fact("source", html(s.paper + (s.item.empty() ? "" : ", " + s.item)));
  h += fact("kind", "<span class=\"kind\">" + html(s.kind) + "</span>");
  std::string schemes;
  for (const auto& x : s.schemes) schemes += (schemes.empty() ? "" : ", ") + x;
  h += fact("scheme", html(s.scheme_label.empty() || s.scheme_label == s.scheme ? schemes : s.scheme_label + " (" + schemes + ")") +
                          (s.formulation.empty() ? "" : " <span class=\"small\">on (" + html(s.formulation) + ")</span>"));
  h += fact("scenario", html(s.scenario) + (s.model.empty() ? "" : " <span class=\"small\">model " + html(s.model) + "</span>"));
  h += fact("parameters", params_html(s.params));
  h += fact("expected verdict", html(s.expected_verdict) + (s.is_new ? " <span class=\"small\">(a claim in neither paper)</span>" : ""));
  h += fact("reference", s.reference.empty() ? "" : provenance_html(s.reference));
  if (std::isfinite(s.seconds)) h += fact("run time", html(fmt::format("{:.1f} s", s.seconds)));
  h += fact("record", "<a href=\"../../studies/" + html(s.file.filename().string()) + "\">studies/" +
                          html(s.file.filename().string()) + "</a>");
  h += "</dl>\n";
  if (!s.deviation.empty())
    h += "<p class=\"notes\" id=\"why\"><b>Why the expected verdict is " + html(s.expected_verdict) + ":</b> " +
         html(s.deviation) + "</p>\n";
  if (!s.notes.empty()) h += "<p class=\"notes\">" + html(s.notes) + "</p>\n";
  h += checks_table(s);
  const std::string figs = figures_html(s);
  h += "<h2 id=\"figures\">Figures</h2>\n";
  h += figs.empty() ? "<p class=\"small\">This claim's record has no figures.</p>\n" : "<div class=\"figs\">\n" + figs + "</div>\n";
  if (!s.tables.empty()) {
    h += "<h2 id=\"tables\">Tables</h2>\n";
    for (std::size_t i = 0; i < s.tables.size(); ++i) h += table_html(s, i);
  }
  if (!s.tolerances.empty()) h += "<h2 id=\"tolerances\">Tolerances</h2>\n" + tolerances_html(s);
  return h + page_foot();
}

}  // namespace granconv::report_detail
