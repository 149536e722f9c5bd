#pragma once
// Claims of kind "order-sweep": how the observed order of an order claim
// drifts with one numeric scenario parameter (thesis ch. 3: the KK rate of
// damped Verlet is 3/2 or 2 depending on the damping constant).
//
// Catalogue fields (read at load by parse_order_sweep_spec):
//   base        id of an "order" claim; its first check (window, fit kind)
//               gives the observed order and 95% CI at every value
//   parameter   a numeric parameter of the base claim's scenario
//   label       how the parameter is written in tables and figures (default:
//               its name)
//   values      the sweep, strictly increasing and positive (drawn on a log
//               axis)
//   separate    optional [{value, label}]: further values (e.g. 0, which a log
//               axis cannot show) run like the sweep, listed in the table and
//               drawn as horizontal lines
//   guides      optional orders drawn as horizontal guides (default [1.5, 2])
//   checks      [{label, range: [lo, hi], expected_order, tolerance,
//               max_ci_width (default: the base check's)}]: at every value in
//               [lo, hi] (sweep and separate values), |order − expected| ≤
//               tolerance and the CI is at most max_ci_width wide; a range
//               that holds no value is an error
// The values run one after another, each study parallel over its step
// sizes, so the result does not depend on StudyOptions::jobs.
#include <string>
#include <vector>

#include "studies/core/verdict.hpp"

#include <nlohmann/json.hpp>

#include "studies/core/claim_kinds.hpp"

namespace granconv {

namespace order_sweep {

struct RangeCheck {
  std::string label;
  double lo = 0, hi = 0;
  double expected_order = 0, tolerance = 0;
  double max_ci_width = -1;  // < 0: the base check's
  std::vector<double> rivals;  // the orders the check rules out (studies/core/verdict.hpp)
};

struct Separate {
  double value = 0;
  std::string label;
};

struct Spec {
  std::string base, parameter, label;
  std::vector<double> values;
  std::vector<Separate> separate;
  std::vector<double> guides;
  std::vector<RangeCheck> checks;
};


// One value's fit.
struct Point {
  double value = 0;
  bool ok = false;  // a fit exists
  double order = 0, ci_lo = 0, ci_hi = 0;
  OrderFit fit;  // the whole fit when known (points > 0): its data decide too
};

struct RangeVerdict {
  Verdict verdict = Verdict::inconclusive;  // the worst of its points' (studies/core/verdict.hpp)
  bool pass = false;                        // verdict == pass
  int points = 0;  // values in the range
  double min_order = 0, max_order = 0, max_ci_width = 0;
  std::string reason;  // empty when it passed
};

// The check on the points whose value lies in [lo, hi] (relative slack 1e-12);
// `max_ci_width` must be resolved (≥ 0). Throws std::invalid_argument when no
// point lies in the range.
RangeVerdict check_range(const RangeCheck& check, const std::vector<Point>& points);

}  // namespace order_sweep

using OrderSweepSpec = order_sweep::Spec;
// The fields above; problems (missing, mistyped, inconsistent) go to the reader.
// The base claim is resolved at run time (it is another record of the catalogue).
OrderSweepSpec parse_order_sweep_spec(FieldReader& r);
ClaimResult run_order_sweep_claim(const Claim& claim, const OrderSweepSpec& spec, const StudyOptions& options);

}  // namespace granconv
