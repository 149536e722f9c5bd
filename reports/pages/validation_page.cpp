// The page of `granconv validate`: DIR/validate/<name>.json (the verdict),
// DIR/validate/<name>.html and its figures in DIR/validate/<name>/ (gnuplot
// scripts, data, SVG or PNG), drawn by the report's generic figure code from a
// record in the report's "figures" schema (reports/report.hpp).
//
// Everything is built in a temporary directory DIR/validate/.tmp-<name>-XXXX
// and renamed into place (figures, then JSON, then the page), so a failure
// leaves no half-written page and any previous one untouched.
#include <cmath>
#include <random>

#include <fmt/format.h>

#include "reports/pages/validation_page.hpp"

#include "reports/atomic_file.hpp"
#include "studies/support/work_dirs.hpp"
#include "reports/figures/figures.hpp"
#include "reports/format.hpp"
#include "reports/record_checksum.hpp"
#include "reports/study_file.hpp"
#include "studies/support/palette.hpp"

namespace granconv {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using report_detail::g;
using report_detail::html;

const std::vector<std::string> kColors = palette::first(6);

// E(h) of each run: usable points, excluded points (grey), fitted line.
json convergence_figure(const std::string& name, const std::string& title, const std::vector<ConvergenceRun>& runs) {
  json series = json::array();
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const auto& r = runs[k];
    const std::string label = r.problem + (r.formulation == "xw" ? " (x, w)" : " (x, v)");
    json x = json::array(), y = json::array(), xo = json::array(), yo = json::array();
    for (std::size_t i = 0; i < r.h.size(); ++i) {
      if (!std::isfinite(r.error[i]) || r.error[i] <= 0) continue;
      (r.usable[i] ? x : xo).push_back(r.h[i]);
      (r.usable[i] ? y : yo).push_back(r.error[i]);
    }
    const std::string color = kColors[k % 6];
    if (!x.empty()) series.push_back({{"title", label}, {"x", x}, {"y", y}, {"style", "linespoints"}, {"color", color}});
    if (!xo.empty())
      series.push_back({{"title", label + ": excluded (floor)"}, {"x", xo}, {"y", yo}, {"style", "points"},
                        {"color", "#aaaaaa"}});
    if (r.fit_ok) {
      auto e = [&](double h) { return std::pow(10.0, r.intercept + r.order * std::log10(h)); };
      series.push_back({{"title", fmt::format("fit: order {:.2f}", r.order)},
                        {"x", {r.h_min, r.h_max}},
                        {"y", {e(r.h_min), e(r.h_max)}},
                        {"style", "dashes"},
                        {"color", color}});
    }
  }
  return {{"name", name}, {"type", "lines"}, {"title", title}, {"xlabel", "h"}, {"ylabel", "max error over the grid"},
          {"logx", true}, {"logy", true}, {"series", series}};
}

json work_precision_figure(const std::vector<ConvergenceRun>& runs) {
  json series = json::array();
  for (std::size_t k = 0; k < runs.size(); ++k) {
    json x = json::array(), y = json::array();
    for (std::size_t i = 0; i < runs[k].error.size(); ++i)
      if (std::isfinite(runs[k].error[i]) && runs[k].error[i] > 0 && runs[k].seconds[i] > 0) {
        x.push_back(runs[k].error[i]);
        y.push_back(runs[k].seconds[i]);
      }
    if (!x.empty())
      series.push_back({{"title", runs[k].scheme}, {"x", x}, {"y", y}, {"style", "linespoints"}, {"color", kColors[k % 6]}});
  }
  return {{"name", "work_precision"}, {"type", "lines"}, {"title", "Work-precision on the dimer"},
          {"caption", "CPU time (min over repetitions) against the error; CPU times vary from run to run"},
          {"xlabel", "max error over the grid"}, {"ylabel", "CPU seconds"}, {"logx", true}, {"logy", true},
          {"series", series}};
}

json figures_record(const ValidationResult& r) {
  json figs = json::array();
  if (!r.region_abs.empty())
    figs.push_back({{"name", "stability_region"},
                    {"type", "heatmap"},
                    {"title", "|R(z)|, stability region |R(z)| <= 1"},
                    {"xlabel", "Re z"},
                    {"ylabel", "Im z"},
                    {"zlabel", "|R(z)| (capped at 2)"},
                    {"x", r.region_re},
                    {"y", r.region_im},
                    {"z", r.region_abs},
                    {"zmax", 2.0},
                    {"contour", 1.0},
                    {"contour_label", "|R(z)| = 1"},
                    {"aspect", "equal"}});
  const auto& smooth = r.item(4).runs;
  if (!smooth.empty()) figs.push_back(convergence_figure("smooth", "Smooth problems", smooth));
  const auto& contact = r.item(5).runs;
  if (!contact.empty()) figs.push_back(convergence_figure("contact", "Contact problems", contact));
  const auto& wp = r.item(6).runs;
  if (!wp.empty()) figs.push_back(work_precision_figure(wp));
  return {{"study", r.name}, {"kind", "validate"}, {"figures", figs}};
}

std::string badge(const std::optional<bool>& pass, bool applicable) {
  if (!applicable) return "<span class=\"v na\">n/a</span>";
  if (!pass) return "<span class=\"v info\">info</span>";
  return *pass ? "<span class=\"v pass\">PASS</span>" : "<span class=\"v fail\">FAIL</span>";
}

std::string run_rows(const std::vector<ConvergenceRun>& runs) {
  std::string h = "<table><tr><th>problem</th><th>formulation</th><th>scheme</th><th>observed order</th>"
                  "<th>95% CI</th><th>window</th><th>points</th></tr>\n";
  for (const auto& r : runs)
    h += "<tr><td>" + html(r.problem) + "</td><td>" + html(r.formulation) + "</td><td>" + html(r.scheme) + "</td>" +
         (r.fit_ok ? fmt::format("<td>{:.2f}</td><td>[{:.2f}, {:.2f}]</td><td>[{}, {}]</td><td>{}</td>", r.order, r.ci_lo,
                                 r.ci_hi, html(g(r.h_min)), html(g(r.h_max)), r.points)
                   : "<td colspan=\"4\">no fit: " + html(r.fit_message) + "</td>") +
         "</tr>\n";
  return h + "</table>\n";
}

std::string page_html(const ValidationResult& r, const std::string& stem,
                      const std::vector<report_detail::Figure>& figures) {
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>granconv validate: " +
                  html(r.name) + "</title>\n<style>\n"
                  "body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\n"
                  "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;"
                  "font-size:.9rem}\n.v{font-weight:bold;padding:1px 6px;border-radius:3px;color:#fff}"
                  ".pass{background:#2a7}.fail{background:#c33}.info{background:#68a}.na{background:#999}\n"
                  "img{max-width:100%}figure{display:inline-block;margin:.5em;max-width:48%}pre{background:#f5f5f5;"
                  "padding:.5em;overflow:auto}\n</style>\n</head>\n<body>\n";
  h += "<h1>Validation of <code>" + html(r.name) + "</code> " + badge(r.pass, true) + "</h1>\n";
  h += "<p>" + html(r.scheme_label) +
       (r.claimed_order ? html(", claimed order " + std::to_string(*r.claimed_order)) : std::string(", no claimed order")) +
       ". Machine-readable verdict: <a href=\"" + html(stem) + ".json\">" + html(stem) + ".json</a>.</p>\n";
  h += r.precision == 50
           ? "<p>Precision 50: items 1–4 in cpp_bin_float_50 (item 4 runs the tableau's exact 50-digit entries "
             "against the exact oscillator and the 50-digit RKF 7(8) reference, so its lines continue below "
             "double's ~1e-13); items 5–6 (contact problems, work–precision) in double, where 50 digits would "
             "cost minutes per run.</p>\n"
           : "<p>Precision 16: the runs (items 4–6) in double against CVODE; <code>--precision 50</code> continues item 4 "
             "below the double floor.</p>\n";
  auto figure = [&](const std::string& fig, const std::string& caption) {
    for (const auto& f : figures)
      if (f.stem == fig && f.image) {
        const std::string p = stem + "/";
        return "<figure><a href=\"" + html(p + f.image.file) + "\"><img src=\"" + html(p + f.image.file) + "\" alt=\"" +
               html(caption) + "\"></a><figcaption>" + html(caption) + " · <a href=\"" + html(p + f.image.script) +
               "\">gnuplot script</a> · <a href=\"" + html(p + f.image.data.front()) + "\">data</a></figcaption></figure>\n";
      }
    return std::string();
  };
  for (const auto& it : r.items) {
    h += "<section><h2>" + std::to_string(it.number) + ". " + html(it.title) + " " + badge(it.pass, it.applicable) +
         "</h2>\n<p>" + (it.applicable ? (it.precision == 50 ? "[50 digits] " : "[double] ") : "") +
         html(it.verdict) + "</p>\n";
    if (it.number <= 3 && it.value.is_object()) {
      json shown = it.value;
      h += "<pre>" + html(shown.dump(2)) + "</pre>\n";
    }
    if (it.value.is_object() && it.value.contains("note")) h += "<p>" + html(it.value["note"].get<std::string>()) + "</p>\n";
    if (!it.runs.empty()) h += run_rows(it.runs);
    if (it.number == 2) h += figure("stability_region", "|R(z)| on the complex plane; black line: |R(z)| = 1");
    if (it.number == 4) h += figure("smooth", "Error against h on the smooth problems (dashed: fits)");
    if (it.number == 5) h += figure("contact", "Error against h on the contact problems (dashed: fits)");
    if (it.number == 6) h += figure("work_precision", "CPU time against error on the dimer");
    h += "</section>\n";
  }
  h += fmt::format("<footer><p>granconv validate · {:.1f} s</p></footer>\n</body>\n</html>\n", r.seconds);
  return h;
}

// <pid>-<hex>: the work directories of a killed run are removed at the next
// start (app/output_dir.hpp).
std::string random_suffix() {
  std::random_device rd;
  return fmt::format("{}-{:08x}", ::getpid(), static_cast<unsigned>(rd()));
}

// Moves `from` to `to`, replacing a previous file or directory there.
void replace(const fs::path& from, const fs::path& to) {
  if (fs::is_directory(to)) {
    const fs::path old = to.string() + ".old-" + random_suffix();
    fs::rename(to, old);
    fs::rename(from, to);
    std::error_code ec;
    fs::remove_all(old, ec);
  } else {
    fs::rename(from, to);
  }
}

}  // namespace

std::string validation_file_stem(const std::string& name) { return report_detail::slugify(name); }

void write_validation_page(const ValidationResult& r, const fs::path& validate_dir, const std::string& gnuplot) {
  const std::string stem = validation_file_stem(r.name);
  check_under_output_root(validate_dir / stem);
  fs::create_directories(validate_dir);
  fs::path tmp;
  for (int attempt = 0;; ++attempt) {
    tmp = validate_dir / (".tmp-" + stem + "-" + random_suffix());
    if (fs::create_directory(tmp)) break;
    if (attempt > 20) throw std::runtime_error("validate: cannot create a temporary directory in " + validate_dir.string());
  }
  const ScopedWorkDir registered(tmp);  // removed if a signal ends the run
  try {
    const fs::path figs = tmp / stem;
    fs::create_directory(figs);
    write_file_atomically(figs / "figures.json", sealed_json_text(figures_record(r)));
    report_detail::Study record = report_detail::parse_study(figs / "figures.json");
    for (auto& f : record.figures) f.image = report_detail::draw_figure(record, f, figs, gnuplot);
    write_file_atomically(tmp / (stem + ".json"), r.to_json().dump(2) + "\n");
    write_file_atomically(tmp / (stem + ".html"), page_html(r, stem, record.figures));
    replace(figs, validate_dir / stem);
    fs::rename(tmp / (stem + ".json"), validate_dir / (stem + ".json"));
    fs::rename(tmp / (stem + ".html"), validate_dir / (stem + ".html"));
    fs::remove(tmp);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(tmp, ec);
    throw;
  }
}

}  // namespace granconv
