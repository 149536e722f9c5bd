// The family "linear-multistep": an explicit predictor and a corrector, each
// nodepy's (α, β), run as PECE on (x, v)' = (v, F) (linear_multistep.hpp;
// docs/scheme-files.md, section Linear multistep).
#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <vector>

#include "schemes/families/file_fields.hpp"
#include "schemes/families/multistep/linear_multistep.hpp"
#include "schemes/families/multistep/multistep_files.hpp"

namespace granconv::multistep {

namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxSteps = 16;

// C_q = Σ α_j j^q − q Σ β_j j^{q−1} (HNW I, sec. III.2), divided by α_k.
Mp50 lmm_condition(const std::vector<Mp50>& alpha, const std::vector<Mp50>& beta, int q) {
  Mp50 c(0);
  for (std::size_t j = 0; j < alpha.size(); ++j) {
    c += alpha[j] * power(int(j), q);
    if (q >= 1) c -= Mp50(q) * beta[j] * power(int(j), q - 1);
  }
  return c / alpha.back();
}

struct Method {
  std::vector<Mp50> alpha, beta;
};

// alpha and beta of one method: equal sizes, α_k ≠ 0, consistent (C_0 = C_1 = 0).
Method read_method(const json& doc, const std::string& which, const std::string& source) {
  Method m;
  const std::string a = which + "_alpha", b = which + "_beta";
  m.alpha = file_fields::vector_field(doc, a, source, kMaxSteps + 1);
  m.beta = file_fields::vector_field(doc, b, source, kMaxSteps + 1);
  if (m.alpha.size() < 2) file_fields::fail(source, a, "must have at least 2 entries (k + 1 for k >= 1 steps)");
  if (m.beta.size() != m.alpha.size())
    file_fields::fail(source, b,
                      "has " + std::to_string(m.beta.size()) + " entries but '" + a + "' has " +
                          std::to_string(m.alpha.size()) + " (both k + 1)");
  const std::string last = a + "[" + std::to_string(m.alpha.size() - 1) + "]";
  if (file_fields::exactly_zero(m.alpha.back()))
    file_fields::fail(source, last, "must not be 0 (it multiplies the new value y_{n+k})");
  const Mp50 c0 = lmm_condition(m.alpha, m.beta, 0), c1 = lmm_condition(m.alpha, m.beta, 1);
  if (!file_fields::exactly_zero(c0))
    file_fields::fail(source, a, "violates consistency: rho(1) = sum of alpha / alpha_k = " + file_fields::short_number(c0) + ", not 0");
  if (!file_fields::exactly_zero(c1))
    file_fields::fail(source, b,
                      "violates consistency: rho'(1) - sigma(1) = " + file_fields::short_number(c1) +
                          " (divided by alpha_k), not 0");
  return m;
}

// Normalised to α_k = 1 and padded with leading zeros to K + 1 entries.
std::vector<Mp50> padded(const std::vector<Mp50>& v, const Mp50& lead, std::size_t size) {
  std::vector<Mp50> out(size - v.size(), Mp50(0));
  for (const auto& x : v) out.push_back(x / lead);
  return out;
}

std::complex<double> poly(const std::vector<double>& c, std::complex<double> z) {
  std::complex<double> s = 0;
  for (std::size_t j = c.size(); j-- > 0;) s = s * z + c[j];
  return s;
}

// The boundary locus of π(ζ, z) = ρ_c − z σ_c + z β^c_K (ρ_p − z σ_p) = 0
// for ζ = e^{iθ}: a quadratic in z (linear when β^c_K σ_p vanishes); the
// roots are matched to the previous point so that each branch is a curve.
std::vector<std::vector<std::complex<double>>> boundary_locus(const PeceMethod<double>& m, int points) {
  const int K = m.steps();
  std::vector<double> sigma_p(m.beta_p.begin(), m.beta_p.end());
  const double bk = m.beta_c[K];
  const bool quadratic = bk != 0 && std::any_of(sigma_p.begin(), sigma_p.end(), [](double x) { return x != 0; });
  std::vector<std::vector<std::complex<double>>> branches(quadratic ? 2 : 1);
  const double pi = std::acos(-1.0);
  for (int i = 0; i <= points; ++i) {
    const std::complex<double> zeta = std::polar(1.0, 2 * pi * i / points);
    const auto rho_c = poly(m.alpha_c, zeta), sigma_c = poly(m.beta_c, zeta), rho_p = poly(m.alpha_p, zeta),
               sp = poly(sigma_p, zeta);
    const std::complex<double> A = -bk * sp, B = bk * rho_p - sigma_c, C = rho_c;
    if (!quadratic || std::abs(A) < 1e-14 * (std::abs(B) + std::abs(C))) {
      const std::complex<double> z = -C / B;
      for (auto& br : branches) br.push_back(z);
      continue;
    }
    const std::complex<double> root = std::sqrt(B * B - 4.0 * A * C);
    std::complex<double> z1 = (-B + root) / (2.0 * A), z2 = (-B - root) / (2.0 * A);
    if (!branches[0].empty() && std::abs(z1 - branches[0].back()) > std::abs(z2 - branches[0].back())) std::swap(z1, z2);
    branches[0].push_back(z1);
    branches[1].push_back(z2);
  }
  return branches;
}

}  // namespace

FamilyOrderReport pece_order_conditions(const std::vector<Mp50>& alpha_p, const std::vector<Mp50>& beta_p,
                                           const std::vector<Mp50>& alpha_c, const std::vector<Mp50>& beta_c) {
  FamilyOrderReport report;
  report.theory =
      "linear multistep conditions C_q = sum alpha_j j^q - q sum beta_j j^(q-1) = 0 (alpha_k = 1): PECE has order p "
      "when the corrector's C_0..C_p and the predictor's C_0..C_(p-1) vanish (Lambert 1991, ch. 4)";
  report.max_order = int(std::max(alpha_c.size(), alpha_p.size())) + 2;
  for (int p = 1; p <= report.max_order; ++p) {
    std::vector<NamedResidual> res;
    for (int q = (p == 1 ? 0 : p); q <= p; ++q)
      res.push_back({"corrector C_" + std::to_string(q), lmm_condition(alpha_c, beta_c, q)});
    for (int q = (p == 1 ? 0 : p - 1); q <= p - 1; ++q)
      res.push_back({"predictor C_" + std::to_string(q), lmm_condition(alpha_p, beta_p, q)});
    report.rows.push_back(condition_row(p, res));
  }
  close_report(report);
  return report;
}

SchemeFile parse_linear_multistep(const json& doc, const std::string& source) {
  file_fields::check_keys(doc,
                          {"family", "name", "description", "order", "predictor_alpha", "predictor_beta",
                           "corrector_alpha", "corrector_beta"},
                          source);
  SchemeFile f;
  f.family = "linear-multistep";
  f.source = source;
  f.name = file_fields::name_field(doc, source);
  f.description = file_fields::description_field(doc, source);
  f.claimed_order = file_fields::order_field(doc, source);
  const Method p = read_method(doc, "predictor", source), c = read_method(doc, "corrector", source);
  if (!file_fields::exactly_zero(p.beta.back() / p.alpha.back()))
    file_fields::fail(source, "predictor_beta[" + std::to_string(p.beta.size() - 1) + "]",
                      "must be 0 (the predictor is explicit)");
  // h → 0 leaves y_{n+K} = −Σ α^c_j y_{n+j}: zero-stability is the corrector's ρ.
  const RootCondition roots = root_condition(c.alpha, 1);
  if (!roots.holds)
    file_fields::fail(source, "corrector_alpha", "is not zero-stable (root condition of rho): " + roots.why);

  const std::size_t size = std::max(p.alpha.size(), c.alpha.size());
  PeceMethod<Mp50> mp{padded(p.alpha, p.alpha.back(), size), padded(p.beta, p.alpha.back(), size),
                      padded(c.alpha, c.alpha.back(), size), padded(c.beta, c.alpha.back(), size)};
  PeceMethod<double> d;
  auto to_d = [&](const std::vector<Mp50>& v, const std::string& field) {
    std::vector<double> out;
    for (const auto& x : v) out.push_back(file_fields::to_double(x, field, source));
    return out;
  };
  d.alpha_p = to_d(mp.alpha_p, "predictor_alpha");
  d.beta_p = to_d(mp.beta_p, "predictor_beta");
  d.alpha_c = to_d(mp.alpha_c, "corrector_alpha");
  d.beta_c = to_d(mp.beta_c, "corrector_beta");

  FamilyOrderReport report = pece_order_conditions(p.alpha, p.beta, c.alpha, c.beta);
  // PECE integrates (x, v) as one first-order system: no choice, no loss.
  report.order_velocity_dependent = report.order;
  report.velocity_dependent_basis = "linear multistep (PECE on the first-order system): its order";
  const int order = report.order, K = mp.steps();
  const std::string label = f.name + " (PECE, " + std::to_string(K) + "-step, RK4 start)";
  f.explicit_method = true;
  f.multistep = true;
  f.velocity_rule = "";
  f.velocity_rule_note =
      "no choice: PECE integrates (x, v) as one first-order system, F sees the predicted (x, v) in the first "
      "evaluation and the corrected ones in the last; no order lost";
  f.coefficients = {{"predictor_alpha", echo_entries(doc, "predictor_alpha")},
                    {"predictor_beta", echo_entries(doc, "predictor_beta")},
                    {"corrector_alpha", echo_entries(doc, "corrector_alpha")},
                    {"corrector_beta", echo_entries(doc, "corrector_beta")},
                    {"mode", "PECE"},
                    {"start", "runge-kutta"}};
  f.make_double = [d, name = f.name, label, order] { return pece_scheme(d, name, label, order); };
  f.make_mp50 = [mp, name = f.name, label, order] { return pece_scheme(mp, name, label, order); };
  f.order_conditions = [report] { return report; };
  f.structure = [] { return StructureReport{}; };
  f.oscillator.state_size = 2 * K;
  f.oscillator.x_index = 2 * K - 2;
  f.oscillator.v_index = 2 * K - 1;
  f.oscillator.step = [mp](const Mp50& omega, const Mp50& zeta, const std::vector<Mp50>& in, std::vector<Mp50>& out) {
    pece_oscillator_step(mp, omega, zeta, in, out);
  };
  f.multistep_stability = [d, roots](int points) {
    MultistepStability s;
    s.rho_roots = roots.roots;
    s.zero_stable = roots.holds;
    s.zero_stability_note = roots.why;
    s.boundary_locus = boundary_locus(d, points < 8 ? 8 : (points > 100000 ? 100000 : points));
    s.stability_polynomial = "pi(zeta, z) = rho_c(zeta) - z sigma_c(zeta) + z beta_c[K] (rho_p(zeta) - z sigma_p(zeta))";
    return s;
  };
  return f;
}

}  // namespace granconv::multistep
