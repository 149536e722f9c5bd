// The checks of the contact-dynamics kind: a relative deviation, with a 95%
// interval over seeds, and a log-log slope against N_I, under the rules of
// studies/core/verdict.hpp.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "fit/order_fit.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/verdict.hpp"
#include "studies/support/record_helpers.hpp"
#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_detail.hpp"

namespace granconv::contact_dynamics {

using nlohmann::json;

json relative_check(const std::string& label, double paper, double observed, double tol) {
  const double rel = observed / paper - 1;
  return {{"label", label},
          {"paper", sig(paper, 5)},
          {"observed", fmt::format("{:.5g} ({:+.2f}%)", observed, 100 * rel)},
          {"tolerance", fmt::format("± {:g}%", 100 * tol)},
          {"pass", std::abs(rel) <= tol}};
}

// relative_check under the equivalence rule of studies/core/verdict.hpp: the whole
// 95% CI [lo, hi] of observed/paper − 1 inside ± tol passes, wholly outside
// fails, else inconclusive; fewer than min_fit_points seeds are inconclusive.
// The rival sits at rival/paper − 1 (a CI inside rival ± tol fails).
json relative_ci_check(const std::string& label, double paper, double observed, double lo, double hi, double tol,
                       int samples, const json& source, double rival) {
  json c = relative_check(label, paper, observed, tol);
  const double rival_rel = rival / paper - 1;
  const OrderVerdict v = samples < min_fit_points
                             ? OrderVerdict{Verdict::inconclusive,
                                            fmt::format("{} seeds (fewer than {})", samples, min_fit_points)}
                             : interval_verdict(lo, hi, 0, tol, {rival_rel});
  c["rival"] = sig(rival, 5);
  c["rival_relative"] = sig(rival_rel, 4);
  c["observed"] = fmt::format("{:.5g} ({:+.2f}%, 95% CI [{:+.2f}%, {:+.2f}%] over {} seeds)", observed,
                              100 * (observed / paper - 1), 100 * lo, 100 * hi, samples);
  c["tolerance"] = fmt::format("whole 95% CI in ± {:g}%", 100 * tol);
  c["ci95"] = {lo, hi};
  c["tolerance_source"] = source;
  c["verdict"] = to_string(v.verdict);
  if (!v.reason.empty()) c["reason"] = v.reason;
  return c;
}

// A slope of log y against log x (x: N_I) under the rule of studies/core/verdict.hpp,
// data rule included (≥ min_fit_points values of N_I over ≥ a decade).
json slope_check(const std::string& label, const std::vector<double>& x, const std::vector<double>& y,
                 double expected, double tol, double rival, const json& source) {
  FitOptions fo;
  fo.window = FitWindow{*std::min_element(x.begin(), x.end()) * (1 - 1e-9),
                        *std::max_element(x.begin(), x.end()) * (1 + 1e-9)};
  const OrderFit f = fit_order(x, y, std::vector<bool>(x.size(), true), fo);
  const OrderVerdict v = order_verdict(f, expected, tol, {rival}, 0);
  json c = {{"label", label},
            {"paper", expected},
            {"observed", f.ok ? fmt::format("{:.4f}, 95% CI [{:.4f}, {:.4f}] ({} values of N_I)", f.order, f.ci_lo,
                                            f.ci_hi, f.points)
                              : "no fit: " + f.message},
            {"tolerance", fmt::format("whole 95% CI in {} ± {}", expected, tol)},
            {"ci95", {f.ci_lo, f.ci_hi}},
            {"rival", rival},
            {"tolerance_source", source},
            {"verdict", to_string(v.verdict)},
            {"pass", v.verdict == Verdict::pass}};
  if (!v.reason.empty()) c["reason"] = v.reason;
  return c;
}

}  // namespace granconv::contact_dynamics
