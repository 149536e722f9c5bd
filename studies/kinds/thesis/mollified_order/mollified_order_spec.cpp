// The fields of a "mollified-order" claim, read at load
// (mollified_order_claims.hpp), and the rival of the prefactor they are held
// against.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "models/scenarios.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/step_grid_field.hpp"
#include "studies/kinds/thesis/mollified_order/mollified_order_detail.hpp"
#include "studies/support/catalogue_fields.hpp"

namespace granconv {

namespace mollified_order {

double rule_of_thumb_ratio(const MollifiedOrderSpec& s) {
  double lg = 0;
  for (double e : s.eps) lg += std::log(e) / double(s.eps.size());
  const double eg = std::exp(lg);
  return 2 * eg / s.v / (s.paper_c * std::pow(eg, s.paper_a));
}

}  // namespace mollified_order

using mollified_order::rule_of_thumb_ratio;

MollifiedOrderSpec parse_mollified_order_spec(FieldReader& r) {
  MollifiedOrderSpec s;
  s.scheme = read_scheme(r);
  const auto sc = read_scenario(r, std::nullopt, true);
  s.scenario = sc.scenario;
  s.params = sc.params;
  s.grid = read_step_grid(r);
  if (r.ok()) try {
      const auto p = make_problem<double>(s.scenario, s.params);
      check_grid_budget(r, s.grid, p.t_end, static_cast<std::size_t>(p.y0.size()), true);
    } catch (const std::exception& e) {
      r.problem("scenario", e.what());
    }
  s.eps = r.req<std::vector<double>>("eps", positive());
  r.check(s.eps.size() >= 3 && std::adjacent_find(s.eps.begin(), s.eps.end(), std::greater_equal<>()) == s.eps.end(),
          "eps", "needs at least 3 strictly increasing widths");
  s.ho = r.object("h_eps", [](FieldReader& h) {
    HEpsilonOptions o;
    o.order = h.req<double>("order", positive());
    o.band = h.req<double>("band", positive());
    o.half_width_decades = h.req<double>("half_width_decades", positive());
    o.min_points = h.req<int>("min_points", at_least(2));
    return o;
  });
  r.object("order_check", [&](FieldReader& c) {
    s.window_c = c.req<double>("window_c", positive());
    s.window_reason = c.req<std::string>("window_reason");
    c.check(!s.window_reason.empty(), "window_reason", "must not be empty");
    s.expected = c.req<double>("expected_order");
    s.tol = c.req<double>("tolerance", positive());
    s.max_ci = c.req<double>("max_ci_width", positive());
    s.min_points = c.req<int>("min_points", at_least(min_fit_points));
    s.unchecked = c.opt<std::vector<double>>("unchecked_eps", {});
    s.unchecked_reason = c.opt<std::string>("unchecked_reason", "");
    for (double u : s.unchecked)
      c.check(std::find(s.eps.begin(), s.eps.end(), u) != s.eps.end(), "unchecked_eps",
              fmt::format("lists {:g}, a width not in 'eps'", u));
    c.check(s.unchecked.empty() || !s.unchecked_reason.empty(), "unchecked_reason", "is needed with unchecked_eps");
    // The catalogue's loader holds the tolerance below half the gap to the rivals.
    s.rivals = c.req<std::vector<double>>("rivals");
    c.check(!s.rivals.empty(), "rivals", "must name the orders the check rules out");
    s.order_tolerance_source = source_of(c.json(), "tolerance");
    return 0;
  });
  r.object("kk_check", [&](FieldReader& c) {
    s.kk_window = c.interval("window", true, positive()).value_or(std::vector<double>{});
    s.kk_expected = c.req<double>("expected_order");
    s.kk_tol = c.req<double>("tolerance", positive());
    s.kk_max_ci = c.req<double>("max_ci_width", positive());
    s.kk_not_order = c.req<double>("not_order");
    s.kk_rivals = c.req<std::vector<double>>("rivals");
    c.check(!s.kk_rivals.empty(), "rivals", "must name the orders the check rules out");
    s.kk_tolerance_source = source_of(c.json(), "tolerance");
    return 0;
  });
  r.object("power_law", [&](FieldReader& p) {
    s.paper_a = p.req<double>("paper_exponent");
    s.paper_c = p.req<double>("paper_prefactor", positive());
    s.rival_a = p.req<double>("rival_exponent");
    // Optional (0: the prefactor is tabulated, not checked), so that the test
    // catalogues' copies of the kind need not carry it.
    s.prefactor_tol =
        p.opt<double>("prefactor_tolerance", 0.0, Range{1, std::numeric_limits<double>::infinity(), true, false});
    s.prefactor_tolerance_source = source_of(p.json(), "prefactor_tolerance");
    s.readings = p.list(
        "readings",
        [&](FieldReader& q) {
          HEpsilonOptions o = s.ho;
          o.band = q.req<double>("band", positive());
          o.half_width_decades = q.req<double>("half_width_decades", positive());
          return o;
        },
        false);
    return 0;
  });
  for (const auto& p : s.params)  // the last assignment wins, as in the scenario
    if (p.rfind("v=", 0) == 0) try {
        s.v = std::stod(p.substr(2));
      } catch (const std::exception&) {
        r.problem("params", "'" + p + "' is not a number");
      }
  r.check(s.v > 0, "params", "the approach speed v must be positive");
  if (r.ok() && s.prefactor_tol > 0) {
    const double rival = rule_of_thumb_ratio(s);
    r.check(std::log10(s.prefactor_tol) < std::abs(std::log10(rival)) / 2, "power_law",
            fmt::format("prefactor_tolerance {:g} is not below half the distance (a factor {:.3g}) to the rival 2ε/v, "
                        "{:.3g} times the thesis's law at the widths' geometric mean",
                        s.prefactor_tol, std::sqrt(rival), rival));
  }
  r.object("sqrt_figure", [&](FieldReader& f) {
    s.sqrt_eps = f.req<double>("eps", positive());
    s.sqrt_x_max = f.req<double>("x_max", positive());
    // Points of the figure's curves: 401 in the shipped th-mollified-verlet; 25 times that.
    s.sqrt_samples = f.req<int>("samples", between(2, 10000));
    return 0;
  });
  return s;
}

}  // namespace granconv
