#include "studies/kinds/thesis/order_sweep/order_sweep_claims.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <stdexcept>

#include <fmt/format.h>

#include "models/scenarios.hpp"
#include "studies/core/catalogue.hpp"
#include "studies/support/record_helpers.hpp"
#include "studies/support/palette.hpp"

namespace granconv {

namespace order_sweep {

namespace {

using nlohmann::json;

bool in_range(double v, double lo, double hi) {
  const double slack = 1e-12 * std::max(std::abs(lo), std::abs(hi));
  return v >= lo - slack && v <= hi + slack;
}

}  // namespace

RangeVerdict check_range(const RangeCheck& c, const std::vector<Point>& points) {
  if (c.max_ci_width < 0) throw std::logic_error("check_range: unresolved max_ci_width");
  RangeVerdict v;
  v.min_order = INFINITY;
  v.max_order = -INFINITY;
  std::vector<std::string> bad;
  v.verdict = Verdict::pass;
  for (const auto& p : points) {
    if (!in_range(p.value, c.lo, c.hi)) continue;
    ++v.points;
    if (p.ok) {
      v.min_order = std::min(v.min_order, p.order);
      v.max_order = std::max(v.max_order, p.order);
      v.max_ci_width = std::max(v.max_ci_width, p.ci_hi - p.ci_lo);
    }
    const OrderVerdict pv =
        !p.ok              ? OrderVerdict{Verdict::inconclusive, "no fit"}
        : p.fit.points > 0 ? order_verdict(p.fit, c.expected_order, c.tolerance, c.rivals, c.max_ci_width)
        : p.ci_hi - p.ci_lo > c.max_ci_width
            ? OrderVerdict{Verdict::inconclusive, fmt::format("CI width {:.3f}", p.ci_hi - p.ci_lo)}
            : interval_verdict(p.ci_lo, p.ci_hi, c.expected_order, c.tolerance, c.rivals);
    v.verdict = combine(v.verdict, pv.verdict);
    if (pv.verdict != Verdict::pass) bad.push_back(fmt::format("{} at {}: {}", to_string(pv.verdict), p.value, pv.reason));
  }
  if (v.points == 0)
    throw std::invalid_argument(fmt::format("check '{}': no value in [{}, {}]", c.label, c.lo, c.hi));
  for (const auto& b : bad) v.reason += (v.reason.empty() ? "" : "; ") + b;
  v.pass = v.verdict == Verdict::pass;
  return v;
}

}  // namespace order_sweep

OrderSweepSpec parse_order_sweep_spec(FieldReader& r) {
  using namespace order_sweep;
  Spec s;
  s.base = r.req<std::string>("base");
  s.parameter = r.req<std::string>("parameter");
  s.label = r.opt<std::string>("label", s.parameter);
  // Drawn on a log axis: 0 goes under "separate".
  s.values = r.req<std::vector<double>>("values", positive());
  r.check(s.values.size() >= 2, "values", "must hold at least two values");
  // Each value is a whole order study of the base claim: 12 in the shipped
  // th-kk-verlet-damping, a limit about 16 times that.
  constexpr std::size_t kMaxValues = 200;
  r.check(s.values.size() <= kMaxValues, "values",
          fmt::format("holds {} values, above the limit of {}", s.values.size(), kMaxValues));
  r.check(std::adjacent_find(s.values.begin(), s.values.end(), std::greater_equal<>()) == s.values.end(), "values",
          "must be strictly increasing");
  s.separate = r.list(
      "separate",
      [&](FieldReader& f) {
        Separate sep{f.req<double>("value"), f.req<std::string>("label")};
        f.check(std::find(s.values.begin(), s.values.end(), sep.value) == s.values.end(), "value",
                fmt::format("{} is also a sweep value", sep.value));
        return sep;
      },
      false);
  s.guides = r.opt<std::vector<double>>("guides", {1.5, 2.0});
  s.checks = r.list("checks", [&](FieldReader& f) {
    RangeCheck c;
    c.label = f.req<std::string>("label");
    const auto range = f.req<std::vector<double>>("range");
    const bool ordered = range.size() == 2 && range[0] <= range[1];
    f.check(ordered, "range", "must be [lo, hi] with lo ≤ hi");
    if (ordered) {
      c.lo = range[0];
      c.hi = range[1];
      // A range that no run falls into would check nothing.
      const bool hit =
          std::any_of(s.values.begin(), s.values.end(), [&](double v) { return in_range(v, c.lo, c.hi); }) ||
          std::any_of(s.separate.begin(), s.separate.end(), [&](const Separate& p) { return in_range(p.value, c.lo, c.hi); });
      f.check(hit, "range", "holds no sweep or separate value");
    }
    c.expected_order = f.req<double>("expected_order");
    c.tolerance = f.req<double>("tolerance", positive());
    c.rivals = f.opt<std::vector<double>>("rivals", {});
    c.max_ci_width = f.opt<double>("max_ci_width", -1, positive());
    return c;
  });
  return s;
}


namespace {

using nlohmann::json;

// The base claim with `key` set to `value` (replacing the claim's own
// assignment, if any).
Claim with_parameter(const Claim& base, const std::string& key, double value) {
  Claim c = base;
  const std::string assignment = fmt::format("{}={:.17g}", key, value);
  auto it = std::find_if(c.params.begin(), c.params.end(),
                         [&](const std::string& p) { return p.substr(0, p.find('=')) == key; });
  if (it != c.params.end())
    *it = assignment;
  else
    c.params.push_back(assignment);
  return c;
}

struct SweptRun {
  double value = 0;
  std::string label;  // empty for sweep values
  StudyResult study;
};

const std::vector<std::string> kColors = {palette::blue,  palette::orange, palette::green,  palette::red,  palette::purple,
                                          palette::brown, palette::pink,   palette::grey,   palette::olive, palette::cyan,
                                          palette::indigo, palette::moss,  palette::maroon, palette::plum};

}  // namespace

ClaimResult run_order_sweep_claim(const Claim& claim, const OrderSweepSpec& spec, const StudyOptions& options) {
  using namespace order_sweep;
  const auto wall = std::chrono::steady_clock::now();
  const std::string where = "claim '" + claim.id + "'";
  const auto catalogue = load_catalogue(default_claims_file());
  Claim base = find_claim(catalogue, spec.base);
  // Model perturbations (--param) reach every study of the sweep (never the
  // swept parameter: check_overrides).
  base.params.insert(base.params.end(), options.params.begin(), options.params.end());
  if (base.kind != "order")
    throw std::invalid_argument(where + ": base '" + base.id + "' is of kind " + base.kind + ", not an order claim");
  if (!scenario_info(base.scenario).defaults.values().count(spec.parameter))
    throw std::invalid_argument(where + ": scenario '" + base.scenario + "' of base '" + base.id +
                                "' has no numeric parameter '" + spec.parameter + "'");
  if (base.gamma_per_h && spec.parameter == "gamma")
    throw std::invalid_argument(where + ": base '" + base.id + "' couples gamma to h; it cannot be swept");
  const OrderCheck& fit_check = base.checks.front();

  std::vector<SweptRun> runs;
  for (double v : spec.values) runs.push_back({v, "", {}});
  for (const auto& s : spec.separate) runs.push_back({s.value, s.label, {}});
  StudyOptions opt = options;
  opt.progress = nullptr;  // per-study progress would restart for every value
  for (auto& r : runs) r.study = run_study(with_parameter(base, spec.parameter, r.value), opt);

  std::vector<Point> points;
  for (const auto& r : runs) {
    const auto& f = r.study.checks.front().used();
    points.push_back({r.value, f.ok, f.order, f.ci_lo, f.ci_hi, f});
  }

  CheckList checks;
  for (auto c : spec.checks) {
    if (c.max_ci_width < 0) c.max_ci_width = fit_check.max_ci_width;
    const RangeVerdict v = check_range(c, points);
    checks.add({{"label", fmt::format("{} ({} values of {} in [{:g}, {:g}])", c.label, v.points, spec.label, c.lo,
                                      c.hi)},
                {"paper", c.expected_order},
                {"observed", fmt::format("order {:.3f} … {:.3f}, CI width ≤ {:.3f}{}", v.min_order, v.max_order,
                                         v.max_ci_width, v.pass ? "" : " — " + v.reason)},
                {"tolerance", fmt::format("± {}, CI width ≤ {}", c.tolerance, c.max_ci_width)},
                {"rivals", c.rivals},
                {"pass", v.pass},
                {"verdict", to_string(v.verdict)}});
  }

  const std::string window =
      fit_check.window ? fmt::format("h ∈ [{:g}, {:g}]", fit_check.window->h_min, fit_check.window->h_max)
                       : std::string("detected window");
  json rows = json::array();
  for (const auto& r : runs) {
    const auto& c = r.study.checks.front();
    const auto& f = c.used();
    rows.push_back({r.label.empty() ? fmt::format("{:g}", r.value) : fmt::format("{:g} ({})", r.value, r.label),
                    r.study.model, f.ok ? json(sig(f.order, 4)) : json("no fit"), sig(f.ci_lo, 4), sig(f.ci_hi, 4),
                    sig(f.ci_hi - f.ci_lo, 3), f.points, sig(c.envelope.order, 4), sig(r.study.seconds, 3)});
  }
  json tables = json::array(
      {{{"title", fmt::format("Observed order of {} against {} (fit: {}, {})", base.id, spec.label, to_string(fit_check.fit),
                              window)},
        {"columns", {spec.label, "model", "observed order", "CI 95% lo", "CI 95% hi", "CI width", "points",
                     "upper-envelope order", "seconds"}},
        {"rows", rows}}});

  // Order against the parameter; CI as dashed bounds; separate values and
  // guide orders as horizontal lines.
  std::vector<double> x, b, lo, hi;
  for (std::size_t i = 0; i < spec.values.size(); ++i) {
    if (!points[i].ok) continue;
    x.push_back(points[i].value);
    b.push_back(sig(points[i].order, 6));
    lo.push_back(sig(points[i].ci_lo, 6));
    hi.push_back(sig(points[i].ci_hi, 6));
  }
  const std::vector<double> ends{spec.values.front(), spec.values.back()};
  json series = {{{"title", "observed order (" + std::string(to_string(fit_check.fit)) + ")"}, {"x", x}, {"y", b},
                  {"style", "linespoints"}, {"color", "#1f77b4"}},
                 {{"title", "95% CI"}, {"x", x}, {"y", lo}, {"style", "dashes"}, {"color", "#7f7f7f"}},
                 {{"title", "95% CI (upper)"}, {"x", x}, {"y", hi}, {"style", "dashes"}, {"color", "#7f7f7f"}}};
  for (std::size_t k = 0; k < spec.guides.size(); ++k)
    series.push_back({{"title", fmt::format("order {:g}", spec.guides[k])},
                      {"x", ends},
                      {"y", {spec.guides[k], spec.guides[k]}},
                      {"style", "lines"},
                      {"color", k % 2 == 0 ? "#d62728" : "#2ca02c"}});
  for (std::size_t i = spec.values.size(); i < runs.size(); ++i)
    if (points[i].ok)
      series.push_back({{"title", fmt::format("{} = {:g} ({}): {:.3f}", spec.label, runs[i].value, runs[i].label,
                                              points[i].order)},
                        {"x", ends},
                        {"y", {sig(points[i].order, 6), sig(points[i].order, 6)}},
                        {"style", "dashes"},
                        {"color", "#9467bd"}});
  json err_series = json::array();
  for (std::size_t i = 0; i < runs.size(); ++i) {
    std::vector<double> h, e;
    const auto& s = runs[i].study;
    for (std::size_t k = 0; k < s.h.size(); ++k)
      if (s.usable[k] && s.error[k] > 0) {
        h.push_back(s.h[k]);
        e.push_back(s.error[k]);
      }
    err_series.push_back({{"title", fmt::format("{} = {:g}{}", spec.label, runs[i].value,
                                                runs[i].label.empty() ? "" : " (" + runs[i].label + ")")},
                          {"x", h},
                          {"y", e},
                          {"style", "linespoints"},
                          {"color", kColors[i % kColors.size()]}});
  }
  json figures = {
      {{"name", claim.id + "-order"},
       {"type", "lines"},
       {"title", fmt::format("Observed order of {} against {}", base.id, spec.label)},
       {"caption", fmt::format("Observed order (fit of the base claim's first check, {}) and its 95% CI at every value "
                               "of {}; horizontal lines: the guide orders and the separately run values. Not a figure "
                               "of the paper.",
                               window, spec.label)},
       {"xlabel", spec.label},
       {"ylabel", "observed order"},
       {"logx", true},
       {"series", series}},
      {{"name", claim.id + "-errors"},
       {"type", "lines"},
       {"title", fmt::format("Errors of {} against h for every {}", base.id, spec.label)},
       {"caption", fmt::format("Error ({}) against h; points below the floor are left out. The fit window is {}.",
                               base.error_norm, window)},
       {"xlabel", "h"},
       {"ylabel", "error"},
       {"logx", true},
       {"logy", true},
       {"series", err_series}}};

  const double seconds = seconds_since(wall);
  json record = result_head(claim, checks.pass);
  record["checks"] = checks.items;
  record["tables"] = tables;
  record["figures"] = figures;
  record["base"] = base.id;
  record["parameter"] = spec.parameter;
  record["scenario"] = base.scenario;
  record["scheme"] = base.scheme;
  json per_value = json::array();
  for (std::size_t i = 0; i < runs.size(); ++i)
    per_value.push_back({{"value", runs[i].value},
                         {"label", runs[i].label},
                         {"observed_order", points[i].order},
                         {"ci95", {points[i].ci_lo, points[i].ci_hi}},
                         {"fit_ok", points[i].ok}});
  record["sweep"] = per_value;
  record["seconds"] = seconds;

  std::string s = checks.summary(claim);
  for (std::size_t i = 0; i < runs.size(); ++i)
    s += fmt::format("\n  {} = {:g}{}: order {:.3f}, 95% CI [{:.3f}, {:.3f}]", spec.label, runs[i].value,
                     runs[i].label.empty() ? "" : " (" + runs[i].label + ")", points[i].order, points[i].ci_lo,
                     points[i].ci_hi);
  s += fmt::format("\n  {} studies, {:.2f} s", runs.size(), seconds);
  return {record, checks.pass, s};
}

}  // namespace granconv
