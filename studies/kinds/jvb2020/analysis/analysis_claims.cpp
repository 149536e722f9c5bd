#include "studies/kinds/jvb2020/analysis/analysis_claims.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <fmt/format.h>

#include "schemes/modified_equation.hpp"
#include "schemes/stability.hpp"
#include "schemes/tailored_tableaux.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv {

namespace {

using mp = boost::multiprecision::cpp_bin_float_50;
using nlohmann::json;

double d(const mp& x) { return static_cast<double>(x); }
std::string digits(const mp& x, int n = 25) { return x.str(n); }
mp mabs(const mp& x) { return boost::multiprecision::abs(x); }
mp msqrt(const mp& x) { return boost::multiprecision::sqrt(x); }

// A number for the report: exact zeros stay zeros, infinities become "∞"
// (JSON has no infinity).
json num(double v) {
  if (std::isinf(v)) return v > 0 ? "∞" : "−∞";
  if (std::isnan(v)) return nullptr;
  return v;
}

std::vector<mp> c11_samples(const AnalysisSpec& spec) {
  std::vector<mp> out;
  for (const auto& v : spec.c11_samples) out.emplace_back(mp(v));
  if (out.empty())
    for (const char* s : {"0.01", "0.05", "0.1", "0.236", "0.5", "1", "2", "3"}) out.emplace_back(s);
  return out;
}

mp r_of_c11(const mp& c11) { return r_infinity(stability_function(tableaux::tailored_irk(c11))); }

// The tableaux of the comparison table and the figures.
struct Named {
  std::string label, slug;
  Tableau<mp> tableau;
};
std::vector<Named> table_tableaux() {
  std::vector<Named> v{{"Crank–Nicolson", "cn", tableaux::crank_nicolson<mp>()},
                       {"Gauss–Legendre 2", "gl2", tableaux::gauss_legendre2<mp>()},
                       {"Radau IIA 2", "radau2", tableaux::radau_iia2<mp>()},
                       {"RK4", "rk4", tableaux::rk4<mp>()}};
  for (const char* th : {"0.5", "0.8", "1"})
    v.push_back({std::string("θ method, θ = ") + th, std::string("theta-") + th, tableaux::theta_method(mp(th))});
  for (const char* c : {"0.05", "0.236", "0.5"})
    v.push_back({std::string("tailored IRK, C11 = ") + c, std::string("irk-tailored-") + c, tableaux::tailored_irk(mp(c))});
  return v;
}
std::vector<Named> figure_tableaux() {
  std::vector<Named> v{{"Crank–Nicolson", "cn", tableaux::crank_nicolson<mp>()},
                       {"Gauss–Legendre 2", "gl2", tableaux::gauss_legendre2<mp>()},
                       {"Radau IIA 2", "radau2", tableaux::radau_iia2<mp>()}};
  for (const char* c : {"0.05", "0.236", "0.5", "2"})
    v.push_back({std::string("tailored IRK, C11 = ") + c, std::string("irk-tailored-") + c, tableaux::tailored_irk(mp(c))});
  for (const char* th : {"0.5", "0.8", "1"})
    v.push_back({std::string("θ method, θ = ") + th, std::string("theta-") + th, tableaux::theta_method(mp(th))});
  return v;
}

double round4(double v) { return std::round(v * 1e4) / 1e4; }

json region_figure(const std::string& id, const Named& n) {
  const int m = 121;
  const double lo = -10, hi = 10, zmax = 2;
  std::vector<double> axis(m);
  for (int i = 0; i < m; ++i) axis[i] = lo + (hi - lo) * i / (m - 1);
  const auto R = stability_function(n.tableau);
  json z = json::array();
  for (int iy = 0; iy < m; ++iy) {
    std::vector<double> row(m);
    for (int ix = 0; ix < m; ++ix) {
      const double a = std::abs(evaluate(R, std::complex<double>(axis[ix], axis[iy])));
      row[ix] = std::isfinite(a) ? round4(std::min(a, zmax)) : zmax;
    }
    z.push_back(row);
  }
  return {{"name", id + "-region-" + n.slug},
          {"type", "heatmap"},
          {"title", "|R(z)| of " + n.label + " (stable where |R| ≤ 1)"},
          {"xlabel", "Re z"},
          {"ylabel", "Im z"},
          {"zlabel", "|R(z)|"},
          {"aspect", "equal"},
          {"x", axis},
          {"y", axis},
          {"z", z},
          {"contour", 1.0},
          {"contour_label", "|R| = 1"},
          {"zmax", zmax}};
}

json imag_axis_figure(const std::string& id, const std::vector<Named>& schemes) {
  std::vector<double> w;
  for (int i = 0; i <= 400; ++i) w.push_back(std::pow(10.0, -2.0 + 5.0 * i / 400));
  json series = json::array();
  for (const auto& n : schemes) {
    const auto R = stability_function(n.tableau);
    std::vector<double> y;
    for (double x : w) y.push_back(std::abs(evaluate(R, std::complex<double>(0, x))));
    series.push_back({{"title", n.label}, {"x", w}, {"y", y}, {"style", "lines"}});
  }
  return {{"name", id + "-imag-axis"}, {"type", "lines"},        {"title", "|R(iω)| on the imaginary axis"},
          {"xlabel", "ω"},             {"ylabel", "|R(iω)|"},    {"logx", true},
          {"series", series}};
}

json r_of_c11_figure(const std::string& id, const mp& cmin, const mp& rmin) {
  std::vector<double> x, y;
  for (int i = 0; i <= 300; ++i) {
    const mp c = mp(i) / 100;
    x.push_back(d(c));
    y.push_back(d(r_of_c11(c)));
  }
  return {{"name", id + "-r-of-c11"},
          {"type", "lines"},
          {"title", "r = lim |R(z)| (|z| → ∞) of the tailored IRK against C11"},
          {"xlabel", "C11"},
          {"ylabel", "r = a⁻/a⁺"},
          {"series",
           {{{"title", "r(C11)"}, {"x", x}, {"y", y}, {"style", "lines"}},
            {{"title", fmt::format("minimum r = {:.6f} at C11 = {:.6f}", d(rmin), d(cmin))},
             {"x", {d(cmin)}},
             {"y", {d(rmin)}},
             {"style", "points"}}}}};
}

ClaimResult run_a1(const Claim& claim, const AnalysisSpec& spec, const StudyOptions& options) {
  if (options.tableau)
    throw std::invalid_argument("claim '" + claim.id +
                                "' is about the tailored IRK family (64)–(66); --tableau does not apply to it");
  const auto samples = c11_samples(spec);
  CheckList checks;
  auto add = [&](json c) { checks.add(std::move(c)); };

  // (75): P and Q coefficient by coefficient.
  mp dev75(0), devid(0);
  for (const mp& C : samples) {
    const auto R = stability_function(tableaux::tailored_irk(C));
    const mp am = mp(1) / 12 - C / 2 + 3 * C * C / 2, ap = mp(1) / 12 + C / 2 + 3 * C * C / 2;
    const std::vector<mp> P75{mp(1), mp(mp(1) / 2 - 2 * C), am}, Q75{mp(1), mp(-(mp(1) / 2 + 2 * C)), ap};
    for (std::size_t k = 0; k < 3; ++k) {
      const mp p = k < R.P.size() ? R.P[k] : mp(0), q = k < R.Q.size() ? R.Q[k] : mp(0);
      dev75 = std::max(dev75, std::max(mp(mabs(p - P75[k])), mp(mabs(q - Q75[k]))));
    }
    if (R.P.size() > 3 || R.Q.size() > 3) dev75 = 1;
    // |Q(iω)|² − |P(iω)|² = C11 ω² (2 + ω² (1/6 + 3 C11²)).
    if (C > 0)
      for (const char* w : {"1e-3", "0.1", "1", "10", "1e3"}) {
        const mp om(w);
        const ComplexS<mp> z{mp(0), om};
        const mp lhs = norm2(evaluate_polynomial(R.Q, z)) - norm2(evaluate_polynomial(R.P, z));
        const mp rhs = C * om * om * (2 + om * om * (mp(1) / 6 + 3 * C * C));
        devid = std::max(devid, mp(mabs(lhs - rhs) / rhs));
      }
  }
  const std::string where = fmt::format("{} values of C11 in [{}, {}]", samples.size(), d(samples.front()), d(samples.back()));
  add(check_entry("(75): P = 1 + (1/2 − 2C11) z + a⁻ z², Q = 1 − (1/2 + 2C11) z + a⁺ z² — max |coefficient deviation|, " +
                where,
            0.0, d(dev75), 1e-40, dev75 < mp("1e-40")));
  add(check_entry("|Q(iω)|² − |P(iω)|² = C11 ω² (2 + ω² (1/6 + 3C11²)) — max relative deviation, ω ∈ {1e-3, 0.1, 1, 10, "
            "1e3}, " + where,
            0.0, d(devid), 1e-30, devid < mp("1e-30")));

  // A-stability for C11 ≥ 0 (and |R(iω)| < 1 for C11 > 0).
  std::vector<mp> astab{mp(0)};
  for (const mp& c : samples) astab.push_back(c);
  astab.emplace_back("10");
  int a_stable = 0;
  double min_pole_re = INFINITY, max_imag = 0, max_imag_pos = 0;
  for (const mp& C : astab) {
    const auto rep = stability_report(tableaux::tailored_irk(C));
    a_stable += rep.a_stable ? 1 : 0;
    for (const auto& p : rep.poles) min_pole_re = std::min(min_pole_re, p.real());
    max_imag = std::max(max_imag, rep.max_abs_on_imaginary_axis);
    // For C11 > 0, |R(iω)| < 1 away from ω = 0 (at ω = 0 it is 1).
    if (C > 0) {
      const auto R = stability_function(tableaux::tailored_irk(C));
      for (double w : {1e-2, 1.0, 1e2, 1e4}) max_imag_pos = std::max(max_imag_pos, std::abs(evaluate(R, std::complex<double>(0, w))));
    }
  }
  const bool a_ok = a_stable == static_cast<int>(astab.size()) && max_imag_pos < 1;
  add(check_entry(fmt::format("A-stable for C11 ≥ 0 (C11 ∈ {{0, the samples, 10}}: |R(iω)| ≤ 1 on 20001 ω in ±[1e-4, 1e4], "
                        "poles of Q in Re z > 0; |R(iω)| < 1 at ω ∈ {{1e-2, 1, 1e2, 1e4}} for C11 > 0)"),
            "A-stable for C11 ≥ 0, |R(iω)| < 1 for C11 > 0",
            fmt::format("A-stable at {} of {} C11; max |R(iω)| = {:.15g} (max at ω ≠ 0, C11 > 0: {:.6f}); "
                        "min Re(pole) = {:.4f}",
                        a_stable, astab.size(), max_imag, max_imag_pos, min_pole_re),
            "|R(iω)| ≤ 1 + 1e-12", a_ok));

  // r = a⁻/a⁺, its minimum over C11.
  mp dev_r(0);
  bool r_below_one = true;
  for (const mp& C : samples) {
    const mp am = mp(1) / 12 - C / 2 + 3 * C * C / 2, ap = mp(1) / 12 + C / 2 + 3 * C * C / 2;
    const mp r = r_of_c11(C);
    dev_r = std::max(dev_r, mp(mabs(r - am / ap)));
    r_below_one = r_below_one && (C == 0 || r < 1);
  }
  add(check_entry("r = lim |R(z)| = a⁻/a⁺ < 1 — max deviation of our r from a⁻/a⁺, " + where, "r = a⁻/a⁺ < 1", d(dev_r),
            1e-40, dev_r < mp("1e-40") && r_below_one));
  const mp cmin = golden_section_minimum<mp>(&r_of_c11, mp(0), mp(3), mp("1e-40"));
  const mp rmin = r_of_c11(cmin);
  const mp r2 = msqrt(mp(2));
  const mp c_paper = 1 / (3 * r2), r_paper = (r2 - 1) / (r2 + 1);
  const mp dc = mabs(cmin - c_paper), dr = mabs(rmin - r_paper);
  add(check_entry("location of the minimum of r over C11 ∈ [0, 3] (golden section in cpp_bin_float_50) vs 1/(3√2)",
            d(c_paper), fmt::format("{} (|Δ| = {:.2g})", digits(cmin), d(dc)), 1e-20, dc < mp("1e-20")));
  add(check_entry("minimum value r_min vs (√2 − 1)/(√2 + 1) ≈ 0.17", d(r_paper),
            fmt::format("{} (|Δ| = {:.2g})", digits(rmin), d(dr)), 1e-40, dr < mp("1e-40")));

  json rec = result_head(claim, checks.pass);
  rec["checks"] = checks.items;
  const auto schemes = figure_tableaux();
  json figs = json::array();
  for (const auto& n : schemes) figs.push_back(region_figure(claim.id, n));
  figs.push_back(imag_axis_figure(claim.id, schemes));
  figs.push_back(r_of_c11_figure(claim.id, cmin, rmin));
  rec["figures"] = figs;
  return {rec, checks.pass, checks.summary(claim)};
}

ClaimResult run_modified_eq(const Claim& claim, const AnalysisSpec& spec, const StudyOptions& options) {
  const auto samples = c11_samples(spec);
  CheckList checks;
  auto add = [&](json c) { checks.add(std::move(c)); };

  // GL2 (or the tableau given with --tableau): C11 = C21 = C22 = 0.
  Tableau<mp> gl = tableaux::gauss_legendre2<mp>();
  mp tol("1e-45");
  std::string tol_text = "1e-45";
  if (options.tableau) {
    const auto& t = *options.tableau;
    gl.name = t.name;
    gl.A = t.A.cast<mp>();
    gl.b = t.b.cast<mp>();
    gl.c = gl.A.rowwise().sum();
    tol = mp("1e-13");
    tol_text = "1e-13 (double-precision tableau input)";
  }
  const auto mg = modified_equation_coefficients(gl);
  for (auto [name, v] : {std::pair{"C11", mg.c11}, {"C21", mg.c21}, {"C22", mg.c22}})
    add(check_entry(fmt::format("{} of {} (eqs. (49)–(51))", name, options.tableau ? "tableau '" + gl.name + "'" : "GL2"),
              0.0, d(v), tol_text, mabs(v) <= tol));

  // Tailored IRK: (59) residuals, (58), GL2 at C11 = 0.
  mp res(0), dev58(0);
  for (const mp& C : samples) {
    const auto m = modified_equation_coefficients(tableaux::tailored_irk(C));
    const auto [r1, r2] = tailored_residuals(m);
    res = std::max(res, std::max(mp(mabs(r1)), mp(mabs(r2))));
    dev58 = std::max(dev58, mp(mabs(gamma_over_h(m) - 2 * C)));
  }
  const std::string where = fmt::format("{} values of C11 in [{}, {}]", samples.size(), d(samples.front()), d(samples.back()));
  add(check_entry("tailored IRK (64)–(66) satisfies (59): C22 = 2C11 + C11², C21 = C11 − C11² — max |residual|, " + where,
            0.0, d(res), 1e-45, res < mp("1e-45")));
  add(check_entry("dissipation condition (58) C11 = γ/(2h): the tailored IRK built for C11 realises γ/h = 2C11 — max "
            "|γ/h − 2C11|, " + where,
            0.0, d(dev58), 1e-45, dev58 < mp("1e-45")));
  {
    const auto t0 = tableaux::tailored_irk(mp(0));
    const auto g = tableaux::gauss_legendre2<mp>();
    const mp dev = std::max(mp((t0.A - g.A).cwiseAbs().maxCoeff()), mp((t0.b - g.b).cwiseAbs().maxCoeff()));
    add(check_entry("(64)–(66) at C11 = 0 is the Gauss–Legendre tableau (15) — max |entry difference|", 0.0, d(dev), 1e-45,
              dev < mp("1e-45")));
  }
  {
    // Fig. 6 setting γ = h: (58) gives C11 = 1/2, (41) θ = 1, and the θ method has C11 = θ − 1/2.
    const auto mt = modified_equation_coefficients(tableaux::theta_method(mp(1)));
    const auto mi = modified_equation_coefficients(tableaux::tailored_irk(mp(1) / 2));
    const mp dev = std::max(mp(mabs(mt.c11 - mp(1) / 2)), mp(mabs(mi.c11 - mp(1) / 2)));
    add(check_entry("γ = h (section 3.5): C11 = 1/2 by (58) — C11 of the θ method at θ = 1 and of the tailored IRK at C11 = 1/2",
              0.5, fmt::format("θ = 1: {}; IRK: {}", digits(mt.c11, 20), digits(mi.c11, 20)), 1e-45, dev < mp("1e-45")));
  }

  // The comparison table.
  json rows = json::array();
  for (const auto& n : table_tableaux()) {
    const auto m = modified_equation_coefficients(n.tableau);
    const auto rep = stability_report(n.tableau);
    const auto [r1, r2] = tailored_residuals(m);
    auto clean = [](const mp& v) { return num(mabs(v) < mp("1e-40") ? 0.0 : d(v)); };
    rows.push_back({n.label, clean(m.c11), clean(m.c21), clean(m.c22),
                    clean(std::max(mp(mabs(r1)), mp(mabs(r2)))), rep.a_stable ? "yes" : "no",
                    rep.l_stable ? "yes" : "no", num(rep.r_infinity)});
  }
  json tables = json::array();
  tables.push_back({{"title", "Modified-equation coefficients (49)–(51) and linear stability of the tableaux"},
                    {"columns", {"tableau", "C11", "C21", "C22", "max |(59) residual|", "A-stable", "L-stable",
                                 "r = |R(∞)|"}},
                    {"rows", rows}});

  // Figure: C21, C22 of the tailored IRK against the targets of (59).
  std::vector<double> x, y21, y22, t21, t22;
  for (int i = 0; i <= 100; ++i) {
    const mp C = mp(i) / 50;
    const auto m = modified_equation_coefficients(tableaux::tailored_irk(C));
    x.push_back(d(C));
    y21.push_back(d(m.c21));
    y22.push_back(d(m.c22));
    t21.push_back(d(C - C * C));
    t22.push_back(d(2 * C + C * C));
  }
  json fig = {{"name", claim.id + "-c2-of-c11"},
              {"type", "lines"},
              {"title", "C21, C22 of the tailored IRK (64)–(66) and the targets of (59)"},
              {"xlabel", "C11"},
              {"ylabel", "coefficient"},
              {"series",
               {{{"title", "C21 (ours)"}, {"x", x}, {"y", y21}, {"style", "lines"}},
                {{"title", "C11 − C11² (59)"}, {"x", x}, {"y", t21}, {"style", "dashes"}},
                {{"title", "C22 (ours)"}, {"x", x}, {"y", y22}, {"style", "lines"}},
                {{"title", "2C11 + C11² (59)"}, {"x", x}, {"y", t22}, {"style", "dashes"}}}}};

  json rec = result_head(claim, checks.pass);
  rec["checks"] = checks.items;
  rec["tables"] = tables;
  rec["figures"] = json::array({fig});
  return {rec, checks.pass, checks.summary(claim)};
}

}  // namespace

AnalysisSpec parse_analysis_spec(FieldReader& r) {
  AnalysisSpec s;
  s.check = r.one_of("check", {"stability", "modified-equation"});
  if (r.maybe<std::vector<double>>("c11_samples", at_least(0)))
    for (const auto& v : r.json().at("c11_samples")) s.c11_samples.push_back(v.dump());
  return s;
}

ClaimResult run_analysis_claim(const Claim& claim, const AnalysisSpec& spec, const StudyOptions& options) {
  return spec.check == "stability" ? run_a1(claim, spec, options) : run_modified_eq(claim, spec, options);
}

}  // namespace granconv
