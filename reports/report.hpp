// The verification report: reads every DIR/studies/*.json (one result record
// per claim, of any kind) and writes DIR/report/: index.html (the summary),
// claims/<id>.html (a page per claim), style.css, and figures/ (for each
// figure its gnuplot script, its data and one image: SVG, or PNG when the
// figure is heavy).
//
// Record schema (reports/study_file.hpp has the details): every record has
// "study", "kind" (default "order"), "title", "source" {paper, item},
// "figure_group", "notes", "pass", "seconds", "reference"; "order" records
// carry the convergence data (h, error, usable, checks with observed orders,
// trajectory); other kinds carry "checks" [{label, paper, observed,
// tolerance, pass}] (values: number, string or null). Any record may carry
// "tables" [{title, columns, rows}] and "figures": "lines" [{name, type,
// title, caption, xlabel, ylabel, logx, logy, xrange, yrange, series [{title,
// x, y, style: lines|points|linespoints|dashes, color: "#rrggbb"}]}] or
// "heatmap" [{..., zlabel, x, y, z (one row per y), contour, zmax, xtics /
// ytics (optional category labels, one per x / y)}]; a table cell may be a
// link {"text", "figure": name of a figure of the same record}. Unknown
// fields are ignored; malformed known fields (or an unknown figure type) are
// errors naming the file and figure.
//
// The summary has the verdict counts, a filter (paper, kind, scheme, verdict)
// and one line per claim, by paper in the catalogue's order; a claim's page
// has its checks, its figures (with its figure group's E(h)), tables and
// tolerances. A heatmap may carry "blank" (one row per y: why a cell has no
// value, or null), printed in the cell.
//
// Every record must carry its checksum (reports/record_checksum.hpp): a
// record without one, or damaged or edited since it was written, is refused.
//
// The report is built in a temporary sibling DIR/report.tmp-XXXXXXXX and only
// swapped into place once complete, so a failure (malformed study file,
// gnuplot error) leaves any previous DIR/report untouched and no partial
// output behind.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace granconv {


// A claim of the catalogue as the report lists it. The landing page follows
// the catalogue's order (its papers in the order of the catalogue's index)
// and lists a claim without a result as "not run".
struct ReportClaim {
  std::string id, title, paper, item, kind, expected_verdict = "pass";
  std::vector<std::string> schemes;  // every scheme the claim's record names (for the filter)
  bool is_new = false;
  bool heavy = false;  // not in the default run: listed on the summary page, its record left out
  std::string estimated_cost = "";
  // Why the claim deviates or is inconclusive (the catalogue's "deviation"),
  // shown on its page: the README's table gives the status alone.
  std::string deviation = "";
};

struct ReportOptions {
  std::filesystem::path out_dir;  // DIR: reads DIR/studies, writes DIR/report
  std::string gnuplot = "gnuplot";
  // Empty: the records alone, in file-name order, grouped by their paper.
  std::vector<ReportClaim> catalogue = {};
  // Called with every record once its checksum matched (reports/record_checksum.hpp),
  // before anything is written; throws (one line) to refuse it. `granconv
  // report` recomputes the record's verdicts here (studies/core/record_verdicts.hpp).
  std::function<void(const std::filesystem::path&, const nlohmann::json&)> check_record = {};
};

// Throws std::runtime_error on failure (message names the file or gnuplot
// script at fault).
void write_report(const ReportOptions&);

}  // namespace granconv
