// Items 1–3 of `granconv validate` for a scheme file of a family other than
// runge-kutta (schemes/families/scheme_file.hpp): the family's own order
// conditions and structure checks, and the second-order linear stability of
// the method's amplification matrix on x'' + 2ζx' + x = 0, which tableaux
// get too (schemes/families/second_order_stability.hpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "schemes/families/second_order_stability.hpp"
#include "studies/validate/validate.hpp"

namespace granconv {

namespace {

using nlohmann::json;

// Item 2's grid: 20 points per decade on [1e-2, 1e4] (Chung & Hulbert's
// figures span the same range), damping and period read at Ω ≤ 3 where the
// principal roots are still a complex pair for the usual methods.
constexpr double kOmegaMin = 1e-2, kOmegaMax = 1e4, kOmegaPrincipal = 3;
constexpr int kCurvePoints = 121;
// A spectral radius above this at Ω = 1e12 is the polynomial growth of an
// explicit method, not a limit: ρ∞ is then reported unbounded.
constexpr double kUnboundedRho = 1e3;

json number_or_null(double x) { return std::isfinite(x) ? json(x + 0.0) : json(nullptr); }

json rows_json(const FamilyOrderReport& rep) {
  json rows = json::array();
  for (const auto& r : rep.rows)
    rows.push_back({{"order", r.order},
                    {"conditions", r.conditions},
                    {"largest_residual", number_or_null(r.largest_residual)},
                    {"first_failure", r.first_failure.empty() ? json(nullptr) : json(r.first_failure)}});
  return rows;
}

json report_json(const FamilyOrderReport& rep) {
  return {{"theory", rep.theory},
          {"max_order", rep.order},
          {"checked_to_order", rep.max_order},
          {"at_least", rep.order >= rep.max_order},
          {"first_failing_condition", rep.first_failure.empty() ? json(nullptr) : json(rep.first_failure)},
          {"rows", rows_json(rep)}};
}

std::string order_text(const FamilyOrderReport& rep) {
  return rep.order >= rep.max_order ? "at least " + std::to_string(rep.order) : std::to_string(rep.order);
}

ValidationItem order_item(const SchemeFile& file, std::optional<int> claimed) {
  const FamilyOrderReport rep = file.order_conditions();
  ValidationItem it{1, "order_conditions", "Order conditions (" + rep.theory + ", up to order " +
                                               std::to_string(rep.max_order) + ")",
                    true, {}, "", {}, {}};
  it.value = report_json(rep);
  // The conditions are exact in 50 digits: the double-precision order the
  // battery reads for a tableau is the same order here.
  it.value["max_order_to_double_precision"] = rep.order;
  int checked = 0;
  for (const auto& r : rep.rows) checked += r.conditions;
  it.value["conditions_checked"] = checked;
  it.value["claimed_order"] = claimed ? json(*claimed) : json(nullptr);
  it.value["order_velocity_dependent"] = rep.order_velocity_dependent;
  it.value["velocity_dependent_basis"] = rep.velocity_dependent_basis;
  it.value["start_limited"] = rep.start_limited;
  json variants = json::array();
  for (const auto& [name, v] : rep.variants) {
    json j = report_json(v);
    j["problem_class"] = name;
    variants.push_back(j);
  }
  if (!variants.empty()) it.value["variants"] = variants;
  it.verdict = "order " + order_text(rep) + " from the " + rep.theory +
               (rep.first_failure.empty() ? "" : "; first failing condition " + rep.first_failure);
  for (const auto& [name, v] : rep.variants) it.verdict += "; " + name + ": order " + order_text(v);
  it.verdict += "; under a velocity-dependent force: order " + std::to_string(rep.order_velocity_dependent) + " (" +
                rep.velocity_dependent_basis + ")";
  if (claimed) {
    it.pass = rep.order >= rep.max_order ? *claimed >= rep.max_order : *claimed == rep.order;
    it.verdict += *it.pass ? "; matches the claimed order " + std::to_string(*claimed)
                           : "; CONTRADICTS the claimed order " + std::to_string(*claimed);
  } else {
    it.verdict += " (no order claimed: informational)";
  }
  return it;
}

// The multistep family's zero-stability and boundary locus, where SchemeFile
// carries them (the member `multistep_stability`, filled by the multistep
// families); a SchemeFile without the member compiles to the note below.
template <class File>
void multistep_part(const File& file, json& value, std::string& verdict, ValidationResult* out) {
  if (!file.multistep) return;
  if constexpr (requires { file.multistep_stability; }) {
    if (file.multistep_stability) {
      const auto m = file.multistep_stability(400);
      json roots = json::array();
      for (const auto& r : m.rho_roots) roots.push_back({r.real() + 0.0, r.imag() + 0.0});
      value["zero_stable"] = m.zero_stable;
      value["zero_stability_note"] = m.zero_stability_note;
      value["rho_roots"] = roots;
      value["stability_polynomial"] = m.stability_polynomial;
      verdict += m.zero_stable ? "; zero-stable" : "; NOT zero-stable";
      if (out) {
        out->stability_locus.clear();
        for (const auto& branch : m.boundary_locus) {
          std::vector<std::pair<double, double>> curve;
          for (const auto& z : branch) curve.emplace_back(z.real(), z.imag());
          out->stability_locus.push_back(std::move(curve));
        }
      }
      return;
    }
  }
  value["zero_stable"] = nullptr;
  value["zero_stability_note"] = "not computed: this family's scheme file supplies no multistep stability analysis";
}

ValidationItem stability_item(const SchemeFile& file, ValidationResult* out) {
  ValidationItem it{2, "stability",
                    "Linear stability on x'' + 2ζx' + x = 0: ρ(Ω), ρ∞, damping ratio, period elongation", true, {},
                    "", {}, {}};
  it.value = second_order_summary(file.oscillator, file.explicit_method, out);
  it.verdict = it.value["summary"].get<std::string>();
  // Item 4's expectation on the undamped oscillator.
  const LinearOrder lin = principal_root_order(file.oscillator);
  it.value["linear_order"] = {
      {"order", lin.order},
      {"at_least", lin.at_least},
      {"slope", number_or_null(lin.slope)},
      {"principal_root_error_at_omega_2^-8", lin.error_small},
      {"definition", "p with |lambda(Omega) - exp(i Omega)| ~ C Omega^(p+1), lambda the principal root of the "
                     "amplification matrix at zeta = 0, in 50 digits at Omega = 2^-7 and 2^-8"}};
  it.verdict += fmt::format("; linear order {}{} (principal root)", lin.at_least ? "at least " : "", lin.order);
  multistep_part(file, it.value, it.verdict, out);
  it.verdict += " (informational)";
  return it;
}

json structure_json(const StructureCheck& c) {
  return {{"holds", c.holds ? json(*c.holds) : json(nullptr)},
          {"residual", number_or_null(c.residual)},
          {"condition", c.condition}};
}

ValidationItem structure_item(const SchemeFile& file) {
  const StructureReport rep = file.structure();
  ValidationItem it{3, "structure", "Structure: symplecticity and time symmetry (conditions on the coefficients)",
                    true, {}, "", {}, {}};
  it.value = {{"symplectic", structure_json(rep.symplectic)}, {"symmetric", structure_json(rep.symmetric)}};
  // Where the family must choose how a velocity-dependent force (contact
  // damping) is evaluated, the file's choice and what it costs in order.
  if (!file.velocity_rule.empty())
    it.value["velocity_rule"] = {{"rule", file.velocity_rule}, {"note", file.velocity_rule_note}};
  const auto says = [](const StructureCheck& c, const char* yes, const char* no) {
    if (!c.holds) return fmt::format("{}: not applicable", yes);
    return *c.holds ? fmt::format("{} (residual {:.2g})", yes, c.residual)
                    : fmt::format("{} (residual {:.2g})", no, c.residual);
  };
  it.verdict = says(rep.symplectic, "symplectic", "not symplectic") + "; " +
               says(rep.symmetric, "symmetric", "not symmetric");
  if (!file.velocity_rule.empty()) it.verdict += "; velocity-dependent forces: " + file.velocity_rule;
  it.verdict += " (informational)";
  return it;
}

}  // namespace

json second_order_summary(const OscillatorStep<Mp50>& step, bool explicit_method, ValidationResult* out) {
  json curves = json::array();
  double max_rho = 0;
  std::vector<OscillatorCurve> kept;
  for (const char* zeta_text : {"0", "0.1"}) {
    const Mp50 zeta(zeta_text);
    const auto points = amplification_curve(step, zeta, kOmegaMin, kOmegaMax, kCurvePoints);
    OscillatorCurve c;
    c.zeta = static_cast<double>(zeta);
    json omega = json::array(), rho = json::array(), damping = json::array(), period = json::array();
    for (const auto& p : points) {
      c.omega_h.push_back(p.omega_h);
      c.rho.push_back(p.rho);
      // Past Ω ≈ 3 the principal pair of most methods has turned real or
      // wrapped around: the damping and period are no longer the oscillation's.
      const bool principal = p.omega_h <= kOmegaPrincipal;
      const double nan = std::numeric_limits<double>::quiet_NaN();
      c.damping_ratio.push_back(principal ? p.damping_ratio : nan);
      c.period_elongation.push_back(principal ? p.period_elongation : nan);
      omega.push_back(p.omega_h);
      rho.push_back(number_or_null(p.rho));
      if (principal) {
        damping.push_back(number_or_null(p.damping_ratio));
        period.push_back(number_or_null(p.period_elongation));
      }
      if (c.zeta == 0) max_rho = std::max(max_rho, p.rho);
    }
    curves.push_back({{"zeta", c.zeta},
                      {"omega_h", omega},
                      {"rho", rho},
                      {"damping_ratio", damping},
                      {"period_elongation", period}});
    kept.push_back(std::move(c));
  }
  const double rho_inf = rho_infinity(step, Mp50(0)), rho_inf_damped = rho_infinity(step, Mp50("0.1"));
  const bool unbounded = !(rho_inf <= kUnboundedRho);
  const AmplificationPoint at01 = amplification_at(step, Mp50("0.1"), Mp50(0));
  json j = {{"problem", "x'' + 2 zeta x' + x = 0, Omega = omega h; the method's amplification matrix"},
            {"rho_infinity", unbounded ? json(nullptr) : number_or_null(rho_inf)},
            {"rho_infinity_unbounded", unbounded},
            {"rho_infinity_zeta_0.1", !(rho_inf_damped <= kUnboundedRho) ? json(nullptr) : number_or_null(rho_inf_damped)},
            {"max_rho_on_grid", max_rho},
            {"omega_range", {kOmegaMin, kOmegaMax}},
            {"damping_ratio_at_omega_0.1", number_or_null(at01.damping_ratio)},
            {"period_elongation_at_omega_0.1", number_or_null(at01.period_elongation)},
            {"curves", curves},
            {"note", "rho_infinity = rho at Omega = 1e12; damping ratio and period elongation of the principal roots "
                     "for Omega <= 3"}};
  std::string text = unbounded ? "ρ∞ unbounded (explicit growth)" : fmt::format("ρ∞ = {:.6g}", rho_inf);
  if (explicit_method) {
    const auto interval = stability_interval(step, Mp50(0));
    j["stability_interval"] = interval ? json(*interval) : json(nullptr);
    j["stability_interval_note"] = interval ? "largest Omega0 with rho <= 1 on (0, Omega0] (zeta = 0)"
                                            : "rho <= 1 up to Omega = 1e6 (zeta = 0)";
    text += interval ? fmt::format("; stable for Ω ≤ {:.6g}", *interval) : "; stable up to Ω = 1e6";
  } else {
    text += max_rho <= 1 + 1e-12 ? fmt::format("; ρ ≤ 1 on Ω ∈ [{:g}, {:g}]", kOmegaMin, kOmegaMax)
                                 : fmt::format("; ρ reaches {:.6g} on Ω ∈ [{:g}, {:g}]", max_rho, kOmegaMin, kOmegaMax);
  }
  if (std::isfinite(at01.damping_ratio))
    text += fmt::format("; at Ω = 0.1: damping ratio {:.3g}, period elongation {:.3g}", at01.damping_ratio,
                        at01.period_elongation);
  j["summary"] = text;
  if (out) out->oscillator_curves = std::move(kept);
  return j;
}

std::vector<ValidationItem> analyse_scheme_file(const SchemeFile& file, std::optional<int> claimed_order,
                                                ValidationResult* curves_out) {
  std::vector<ValidationItem> items;
  if (file.order_conditions) {
    items.push_back(order_item(file, claimed_order));
  } else {
    items.push_back({1, "order_conditions", "Order conditions", false, {},
                     "not applicable: the family supplies no order conditions", nullptr, {}});
  }
  if (file.oscillator.step) {
    items.push_back(stability_item(file, curves_out));
  } else {
    items.push_back({2, "stability", "Linear stability on x'' + 2ζx' + x = 0", false, {},
                     "not applicable: the family supplies no oscillator step", nullptr, {}});
  }
  if (file.structure) {
    items.push_back(structure_item(file));
    // What the velocity rule costs, from item 1's conditions (computed once).
    if (items[0].applicable && items[0].value.contains("order_velocity_dependent")) {
      const int p = items[0].value["order_velocity_dependent"].get<int>();
      items.back().value["order_velocity_dependent"] = p;
      const std::string tail = " (informational)";
      auto& v = items.back().verdict;
      v.insert(v.size() - tail.size(), "; order under a velocity-dependent force " + std::to_string(p));
    }
  } else {
    items.push_back({3, "structure", "Structure: symplecticity and time symmetry", false, {},
                     "not applicable: the family supplies no structure check", nullptr, {}});
  }
  return items;
}

}  // namespace granconv
