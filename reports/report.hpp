// The convergence report: reads every DIR/studies/*.json (one study result per
// file, schema in ARCHITECTURE.md / report.cpp) and writes DIR/report/ with
// figures (gnuplot scripts + data + SVG + PNG in figures/), index.html and
// style.css.
//
// The report is built in a temporary sibling DIR/report.tmp-XXXXXXXX and only
// swapped into place once complete, so a failure (malformed study file,
// gnuplot error) leaves any previous DIR/report untouched and no partial
// output behind.
#pragma once

#include <filesystem>
#include <string>

namespace granconv {

struct ReportOptions {
  std::filesystem::path out_dir;  // DIR: reads DIR/studies, writes DIR/report
  std::string gnuplot = "gnuplot";
};

// Throws std::runtime_error on failure (message names the file or gnuplot
// script at fault).
void write_report(const ReportOptions&);

}  // namespace granconv
