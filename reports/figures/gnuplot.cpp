#include "reports/figures/gnuplot.hpp"

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

std::string datablock(const std::string& name, const std::vector<std::pair<double, double>>& pts) {
  std::string s = "$" + name + " << EOD\n";
  for (const auto& [x, y] : pts) s += fmt::format("{:.17g} {:.17g}\n", x, y);
  return s + "EOD\n";
}

}  // namespace granconv::report_detail
