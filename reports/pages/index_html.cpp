// index.html and style.css of the report.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <set>
#include <string>

#include <fmt/format.h>

#include "reports/format.hpp"
#include "reports/pages/index_html.hpp"
#include "reports/status.hpp"

namespace granconv::report_detail {

namespace {

const char* kCss = R"css(:root { --fg: #1d2330; --muted: #667085; --line: #d9dee7; --pass: #137333; --pass-bg: #e6f4ea;
        --fail: #b3261e; --fail-bg: #fce8e6; --head: #f3f5f9; --accent: #1f4fbf; }
* { box-sizing: border-box; }
body { font-family: -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--fg);
       margin: 0 auto; padding: 24px 32px 64px; max-width: 1500px; line-height: 1.4; background: #fff; }
h1 { font-size: 1.7rem; margin: 0 0 4px; }
h2 { font-size: 1.3rem; margin: 40px 0 8px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.05rem; margin: 20px 0 6px; }
.meta { color: var(--muted); margin: 0 0 16px; font-size: 0.92rem; }
.summary { display: inline-block; margin: 4px 0 18px; font-weight: 600; }
a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
table.claims { border-collapse: collapse; width: 100%; font-size: 0.86rem; }
table.claims th, table.claims td { border: 1px solid var(--line); padding: 6px 8px; vertical-align: top; text-align: left; }
table.claims thead th { background: var(--head); position: sticky; top: 0; white-space: nowrap; }
table.claims tbody.claim:nth-of-type(even) { background: #fafbfc; }
table.claims td.val { font-variant-numeric: tabular-nums; min-width: 12em; }
table.claims td.val.obs { vertical-align: bottom; }
table.claims tbody.claim td.val { border-top-style: dashed; }
table.claims tbody.claim tr:first-child td.val { border-top-style: solid; }
td.id { min-width: 13em; max-width: 22em; }
td.id code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: nowrap; font-weight: 600; }
td.id .title { color: var(--muted); font-size: 0.8rem; margin-top: 2px; }
td.ref { min-width: 11em; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.check + .check { border-top: 1px dashed var(--line); margin-top: 4px; padding-top: 4px; }
.lbl { color: var(--muted); font-size: 0.8rem; white-space: normal; }
.small { color: var(--muted); font-size: 0.8rem; }
.verdict { display: inline-block; font-weight: 700; padding: 2px 8px; border-radius: 4px; letter-spacing: 0.03em; }
.verdict.pass { color: var(--pass); background: var(--pass-bg); }
.verdict.fail { color: var(--fail); background: var(--fail-bg); }
.verdict.na { color: var(--muted); background: var(--head); }
.figs { display: flex; flex-wrap: wrap; gap: 18px; }
figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 8px; background: #fff; }
figure img { display: block; max-width: 100%; height: auto; }
figcaption { font-size: 0.85rem; color: var(--muted); margin-top: 4px; }
.kind { display: inline-block; font-size: 0.72rem; color: var(--accent); border: 1px solid #c7d3ee; border-radius: 3px;
        padding: 0 4px; margin-left: 4px; vertical-align: 1px; }
.mark.pass { color: var(--pass); font-weight: 700; } .mark.fail { color: var(--fail); font-weight: 700; }
td.links { font-size: 0.8rem; max-width: 9em; }
section.detail { margin: 18px 0 8px; }
section.detail h3 code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
section.detail h3 .verdict { font-size: 0.75rem; margin-left: 6px; vertical-align: 2px; }
.notes { max-width: 62rem; margin: 4px 0 10px; }
.tablewrap { overflow-x: auto; margin: 6px 0 14px; }
table.data { border-collapse: collapse; font-size: 0.86rem; }
table.data caption { caption-side: top; text-align: left; font-weight: 600; padding-bottom: 4px; }
table.data th, table.data td { border: 1px solid var(--line); padding: 4px 10px; text-align: left; }
table.data th { background: var(--head); }
table.data td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.data tbody tr:nth-child(even) { background: #fafbfc; }
footer { margin-top: 48px; color: var(--muted); font-size: 0.8rem; }
)css";

std::string verdict_html(const Study& s) {
  if (s.verdict.empty()) return "<span class=\"verdict na\">n/a</span>";
  const std::string cls = s.verdict == "pass" ? "pass" : s.verdict == "fail" ? "fail" : "na";
  std::string v = "<span class=\"verdict " + cls + "\">" + html(s.verdict == "inconclusive" ? "INCONCLUSIVE" : s.verdict == "pass" ? "PASS" : "FAIL") + "</span>";
  if (s.status == "deviates") v += "<br><span class=\"small\">documented deviation (see notes)</span>";
  else if (s.status != "reproduced") v += "<br><span class=\"small\">" + html(s.status) + "</span>";
  return v;
}

// Every threshold of the claim with where it came from (studies/core/catalogue_rules.hpp).
std::string tolerances_html(const Study& s) {
  if (s.tolerances.empty()) return "";
  std::string h = "<div class=\"tablewrap\"><table class=\"data\"><caption>Tolerances and their sources</caption>"
                  "<thead><tr><th>threshold</th><th>value</th><th>rival</th><th>source</th><th>why</th></tr></thead><tbody>\n";
  for (const auto& t : s.tolerances) {
    const std::string label = t.value("label", std::string());
    h += "<tr><td><code>" + html(t.value("path", std::string())) + "</code>" +
         (label.empty() ? "" : "<br><span class=\"small\">" + html(label) + "</span>") + "</td><td class=\"num\">" +
         html(t.contains("value") ? t.at("value").dump() : "") + "</td><td>" +
         html(t.contains("rivals") ? t.at("rivals").dump() : t.contains("rival") ? t.at("rival").dump() : "–") +
         "</td><td>" + html(t.value("basis", std::string())) +
         "</td><td>" + html(t.value("reason", std::string())) + "</td></tr>\n";
  }
  return h + "</tbody></table></div>\n";
}

// The basis of the record's first threshold whose label is this check's (or the claim's only basis).
std::string basis_of(const Study& s, const std::string& check_label) {
  std::string only;
  for (const auto& t : s.tolerances) {
    const std::string l = t.value("label", std::string()), b = t.value("basis", std::string());
    if (!l.empty() && (check_label == l || check_label.rfind(l + ":", 0) == 0 || check_label.rfind(l + " (", 0) == 0))
      return b;
    only = only.empty() || only == b ? b : "mixed";
  }
  return only == "mixed" ? "" : only;
}

std::string window_html(const std::optional<FitWindow>& w) {
  if (!w) return "detected";
  return fmt::format("[{}, {}]", g(w->h_min), g(w->h_max));
}

std::string provenance_html(const json& r) {
  if (!r.is_object() || r.empty()) return "<span class=\"small\">–</span>";
  std::string s;
  auto field = [&](const char* k) { return str_or(r, k); };
  std::string solver = field("solver");
  if (!field("sundials_version").empty()) solver += " " + field("sundials_version");
  if (!field("method").empty()) solver += " (" + field("method") + ")";
  if (!solver.empty()) s += html(solver) + "<br>";
  std::vector<std::string> parts;
  if (r.contains("rtol")) parts.push_back("rtol " + g(num(r["rtol"]), 2));
  if (r.contains("atol")) parts.push_back("atol " + g(num(r["atol"]), 2));
  if (r.contains("events")) parts.push_back(field("events") + " events");
  if (r.contains("steps")) parts.push_back(field("steps") + " steps");
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + html(parts[i]);
  if (r.contains("error_estimate")) {
    // The estimate's method is long: a tooltip keeps the table compact.
    s += "<br><span title=\"" + html(field("error_estimate_method")) + "\">error est. " +
         html(g(num(r["error_estimate"]), 2)) + "</span>";
  }
  return s;
}

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buf;
}

std::string figure_html(const std::string& stem, const std::string& caption, const std::string& alt = "") {
  const std::string p = "figures/" + stem;
  return "<figure id=\"fig-" + html(stem) + "\"><a href=\"" + html(p) + ".svg\"><img src=\"" + html(p) +
         ".png\" alt=\"" + html(alt.empty() ? caption : alt) + "\" loading=\"lazy\"></a><figcaption>" + html(caption) +
         " · <a href=\"" + html(p) + ".svg\">SVG</a> · <a href=\"" + html(p) + ".gp\">gnuplot script</a>" +
         "</figcaption></figure>\n";
}

// A value of a non-order check or table cell: numbers with 4 significant
// digits, strings as given, null as "–".
std::string value_html(const json& v) {
  if (v.is_null()) return "–";
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_number()) return html(g(v.get<double>(), 4));
  if (v.is_string()) return html(v.get<std::string>());
  if (v.is_object() && v.contains("figure"))  // a table cell linked to a figure (anchor of figure_html)
    return "<a href=\"#fig-" + html(slugify(v["figure"].get<std::string>())) + "\">" + html(v["text"].get<std::string>()) +
           "</a>";
  return html(v.dump());
}

std::string mark_html(const std::optional<bool>& p, const std::string& verdict = "") {
  if (verdict == "inconclusive") return " <span class=\"mark\">? inconclusive</span>";
  if (!p) return "";
  return *p ? " <span class=\"mark pass\">✓</span>" : " <span class=\"mark fail\">✗</span>";
}

std::string table_anchor(const Study& s, std::size_t i) { return fmt::format("table-{}-{}", s.slug, i + 1); }

std::string table_html(const Study& s, std::size_t i) {
  const Table& t = s.tables[i];
  std::string h = "<div class=\"tablewrap\"><table class=\"data\" id=\"" + html(table_anchor(s, i)) + "\">";
  if (!t.title.empty()) h += "<caption>" + html(t.title) + "</caption>";
  h += "\n<thead><tr>";
  for (const auto& c : t.columns) h += "<th>" + html(c) + "</th>";
  h += "</tr></thead>\n<tbody>\n";
  for (const auto& r : t.rows) {
    h += "<tr>";
    for (const auto& c : r) h += std::string(c.is_number() ? "<td class=\"num\">" : "<td>") + value_html(c) + "</td>";
    h += "</tr>\n";
  }
  return h + "</tbody>\n</table></div>\n";
}

}  // namespace

const char* style_css() { return kCss; }

std::string index_html(const std::vector<Group>& groups, const std::vector<Study>& studies,
                       const std::vector<std::string>& validated) {
  std::vector<std::string> statuses;
  int post_hoc = 0;
  for (const auto& s : studies) statuses.push_back(s.status), post_hoc += post_hoc_count(s.tolerances);
  std::string h;
  h += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       "<title>granconv verification report</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n";
  h += "<h1>granconv verification report</h1>\n";
  h += "<p class=\"meta\">Generated " + html(now_utc()) + " from " + std::to_string(studies.size()) +
       " claim result(s) in <code>studies/</code>.</p>\n";
  h += "<p class=\"summary\">" + html(summary_line(statuses, post_hoc)) + "</p>\n";
  h += "<p class=\"notes\">Verdicts. An order check passes only when the whole 95% CI of its fit lies within expected "
       "± tolerance; it fails when the CI lies wholly outside that band, or within a rival ± tolerance; anything else, "
       "and a fit on fewer than 6 points or less than one decade of h actually used, is inconclusive. Every tolerance "
       "is below half the distance to the nearest rival (checked when the catalogue loads) and names its source: "
       "paper, a-priori or post-hoc. A claim fails if any check fails, else is inconclusive if any check is.</p>\n";
  h += "<table class=\"claims\">\n<thead><tr><th>claim</th><th>source</th><th>scheme</th><th>scenario</th>"
       "<th>expected (order / paper)</th><th>observed (95% CI / ours)</th><th>window</th><th>reference</th>"
       "<th>verdict</th><th>figures</th></tr></thead>\n";
  for (const auto& g0 : groups) {
    for (const Study* sp : g0.studies) {
      const Study& s = *sp;
      std::string exp, obs, win;
      for (const auto& c : s.checks) {
        const std::string lbl = c.label.empty() ? "" : "<span class=\"lbl\">" + html(c.label) + "</span><br>";
        std::string e = fixed(c.expected);
        if (std::isfinite(c.tolerance)) e += " ± " + g(c.tolerance, 2);
        const std::string b = basis_of(s, c.label);
        exp += "<div class=\"check\">" + lbl + html(e) + (b.empty() ? "" : " <span class=\"small\">(" + html(b) + ")</span>") + "</div>";
        std::string o = fixed(c.observed);
        if (std::isfinite(c.ci_lo)) o += " [" + fixed(c.ci_lo) + ", " + fixed(c.ci_hi) + "]";
        std::string extra;
        if (std::isfinite(c.envelope)) {
          extra = "<br><span class=\"small\">envelope " + html(fixed(c.envelope));
          if (std::isfinite(c.env_lo)) extra += html(" [" + fixed(c.env_lo) + ", " + fixed(c.env_hi) + "]");
          extra += "</span>";
        }
        obs += "<div class=\"check\">" + lbl + html(o) + mark_html(c.pass, c.verdict) + extra + "</div>";
        std::string w = window_html(c.window) + " <span class=\"small\">" + html(c.fit) +
                        (c.points >= 0 ? ", " + std::to_string(c.points) + " pts" : "") + "</span>";
        win += "<div class=\"check\">" + lbl + w + "</div>";
      }
      // Non-order checks: one table row per check (claim cells span them), the
      // label and paper value under "expected", ours level with the paper's.
      std::vector<std::pair<std::string, std::string>> vrows;
      for (const auto& c : s.value_checks) {
        const std::string lbl = c.label.empty() ? "" : "<span class=\"lbl\">" + html(c.label) + "</span><br>";
        std::string tol;
        const std::string b = basis_of(s, c.label);
        if (!c.tolerance.is_null())
          tol = " <span class=\"small\">(tol " + value_html(c.tolerance) + (b.empty() ? "" : ", " + html(b)) + ")</span>";
        vrows.emplace_back(lbl + value_html(c.paper) + tol, value_html(c.observed) + mark_html(c.pass, c.verdict));
      }
      if (!s.is_order()) win = "–";
      const std::string none = "<span class=\"small\">–</span>";
      std::string scheme = html(s.scheme_label.empty() ? s.scheme : s.scheme_label);
      if (scheme.empty()) scheme = none;
      if (!s.formulation.empty()) scheme += " <span class=\"small\">(" + html(s.formulation) + ")</span>";
      std::string scen = html(s.scenario);
      if (!s.model.empty()) scen += "<br><span class=\"small\">model " + html(s.model) + "</span>";
      if (scen.empty()) scen = none;
      std::string figs;
      auto link = [&](const std::string& anchor, const std::string& text) {
        figs += "<a href=\"#" + html(anchor) + "\">" + html(text) + "</a><br>";
      };
      if (s.is_order() && !g0.convergence.empty()) link("fig-" + g0.convergence, "E(h)");
      if (!s.slope_fig.empty()) link("fig-" + s.slope_fig, "slopes");
      if (!s.traj_fig.empty()) link("fig-" + s.traj_fig, "trajectory");
      for (std::size_t i = 0; i < s.tables.size(); ++i)
        link(table_anchor(s, i), s.tables.size() == 1 ? "table" : fmt::format("table {}", i + 1));
      for (std::size_t i = 0; i < s.figures.size(); ++i) {
        const Figure& f = s.figures[i];
        figs += "<a class=\"fig\" href=\"#fig-" + html(f.stem) + "\" title=\"" + html(f.title.empty() ? f.name : f.title) +
                "\">fig.&nbsp;" + std::to_string(i + 1) + "</a> ";
      }
      std::string src = html(s.paper);
      if (!s.item.empty()) src += (src.empty() ? "" : ", ") + html(s.item);
      const std::string kind = s.is_order() ? "" : " <span class=\"kind\">" + html(s.kind) + "</span>";
      const std::size_t span = s.is_order() ? 1 : std::max<std::size_t>(1, vrows.size());
      const std::string rs = span > 1 ? fmt::format(" rowspan=\"{}\"", span) : "";
      std::string first, rest;
      if (s.is_order()) {
        first = "<td class=\"num\">" + exp + "</td><td class=\"num\">" + obs + "</td><td class=\"num\">" + win + "</td>";
      } else if (vrows.empty()) {
        first = "<td class=\"val\">–</td><td class=\"val\">–</td><td" + rs + ">–</td>";
      } else {
        first = "<td class=\"val\">" + vrows[0].first + "</td><td class=\"val obs\">" + vrows[0].second +
                "</td><td" + rs + ">–</td>";
        for (std::size_t i = 1; i < vrows.size(); ++i)
          rest += "<tr><td class=\"val\">" + vrows[i].first + "</td><td class=\"val obs\">" + vrows[i].second +
                  "</td></tr>\n";
      }
      h += "<tbody class=\"claim\"><tr id=\"claim-" + html(s.slug) + "\"><td class=\"id\"" + rs + "><code>" +
           html(s.id) + "</code>" + kind + (s.title.empty() ? "" : "<div class=\"title\">" + html(s.title) + "</div>") +
           "</td><td" + rs + ">" + src + "</td><td" + rs + ">" + scheme + "</td><td" + rs + ">" + scen + "</td>" + first +
           "<td class=\"ref\"" + rs + ">" + provenance_html(s.reference) + "</td><td" + rs + ">" + verdict_html(s) +
           "</td><td class=\"links\"" + rs + ">" + figs + "</td></tr>\n" + rest + "</tbody>\n";
    }
  }
  h += "</table>\n";
  for (const auto& g0 : groups) {
    h += "<h2 id=\"group-" + html(slugify(g0.name)) + "\">" + html(g0.name) + "</h2>\n";
    std::set<std::string> sources;
    for (const Study* s : g0.studies)
      if (!s->paper.empty()) sources.insert(s->paper + (s->item.empty() ? "" : ", " + s->item));
    if (!sources.empty()) {
      std::string t;
      for (const auto& x : sources) t += (t.empty() ? "" : "; ") + x;
      h += "<p class=\"meta\">" + html(t) + "</p>\n";
    }
    std::string conv;
    if (!g0.convergence.empty())
      conv += figure_html(g0.convergence, "Error vs step size, " + g0.name +
                                              " (hollow grey: below the reference floor, excluded; thick lines: fits)");
    for (const Study* s : g0.studies)
      if (!s->traj_fig.empty()) conv += figure_html(s->traj_fig, "Trajectories, " + s->id);
    if (!conv.empty()) h += "<div class=\"figs\">\n" + conv + "</div>\n";
    // Per-claim notes, tables and figures.
    for (const Study* s : g0.studies) {
      if (s->notes.empty() && s->tables.empty() && s->figures.empty() && s->tolerances.empty()) continue;
      h += "<section class=\"detail\" id=\"detail-" + html(s->slug) + "\">\n<h3><code>" + html(s->id) + "</code>" +
           (s->title.empty() ? "" : " " + html(s->title)) + " " + verdict_html(*s) + "</h3>\n";
      if (!s->notes.empty()) h += "<p class=\"notes\">" + html(s->notes) + "</p>\n";
      for (std::size_t i = 0; i < s->tables.size(); ++i) h += table_html(*s, i);
      h += tolerances_html(*s);
      if (!s->figures.empty()) {
        h += "<div class=\"figs\">\n";
        for (const auto& f : s->figures)
          h += figure_html(f.stem, f.caption.empty() ? f.title : f.caption, f.title.empty() ? f.name : f.title);
        h += "</div>\n";
      }
      h += "</section>\n";
    }
    std::string slopes;
    for (const Study* s : g0.studies)
      if (!s->slope_fig.empty())
        slopes += figure_html(s->slope_fig, "Local slope, " + s->id + " (shaded: fit window; red: fitted order)");
    if (!slopes.empty()) h += "<h3>Local slopes</h3>\n<div class=\"figs\">\n" + slopes + "</div>\n";
  }
  if (!validated.empty()) {
    h += "<h2 id=\"validated-schemes\">Validated schemes</h2>\n<p class=\"meta\">Pages of <code>granconv validate</code> "
         "found in <code>validate/</code> when this report was written.</p>\n<ul>\n";
    for (const auto& page : validated)
      h += "<li><a href=\"../validate/" + html(page) + "\">" + html(page.substr(0, page.size() - 5)) + "</a></li>\n";
    h += "</ul>\n";
  }
  h += "<footer>granconv · figures are regenerated by the gnuplot scripts in <code>figures/</code>.</footer>\n";
  h += "</body>\n</html>\n";
  return h;
}

}  // namespace granconv::report_detail
