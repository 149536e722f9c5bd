#include "studies/core/verdict.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace granconv {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::pass: return "pass";
    case Verdict::fail: return "fail";
    case Verdict::inconclusive: return "inconclusive";
  }
  return "inconclusive";
}

Verdict verdict_from_string(const std::string& s) {
  if (s == "pass") return Verdict::pass;
  if (s == "fail") return Verdict::fail;
  if (s == "inconclusive") return Verdict::inconclusive;
  throw std::invalid_argument("verdict must be 'pass', 'fail' or 'inconclusive', not '" + s + "'");
}

Verdict combine(Verdict a, Verdict b) { return static_cast<int>(a) >= static_cast<int>(b) ? a : b; }

int exit_status(Verdict v) { return v == Verdict::pass ? 0 : v == Verdict::fail ? 1 : 3; }

std::string shout(Verdict v) {
  std::string s = to_string(v);
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

OrderVerdict interval_verdict(double lo, double hi, double expected, double tolerance,
                              const std::vector<double>& rivals) {
  const double band_lo = expected - tolerance, band_hi = expected + tolerance;
  if (lo >= band_lo && hi <= band_hi) return {Verdict::pass, ""};
  if (hi < band_lo || lo > band_hi)
    return {Verdict::fail, fmt::format("95% CI [{:.3f}, {:.3f}] lies outside {} ± {}", lo, hi, expected, tolerance)};
  for (double r : rivals)
    if (lo >= r - tolerance && hi <= r + tolerance)
      return {Verdict::fail, fmt::format("95% CI [{:.3f}, {:.3f}] lies at the rival {} (± {})", lo, hi, r, tolerance)};
  return {Verdict::inconclusive,
          fmt::format("95% CI [{:.3f}, {:.3f}] straddles an edge of {} ± {}", lo, hi, expected, tolerance)};
}

bool slope_drifts(const OrderFit& f, double tolerance) {
  return std::isfinite(f.slope_drift) && std::isfinite(f.slope_drift_se) &&
         std::abs(f.slope_drift) > std::max(tolerance, 2 * f.slope_drift_se);
}

OrderVerdict order_verdict(const OrderFit& f, double expected, double tolerance, const std::vector<double>& rivals,
                           double max_ci_width) {
  if (!f.ok) return {Verdict::inconclusive, "no fit: " + f.message};
  if (f.points < min_fit_points)
    return {Verdict::inconclusive, fmt::format("{} points fitted (fewer than {})", f.points, min_fit_points)};
  const double decades = std::log10(f.h_max / f.h_min);
  if (!(decades >= min_fit_decades * (1 - 1e-9)))
    return {Verdict::inconclusive, fmt::format("the points fitted span {:.2f} decades of h [{:.3g}, {:.3g}] "
                                               "(less than {:g})", decades, f.h_min, f.h_max, min_fit_decades)};
  OrderVerdict v = interval_verdict(f.ci_lo, f.ci_hi, expected, tolerance, rivals);
  if (slope_drifts(f, tolerance)) {
    // The local slopes at the two ends of the fitted points: a fail stands
    // only where neither end comes into the band.
    const double fine = f.order - f.slope_drift / 2, coarse = f.order + f.slope_drift / 2;
    const double lo = std::min(fine, coarse), hi = std::max(fine, coarse);
    const bool outside = hi < expected - tolerance || lo > expected + tolerance;
    const std::string drift = fmt::format(
        "the local slope drifts by {:+.3f} (± {:.3f}, 1 SE) across the points fitted, from {:.3f} at h = {:.3g} to "
        "{:.3f} at h = {:.3g}, more than the tolerance {}", f.slope_drift, f.slope_drift_se, fine, f.h_min, coarse,
        f.h_max, tolerance);
    if (v.verdict == Verdict::fail && outside) return {Verdict::fail, v.reason + "; " + drift + ", outside the band at both ends"};
    return {Verdict::inconclusive, drift + ": the window does not measure an asymptotic order"};
  }
  if (v.verdict != Verdict::fail && max_ci_width > 0 && f.ci_hi - f.ci_lo > max_ci_width)
    return {Verdict::inconclusive, fmt::format("95% CI width {:.3f} exceeds {}", f.ci_hi - f.ci_lo, max_ci_width)};
  return v;
}

}  // namespace granconv
