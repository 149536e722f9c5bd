#include "reports/format.hpp"

#include "reports/atomic_file.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

namespace granconv::report_detail {

namespace fs = std::filesystem;

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

// Compact number: 3 significant digits, scientific ("1e-4", "2.5e-13") for
// very small or large magnitudes.
std::string g(double v, int prec) {
  if (!std::isfinite(v)) return "–";
  const double a = std::abs(v);
  if (a == 0) return "0";  // also for -0
  if (a >= 1e-2 && a < 1e4) return fmt::format("{:.{}g}", v, prec);
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

std::string fixed(double v, int prec) {
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
  check_under_output_root(p);
  errno = 0;
  std::ofstream o(p, std::ios::binary);
  o << text;
  o.close();
  if (!o) {
    const int err = errno;  // the failed write's reason: a full disk, a file-size limit, ...
    throw std::runtime_error("report: cannot write " + p.string() + ": " + std::strerror(err ? err : EIO));
  }
}

}  // namespace granconv::report_detail
