#include "reports/report.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "studies/order_fit.hpp"

namespace granconv {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ---------------------------------------------------------------- study model

struct Check {
  std::string label;
  std::optional<FitWindow> window;
  std::string fit = "least-squares";
  double expected = kNaN, tolerance = kNaN, max_ci_width = kNaN;
  double observed = kNaN, ci_lo = kNaN, ci_hi = kNaN;
  int points = -1;
  double envelope = kNaN, env_lo = kNaN, env_hi = kNaN;
  std::optional<bool> pass;
};

struct Trajectory {
  double h = kNaN;
  std::vector<double> t, ref_t;
  // [time][bead]
  std::vector<std::vector<double>> x, v, ref_x, ref_v;
};

struct Study {
  fs::path file;
  std::string id, slug, title, paper, item, group;
  std::string scheme, scheme_label, formulation, model, scenario;
  json params, reference;
  std::vector<double> h, e;
  std::vector<bool> usable;
  std::vector<Check> checks;
  std::optional<bool> pass;
  std::optional<Trajectory> traj;
  double seconds = kNaN;
  // figure file stems (relative to figures/), filled while drawing
  std::string slope_fig, traj_fig;
};

[[noreturn]] void bad(const fs::path& f, const std::string& what) {
  throw std::runtime_error("report: malformed study file " + f.string() + ": " + what);
}

std::string str_or(const json& j, const char* key, const std::string& dflt = "") {
  if (!j.contains(key) || j[key].is_null()) return dflt;
  if (j[key].is_string()) return j[key].get<std::string>();
  return j[key].dump();
}

double num(const json& v) {  // null (NaN/inf written by nlohmann) -> NaN
  if (v.is_number()) return v.get<double>();
  return kNaN;
}

double num_or(const json& j, const char* key) {
  return j.contains(key) ? num(j[key]) : kNaN;
}

std::vector<double> num_array(const fs::path& f, const json& j, const char* key, bool required) {
  std::vector<double> out;
  if (!j.contains(key) || j[key].is_null()) {
    if (required) bad(f, std::string("missing array \"") + key + "\"");
    return out;
  }
  if (!j[key].is_array()) bad(f, std::string("\"") + key + "\" is not an array");
  for (const auto& v : j[key]) {
    if (!v.is_number() && !v.is_null()) bad(f, std::string("non-numeric entry in \"") + key + "\"");
    out.push_back(num(v));
  }
  return out;
}

std::optional<std::pair<double, double>> pair_of(const fs::path& f, const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::nullopt;
  const auto& a = j[key];
  if (!a.is_array() || a.size() != 2) bad(f, std::string("\"") + key + "\" must be [lo, hi]");
  return std::make_pair(num(a[0]), num(a[1]));
}

std::optional<bool> bool_or(const fs::path& f, const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::nullopt;
  if (!j[key].is_boolean()) bad(f, std::string("\"") + key + "\" is not a boolean");
  return j[key].get<bool>();
}

// Per-bead arrays may be stored time-major ([time][bead]) or bead-major
// ([bead][time]); normalise to time-major using the length of the time axis.
std::vector<std::vector<double>> series(const fs::path& f, const json& j, const char* key,
                                        std::size_t nt) {
  std::vector<std::vector<double>> m;
  if (!j.contains(key) || !j[key].is_array()) bad(f, std::string("trajectory needs \"") + key + "\"");
  for (const auto& row : j[key]) {
    if (!row.is_array()) bad(f, std::string("trajectory \"") + key + "\" must be an array of arrays");
    std::vector<double> r;
    for (const auto& v : row) r.push_back(num(v));
    m.push_back(std::move(r));
  }
  if (m.size() == nt && (m.empty() || m[0].size() != nt || nt == 1)) return m;  // time-major
  if (!m.empty() && m[0].size() == nt) {  // bead-major -> transpose
    std::vector<std::vector<double>> t(nt, std::vector<double>(m.size()));
    for (std::size_t b = 0; b < m.size(); ++b) {
      if (m[b].size() != nt) bad(f, std::string("ragged trajectory \"") + key + "\"");
      for (std::size_t k = 0; k < nt; ++k) t[k][b] = m[b][k];
    }
    return t;
  }
  if (m.size() == nt) return m;
  bad(f, std::string("trajectory \"") + key + "\" does not match its time axis");
}

std::string slugify(const std::string& s) {
  std::string o;
  for (char c : s) o += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
  if (o.empty() || o[0] == '.') o = "_" + o;
  return o;
}

Study parse_study(const fs::path& f) {
  std::ifstream in(f);
  if (!in) throw std::runtime_error("report: cannot read " + f.string());
  json j;
  try {
    j = json::parse(in);
  } catch (const std::exception& ex) {
    bad(f, ex.what());
  }
  if (!j.is_object()) bad(f, "top level is not an object");
  Study s;
  s.file = f;
  if (!j.contains("study") || !j["study"].is_string() || j["study"].get<std::string>().empty())
    bad(f, "missing \"study\" id");
  s.id = j["study"].get<std::string>();
  s.slug = slugify(s.id);
  s.title = str_or(j, "title");
  if (j.contains("source") && j["source"].is_object()) {
    s.paper = str_or(j["source"], "paper");
    s.item = str_or(j["source"], "item");
  }
  s.group = str_or(j, "figure_group", s.id);
  s.scheme = str_or(j, "scheme");
  s.scheme_label = str_or(j, "scheme_label", s.scheme);
  s.formulation = str_or(j, "formulation");
  s.model = str_or(j, "model");
  s.scenario = str_or(j, "scenario");
  s.params = j.value("params", json::object());
  s.reference = j.value("reference", json::object());
  s.h = num_array(f, j, "h", true);
  s.e = num_array(f, j, "error", true);
  if (s.h.size() != s.e.size()) bad(f, "\"h\" and \"error\" differ in length");
  if (j.contains("usable") && !j["usable"].is_null()) {
    if (!j["usable"].is_array() || j["usable"].size() != s.h.size())
      bad(f, "\"usable\" must be a boolean array as long as \"h\"");
    for (const auto& u : j["usable"]) {
      if (!u.is_boolean()) bad(f, "non-boolean entry in \"usable\"");
      s.usable.push_back(u.get<bool>());
    }
  } else {
    s.usable = above_floor(s.e, {}, 0.0);
  }
  for (std::size_t i = 0; i < s.h.size(); ++i)
    if (!(std::isfinite(s.h[i]) && s.h[i] > 0)) s.usable[i] = false;
  s.pass = bool_or(f, j, "pass");
  s.seconds = num_or(j, "seconds");

  if (j.contains("checks") && j["checks"].is_array()) {
    for (const auto& c : j["checks"]) {
      if (!c.is_object()) bad(f, "\"checks\" entries must be objects");
      Check k;
      k.label = str_or(c, "label");
      if (auto w = pair_of(f, c, "window")) k.window = FitWindow{w->first, w->second};
      k.fit = str_or(c, "fit", "least-squares");
      k.expected = num_or(c, "expected_order");
      k.tolerance = num_or(c, "tolerance");
      k.max_ci_width = num_or(c, "max_ci_width");
      k.observed = num_or(c, "observed_order");
      if (auto ci = pair_of(f, c, "ci95")) std::tie(k.ci_lo, k.ci_hi) = *ci;
      if (c.contains("points") && c["points"].is_number_integer()) k.points = c["points"].get<int>();
      k.envelope = num_or(c, "envelope_order");
      if (auto ci = pair_of(f, c, "envelope_ci95")) std::tie(k.env_lo, k.env_hi) = *ci;
      k.pass = bool_or(f, c, "pass");
      s.checks.push_back(std::move(k));
    }
  } else if (j.contains("checks") && !j["checks"].is_null()) {
    bad(f, "\"checks\" is not an array");
  }
  if (s.checks.empty() && (j.contains("observed_order") || j.contains("expected_order"))) {
    Check k;  // the study's single top-level claim
    k.label = "claim";
    if (auto w = pair_of(f, j, "fit_window")) k.window = FitWindow{w->first, w->second};
    k.expected = num_or(j, "expected_order");
    k.tolerance = num_or(j, "tolerance");
    k.observed = num_or(j, "observed_order");
    if (auto ci = pair_of(f, j, "ci95")) std::tie(k.ci_lo, k.ci_hi) = *ci;
    k.pass = s.pass;
    s.checks.push_back(std::move(k));
  }
  if (!s.pass && !s.checks.empty()) {
    bool all = true, known = true;
    for (const auto& c : s.checks) {
      if (!c.pass) known = false;
      else all = all && *c.pass;
    }
    if (known) s.pass = all;
  }

  if (j.contains("trajectory") && !j["trajectory"].is_null()) {
    const auto& t = j["trajectory"];
    if (!t.is_object()) bad(f, "\"trajectory\" is not an object");
    Trajectory tr;
    tr.h = num_or(t, "h");
    tr.t = num_array(f, t, "t", true);
    tr.ref_t = num_array(f, t, "ref_t", true);
    tr.x = series(f, t, "scheme_x", tr.t.size());
    tr.v = series(f, t, "scheme_v", tr.t.size());
    tr.ref_x = series(f, t, "ref_x", tr.ref_t.size());
    tr.ref_v = series(f, t, "ref_v", tr.ref_t.size());
    auto width = [](const std::vector<std::vector<double>>& m) { return m.empty() ? 0 : m[0].size(); };
    const std::size_t nb = width(tr.ref_x);
    for (const auto* m : {&tr.x, &tr.v, &tr.ref_x, &tr.ref_v})
      for (const auto& row : *m)
        if (row.size() != nb) bad(f, "trajectory bead counts differ");
    if (nb > 0 && !tr.t.empty() && !tr.ref_t.empty()) s.traj = std::move(tr);
  }
  return s;
}

// ---------------------------------------------------------------- formatting

std::string html(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&#39;"; break;
      default: o += c;
    }
  }
  return o;
}

// A gnuplot single-quoted string literal ('' escapes a quote).
std::string gq(const std::string& s) {
  std::string o = "'";
  for (char c : s) {
    if (c == '\'') o += "''";
    else if (c == '\n') o += ' ';
    else o += c;
  }
  return o + "'";
}

// A POSIX-shell single-quoted word.
std::string shq(const std::string& s) {
  std::string o = "'";
  for (char c : s) {
    if (c == '\'') o += "'\\''";
    else o += c;
  }
  return o + "'";
}

// Compact number: 3 significant digits, scientific ("1e-4", "2.5e-13") for
// very small or large magnitudes.
std::string g(double v, int prec = 3) {
  if (!std::isfinite(v)) return "–";
  const double a = std::abs(v);
  if (a == 0 || (a >= 1e-2 && a < 1e4)) return fmt::format("{:.{}g}", v, prec);
  std::string m = fmt::format("{:.{}e}", v, prec - 1);
  const auto epos = m.find('e');
  std::string mant = m.substr(0, epos), ex = m.substr(epos + 1);
  if (mant.find('.') != std::string::npos) {
    while (mant.back() == '0') mant.pop_back();
    if (mant.back() == '.') mant.pop_back();
  }
  const bool neg = ex[0] == '-';
  std::size_t i = 1;
  while (i + 1 < ex.size() && ex[i] == '0') ++i;
  return mant + "e" + (neg ? "-" : "") + ex.substr(i);
}

std::string fixed(double v, int prec = 2) {
  if (!std::isfinite(v)) return "–";
  return fmt::format("{:.{}f}", v, prec);
}

// 1.5 -> "3/2", 2 -> "2", 2.5 -> "5/2": exponent label for the guide lines.
std::string exponent_label(double p) {
  const double r2 = std::round(2 * p), r3 = std::round(3 * p);
  if (std::abs(p - std::round(p)) < 1e-9) return fmt::format("{}", static_cast<long>(std::round(p)));
  if (std::abs(2 * p - r2) < 1e-9) return fmt::format("{{{}/2}}", static_cast<long>(r2));
  if (std::abs(3 * p - r3) < 1e-9) return fmt::format("{{{}/3}}", static_cast<long>(r3));
  return fmt::format("{{{}}}", g(p));
}

void write_file(const fs::path& p, const std::string& text) {
  std::ofstream o(p, std::ios::binary);
  o << text;
  o.close();
  if (!o) throw std::runtime_error("report: cannot write " + p.string());
}

std::string read_tail(const fs::path& p, std::size_t max_chars = 2000) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  if (s.size() > max_chars) s = "..." + s.substr(s.size() - max_chars);
  return s;
}

// ---------------------------------------------------------------- gnuplot

struct Style {
  std::string spec;  // gnuplot "with ... lc ..." clause
  std::string color;
};

// Series styles follow JVB fig. 2/3: CN (x,v) blue line, CN (x,w) crosses,
// GL (x,v) black line, GL (x,w) diamonds; anything else cycles a palette.
Style style_for(const Study& s, std::size_t index) {
  static const char* palette[] = {"#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};
  std::string sch = s.scheme, form = s.formulation;
  std::transform(sch.begin(), sch.end(), sch.begin(), [](unsigned char c) { return std::tolower(c); });
  const bool cn = sch == "cn" || sch.find("crank") != std::string::npos;
  const bool gl = sch.rfind("gl", 0) == 0 || sch.find("gauss") != std::string::npos;
  if (cn && form == "xv") return {"with lines lw 2 lc rgb '#1f4fbf'", "#1f4fbf"};
  if (cn && form == "xw") return {"with points pt 2 ps 1.1 lw 1.5 lc rgb '#1f4fbf'", "#1f4fbf"};
  if (gl && form == "xv") return {"with lines lw 2 lc rgb '#000000'", "#000000"};
  if (gl && form == "xw") return {"with points pt 12 ps 1.1 lw 1.5 lc rgb '#000000'", "#000000"};
  const std::string c = palette[index % (sizeof palette / sizeof *palette)];
  return {"with linespoints pt 7 ps 0.6 lw 1.5 lc rgb '" + c + "'", c};
}

std::string series_title(const Study& s) {
  std::string t = s.scheme_label.empty() ? s.id : s.scheme_label;
  if (!s.formulation.empty()) {
    std::string f = s.formulation;
    if (f.size() == 2) f = "(" + f.substr(0, 1) + "," + f.substr(1) + ")";
    t += " " + f;
  }
  return t;
}

// Wraps a plot body so one script writes both the SVG and the PNG.
std::string two_terminals(const std::string& stem, const std::string& size_svg, const std::string& size_png,
                          const std::string& body) {
  std::string s;
  s += "do for [term in 'svg png'] {\n";
  s += "  if (term eq 'svg') {\n";
  s += "    set terminal svg size " + size_svg + " dynamic enhanced font 'Helvetica,13' background rgb 'white'\n";
  s += "    set output " + gq(stem + ".svg") + "\n";
  s += "  } else {\n";
  s += "    set terminal pngcairo size " + size_png + " enhanced font 'Helvetica,11' background rgb 'white'\n";
  s += "    set output " + gq(stem + ".png") + "\n";
  s += "  }\n";
  s += body;
  s += "  set output\n}\n";
  return s;
}

std::string header(const std::string& what, const std::string& stem) {
  return "# granconv report: " + what + "\n# Generated file; re-run with: cd figures && gnuplot " + stem +
         ".gp\nset encoding utf8\nreset\n";
}

void run_gnuplot(const std::string& gnuplot, const fs::path& dir, const std::string& stem) {
  const fs::path script = dir / (stem + ".gp");
  const fs::path log = dir / (stem + ".log");
  const std::string cmd = "cd " + shq(dir.string()) + " && " + shq(gnuplot) + " " + shq(stem + ".gp") + " > " +
                          shq(stem + ".log") + " 2>&1";
  const int rc = std::system(cmd.c_str());
  if (rc != 0) {
    throw std::runtime_error("report: gnuplot failed (status " + std::to_string(rc) + ") on script " +
                             script.string() + ":\n" + read_tail(log));
  }
  std::error_code ec;
  fs::remove(log, ec);
  for (const char* ext : {".svg", ".png"}) {
    const fs::path out = dir / (stem + ext);
    if (!fs::exists(out) || fs::file_size(out) == 0)
      throw std::runtime_error("report: gnuplot script " + script.string() + " produced no " + out.filename().string());
  }
}

bool plottable(double h, double e) { return std::isfinite(h) && h > 0 && std::isfinite(e) && e > 0; }

// Points a check's fit line uses, to anchor its intercept: recompute the fit
// (same fitter as the study runner) and draw it over the check's window.
struct FitLine {
  double lo, hi, order, intercept;
};

std::optional<FitLine> fit_line(const Study& s, const Check& c) {
  FitOptions o;
  o.window = c.window;
  o.kind = c.fit == "upper-envelope" ? FitKind::upper_envelope : FitKind::least_squares;
  const OrderFit f = fit_order(s.h, s.e, s.usable, o);
  if (!f.ok) return std::nullopt;
  double lo = f.h_min, hi = f.h_max;
  // Clip the drawn segment to the data actually inside the window.
  double dlo = std::numeric_limits<double>::infinity(), dhi = 0;
  for (std::size_t i = 0; i < s.h.size(); ++i)
    if (s.usable[i] && plottable(s.h[i], s.e[i]) && s.h[i] >= lo * (1 - 1e-12) && s.h[i] <= hi * (1 + 1e-12)) {
      dlo = std::min(dlo, s.h[i]);
      dhi = std::max(dhi, s.h[i]);
    }
  if (dhi > 0) lo = dlo, hi = dhi;
  return FitLine{lo, hi, f.order, f.intercept};
}

std::string datablock(const std::string& name, const std::vector<std::pair<double, double>>& pts) {
  std::string s = "$" + name + " << EOD\n";
  for (const auto& [x, y] : pts) s += fmt::format("{:.17g} {:.17g}\n", x, y);
  return s + "EOD\n";
}

// Convergence plot of one figure group. Returns the figure stem or "" when
// there is nothing to plot.
std::string draw_convergence(const std::string& group, const std::vector<Study*>& studies, const fs::path& dir,
                             const std::string& gnuplot) {
  const std::string stem = slugify(group) + "_convergence";
  std::string pre = header("error vs step size, figure group " + group, stem);
  std::vector<std::string> plots;
  double hmin = std::numeric_limits<double>::infinity(), hmax = 0;
  std::set<double> expected;
  std::size_t nblock = 0;
  std::vector<std::string> fits;
  for (std::size_t k = 0; k < studies.size(); ++k) {
    const Study& s = *studies[k];
    const std::string dat = s.slug + ".dat";
    std::string d = "# " + s.id + ": h error usable(1/0)\n";
    bool any_used = false, any_excl = false;
    for (std::size_t i = 0; i < s.h.size(); ++i) {
      if (!plottable(s.h[i], s.e[i])) continue;
      d += fmt::format("{:.17g} {:.17g} {}\n", s.h[i], s.e[i], s.usable[i] ? 1 : 0);
      (s.usable[i] ? any_used : any_excl) = true;
      hmin = std::min(hmin, s.h[i]);
      hmax = std::max(hmax, s.h[i]);
    }
    write_file(dir / dat, d);
    const Style st = style_for(s, k);
    if (any_used)
      plots.push_back(gq(dat) + " using 1:($3 > 0.5 ? $2 : 1/0) " + st.spec + " title " + gq(series_title(s)) +
                      " noenhanced");
    if (any_excl)
      plots.push_back(gq(dat) + " using 1:($3 < 0.5 ? $2 : 1/0) with points pt 6 ps 0.8 lc rgb '#a0a0a0' title " +
                      gq(series_title(s) + ": below floor (excluded)") + " noenhanced");
    for (const auto& c : s.checks) {
      if (std::isfinite(c.expected)) expected.insert(std::round(c.expected * 1e6) / 1e6);
      const auto fl = fit_line(s, c);
      if (!fl) continue;
      const std::string name = fmt::format("fit{}", nblock++);
      pre += datablock(name, {{fl->lo, std::pow(10.0, fl->intercept + fl->order * std::log10(fl->lo))},
                              {fl->hi, std::pow(10.0, fl->intercept + fl->order * std::log10(fl->hi))}});
      const double p = std::isfinite(c.observed) ? c.observed : fl->order;
      // Wide and translucent ('#AARRGGBB') so the data stay visible on top.
      fits.push_back("$" + name + " with lines lw 5 lc rgb '#a0" + st.color.substr(1) + "' " +
                     "title " + gq(fmt::format("fit p = {} ({})", fixed(p), series_title(s))) + " noenhanced");
    }
  }
  if (plots.empty()) return "";
  // Guide lines E = a h^p for the distinct expected orders, anchored to the
  // data they describe: half a decade above the highest usable point (relative
  // to slope p) of the checks expecting p, inside those checks' windows.
  std::size_t gi = 0;
  std::vector<std::string> guides;
  for (double p : expected) {
    double top = -std::numeric_limits<double>::infinity();
    for (const Study* s : studies)
      for (const auto& c : s->checks) {
        if (!(std::abs(c.expected - p) < 1e-6)) continue;
        for (std::size_t i = 0; i < s->h.size(); ++i) {
          if (!s->usable[i] || !plottable(s->h[i], s->e[i])) continue;
          if (c.window && (s->h[i] < c.window->h_min * (1 - 1e-12) || s->h[i] > c.window->h_max * (1 + 1e-12)))
            continue;
          top = std::max(top, std::log10(s->e[i]) - p * std::log10(s->h[i]));
        }
      }
    if (!std::isfinite(top)) continue;
    const double a = top + 0.5;
    const std::string name = fmt::format("guide{}", gi);
    pre += datablock(name, {{hmin, std::pow(10.0, a + p * std::log10(hmin))},
                            {hmax, std::pow(10.0, a + p * std::log10(hmax))}});
    const char* dts[] = {"2", "4", "5", "3"};
    guides.push_back("$" + name + " with lines lw 1.5 dt " + dts[gi % 4] + " lc rgb '#666666' title " +
                     gq("∝ h^" + exponent_label(p)));
    ++gi;
  }
  // Fit lines are drawn first so the data points end up on top.
  std::string plot = "  plot ";
  std::vector<std::string> all = fits;
  all.insert(all.end(), plots.begin(), plots.end());
  all.insert(all.end(), guides.begin(), guides.end());
  for (std::size_t i = 0; i < all.size(); ++i) plot += (i ? ", \\\n       " : "") + all[i];
  plot += "\n";
  std::string body;
  body += "  set logscale xy\n  set format x '10^{%L}'\n  set format y '10^{%L}'\n";
  body += "  set xlabel 'step size h'\n  set ylabel 'error E(h)'\n";
  body += "  set grid xtics ytics mxtics mytics lc rgb '#e6e6e6'\n";
  body += "  set key outside right top samplen 3 spacing 1.05 font ',10'\n";
  body += fmt::format("  set xrange [{:.17g}:{:.17g}]\n", hmin / 1.25, hmax * 1.25);
  body += "  set title " + gq("Convergence: " + group) + " noenhanced\n";
  body += plot;
  write_file(dir / (stem + ".gp"), pre + two_terminals(stem, "1100,650", "1100,650", body));
  run_gnuplot(gnuplot, dir, stem);
  return stem;
}

std::string draw_local_slopes(Study& s, const fs::path& dir, const std::string& gnuplot) {
  const auto sl = local_slopes(s.h, s.e, s.usable);
  if (sl.empty()) return "";
  const std::string stem = s.slug + "_slopes";
  std::string d = "# " + s.id + ": local slope between consecutive usable points\n# h_mid slope\n";
  for (const auto& [h, p] : sl) d += fmt::format("{:.17g} {:.17g}\n", h, p);
  write_file(dir / (stem + ".dat"), d);
  const auto smooth = sliding_slopes(s.h, s.e, s.usable, 0.25);
  std::string ds = "# " + s.id + ": least-squares slope over ±1/4 decade around each usable point\n# h slope\n";
  for (const auto& [h, p] : smooth) ds += fmt::format("{:.17g} {:.17g}\n", h, p);
  write_file(dir / (stem + "_sliding.dat"), ds);
  std::string body;
  body += "  set logscale x\n  set format x '10^{%L}'\n";
  body += "  set xlabel 'step size h'\n  set ylabel 'local slope  Δlog E / Δlog h'\n";
  body += "  set grid xtics ytics lc rgb '#e6e6e6'\n";
  body += "  set key outside right top font ',10'\n";
  body += "  set title " + gq("Local slopes: " + s.id) + " noenhanced\n";
  int obj = 1;
  std::vector<std::string> extra;
  std::set<double> expected;
  const char* dts[] = {"2", "4", "5", "3"};
  for (const auto& c : s.checks) {
    if (c.window && c.window->h_min > 0 && c.window->h_max >= c.window->h_min)
      body += fmt::format("  set object {} rect from {:.17g}, graph 0 to {:.17g}, graph 1 behind "
                          "fc rgb '#dbe6f6' fs solid 0.6 noborder\n",
                          obj++, c.window->h_min, c.window->h_max);
    if (std::isfinite(c.observed) && c.window)
      body += fmt::format("  set arrow {} from {:.17g}, first {:.17g} to {:.17g}, first {:.17g} nohead lw 3 "
                          "lc rgb '#d62728' front\n",
                          obj++, c.window->h_min, c.observed, c.window->h_max, c.observed);
    if (std::isfinite(c.expected)) expected.insert(c.expected);
  }
  // y range: the slopes and the expected orders with a margin, clipped to
  // [-5, 10] (pairwise slopes of oscillating errors can be wild).
  double ylo = std::numeric_limits<double>::infinity(), yhi = -ylo;
  for (const auto& q : sl)
    if (std::isfinite(q.second)) ylo = std::min(ylo, q.second), yhi = std::max(yhi, q.second);
  for (double p : expected) ylo = std::min(ylo, p), yhi = std::max(yhi, p);
  if (std::isfinite(ylo) && std::isfinite(yhi)) {
    const double m = std::max(0.25, 0.08 * (yhi - ylo));
    body += fmt::format("  set yrange [{:.17g}:{:.17g}]\n", std::max(-5.0, ylo - m), std::min(10.0, yhi + m));
  }
  std::size_t gi = 0;
  for (double p : expected)
    extra.push_back(fmt::format("{:.17g} with lines dt {} lw 1.5 lc rgb '#555555' title {}", p, dts[gi++ % 4],
                                gq("expected " + g(p))));
  body += "  plot " + gq(stem + ".dat") + " using 1:2 with linespoints pt 7 ps 0.5 lw 0.8 lc rgb '#8fa8dc' " +
          "title 'pairwise slope'";
  if (!smooth.empty())
    body += ", \\\n       " + gq(stem + "_sliding.dat") +
            " using 1:2 with lines lw 2.5 lc rgb '#e08a00' title 'slope over ±1/4 decade'";
  for (const auto& x : extra) body += ", \\\n       " + x;
  body += ", \\\n       NaN with lines lw 3 lc rgb '#d62728' title 'fitted order (window)'";
  body += ", \\\n       NaN with boxes fs solid 0.6 fc rgb '#dbe6f6' title 'fit window'\n";
  write_file(dir / (stem + ".gp"),
             header("local slopes, study " + s.id, stem) + two_terminals(stem, "900,450", "900,450", body));
  run_gnuplot(gnuplot, dir, stem);
  return stem;
}

std::string draw_trajectory(Study& s, const fs::path& dir, const std::string& gnuplot) {
  const Trajectory& t = *s.traj;
  const std::size_t nb = t.ref_x[0].size();
  const std::string stem = s.slug + "_trajectory";
  auto dump = [&](const std::vector<double>& tt, const std::vector<std::vector<double>>& x,
                  const std::vector<std::vector<double>>& v, const std::string& what) {
    std::string d = "# " + s.id + " " + what + ": t x_1..x_N v_1..v_N (N = " + std::to_string(nb) + ")\n";
    for (std::size_t k = 0; k < tt.size(); ++k) {
      d += fmt::format("{:.17g}", tt[k]);
      for (double q : x[k]) d += fmt::format(" {:.17g}", q);
      for (double q : v[k]) d += fmt::format(" {:.17g}", q);
      d += "\n";
    }
    return d;
  };
  write_file(dir / (stem + "_ref.dat"), dump(t.ref_t, t.ref_x, t.ref_v, "reference"));
  write_file(dir / (stem + "_scheme.dat"), dump(t.t, t.x, t.v, "scheme"));
  const std::string ref = gq(stem + "_ref.dat"), sch = gq(stem + "_scheme.dat");
  std::string body;
  body += fmt::format("  N = {}\n", nb);
  body += "  set multiplot layout 2,1 title " +
          gq(s.id + ": reference (lines) and " + series_title(s) + " at h = " + g(t.h) + " (markers)") +
          " noenhanced\n";
  body += "  set grid lc rgb '#e6e6e6'\n  set key outside right top font ',10'\n  set xlabel 't'\n";
  body += "  set ylabel 'displacement x_n'\n";
  body += "  plot for [i=1:N] " + ref + " using 1:(column(1+i)) with lines lw 1.5 lc i title sprintf('bead %d', i), \\\n"
          "       for [i=1:N] " + sch + " using 1:(column(1+i)) with points pt 7 ps 0.8 lc i notitle\n";
  body += "  set ylabel 'velocity v_n'\n";
  body += "  plot for [i=1:N] " + ref + " using 1:(column(1+N+i)) with lines lw 1.5 lc i title sprintf('bead %d', i), \\\n"
          "       for [i=1:N] " + sch + " using 1:(column(1+N+i)) with points pt 7 ps 0.8 lc i notitle\n";
  body += "  unset multiplot\n";
  write_file(dir / (stem + ".gp"),
             header("trajectories, study " + s.id, stem) + two_terminals(stem, "900,700", "900,700", body));
  run_gnuplot(gnuplot, dir, stem);
  return stem;
}

// ---------------------------------------------------------------- HTML

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
table.claims tbody tr:nth-child(even) { background: #fafbfc; }
td.id { min-width: 15em; max-width: 24em; }
td.id code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: nowrap; font-weight: 600; }
td.id .title { color: var(--muted); font-size: 0.8rem; margin-top: 2px; }
td.ref { min-width: 13em; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.check + .check { border-top: 1px dashed var(--line); margin-top: 4px; padding-top: 4px; }
.lbl { color: var(--muted); font-size: 0.8rem; }
.small { color: var(--muted); font-size: 0.8rem; }
.verdict { display: inline-block; font-weight: 700; padding: 2px 8px; border-radius: 4px; letter-spacing: 0.03em; }
.verdict.pass { color: var(--pass); background: var(--pass-bg); }
.verdict.fail { color: var(--fail); background: var(--fail-bg); }
.verdict.na { color: var(--muted); background: var(--head); }
.figs { display: flex; flex-wrap: wrap; gap: 18px; }
figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 8px; background: #fff; }
figure img { display: block; max-width: 100%; height: auto; }
figcaption { font-size: 0.85rem; color: var(--muted); margin-top: 4px; }
footer { margin-top: 48px; color: var(--muted); font-size: 0.8rem; }
)css";

std::string verdict_html(const std::optional<bool>& p) {
  if (!p) return "<span class=\"verdict na\">n/a</span>";
  return *p ? "<span class=\"verdict pass\">PASS</span>" : "<span class=\"verdict fail\">FAIL</span>";
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

struct Group {
  std::string name;
  std::vector<Study*> studies;
  std::string convergence;  // figure stem or ""
};

std::string figure_html(const std::string& stem, const std::string& caption) {
  const std::string p = "figures/" + stem;
  return "<figure id=\"fig-" + html(stem) + "\"><a href=\"" + html(p) + ".svg\"><img src=\"" + html(p) +
         ".png\" alt=\"" + html(caption) + "\" loading=\"lazy\"></a><figcaption>" + html(caption) +
         " · <a href=\"" + html(p) + ".svg\">SVG</a> · <a href=\"" + html(p) + ".gp\">gnuplot script</a>" +
         "</figcaption></figure>\n";
}

std::string index_html(const std::vector<Group>& groups, const std::vector<Study>& studies) {
  int npass = 0, nfail = 0, nna = 0;
  for (const auto& s : studies) (s.pass ? (*s.pass ? npass : nfail) : nna)++;
  std::string h;
  h += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       "<title>granconv convergence report</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n";
  h += "<h1>granconv convergence report</h1>\n";
  h += "<p class=\"meta\">Generated " + html(now_utc()) + " from " + std::to_string(studies.size()) +
       " study result(s) in <code>studies/</code>.</p>\n";
  h += fmt::format("<p class=\"summary\"><span class=\"verdict pass\">{} PASS</span> "
                   "<span class=\"verdict fail\">{} FAIL</span>{}</p>\n",
                   npass, nfail, nna ? fmt::format(" <span class=\"verdict na\">{} n/a</span>", nna) : "");
  h += "<table class=\"claims\">\n<thead><tr><th>claim</th><th>source</th><th>scheme</th><th>scenario</th>"
       "<th>expected order</th><th>observed order (95% CI)</th><th>window</th><th>reference</th>"
       "<th>verdict</th><th>figures</th></tr></thead>\n<tbody>\n";
  for (const auto& g0 : groups) {
    for (const Study* sp : g0.studies) {
      const Study& s = *sp;
      std::string exp, obs, win;
      for (const auto& c : s.checks) {
        const std::string lbl = c.label.empty() ? "" : "<span class=\"lbl\">" + html(c.label) + "</span><br>";
        std::string e = fixed(c.expected);
        if (std::isfinite(c.tolerance)) e += " ± " + g(c.tolerance, 2);
        exp += "<div class=\"check\">" + lbl + html(e) + "</div>";
        std::string o = fixed(c.observed);
        if (std::isfinite(c.ci_lo)) o += " [" + fixed(c.ci_lo) + ", " + fixed(c.ci_hi) + "]";
        std::string extra;
        if (std::isfinite(c.envelope)) {
          extra = "<br><span class=\"small\">envelope " + html(fixed(c.envelope));
          if (std::isfinite(c.env_lo)) extra += html(" [" + fixed(c.env_lo) + ", " + fixed(c.env_hi) + "]");
          extra += "</span>";
        }
        std::string chk = c.pass ? (*c.pass ? " <span class=\"small\">✓</span>" : " <span class=\"small\">✗</span>") : "";
        obs += "<div class=\"check\">" + lbl + html(o) + chk + extra + "</div>";
        std::string w = window_html(c.window) + " <span class=\"small\">" + html(c.fit) +
                        (c.points >= 0 ? ", " + std::to_string(c.points) + " pts" : "") + "</span>";
        win += "<div class=\"check\">" + lbl + w + "</div>";
      }
      std::string scheme = html(s.scheme_label.empty() ? s.scheme : s.scheme_label);
      if (!s.formulation.empty()) scheme += " <span class=\"small\">(" + html(s.formulation) + ")</span>";
      std::string scen = html(s.scenario);
      if (!s.model.empty()) scen += "<br><span class=\"small\">model " + html(s.model) + "</span>";
      std::string figs;
      if (!g0.convergence.empty()) figs += "<a href=\"#fig-" + html(g0.convergence) + "\">E(h)</a> ";
      if (!s.slope_fig.empty()) figs += "<a href=\"#fig-" + html(s.slope_fig) + "\">slopes</a> ";
      if (!s.traj_fig.empty()) figs += "<a href=\"#fig-" + html(s.traj_fig) + "\">trajectory</a>";
      std::string src = html(s.paper);
      if (!s.item.empty()) src += (src.empty() ? "" : ", ") + html(s.item);
      h += "<tr id=\"claim-" + html(s.slug) + "\"><td class=\"id\"><code>" + html(s.id) + "</code>" +
           (s.title.empty() ? "" : "<div class=\"title\">" + html(s.title) + "</div>") + "</td><td>" + src +
           "</td><td>" + scheme + "</td><td>" + scen + "</td><td class=\"num\">" + exp + "</td><td class=\"num\">" +
           obs + "</td><td class=\"num\">" + win + "</td><td class=\"ref\">" + provenance_html(s.reference) + "</td><td>" +
           verdict_html(s.pass) + "</td><td>" + figs + "</td></tr>\n";
    }
  }
  h += "</tbody>\n</table>\n";
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
    h += "<div class=\"figs\">\n";
    if (!g0.convergence.empty())
      h += figure_html(g0.convergence, "Error vs step size, " + g0.name +
                                           " (hollow grey: below the reference floor, excluded; thick lines: fits)");
    for (const Study* s : g0.studies)
      if (!s->traj_fig.empty()) h += figure_html(s->traj_fig, "Trajectories, " + s->id);
    h += "</div>\n<h3>Local slopes</h3>\n<div class=\"figs\">\n";
    for (const Study* s : g0.studies)
      if (!s->slope_fig.empty())
        h += figure_html(s->slope_fig, "Local slope, " + s->id + " (shaded: fit window; red: fitted order)");
    h += "</div>\n";
  }
  h += "<footer>granconv · figures are regenerated by the gnuplot scripts in <code>figures/</code>.</footer>\n";
  h += "</body>\n</html>\n";
  return h;
}

std::string random_suffix() {
  std::random_device rd;
  std::mt19937_64 g(rd() ^ (static_cast<unsigned long long>(
                                std::chrono::steady_clock::now().time_since_epoch().count())));
  return fmt::format("{:08x}", static_cast<unsigned>(g() & 0xffffffffu));
}

void build(const fs::path& tmp, std::vector<Study>& studies, const std::string& gnuplot) {
  const fs::path figs = tmp / "figures";
  fs::create_directories(figs);
  std::vector<Group> groups;
  std::map<std::string, std::size_t> gindex;
  for (auto& s : studies) {
    auto [it, fresh] = gindex.emplace(s.group, groups.size());
    if (fresh) groups.push_back({s.group, {}, ""});
    groups[it->second].studies.push_back(&s);
  }
  for (auto& g0 : groups) {
    g0.convergence = draw_convergence(g0.name, g0.studies, figs, gnuplot);
    for (Study* s : g0.studies) {
      s->slope_fig = draw_local_slopes(*s, figs, gnuplot);
      if (s->traj) s->traj_fig = draw_trajectory(*s, figs, gnuplot);
    }
  }
  write_file(tmp / "style.css", kCss);
  write_file(tmp / "index.html", index_html(groups, studies));
}

}  // namespace

void write_report(const ReportOptions& opt) {
  const fs::path dir = opt.out_dir.empty() ? fs::path(".") : opt.out_dir;
  const fs::path sdir = dir / "studies";
  if (!fs::is_directory(sdir)) throw std::runtime_error("report: no study results: " + sdir.string() + " is not a directory");
  std::vector<fs::path> files;
  for (const auto& de : fs::directory_iterator(sdir))
    if (de.is_regular_file() && de.path().extension() == ".json") files.push_back(de.path());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw std::runtime_error("report: no study results (*.json) in " + sdir.string());

  // Parse and validate everything before touching the output.
  std::vector<Study> studies;
  std::set<std::string> ids, slugs;
  for (const auto& f : files) {
    studies.push_back(parse_study(f));
    if (!ids.insert(studies.back().id).second)
      bad(f, "duplicate study id \"" + studies.back().id + "\"");
    if (!slugs.insert(studies.back().slug).second)
      bad(f, "study id \"" + studies.back().id + "\" collides with another after file-name sanitising");
  }

  const fs::path final_dir = dir / "report";
  fs::path tmp;
  for (int attempt = 0;; ++attempt) {
    tmp = dir / ("report.tmp-" + random_suffix());
    if (fs::create_directory(tmp)) break;
    if (attempt > 20) throw std::runtime_error("report: cannot create a temporary directory in " + dir.string());
  }
  try {
    build(tmp, studies, opt.gnuplot);
    // Swap into place: move the old report aside, move the new one in, then
    // drop the old one (restored if the second rename fails).
    fs::path old;
    if (fs::exists(final_dir)) {
      old = dir / ("report.old-" + random_suffix());
      fs::rename(final_dir, old);
    }
    try {
      fs::rename(tmp, final_dir);
    } catch (...) {
      if (!old.empty()) fs::rename(old, final_dir);
      throw;
    }
    if (!old.empty()) {
      std::error_code ec;
      fs::remove_all(old, ec);
    }
  } catch (...) {
    std::error_code ec;
    fs::remove_all(tmp, ec);
    throw;
  }
}

}  // namespace granconv
