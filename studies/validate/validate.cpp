// validate_scheme: the battery of studies/validate/validate.hpp in order, and its JSON.
#include "studies/validate/validate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>

#include "schemes/families/runge_kutta_oscillator.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/validate/validate_detail.hpp"

namespace granconv {

namespace {

Tableau<double> to_double(const Tableau<Mp50>& t) {
  Tableau<double> d{t.name, {}, {}, {}, t.classical_order};
  d.A = t.A.template cast<double>();
  d.b = t.b.template cast<double>();
  d.c = t.c.template cast<double>();
  return d;
}

ValidationItem not_applicable(int number, const std::string& id, const std::string& title) {
  ValidationItem it{number, id, title, false, {}, "not applicable: no tableau", nullptr, {}};
  return it;
}


}  // namespace

SchemeUnderTest scheme_under_test(const Tableau<Mp50>& tableau) {
  SchemeUnderTest s{tableau.name, runge_kutta_scheme(to_double(tableau), "tableau " + tableau.name), tableau, {}};
  if (tableau.classical_order > 0) s.claimed_order = tableau.classical_order;
  s.make_mp50 = [tableau] {
    return runge_kutta_scheme(tableau, "tableau " + tableau.name + " (cpp_bin_float_50)");
  };
  return s;
}

SchemeUnderTest scheme_under_test(const SchemeFile& file) {
  SchemeUnderTest s{file.name, file.make_double(), std::nullopt, file.claimed_order};
  s.make_mp50 = file.make_mp50;
  if (file.family != "runge-kutta") s.file = std::make_shared<const SchemeFile>(file);
  return s;
}

nlohmann::json ConvergenceRun::to_json(bool with_seconds) const {
  nlohmann::json usable_json = nlohmann::json::array();
  for (bool u : usable) usable_json.push_back(u);
  nlohmann::json j = {{"problem", problem},
                      {"formulation", formulation},
                      {"scheme", scheme},
                      {"steps", steps},
                      {"h", h},
                      {"error", error},
                      {"floor", floor},
                      {"usable", usable_json},
                      {"fit_ok", fit_ok},
                      {"observed_order", fit_ok ? nlohmann::json(order) : nlohmann::json(nullptr)},
                      {"ci95", fit_ok ? nlohmann::json{ci_lo, ci_hi} : nlohmann::json(nullptr)},
                      {"fit_window", fit_ok ? nlohmann::json{h_min, h_max} : nlohmann::json(nullptr)},
                      {"points", points},
                      {"slope_drift", fit_ok && std::isfinite(slope_drift) ? nlohmann::json(slope_drift) : nlohmann::json(nullptr)},
                      {"slope_drift_se", fit_ok && std::isfinite(slope_drift_se) ? nlohmann::json(slope_drift_se) : nlohmann::json(nullptr)},
                      {"fit_message", fit_message}};
  if (with_seconds) j["seconds"] = seconds;
  return j;
}

ValidationResult validate_scheme(const SchemeUnderTest& s, const ValidateOptions& opt) {
  using namespace validate_detail;
  if (opt.precision != 16 && opt.precision != 50)
    throw std::invalid_argument("validate: precision must be 16 (double) or 50 (cpp_bin_float_50), not " +
                                std::to_string(opt.precision));
  if (opt.precision == 50 && !s.tableau && !s.make_mp50)
    throw std::invalid_argument("validate: precision 50 needs the scheme's exact tableau (SchemeUnderTest::tableau) "
                                "or its 50-digit scheme (SchemeUnderTest::make_mp50); scheme '" + s.name +
                                "' is written in code and runs in double only");
  const auto start = std::chrono::steady_clock::now();
  ValidationResult res;
  res.name = s.name;
  res.precision = opt.precision;
  res.scheme_label = s.scheme.label;
  res.claimed_order = s.claimed_order;

  // Expected smooth orders: from the tableau (tree order; linear order of
  // R(z) on the linear oscillator), else the author's claim.
  std::optional<int> linear, nonlinear;
  // Set when the oscillator's error has two terms of different orders
  // (FamilyOrderReport::start_limited): `linear` is then the asymptotic order,
  // and this one the order seen before the asymptote.
  std::optional<int> linear_pre_asymptotic;
  if (s.tableau) {
    res.items = analyse_tableau(*s.tableau, s.claimed_order, &res);
    for (auto& it : res.items) it.precision = 50;  // trees, R(z) and C_ij are computed exactly in Mp50
    // What a double run can see: the order to double precision when a
    // decimal tableau misses the strict one (validate_analysis.cpp).
    nonlinear = std::min(std::max(res.items[0].value["max_order"].get<int>(),
                                  res.items[0].value["max_order_to_double_precision"].get<int>()),
                         6);
    linear = std::max(*nonlinear, res.items[1].value["linear_order"].get<int>());
    // The same oscillator summary as the other families, beside R(z).
    res.items[1].value["second_order"] =
        second_order_summary(runge_kutta_oscillator(*s.tableau), s.tableau->explicit_method(), &res);
  } else if (s.file) {
    res.family = s.file->family;
    res.items = analyse_scheme_file(*s.file, s.claimed_order, &res);
    for (auto& it : res.items) it.precision = 50;
    // Expected smooth orders, from theory: on the undamped oscillator the
    // linear order (the principal root of the amplification matrix, as R(z)
    // for a tableau); on trimer-nobreak, whose KK damping is a
    // velocity-dependent force, the family's order under such a force
    // (FamilyOrderReport::order_velocity_dependent). Without conditions, the
    // author's claim. Orders above 6 are expected as "at least 6".
    const auto& order = res.items[0].value;
    if (res.items[0].applicable && order["order_velocity_dependent"].get<int>() >= 1)
      nonlinear = std::min(order["order_velocity_dependent"].get<int>(), 6);
    else
      nonlinear = s.claimed_order;
    if (res.items[1].applicable && res.items[1].value.contains("linear_order"))
      linear = std::min(res.items[1].value["linear_order"]["order"].get<int>(), 6);
    else
      linear = s.claimed_order;
    // A start-limited order (Gear): on x'' = -x the error is A h^q + B T h^p,
    // q the start's order (item 1), p the principal root's; as h -> 0 it is q.
    if (res.items[0].applicable && order.value("start_limited", false) && linear &&
        order["max_order"].get<int>() < *linear) {
      linear_pre_asymptotic = linear;
      linear = order["max_order"].get<int>();
    }
  } else {
    res.items = {not_applicable(1, "order_conditions", "Order conditions (rooted trees, up to order 6)"),
                 not_applicable(2, "stability", "Linear stability: R(z), A- and L-stability, |R(∞)|, region"),
                 not_applicable(3, "modified_equation",
                                "Modified-equation coefficients and the tailored conditions (58)–(59)")};
    std::optional<int> claim = s.claimed_order;
    if (!claim && s.scheme.classical_order > 0) claim = s.scheme.classical_order;
    linear = nonlinear = claim;
  }
  if (opt.item_done)
    for (const auto& it : res.items) opt.item_done(it);
  auto timed = [&](auto make) {
    const auto t0 = std::chrono::steady_clock::now();
    res.items.push_back(make());
    res.items.back().seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (opt.item_done) opt.item_done(res.items.back());
  };
  if (opt.precision == 50)
    timed([&] {
      return smooth_item_mp50(s.make_mp50 ? s.make_mp50()
                                          : runge_kutta_scheme(*s.tableau, "tableau " + s.tableau->name +
                                                                               " (cpp_bin_float_50)"),
                              linear, nonlinear, opt, linear_pre_asymptotic);
    });
  else
    timed([&] { return smooth_item(s.scheme, linear, nonlinear, opt, linear_pre_asymptotic); });
  if (opt.contact_items) {
    timed([&] { return contact_item(s.scheme, nonlinear, !s.file, opt); });
  } else {
    ValidationItem it{5, "observed_order_contact", "Observed order on contact problems", false, {},
                      "not run (ValidateOptions::contact_items = false)", nullptr, {}};
    res.items.push_back(it);
    if (opt.item_done) opt.item_done(it);
  }
  if (opt.contact_items && opt.work_precision) {
    timed([&] { return work_precision_item(res.items[4].runs.back(), opt); });
  } else {
    ValidationItem it{6, "work_precision", "Work-precision on the dimer against cn, gl2 and irk-tailored", false, {},
                      "not run (ValidateOptions::work_precision or contact_items = false)", nullptr, {}};
    res.items.push_back(it);
    if (opt.item_done) opt.item_done(it);
  }
  for (const auto& it : res.items) {
    res.pass = res.pass && it.pass.value_or(true);
    res.inconclusive = res.inconclusive || it.inconclusive;
  }
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return res;
}

nlohmann::json ValidationResult::to_json() const {
  nlohmann::json items_json = nlohmann::json::array();
  for (const auto& it : items)
    items_json.push_back({{"number", it.number},
                          {"id", it.id},
                          {"title", it.title},
                          {"applicable", it.applicable},
                          {"pass", it.pass ? nlohmann::json(*it.pass) : nlohmann::json(nullptr)},
                          {"verdict", it.pass ? (*it.pass ? "pass" : "fail") : it.inconclusive ? "inconclusive" : "informational"},
                          {"precision", it.applicable ? nlohmann::json(it.precision) : nlohmann::json(nullptr)},
                          {"verdict", it.verdict},
                          {"value", it.value}});
  auto field = [&](int number, const char* key) -> nlohmann::json {
    const auto& v = item(number).value;
    return v.is_object() && v.contains(key) ? v[key] : nlohmann::json(nullptr);
  };
  // Top-level observed orders: the nonlinear smooth problem when it gave a
  // fit (the oscillator only tests R(z)), each contact run by name.
  auto run_order = [&](int number, std::size_t k) -> std::pair<nlohmann::json, nlohmann::json> {
    const auto& runs = item(number).runs;
    if (k >= runs.size() || !runs[k].fit_ok) return {nullptr, nullptr};
    return {runs[k].order, nlohmann::json{runs[k].ci_lo, runs[k].ci_hi}};
  };
  auto smooth = run_order(4, 1);
  std::string smooth_problem = "trimer-nobreak";
  if (smooth.first.is_null()) {
    smooth = run_order(4, 0);
    smooth_problem = smooth.first.is_null() ? "" : "harmonic oscillator";
  }
  const auto xv = run_order(5, 0), xw = run_order(5, 1), kk = run_order(5, 2), dimer = run_order(5, 3);
  auto field_in = [&](int number, const char* key, const char* sub) -> nlohmann::json {
    const auto v = field(number, key);
    return v.is_object() && v.contains(sub) ? v[sub] : nlohmann::json(nullptr);
  };
  // ρ∞ on the damped oscillator: item 2's own for a scheme file, its
  // "second_order" part for a tableau.
  nlohmann::json rho_infinity = field(2, "rho_infinity");
  if (rho_infinity.is_null()) rho_infinity = field_in(2, "second_order", "rho_infinity");
  nlohmann::json out = {{"name", name},
          {"scheme_label", scheme_label},
          {"claimed_order", claimed_order ? nlohmann::json(*claimed_order) : nlohmann::json(nullptr)},
          {"pass", pass && !inconclusive},
          {"verdict", verdict()},
          {"precision", precision},
          {"precision_note", precision == 50 ? "items 1-4 in cpp_bin_float_50; items 5-6 (contact problems, "
                                               "work-precision) in double: 50 digits there cost minutes per run"
                                             : "items 4-6 in double (items 1-3, given a tableau, exact in cpp_bin_float_50)"},
          {"order_conditions_max_order", field(1, "max_order")},
          {"order_conditions_max_order_to_double_precision", field(1, "max_order_to_double_precision")},
          {"first_failing_condition", field(1, "first_failing_condition")},
          {"a_stable", field(2, "a_stable")},
          {"l_stable", field(2, "l_stable")},
          {"r_infinity", field(2, "r_infinity")},
          {"r_infinity_unbounded", field(2, "r_infinity_unbounded")},
          {"c11", field(3, "c11")},
          {"c21", field(3, "c21")},
          {"c22", field(3, "c22")},
          {"tailored_conditions_hold", field(3, "tailored_conditions_hold")},
          {"rho_infinity", rho_infinity},
          {"observed_order_smooth", smooth.first},
          {"observed_order_smooth_ci95", smooth.second},
          {"observed_order_smooth_problem", smooth_problem},
          {"observed_order_impact_xv", xv.first},
          {"observed_order_impact_xv_ci95", xv.second},
          {"observed_order_impact_xw", xw.first},
          {"observed_order_impact_xw_ci95", xw.second},
          {"observed_order_binary_kk", kk.first},
          {"observed_order_binary_kk_ci95", kk.second},
          {"observed_order_dimer", dimer.first},
          {"observed_order_dimer_ci95", dimer.second},
          {"items", items_json},
          {"note", "every value is deterministic (independent of --jobs) except the CPU times of item 6 and its verdict text"}};
  if (!family.empty()) {
    out["family"] = family;
    out["symplectic"] = field_in(3, "symplectic", "holds");
    out["symmetric"] = field_in(3, "symmetric", "holds");
    out["velocity_rule"] = field_in(3, "velocity_rule", "rule");
    out["order_velocity_dependent"] = field(1, "order_velocity_dependent");
    out["linear_order"] = field_in(2, "linear_order", "order");
  }
  return out;
}

}  // namespace granconv
