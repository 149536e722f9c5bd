// Text helpers of the report: HTML escaping, number formatting, file output.
// Internal to the report module.
#pragma once

#include <filesystem>
#include <string>

namespace granconv::report_detail {

std::string html(const std::string& s);  // escapes & < > " '

// Compact number: `prec` significant digits, scientific ("1e-4", "2.5e-13")
// for very small or large magnitudes; "–" for NaN/inf.
std::string g(double v, int prec = 3);
std::string fixed(double v, int prec = 2);  // "–" for NaN/inf
// 1.5 -> "{3/2}", 2 -> "2": gnuplot enhanced-text exponent for guide lines.
std::string exponent_label(double p);

void write_file(const std::filesystem::path& p, const std::string& text);  // throws on failure

}  // namespace granconv::report_detail
