#include "schemes/families/newmark/newmark_file.hpp"

#include <algorithm>
#include <vector>

#include "schemes/families/file_fields.hpp"

namespace granconv {

namespace {

using json = nlohmann::json;
namespace ff = file_fields;

NewmarkCoefficients<double> to_double(const NewmarkCoefficients<Mp50>& k, const std::string& source) {
  return {ff::to_double(k.beta, "beta", source), ff::to_double(k.gamma, "gamma", source),
          ff::to_double(k.alpha_m, "alpha_m", source), ff::to_double(k.alpha_f, "alpha_f", source)};
}

Mp50 optional_number(const json& doc, const std::string& key, const std::string& source) {
  return doc.contains(key) ? ff::number_field(doc, key, source) : Mp50(0);
}

// Entries beyond this size describe no usable method and would overflow h² β
// in double for the step sizes studies use.
const Mp50 kLimit(1000);

}  // namespace

NewmarkCoefficients<Mp50> generalized_alpha_from_rho_infinity(const Mp50& r) {
  NewmarkCoefficients<Mp50> k;
  k.alpha_m = (2 * r - 1) / (r + 1);
  k.alpha_f = r / (r + 1);
  k.gamma = Mp50(1) / 2 - k.alpha_m + k.alpha_f;
  const Mp50 s = 1 - k.alpha_m + k.alpha_f;
  k.beta = s * s / 4;
  return k;
}

std::optional<Mp50> newmark_rho_infinity(const NewmarkCoefficients<Mp50>& k) {
  if (ff::exactly_zero(k.beta) || ff::exactly_zero(1 - k.alpha_f)) return std::nullopt;
  const Mp50 a = 2 * k.beta, b = 2 * k.gamma - 4 * k.beta + 1, c = 2 * k.beta - 2 * k.gamma + 1;
  Mp50 rho = abs(k.alpha_f / (1 - k.alpha_f));
  // A double root (HHT, Chung & Hulbert) is rounded to a discriminant of
  // ~1e-50, whose square root would move it by 1e-25: it is taken as zero.
  const Mp50 disc = ff::exactly_zero(b * b - 4 * a * c, b * b) ? Mp50(0) : Mp50(b * b - 4 * a * c);
  if (disc >= 0) {
    const Mp50 root = sqrt(disc);
    rho = std::max({rho, abs((-b + root) / (2 * a)), abs((-b - root) / (2 * a))});
  } else {
    rho = std::max(rho, Mp50(sqrt(c / a)));  // a complex pair: |λ|² = c/a
  }
  return rho;
}

FamilyOrderReport newmark_order_conditions(const NewmarkCoefficients<Mp50>& k) {
  FamilyOrderReport r;
  r.theory = "second-order condition of the Newmark family, γ = 1/2 − α_m + α_f (Chung & Hulbert 1993, eq. (17)); "
             "the family is at most second order in (x, v)";
  r.max_order = 2;
  // Order 1 holds for every β and γ once the step is defined (α_m ≠ 1, checked at load).
  r.rows.push_back({1, 1, 0.0, ""});
  const Mp50 residual = k.gamma - (Mp50(1) / 2 - k.alpha_m + k.alpha_f);
  OrderConditionRow two{2, 1, static_cast<double>(abs(residual)), ""};
  if (!ff::exactly_zero(residual)) two.first_failure = "γ = 1/2 − α_m + α_f (residual " + ff::short_number(residual) + ")";
  r.rows.push_back(two);
  r.order = two.first_failure.empty() ? 2 : 1;
  r.first_failure = two.first_failure;
  return r;
}

SchemeFile parse_newmark(const json& doc, const std::string& source) {
  ff::check_keys(doc, {"family", "name", "description", "order", "beta", "gamma", "alpha_m", "alpha_f", "rho_infinity"},
                 source);
  SchemeFile f;
  f.family = "newmark";
  f.name = ff::name_field(doc, source);
  f.description = ff::description_field(doc, source);
  f.claimed_order = ff::order_field(doc, source);
  f.source = source;
  NewmarkCoefficients<Mp50> k;
  json coefficients;
  if (doc.contains("rho_infinity")) {
    for (const char* key : {"beta", "gamma", "alpha_m", "alpha_f"})
      if (doc.contains(key))
        ff::fail(source, key, "cannot be given with 'rho_infinity' (give rho_infinity alone, or the four parameters)");
    const Mp50 r = ff::number_field(doc, "rho_infinity", source);
    if (r < 0 || r > 1) ff::fail(source, "rho_infinity", "must lie in [0, 1], got " + ff::short_number(r));
    k = generalized_alpha_from_rho_infinity(r);
    coefficients["rho_infinity"] = ff::to_double(r, "rho_infinity", source);
  } else {
    k.beta = ff::number_field(doc, "beta", source);
    k.gamma = ff::number_field(doc, "gamma", source);
    k.alpha_m = optional_number(doc, "alpha_m", source);
    k.alpha_f = optional_number(doc, "alpha_f", source);
    if (k.beta < 0) ff::fail(source, "beta", "must be ≥ 0 (Newmark's β), got " + ff::short_number(k.beta));
    const std::vector<std::pair<const char*, const Mp50*>> all = {
        {"beta", &k.beta}, {"gamma", &k.gamma}, {"alpha_m", &k.alpha_m}, {"alpha_f", &k.alpha_f}};
    for (const auto& [key, value] : all)
      if (abs(*value) > kLimit) ff::fail(source, key, "must lie in [−1000, 1000], got " + ff::short_number(*value));
    if (ff::exactly_zero(1 - k.alpha_m))
      ff::fail(source, "alpha_m", "must not be 1: the equation for a_{n+1} then has no a_{n+1} in it");
  }
  const NewmarkCoefficients<double> kd = to_double(k, source);
  coefficients["beta"] = kd.beta;
  coefficients["gamma"] = kd.gamma;
  coefficients["alpha_m"] = kd.alpha_m;
  coefficients["alpha_f"] = kd.alpha_f;
  f.coefficients = coefficients;
  // Explicit in the positions (β = 0, α_f = 0, α_m = 0: central difference);
  // a velocity-dependent force still costs one tridiagonal solve (newmark_scheme.hpp).
  f.explicit_method = ff::exactly_zero(k.beta) && ff::exactly_zero(k.alpha_f) && ff::exactly_zero(k.alpha_m);
  f.velocity_rule = "interpolated";
  f.velocity_rule_note =
      "F is evaluated at (x, v) interpolated to t_{n+1−α_f}, solved together with a_{n+1}: no order lost; with β = 0 "
      "the velocity makes the step implicit (one tridiagonal solve of I − γ h F_v) under damping";
  FamilyOrderReport conditions = newmark_order_conditions(k);
  // Newton solves for a_{n+1} with F(x, v) at t_{n+1−α_f}: nothing is lost to the velocity.
  conditions.order_velocity_dependent = conditions.order;
  conditions.velocity_dependent_basis = "Newmark family: its order (F(x, v) solved with a_{n+1} by Newton)";
  const int order = conditions.order;
  const std::string name = f.name, label = f.name;
  const bool implicit = !f.explicit_method;
  f.make_double = [kd, name, label, order, implicit] { return newmark_scheme(kd, name, label, order, implicit); };
  f.make_mp50 = [k, name, label, order, implicit] { return newmark_scheme(k, name, label, order, implicit); };
  f.order_conditions = [conditions] { return conditions; };
  f.structure = [] {
    StructureReport s;
    s.symplectic.condition = "not applicable: a one-step method on (x, v, a)";
    s.symmetric.condition = "not applicable: a one-step method on (x, v, a)";
    return s;
  };
  f.oscillator.state_size = 3;
  f.oscillator.x_index = 0;
  f.oscillator.v_index = 1;
  f.oscillator.step = [k](const Mp50& h, const Mp50& zeta, const std::vector<Mp50>& in, std::vector<Mp50>& out) {
    out.resize(3);
    newmark_oscillator_step(k, h, zeta, in.data(), out.data());
  };
  return f;
}

}  // namespace granconv
