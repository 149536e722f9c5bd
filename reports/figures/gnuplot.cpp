#include "reports/figures/gnuplot.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

namespace granconv::report_detail {

namespace fs = std::filesystem;

namespace {

// A POSIX-shell single-quoted word.
std::string shq(const std::string& s) {
  std::string o = "'";
  for (char c : s) {
    if (c == '\'') o += "'\\''";
    else o += c;
  }
  return o + "'";
}

std::string read_tail(const fs::path& p, std::size_t max_chars = 2000) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  if (s.size() > max_chars) s = "..." + s.substr(s.size() - max_chars);
  return s;
}
}  // namespace

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
  return "# granconv report: " + what + "\n# Generated file; re-run with: cd figures && gnuplot " + stem +
         ".gp\nset encoding utf8\nreset\n";
}

void run_gnuplot(const std::string& gnuplot, const fs::path& dir, const std::string& stem, ImageFormat format) {
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
