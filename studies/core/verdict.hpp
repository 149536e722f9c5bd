#pragma once
// Verdicts of checks and claims: "pass", "fail" or "inconclusive".
//
// The rule for a fitted order (docs/verdicts-and-fitting.md):
//   1. too little data (no fit, < 6 points or < 1 decade of h actually used,
//      or a CI wider than the claim's bound) is inconclusive;
//   2. the whole 95% CI inside expected ± tolerance is a pass;
//   3. the whole CI outside that band, or inside a rival ± tolerance, is a fail;
//   4. anything else (the CI straddles an edge of the band) is inconclusive;
//   5. the catalogue's tolerance is below half the distance to the nearest
//      rival (checked on load), so a pass and a rival cannot both hold;
//   6. a fit whose local slope drifts across the points it uses by more than
//      the tolerance (and by more than 2 standard errors of that drift) does
//      not measure an asymptotic order, declared window or detected: it is
//      inconclusive, unless its CI fails and the slope stays outside the band
//      at both ends of the window (then the fail stands).
//   Rule 6 takes the tolerance as its threshold a priori: a slope that changes
//   by more than the band's half-width inside the window would move the
//   fitted order by as much as the band allows with the window's placement.
#include <string>
#include <vector>

#include "fit/order_fit.hpp"

namespace granconv {

enum class Verdict { pass, inconclusive, fail };

const char* to_string(Verdict v);
Verdict verdict_from_string(const std::string& s);  // throws on anything else
// A claim's verdict from its checks': fail beats inconclusive beats pass.
Verdict combine(Verdict a, Verdict b);
// `--check` exit status: 0 pass, 1 fail, 3 inconclusive (2 is bad input).
int exit_status(Verdict v);
// "PASS", "FAIL", "INCONCLUSIVE": the terminal's spelling.
std::string shout(Verdict v);

struct OrderVerdict {
  Verdict verdict = Verdict::inconclusive;
  std::string reason;  // why it is not a pass; empty for a pass
};

// Minimum data behind a fit that may pass or fail.
constexpr int min_fit_points = 6;
constexpr double min_fit_decades = 1.0;

// Rule 6: the fit's slope drift is larger than `tolerance` and than 2 SE.
bool slope_drifts(const OrderFit& fit, double tolerance);
// Rules 1-4 and 6 above for a fit (rivals: the orders the claim rules out).
OrderVerdict order_verdict(const OrderFit& fit, double expected, double tolerance, const std::vector<double>& rivals,
                           double max_ci_width);
// Rules 2-4 only, for a CI alone (a sweep of fits that has its own data rule).
OrderVerdict interval_verdict(double lo, double hi, double expected, double tolerance,
                              const std::vector<double>& rivals);

}  // namespace granconv
