#pragma once
// Command-line validators for floating options. CLI11's PositiveNumber lets
// "nan" through (every comparison with NaN is false) and prints DBL_MAX to
// 309 digits for "1e400"; these parse the text themselves and say what is
// wrong in a few words.
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdlib>
#include <string>

namespace granconv::cli {

// what: the noun of the message ("time", "step size", "tolerance", ...).
inline CLI::Validator finite_number(const std::string& what, bool positive) {
  return CLI::Validator(
      [what, positive](std::string& text) -> std::string {
        const char* begin = text.c_str();
        char* end = nullptr;
        const double v = std::strtod(begin, &end);
        const std::string noun = std::string(positive ? "a finite positive " : "a finite ") + what;
        if (end == begin || *end != '\0') return "must be " + noun + ", got '" + text + "'";
        if (!std::isfinite(v)) return "must be " + noun + ", got '" + text + "' (not finite)";
        if (positive && !(v > 0)) return "must be " + noun + ", got '" + text + "'";
        return {};
      },
      positive ? "FINITE > 0" : "FINITE");
}

}  // namespace granconv::cli
