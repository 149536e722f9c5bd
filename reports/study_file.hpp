// The report's model of one result record (DIR/studies/<id>.json) and its
// parser. Internal to the report module.
//
// Every record has "study" (id), optional "kind" (default "order"), "title",
// "source" {paper, item}, "figure_group", "notes", "pass", "seconds",
// "reference" (provenance) and optionally "tables" and "figures".
//
// "order" records (convergence studies) also carry "h", "error", "usable",
// "checks" [{label, window, fit, expected_order, tolerance, observed_order,
// ci95, fit_window (the span of the points used), points, envelope_order,
// envelope_ci95, pass, verdict}] and optionally
// "trajectory" {h, t, ref_t, scheme_x, scheme_v, ref_x, ref_v}.
//
// Other kinds carry "checks" [{label, paper, observed, tolerance, pass}]
// where paper/observed/tolerance are numbers, strings or null.
//
// "tables": [{title, columns: [string], rows: [[number|string|bool|null]]}]
// "figures": [{name, type: "lines"|"heatmap", title, caption, xlabel, ylabel,
//   logx, logy, xrange, yrange, ...}] with, for "lines",
//   series [{title, x, y, style: lines|points|linespoints|dashes, color}]
//   and, for "heatmap", zlabel, x, y, z (one row per y), contour, zmax
//   (and optionally contour_label, aspect: "equal").
// Unknown fields are ignored; malformed known fields are errors. Every record
// carries "checksum" (reports/record_checksum.hpp), verified before anything
// of it is used.
#pragma once

#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fit/order_fit.hpp"

namespace granconv::report_detail {

namespace fs = std::filesystem;
using nlohmann::json;

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A check of an "order" record: an observed convergence order.
struct Check {
  std::string label;
  std::optional<FitWindow> window;
  std::string fit = "least-squares";
  double expected = kNaN, tolerance = kNaN, max_ci_width = kNaN;
  double observed = kNaN, ci_lo = kNaN, ci_hi = kNaN;
  int points = -1;
  double envelope = kNaN, env_lo = kNaN, env_hi = kNaN;
  std::vector<double> rivals;
  std::string reason;  // why it is not a pass ("" when it is, or when unknown)
  std::optional<bool> pass;
  std::string verdict;  // "" when the record has none
};

// A check of any other kind: a paper value against ours. The values are kept
// as JSON (number, string or null).
struct ValueCheck {
  std::string label;
  json paper, observed, tolerance;
  std::vector<double> rivals;    // "rival" or "rivals"
  double ci_lo = kNaN, ci_hi = kNaN;
  std::string reason;
  std::optional<bool> pass;
  std::string verdict;  // "" when the record has none
};

// A drawn figure, by file name in figures/: the image (STEM.svg or STEM.png),
// its gnuplot script and the data files the script plots.
struct Image {
  std::string file, script;
  std::vector<std::string> data;
  explicit operator bool() const { return !file.empty(); }
};

struct Table {
  std::string title;
  std::vector<std::string> columns;
  std::vector<std::vector<json>> rows;
};

struct Series {
  std::string title, style = "lines", color;
  std::vector<double> x, y;
};

struct Figure {
  std::string name, stem, type, title, caption, xlabel, ylabel, zlabel;
  bool logx = false, logy = false, equal_aspect = false;
  std::optional<std::pair<double, double>> xrange, yrange;  // NaN end = auto
  // "lines": the legend inside the plot at this corner ("top left", "top
  // right", "bottom left", "bottom right"), next to the lines; "" outside.
  std::string key;
  std::vector<Series> series;                                // "lines"
  std::vector<double> x, y;                                  // "heatmap"
  std::vector<std::vector<double>> z;                        // [y][x]
  std::vector<std::string> xtics, ytics;                     // "heatmap": optional labels at x / y (categories)
  double contour = kNaN, zmax = kNaN;
  std::string contour_label;
  // "heatmap": why a cell has no value (one row per y; "" where it has one),
  // printed in the blank cell.
  std::vector<std::vector<std::string>> blank;
  Image image;  // filled while drawing
};

struct Trajectory {
  double h = kNaN;
  std::vector<double> t, ref_t;
  // [time][bead]
  std::vector<std::vector<double>> x, v, ref_x, ref_v;
};

struct Study {
  fs::path file;
  std::string id, slug, kind = "order", title, paper, item, group, notes;
  std::string deviation;  // from the catalogue (ReportClaim::deviation), not the record
  std::string scheme, scheme_label, formulation, model, scenario;
  json params, reference;
  // "order" records
  std::vector<double> h, e;
  std::vector<bool> usable;
  std::vector<bool> diverged;  // per step size ("diverged": null or the reason); empty when none did
  std::vector<Check> checks;
  std::optional<Trajectory> traj;
  // other kinds
  std::vector<ValueCheck> value_checks;
  // any kind
  std::vector<Table> tables;
  std::vector<Figure> figures;
  std::optional<bool> pass;
  bool expected_failure = false;  // a documented deviation from the paper ("expected_verdict": "fail")
  std::string verdict;                     // "pass" | "fail" | "inconclusive" ("" when unknown)
  std::string expected_verdict = "pass";
  bool is_new = false;                     // a claim in neither paper
  std::string status;                      // reports/status.hpp
  json tolerances = json::array();         // [{path, label, value, basis, reason}]
  double seconds = kNaN;
  std::vector<std::string> schemes;  // every scheme the claim names (the catalogue's, else the record's)
  // filled while drawing: the local slopes, the trajectories, the figure group's E(h)
  Image slope_fig, traj_fig, convergence;

  bool is_order() const { return kind == "order"; }
};

[[noreturn]] void bad(const fs::path& f, const std::string& what);

// A safe file-name stem: [A-Za-z0-9._-], other characters become '_'.
std::string slugify(const std::string& s);

std::string str_or(const json& j, const char* key, const std::string& dflt = "");
double num(const json& v);  // non-numbers (null: NaN/inf written by nlohmann) -> NaN
double num_or(const json& j, const char* key);

// Throws std::runtime_error naming the file when the record has no checksum
// or another one, when `check` (if set) refuses it, or when it is malformed.
Study parse_study(const fs::path& f,
                  const std::function<void(const fs::path&, const json&)>& check = {});

// One entry of a record's "figures" (reports/figures/figure_record.cpp); throws naming the file and figure.
Figure parse_figure(const fs::path& f, const json& j, std::size_t index);

}  // namespace granconv::report_detail
