// Generic figures carried by result records ("figures"): line plots and
// heatmaps (e.g. |R(z)| over the complex plane with the |R| = 1 level line,
// space–time diagrams of bead displacement over (t, bead index)).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reports/figures/figures.hpp"
#include "reports/format.hpp"
#include "reports/figures/gnuplot.hpp"
#include "studies/support/palette.hpp"

namespace granconv::report_detail {

namespace {

std::string numtxt(double v) { return plotnum(v); }

// A long series thinned for plotting (min/max per bucket, "M4"): in each of
// `buckets` runs of consecutive points the first, lowest, highest and last
// are kept, so peaks and the envelope survive at any screen resolution.
std::vector<std::size_t> thinned(const Series& s, std::size_t buckets) {
  std::vector<std::size_t> keep;
  const std::size_t n = s.x.size();
  if (n <= 4 * buckets) {
    for (std::size_t k = 0; k < n; ++k) keep.push_back(k);
    return keep;
  }
  for (std::size_t b = 0; b < buckets; ++b) {
    const std::size_t lo = n * b / buckets, hi = n * (b + 1) / buckets;
    std::size_t mn = lo, mx = lo;
    for (std::size_t k = lo; k < hi; ++k) {
      if (!(s.y[k] >= s.y[mn])) mn = std::isfinite(s.y[k]) ? k : mn;
      if (!(s.y[k] <= s.y[mx])) mx = std::isfinite(s.y[k]) ? k : mx;
    }
    for (std::size_t k : {lo, std::min(mn, mx), std::max(mn, mx), hi - 1})
      if (keep.empty() || k > keep.back()) keep.push_back(k);
  }
  return keep;
}

std::string range(const std::pair<double, double>& r) {
  auto end = [](double v) { return std::isfinite(v) ? fmt::format("{:.17g}", v) : std::string("*"); };
  return fmt::format("[{}:{}]", end(r.first), end(r.second));
}

// Axes, labels and title common to both figure types.
std::string axes(const Figure& f) {
  std::string b;
  if (!f.title.empty()) b += "  set title " + gq(f.title) + " noenhanced\n";
  if (!f.xlabel.empty()) b += "  set xlabel " + gq(f.xlabel) + " noenhanced\n";
  if (!f.ylabel.empty()) b += "  set ylabel " + gq(f.ylabel) + " noenhanced\n";
  if (f.logx) b += "  set logscale x\n  set format x '10^{%L}'\n";
  if (f.logy) b += "  set logscale y\n  set format y '10^{%L}'\n";
  if (f.equal_aspect) b += "  set size ratio -1\n";
  return b;
}

std::string with_clause(const Series& s, std::size_t index) {
  const std::string color = s.color.empty() ? palette::series[index % 10] : s.color;
  std::string w;
  if (s.style == "points") w = "with points pt 7 ps 0.6";
  else if (s.style == "linespoints") w = "with linespoints lw 1.5 pt 7 ps 0.6";
  else if (s.style == "dashes") w = "with lines lw 2 dt (8, 5)";
  else w = "with lines lw 2";
  return w + " lc rgb " + gq(color);
}

Image draw_lines(const Study& s, const Figure& f, const fs::path& dir, const std::string& gnuplot) {
  // One data block per series (gnuplot `index i`), separated by two blank lines.
  std::string d = "# " + one_script_line(s.id) + ", figure " + one_script_line(f.name) + ": one block per series, columns x y\n";
  std::vector<std::string> plots;
  std::size_t block = 0, points = 0;
  // About 8000 points per figure at most: 250 runs per series (four points
  // each, a run per ~3 px of the plot), fewer when the series are many.
  const std::size_t runs = std::clamp<std::size_t>(2000 / std::max<std::size_t>(1, f.series.size()), 60, 250);
  for (std::size_t i = 0; i < f.series.size(); ++i) {
    const Series& se = f.series[i];
    bool any = false;
    for (std::size_t k = 0; k < se.x.size(); ++k) any = any || (std::isfinite(se.x[k]) && std::isfinite(se.y[k]));
    if (!any) continue;  // an empty block would be a gnuplot error
    if (block) d += "\n\n";
    d += "# series " + std::to_string(i + 1) + ": " + one_script_line(se.title) + "\n";
    const auto keep = thinned(se, runs);
    if (keep.size() < se.x.size())
      d += fmt::format("# thinned for plotting: {} of {} points (first, min, max, last of {} runs); every point is "
                       "in the result record\n", keep.size(), se.x.size(), runs);
    for (std::size_t k : keep) d += fmt::format("{} {}\n", numtxt(se.x[k]), numtxt(se.y[k]));
    points += keep.size();
    plots.push_back(gq(f.stem + ".dat") + fmt::format(" index {} using 1:2 ", block) + with_clause(se, i) +
                    (se.title.empty() ? " notitle" : " title " + gq(se.title) + " noenhanced"));
    ++block;
  }
  write_file(dir / (f.stem + ".dat"), d);
  std::string b = axes(f);
  b += "  set grid xtics ytics lc rgb '#e6e6e6'\n  set autoscale xfix\n";
  b += f.key.empty() ? std::string("  set key outside right top samplen 3 spacing 1.1 font ',10'\n")
                     : "  set key inside " + f.key + " opaque box lc rgb '#cccccc' samplen 3 spacing 1.1 font ',10'\n";
  if (f.xrange) b += "  set xrange " + range(*f.xrange) + "\n";
  if (f.yrange) b += "  set yrange " + range(*f.yrange) + "\n";
  if (plots.empty()) {
    if (!f.xrange) b += "  set xrange [0:1]\n";
    if (!f.yrange) b += "  set yrange [0:1]\n";
    b += "  set label 1 'no data' at graph 0.5, 0.5 center\n  plot NaN notitle\n";
  } else {
    b += "  plot ";
    for (std::size_t i = 0; i < plots.size(); ++i) b += (i ? ", \\\n       " : "") + plots[i];
    b += "\n";
  }
  const ImageFormat format = format_for(points);
  write_file(dir / (f.stem + ".gp"),
             header("figure " + f.name + " of " + s.id, f.stem) + terminal(f.stem, format, "1000,560", b));
  run_gnuplot(gnuplot, dir, f.stem, format);
  return {f.stem + extension(format), f.stem + ".gp", {f.stem + ".dat"}};
}

// Uniformly spaced, increasing (within 0.1% of the step): drawable `with image`.
bool uniform(const std::vector<double>& v) {
  if (v.size() < 2) return false;
  const double step = (v.back() - v.front()) / static_cast<double>(v.size() - 1);
  if (!(step > 0) || !std::isfinite(step)) return false;
  for (std::size_t i = 1; i < v.size(); ++i)
    if (!(std::abs(v[i] - v[i - 1] - step) <= 1e-3 * step)) return false;
  return true;
}

// Cell edges around grid points: midpoints between neighbours (geometric on a
// log axis), the end cells as wide as their neighbours.
std::vector<double> edges(const std::vector<double>& v, bool log) {
  std::vector<double> e(v.size() + 1);
  auto mid = [&](double a, double b) { return log && a > 0 && b > 0 ? std::sqrt(a * b) : 0.5 * (a + b); };
  for (std::size_t i = 1; i < v.size(); ++i) e[i] = mid(v[i - 1], v[i]);
  const std::size_t n = v.size();
  if (log && v[0] > 0 && v[1] > 0 && v[n - 1] > 0 && v[n - 2] > 0) {
    e[0] = v[0] * std::sqrt(v[0] / v[1]);
    e[n] = v[n - 1] * std::sqrt(v[n - 1] / v[n - 2]);
  } else {
    e[0] = v[0] - (e[1] - v[0]);
    e[n] = v[n - 1] + (v[n - 1] - e[n - 1]);
  }
  return e;
}

// Every cell's value printed in it (on a large grid, at a lattice of about
// 8 × 8 cells); a cell without a value says why ("no value" when the record
// does not). Text is white on the dark end of the palette.
std::string cell_labels(const Figure& f, double zlo, double zhi) {
  const std::size_t nx = f.x.size(), ny = f.y.size();
  const bool all = nx * ny <= 400;
  const std::size_t sx = all ? 1 : (nx + 7) / 8, sy = all ? 1 : (ny + 7) / 8;
  // The lattice centred on the grid: its first and last lines equally far from the edges.
  const std::size_t x0 = (nx - 1 - (nx - 1) / sx * sx) / 2, y0 = (ny - 1 - (ny - 1) / sy * sy) / 2;
  std::string b;
  int n = 100;
  for (std::size_t j = y0; j < ny; j += sy)
    for (std::size_t i = x0; i < nx; i += sx) {
      const double z = f.z[j][i];
      std::string text, color = "'#555555'";
      if (std::isfinite(z)) {
        text = g(z, 2);
        const double t = zhi > zlo ? (std::min(z, zhi) - zlo) / (zhi - zlo) : 1;
        color = t < 0.55 ? "'#ffffff'" : "'#000000'";
      } else {
        text = j < f.blank.size() && i < f.blank[j].size() && !f.blank[j][i].empty() ? f.blank[j][i] : "no value";
      }
      b += fmt::format("  set label {} {} at {}, {} center front noenhanced font ',{}' tc rgb {}\n", n++, gq(text),
                       numtxt(f.x[i]), numtxt(f.y[j]), all ? 9 : 10, color);
    }
  return b;
}

Image draw_heatmap(const Study& s, const Figure& f, const fs::path& dir, const std::string& gnuplot) {
  // Grid format (one block per y value: x y z, and on a non-uniform grid the
  // cell x_lo x_hi y_lo y_hi) serves `with image`, the cell boxes and contouring.
  // `with image` on large uniform grids (the browser smooths an SVG's image,
  // so small grids, whose cells are read one by one, are drawn as boxes).
  const bool image = uniform(f.x) && uniform(f.y) && !f.logx && !f.logy && f.x.size() * f.y.size() > 400;
  const std::vector<double> ex = edges(f.x, f.logx), ey = edges(f.y, f.logy);
  // A uniform grid is written as gnuplot's "nonuniform matrix" (first row:
  // the column count and the x values; then y and that row's z values),
  // a third of the x y z lines' size; a non-uniform one as x y z and the cell
  // x_lo x_hi y_lo y_hi, one block per y value (boxes need the edges).
  std::string d = "# " + one_script_line(s.id) + ", figure " + one_script_line(f.name) +
                  (image ? ": nonuniform matrix (row 1: count, x values; then y, z per x)\n"
                         : ": x y z x_lo x_hi y_lo y_hi, one block per y value\n");
  double zlo = std::numeric_limits<double>::infinity(), zhi = -zlo;
  if (image) {
    d += std::to_string(f.x.size());
    for (double x : f.x) d += fmt::format(" {}", numtxt(x));
    d += "\n";
  }
  for (std::size_t j = 0; j < f.y.size(); ++j) {
    if (image) d += numtxt(f.y[j]);
    for (std::size_t i = 0; i < f.x.size(); ++i) {
      const double z = f.z[j][i];
      if (image)
        d += fmt::format(" {}", numtxt(z));
      else
        d += fmt::format("{} {} {} {} {} {} {}\n", numtxt(f.x[i]), numtxt(f.y[j]), numtxt(z), numtxt(ex[i]),
                         numtxt(ex[i + 1]), numtxt(ey[j]), numtxt(ey[j + 1]));
      if (std::isfinite(z)) zlo = std::min(zlo, z), zhi = std::max(zhi, z);
    }
    d += "\n";
  }
  write_file(dir / (f.stem + ".dat"), d);
  const std::string dat = gq(f.stem + ".dat") + (image ? " nonuniform matrix" : ""), cont = gq(f.stem + "_contour.dat");
  const bool cap = std::isfinite(f.zmax);
  const std::string zexpr = cap ? fmt::format("($3 > {0:.17g} ? {0:.17g} : $3)", f.zmax) : "3";

  std::string pre;
  const bool contour = std::isfinite(f.contour);
  if (contour) {
    // The level line, traced once by gnuplot into a table and overlaid below.
    pre += "set table " + cont + "\nset contour base\nset cntrparam linear\n";
    pre += fmt::format("set cntrparam levels discrete {:.17g}\n", f.contour);
    pre += "unset surface\nsplot " + dat + " using 1:2:3 with lines notitle\nunset table\nreset\n";
  }
  std::string b = axes(f);
  b += "  set palette defined (0 '#440154', 1 '#3b528b', 2 '#21918c', 3 '#5ec962', 4 '#fde725')\n";
  if (!f.zlabel.empty()) b += "  set cblabel " + gq(f.zlabel) + " noenhanced\n";
  if (std::isfinite(zlo)) {
    const double hi = cap && f.zmax > zlo ? f.zmax : zhi;
    if (hi > zlo) b += fmt::format("  set cbrange [{:.17g}:{:.17g}]\n", zlo, hi);
  }
  const auto [xmin, xmax] = std::minmax_element(ex.begin(), ex.end());
  const auto [ymin, ymax] = std::minmax_element(ey.begin(), ey.end());
  b += "  set xrange " + (f.xrange ? range(*f.xrange) : range({*xmin, *xmax})) + "\n";
  b += "  set yrange " + (f.yrange ? range(*f.yrange) : range({*ymin, *ymax})) + "\n";
  b += "  set tics out nomirror\n  set border lw 1\n";
  auto tics = [](const char* axis, const std::vector<double>& at, const std::vector<std::string>& labels) {
    std::string t = fmt::format("  set {}tics (", axis);
    for (std::size_t i = 0; i < labels.size(); ++i) t += (i ? ", " : "") + gq(labels[i]) + " " + numtxt(at[i]);
    return t + ") noenhanced" + (axis[0] == 'x' ? " rotate by 35 right" : "") + "\n";
  };
  if (!f.xtics.empty()) b += tics("x", f.x, f.xtics);
  if (!f.ytics.empty()) b += tics("y", f.y, f.ytics);
  if (std::isfinite(zlo)) b += cell_labels(f, zlo, cap && f.zmax > zlo ? f.zmax : zhi);
  else b += cell_labels(f, 0, 0);
  std::string label = f.contour_label;
  if (label.empty() && contour) label = (f.zlabel.empty() ? "level" : f.zlabel) + " = " + g(f.contour, 4);
  std::string overlay;
  if (contour) {
    b += "  set bmargin 5.5\n  set key below samplen 3 font ',10'\n";
    overlay = ", \\\n       " + cont + " using 1:2 with lines lw 4 lc rgb 'white' notitle, \\\n       " + cont +
              " using 1:2 with lines lw 2 lc rgb 'black' title " + gq(label) + " noenhanced";
  } else {
    b += "  unset key\n";
  }
  if (image) {
    b += "  plot " + dat + " using 1:2:" + zexpr + " with image notitle" + overlay + "\n";
  } else {  // non-uniform grid: one filled box per cell
    // (bordered in their own colour: no antialiasing seams between cells)
    b += "  set style fill solid 1.0 border\n";
    b += "  plot " + dat + " using 1:2:4:5:6:7:" + zexpr + " with boxxyerror lw 1 lc palette notitle" + overlay + "\n";
  }
  const ImageFormat format = format_for(f.x.size() * f.y.size());
  write_file(dir / (f.stem + ".gp"),
             header("figure " + f.name + " of " + s.id, f.stem) + pre + terminal(f.stem, format, "630,540", b));
  run_gnuplot(gnuplot, dir, f.stem, format);
  Image img{f.stem + extension(format), f.stem + ".gp", {f.stem + ".dat"}};
  if (contour) img.data.push_back(f.stem + "_contour.dat");
  return img;
}

}  // namespace

Image draw_figure(const Study& s, const Figure& f, const fs::path& dir, const std::string& gnuplot) {
  if (f.type == "lines") return draw_lines(s, f, dir, gnuplot);
  if (f.type == "heatmap") return draw_heatmap(s, f, dir, gnuplot);
  bad(s.file, "figure \"" + f.name + "\": unknown figure type \"" + f.type + "\"");
}

void check_figure_stems(const std::vector<Study>& studies) {
  // Stems written for "order" records, then every generic figure's.
  std::map<std::string, std::string> owner;
  for (const auto& s : studies) {
    if (!s.is_order()) continue;
    for (const char* suffix : {"", "_slopes", "_slopes_sliding", "_trajectory", "_trajectory_ref", "_trajectory_scheme"})
      owner.emplace(s.slug + suffix, "study " + s.id);
    owner.emplace(slugify(s.group) + "_convergence", "figure group " + s.group);
  }
  for (const auto& s : studies)
    for (const auto& f : s.figures) {
      std::vector<std::string> stems{f.stem};
      if (std::isfinite(f.contour)) stems.push_back(f.stem + "_contour");
      for (const auto& stem : stems) {
        auto [it, fresh] = owner.emplace(stem, "figure " + f.name + " of " + s.id);
        if (!fresh)
          bad(s.file, "figure \"" + f.name + "\": file name \"" + stem + "\" collides with " + it->second);
      }
    }
}

}  // namespace granconv::report_detail
