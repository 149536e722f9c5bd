// The family "gear": a Nordsieck corrector vector for x'' = F(t, x, v)
// (gear.hpp; docs/scheme-files.md, section Gear).
#include <string>
#include <vector>

#include "schemes/families/file_fields.hpp"
#include "schemes/families/multistep/gear.hpp"
#include "schemes/families/multistep/multistep_files.hpp"

namespace granconv::multistep {

namespace {

using json = nlohmann::json;
using Matrix = std::vector<std::vector<Mp50>>;

constexpr int kMinValues = 3, kMaxValues = 6;

// M = (I − c e_2ᵀ) P: the step on the quadrature problem x'' = F(t), where
// r_{n+1} = M r_n + c · h²/2 F(t_{n+1}).
Matrix nordsieck_matrix(const std::vector<Mp50>& c) {
  const int k = int(c.size());
  Matrix P(k, std::vector<Mp50>(k, Mp50(0))), M = P;
  for (int i = 0; i < k; ++i)
    for (int j = i; j < k; ++j) P[i][j] = binomial(j, i);
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) M[i][j] = P[i][j] - c[i] * P[2][j];
  return M;
}

// χ(ζ) = det(ζ − M) and the components 0 (x) and 1 (h v) of ζ·adj(ζ − M)·c,
// by Faddeev–LeVerrier: the Nordsieck method's equivalent multistep form
// χ(E) r_n = [ζ adj(ζ − M) c](E) g_n with g = h²/2 F (HNW I, III.6).
struct EquivalentMultistep {
  std::vector<Mp50> chi;
  std::vector<Mp50> sigma[2];
};

EquivalentMultistep equivalent_multistep(const std::vector<Mp50>& c) {
  const int k = int(c.size());
  const Matrix M = nordsieck_matrix(c);
  EquivalentMultistep e;
  e.chi.assign(k + 1, Mp50(0));
  e.sigma[0].assign(k + 1, Mp50(0));
  e.sigma[1].assign(k + 1, Mp50(0));
  e.chi[k] = 1;
  Matrix B(k, std::vector<Mp50>(k, Mp50(0)));  // M_0 = 0
  for (int i = 1; i <= k; ++i) {
    Matrix next(k, std::vector<Mp50>(k, Mp50(0)));
    for (int r = 0; r < k; ++r) {
      for (int s = 0; s < k; ++s)
        for (int t = 0; t < k; ++t) next[r][s] += M[r][t] * B[t][s];
      next[r][r] += e.chi[k - i + 1];
    }
    B = std::move(next);  // M_i; adj(ζ − M) = Σ_i ζ^{k−i} M_i
    for (int m = 0; m < 2; ++m) {
      Mp50 bc(0);
      for (int s = 0; s < k; ++s) bc += B[m][s] * c[s];
      e.sigma[m][k - i + 1] += bc;
    }
    Mp50 trace(0);
    for (int r = 0; r < k; ++r)
      for (int t = 0; t < k; ++t) trace += M[r][t] * B[t][r];
    e.chi[k - i] = -trace / Mp50(i);
  }
  return e;
}

// The multistep form on x = t^q (h = 1): Σ_j χ_j r_m(j) − Σ_j σ_j g(j), with
// r_m(t) = C(q, m) t^{q−m} and g(t) = C(q, 2) t^{q−2}.
Mp50 multistep_residual(const EquivalentMultistep& e, int m, int q) {
  Mp50 lhs(0), rhs(0);
  for (std::size_t j = 0; j < e.chi.size(); ++j) {
    if (q >= m) lhs += e.chi[j] * binomial(q, m) * power(int(j), q - m);
    if (q >= 2) rhs += e.sigma[m][j] * binomial(q, 2) * power(int(j), q - 2);
  }
  return lhs - rhs;
}

// One step from the start vector of x = t^q at t = 0 (h = 1) against the
// exact r_m(1) = C(q, m); the zero start drops r_j, j ≥ 3.
Mp50 start_residual(const std::vector<Mp50>& c, GearStart start, int m, int q) {
  const int k = int(c.size());
  std::vector<Vec<Mp50>> r(k, Vec<Mp50>::Zero(1));
  if (q < k && !(start == GearStart::zero && q >= 3)) r[q][0] = 1;
  nordsieck_predict(r);
  const Mp50 delta = binomial(q, 2) - r[2][0];
  return r[m][0] + c[m] * delta - binomial(q, m);
}

}  // namespace

FamilyOrderReport gear_order_conditions(const std::vector<Mp50>& c, GearStart start) {
  const EquivalentMultistep e = equivalent_multistep(c);
  FamilyOrderReport report;
  report.theory =
      "Nordsieck predictor-corrector on x'' = F(t): the equivalent multistep form chi(E) r_n = sigma(E) h^2/2 F_n "
      "exact on x = t^q for q <= p + 1 (components x and h v), and the first step from the start vector exact on "
      "t^q for q <= p (its error is carried by the double root 1)";
  report.max_order = int(c.size()) + 1;
  const char* comp[2] = {"x", "hv"};
  for (int p = 1; p <= report.max_order; ++p) {
    std::vector<NamedResidual> res;
    for (int q = (p == 1 ? 0 : p + 1); q <= p + 1; ++q)
      for (int m = 0; m < 2; ++m)
        res.push_back({"multistep form, component " + std::string(comp[m]) + ", x = t^" + std::to_string(q),
                       multistep_residual(e, m, q)});
    for (int q = (p == 1 ? 0 : p); q <= p; ++q)
      for (int m = 0; m < 2; ++m)
        res.push_back({"first step from the start vector, component " + std::string(comp[m]) + ", x = t^" +
                           std::to_string(q),
                       start_residual(c, start, m, q)});
    report.rows.push_back(condition_row(p, res));
  }
  close_report(report);
  return report;
}

namespace {

int values_field(const json& doc, const std::string& source) {
  if (!doc.contains("values")) file_fields::fail(source, "values", "is missing (the number of Nordsieck values)");
  const auto& v = doc.at("values");
  const bool ok = v.is_number_integer() && !(v.is_number_unsigned() && v.get<std::uint64_t>() > 100) &&
                  v.get<std::int64_t>() >= kMinValues && v.get<std::int64_t>() <= kMaxValues;
  if (!ok)
    file_fields::fail(source, "values",
                      "must be an integer from " + std::to_string(kMinValues) + " to " + std::to_string(kMaxValues) +
                          " (the number of Nordsieck values)");
  return v.get<int>();
}

}  // namespace

SchemeFile parse_gear(const json& doc, const std::string& source) {
  file_fields::check_keys(doc,
                          {"family", "name", "description", "order", "values", "corrector", "velocity", "start"},
                          source);
  SchemeFile f;
  f.family = "gear";
  f.source = source;
  f.name = file_fields::name_field(doc, source);
  f.description = file_fields::description_field(doc, source);
  f.claimed_order = file_fields::order_field(doc, source);
  const int k = values_field(doc, source);
  const std::vector<Mp50> c = file_fields::vector_field(doc, "corrector", source, kMaxValues + 10);
  if (int(c.size()) != k)
    file_fields::fail(source, "corrector",
                      "has " + std::to_string(c.size()) + " entries but 'values' is " + std::to_string(k) +
                          " (one coefficient per Nordsieck value)");
  if (!file_fields::exactly_zero(c[2] - 1))
    file_fields::fail(source, "corrector[2]",
                      "must be 1 (the corrected r_2 = h^2/2 F is the force), got " + file_fields::short_number(c[2]));
  const std::string velocity = file_fields::choice_field(doc, "velocity", {"predicted", "corrected"}, "predicted", source);
  const std::string start = file_fields::choice_field(doc, "start", {"runge-kutta", "zero"}, "runge-kutta", source);

  GearMethod<Mp50> mp;
  mp.c = c;
  mp.velocity = velocity == "corrected" ? GearVelocity::corrected : GearVelocity::predicted;
  mp.start = start == "zero" ? GearStart::zero : GearStart::runge_kutta;
  // The quadrature problem's multistep form must be zero-stable for a second-order equation.
  const RootCondition roots = root_condition(equivalent_multistep(c).chi, 2);
  if (!roots.holds || roots.roots_at_one != 2)
    file_fields::fail(source, "corrector",
                      "gives a Nordsieck method that is not zero-stable for x'' = F: " +
                          (roots.holds ? "the root 1 of det(zeta - M) is not double (the method is inconsistent)"
                                       : roots.why));
  GearMethod<double> d;
  for (int j = 0; j < k; ++j) d.c.push_back(file_fields::to_double(c[j], "corrector", source));
  d.velocity = mp.velocity;
  d.start = mp.start;

  FamilyOrderReport report = gear_order_conditions(c, mp.start);
  // Either velocity is O(h^{k−1}) accurate, the order the start leaves anyway.
  report.order_velocity_dependent = report.order;
  report.start_limited = true;
  report.velocity_dependent_basis = "Gear: its order, " + velocity + " velocity (no order lost)";
  const int order = report.order;
  const std::string label = f.name + " (Gear " + std::to_string(k) + "-value Nordsieck, " + velocity +
                            " velocity, " + start + " start)";
  f.explicit_method = true;
  f.multistep = false;  // one-step in the Nordsieck vector; its parasitic roots show in the amplification matrix
  f.velocity_rule = velocity;
  f.velocity_rule_note =
      velocity == "predicted"
          ? "F sees the predicted velocity r_1^p/h, one evaluation per step (DEM practice): no order lost (k - 1 "
            "either way), a larger error constant with damping"
          : "F is evaluated again at the corrected (x, v) and the correction repeated (PECEC): two evaluations per "
            "step, the same order k - 1, a smaller error constant with damping";
  f.coefficients = {{"values", k}, {"corrector", echo_entries(doc, "corrector")}, {"velocity", velocity}, {"start", start}};
  f.make_double = [d, name = f.name, label, order] { return gear_scheme(d, name, label, order); };
  f.make_mp50 = [mp, name = f.name, label, order] { return gear_scheme(mp, name, label, order); };
  f.order_conditions = [report] { return report; };
  f.structure = [] { return StructureReport{}; };
  f.oscillator.state_size = k;
  f.oscillator.x_index = 0;
  f.oscillator.v_index = 1;
  f.oscillator.step = [mp](const Mp50& omega, const Mp50& zeta, const std::vector<Mp50>& in, std::vector<Mp50>& out) {
    gear_oscillator_step(mp, omega, zeta, in, out);
  };
  return f;
}

}  // namespace granconv::multistep
