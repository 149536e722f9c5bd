#include "reports/figures/gnuplot.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "studies/support/child_process.hpp"

namespace granconv::report_detail {

namespace fs = std::filesystem;

// Text from a record or a catalogue inside a script or a data file: a
// control character (a newline above all) would end the line it sits in and
// let the rest run as commands, so each becomes a space.
std::string one_script_line(const std::string& s) {
  std::string o = s;
  for (char& c : o)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return o;
}

// A gnuplot single-quoted string literal ('' escapes a quote).
std::string gq(const std::string& s) {
  std::string o = "'";
  for (char c : one_script_line(s)) {
    if (c == '\'') o += "''";
    else o += c;
  }
  return o + "'";
}

ImageFormat format_for(std::size_t points) { return points <= 400 ? ImageFormat::svg : ImageFormat::png; }

const char* extension(ImageFormat f) { return f == ImageFormat::svg ? ".svg" : ".png"; }

std::string terminal(const std::string& stem, ImageFormat format, const std::string& size, const std::string& body) {
  std::string s;
  if (format == ImageFormat::svg)
    s += "set terminal svg size " + size + " dynamic enhanced font 'Helvetica,13' background rgb 'white'\n";
  else
    s += "set terminal png size " + size + " enhanced font 'Helvetica,11' background rgb 'white'\n";  // indexed colour: a fifth of pngcairo's bytes
  s += "set output " + gq(stem + extension(format)) + "\n";
  return s + body + "set output\n";
}

std::string plotnum(double v) { return std::isfinite(v) ? fmt::format("{:.7g}", v) : "NaN"; }

std::string header(const std::string& what, const std::string& stem) {
  return "# granconv report: " + one_script_line(what) + "\n# Generated file; re-run with: cd figures && gnuplot " +
         one_script_line(stem) + ".gp\nset encoding utf8\nreset\n";
}

// gnuplot runs like any other program (studies/support/child_process.hpp):
// without a shell, in DIR, its output to STEM.log, within a wall-clock
// budget: a script takes well under a second.
constexpr double kGnuplotSeconds = 120;

void run_gnuplot(const std::string& gnuplot, const fs::path& dir, const std::string& stem, ImageFormat format) {
  const fs::path script = dir / (stem + ".gp");
  const fs::path log = dir / (stem + ".log");
  ChildOptions o;
  o.dir = dir;
  o.budget_seconds = kGnuplotSeconds;
  o.stdout_name = stem + ".log";
  o.merge_stderr = true;
  const ChildOutcome run = run_child({gnuplot, stem + ".gp"}, o);
  if (run.end == ChildOutcome::End::not_started)
    throw std::runtime_error("report: cannot run " + gnuplot + " on script " + script.string() + ": " + run.start_error);
  if (!run.ok())
    throw std::runtime_error("report: gnuplot " + run.describe(o) + " on script " + script.string() + ":\n" +
                             run.stdout_tail);
  std::error_code ec;
  fs::remove(log, ec);
  const fs::path out = dir / (stem + extension(format));
  if (!fs::exists(out) || fs::file_size(out) == 0)
    throw std::runtime_error("report: gnuplot script " + script.string() + " produced no " + out.filename().string());
}

std::string datablock(const std::string& name, const std::vector<std::pair<double, double>>& pts) {
  std::string s = "$" + name + " << EOD\n";
  for (const auto& [x, y] : pts) s += fmt::format("{} {}\n", plotnum(x), plotnum(y));
  return s + "EOD\n";
}

}  // namespace granconv::report_detail
