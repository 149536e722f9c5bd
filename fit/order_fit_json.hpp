#pragma once
// An order fit as records store it: the one spelling that studies write, the
// atlas writes and the record check reads back (studies/core/record_verdicts.cpp).
// Non-finite numbers (a fit that failed, a drift of fewer than 4 points) are null.
#include <nlohmann/json.hpp>

#include "fit/order_fit.hpp"

namespace granconv {

inline nlohmann::json order_fit_json(const OrderFit& f) {
  return {{"ok", f.ok},
          {"order", f.order},
          {"ci95", {f.ci_lo, f.ci_hi}},
          {"std_error", f.std_error},
          {"intercept", f.intercept},
          {"window", {f.h_min, f.h_max}},
          {"points", f.points},
          {"slope_drift", f.slope_drift},
          {"slope_drift_se", f.slope_drift_se},
          {"kind", f.kind},
          {"window_source", f.window_source},
          {"message", f.message}};
}

}  // namespace granconv
