#pragma once
// Small helpers every claim kind uses to write its result record.
#include <chrono>
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace granconv {

// v rounded to `digits` significant digits, as records store it (the report
// prints what the record holds). Non-finite values pass unchanged. Values
// below `zero_below` in magnitude are stored as 0 (the kinds that record
// forces or velocities far ahead of a wave pass their own cut-off), and so
// are subnormals, which std::stod refuses.
inline double sig(double v, int digits, double zero_below = 0) {
  if (!std::isfinite(v)) return v;
  if (std::abs(v) < zero_below || (v != 0 && std::abs(v) < std::numeric_limits<double>::min())) return 0.0;
  return std::stod(fmt::format("{:.{}g}", v, digits));
}

// Wall-clock seconds since t0 (the records' "seconds": timings, never compared).
inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// One entry of a result record's "checks" (studies/core/claim_kinds.hpp): what the
// paper states, what we observe, the tolerance (a number or prose), and pass.
inline nlohmann::json check_entry(const std::string& label, nlohmann::json paper, nlohmann::json observed,
                                  nlohmann::json tolerance, bool pass) {
  return {{"label", label}, {"paper", std::move(paper)}, {"observed", std::move(observed)},
          {"tolerance", std::move(tolerance)}, {"pass", pass}};
}

}  // namespace granconv
