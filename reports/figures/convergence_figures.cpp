// The figures of "order" records: error vs step size per figure group, local
// slopes per study, trajectories.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reports/figures/figures.hpp"
#include "reports/format.hpp"
#include "reports/figures/gnuplot.hpp"
#include "studies/support/palette.hpp"

namespace granconv::report_detail {

namespace {

struct Style {
  std::string spec;  // gnuplot "with ... lc ..." clause
  std::string color;
};

// Series styles follow JVB fig. 2/3: CN (x,v) blue line, CN (x,w) crosses,
// GL (x,v) black line, GL (x,w) diamonds; anything else cycles a palette.
Style style_for(const Study& s, std::size_t index) {
  static const char* colours[] = {palette::red,  palette::green, palette::purple, palette::orange,
                                  palette::cyan, palette::brown, palette::pink};
  std::string sch = s.scheme, form = s.formulation;
  std::transform(sch.begin(), sch.end(), sch.begin(), [](unsigned char c) { return std::tolower(c); });
  const bool cn = sch == "cn" || sch.find("crank") != std::string::npos;
  const bool gl = sch.rfind("gl", 0) == 0 || sch.find("gauss") != std::string::npos;
  if (cn && form == "xv") return {"with lines lw 2 lc rgb '#1f4fbf'", "#1f4fbf"};
  if (cn && form == "xw") return {"with points pt 2 ps 1.1 lw 1.5 lc rgb '#1f4fbf'", "#1f4fbf"};
  if (gl && form == "xv") return {"with lines lw 2 lc rgb '#000000'", "#000000"};
  if (gl && form == "xw") return {"with points pt 12 ps 1.1 lw 1.5 lc rgb '#000000'", "#000000"};
  const std::string c = colours[index % (sizeof colours / sizeof *colours)];
  return {"with linespoints pt 7 ps 0.6 lw 1.5 lc rgb '" + c + "'", c};
}

// The claim id: short, unique within a figure group, and it names what
// differs between the group's curves (scheme, formulation, parameters, start);
// the scheme's full label is in the claim's section of the report.
std::string series_title(const Study& s) { return s.id; }

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

}  // namespace

// Convergence plot of one figure group. Returns the figure stem or "" when
// there is nothing to plot.
Image draw_convergence(const std::string& group, const std::vector<Study*>& studies, const fs::path& dir,
                       const std::string& gnuplot) {
  const std::string stem = slugify(group) + "_convergence";
  std::string pre = header("error vs step size, figure group " + group, stem);
  std::vector<std::string> plots;
  double hmin = std::numeric_limits<double>::infinity(), hmax = 0;
  std::set<double> expected;
  std::size_t nblock = 0;
  std::vector<std::string> fits;
  Image img;
  std::size_t points = 0;
  for (std::size_t k = 0; k < studies.size(); ++k) {
    const Study& s = *studies[k];
    const std::string dat = s.slug + ".dat";
    std::string d = "# " + one_script_line(s.id) + ": h error usable(1/0)\n";
    bool any_used = false, any_excl = false;
    for (std::size_t i = 0; i < s.h.size(); ++i) {
      if (!plottable(s.h[i], s.e[i])) continue;
      d += fmt::format("{} {} {}\n", plotnum(s.h[i]), plotnum(s.e[i]), s.usable[i] ? 1 : 0);
      ++points;
      (s.usable[i] ? any_used : any_excl) = true;
      hmin = std::min(hmin, s.h[i]);
      hmax = std::max(hmax, s.h[i]);
    }
    write_file(dir / dat, d);
    img.data.push_back(dat);
    const Style st = style_for(s, k);
    if (any_used)
      plots.push_back(gq(dat) + " using 1:($3 > 0.5 ? $2 : 1/0) " + st.spec + " title " + gq(series_title(s)) +
                      " noenhanced");
    if (any_excl)
      plots.push_back(gq(dat) + " using 1:($3 < 0.5 ? $2 : 1/0) with points pt 6 ps 0.8 lc rgb '#a0a0a0' title " +
                      gq(series_title(s) + ": below floor (excluded)") + " noenhanced");
    // Diverged runs have no error: crosses a decade above the study's largest one.
    std::vector<std::pair<double, double>> div;
    double e_top = 0;
    for (std::size_t i = 0; i < s.e.size(); ++i)
      if (plottable(s.h[i], s.e[i])) e_top = std::max(e_top, s.e[i]);
    for (std::size_t i = 0; i < s.diverged.size(); ++i)
      if (s.diverged[i] && std::isfinite(s.h[i]) && s.h[i] > 0) {
        div.push_back({s.h[i], e_top > 0 ? 10 * e_top : 1.0});
        hmin = std::min(hmin, s.h[i]);
        hmax = std::max(hmax, s.h[i]);
      }
    if (!div.empty()) {
      const std::string name = fmt::format("diverged{}", k);
      pre += datablock(name, div);
      plots.push_back("$" + name + " with points pt 2 ps 1.2 lc rgb '#d62728' title " +
                      gq(series_title(s) + ": diverged (no error, not fitted)") + " noenhanced");
    }
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
  if (plots.empty()) return {};
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
  const ImageFormat format = format_for(points);
  write_file(dir / (stem + ".gp"), pre + terminal(stem, format, "1100,650", body));
  run_gnuplot(gnuplot, dir, stem, format);
  img.file = stem + extension(format);
  img.script = stem + ".gp";
  return img;
}

Image draw_local_slopes(Study& s, const fs::path& dir, const std::string& gnuplot) {
  const auto sl = local_slopes(s.h, s.e, s.usable);
  if (sl.empty()) return {};
  const std::string stem = s.slug + "_slopes";
  std::string d = "# " + one_script_line(s.id) + ": local slope between consecutive usable points\n# h_mid slope\n";
  for (const auto& [h, p] : sl) d += fmt::format("{} {}\n", plotnum(h), plotnum(p));
  write_file(dir / (stem + ".dat"), d);
  const auto smooth = sliding_slopes(s.h, s.e, s.usable, 0.25);
  std::string ds = "# " + one_script_line(s.id) + ": least-squares slope over ±1/4 decade around each usable point\n# h slope\n";
  for (const auto& [h, p] : smooth) ds += fmt::format("{} {}\n", plotnum(h), plotnum(p));
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
  // x range: the slopes and the fit windows (the window shading and the
  // fitted-order segment are not clipped to the graph by gnuplot).
  double xlo = std::numeric_limits<double>::infinity(), xhi = 0;
  for (const auto& q : sl)
    if (std::isfinite(q.first) && q.first > 0) xlo = std::min(xlo, q.first), xhi = std::max(xhi, q.first);
  for (const auto& c : s.checks)
    if (c.window && c.window->h_min > 0 && std::isfinite(c.window->h_max) && c.window->h_max >= c.window->h_min)
      xlo = std::min(xlo, c.window->h_min), xhi = std::max(xhi, c.window->h_max);
  if (xhi > 0 && xhi >= xlo) body += fmt::format("  set xrange [{:.17g}:{:.17g}]\n", xlo / 1.25, xhi * 1.25);
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
  const ImageFormat format = format_for(sl.size() + smooth.size());
  write_file(dir / (stem + ".gp"), header("local slopes, study " + s.id, stem) + terminal(stem, format, "900,450", body));
  run_gnuplot(gnuplot, dir, stem, format);
  return {stem + extension(format), stem + ".gp", {stem + ".dat", stem + "_sliding.dat"}};
}

Image draw_trajectory(Study& s, const fs::path& dir, const std::string& gnuplot) {
  const Trajectory& t = *s.traj;
  const std::size_t nb = t.ref_x[0].size();
  const std::string stem = s.slug + "_trajectory";
  auto dump = [&](const std::vector<double>& tt, const std::vector<std::vector<double>>& x,
                  const std::vector<std::vector<double>>& v, const std::string& what) {
    std::string d = "# " + one_script_line(s.id) + " " + what + ": t x_1..x_N v_1..v_N (N = " + std::to_string(nb) + ")\n";
    for (std::size_t k = 0; k < tt.size(); ++k) {
      d += plotnum(tt[k]);
      for (double q : x[k]) d += fmt::format(" {}", plotnum(q));
      for (double q : v[k]) d += fmt::format(" {}", plotnum(q));
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
  const ImageFormat format = format_for((t.t.size() + t.ref_t.size()) * 2 * nb);
  write_file(dir / (stem + ".gp"), header("trajectories, study " + s.id, stem) + terminal(stem, format, "900,700", body));
  run_gnuplot(gnuplot, dir, stem, format);
  return {stem + extension(format), stem + ".gp", {stem + "_ref.dat", stem + "_scheme.dat"}};
}

}  // namespace granconv::report_detail
