// The Newmark family from scheme files (schemes/families/newmark/): the
// shipped files' orders and spectral radii against their sources (Newmark
// 1959, Hilber, Hughes & Taylor 1977, Chung & Hulbert 1993), the observed
// order on the oscillator and on a damped Hertz dimer (Newton on the
// tridiagonal matrix), in double and 50 digits, a perturbed γ losing the
// order, and the parser's refusals.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <utility>
#include <stdexcept>
#include <string>

#include "schemes/families/newmark/newmark_file.hpp"
#include "schemes/families/second_order_stability.hpp"
#include "schemes/families/shipped_scheme_files.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "tests/unit/oscillator.hpp"

using namespace granconv;

namespace {

const char* const kShipped[] = {"newmark-average", "central-difference", "hht-alpha", "generalized-alpha-0.8"};

// Two beads on local springs in a pre-compressed Hertz contact with a linear
// dashpot: a force that depends on x (nonlinearly) and on v, coupling the beads.
template <class S>
Chain<S> dashpot_dimer() {
  Chain<S> c;
  c.m = {S(1), S(1)};
  c.K = {S(1), S(1)};
  c.k = {S(1)};
  c.gamma = {S(1) / 2};
  c.law.four_beta = 4;
  return c;
}

template <class S>
Vec<S> dimer_y0() {
  Vec<S> y0(4);
  y0 << S(3) / 10, S(0), S(-3) / 10, S(0);
  return y0;
}

template <class S>
Vec<S> final_state(const Scheme<S>& s, const Chain<S>& c, const Vec<S>& y0, const S& T, long n) {
  Vec<S> y = y0;
  s.run(c, Formulation::xv, y0, T / n, n, [&](long, const Vec<S>& xv) { y = xv; }, {});
  return y;
}

double observed_order_oscillator(const Scheme<double>& s, long n) {
  const double T = 2;
  Vec<double> y0(2);
  y0 << 1, 0;
  const auto exact = harmonic_oscillator_state(T);
  const double e1 = (final_state(s, testing::oscillator<double>(), y0, T, n) - exact).cwiseAbs().maxCoeff();
  const double e2 = (final_state(s, testing::oscillator<double>(), y0, T, 2 * n) - exact).cwiseAbs().maxCoeff();
  return std::log2(e1 / e2);
}

const Vec<double>& dimer_reference() {
  static const Vec<double> ref = final_state(make_scheme<double>("rk4"), dashpot_dimer<double>(), dimer_y0<double>(),
                                             1.0, 1 << 14);
  return ref;
}

double observed_order_dimer(const Scheme<double>& s, long n) {
  const auto& ref = dimer_reference();
  const double e1 = (final_state(s, dashpot_dimer<double>(), dimer_y0<double>(), 1.0, n) - ref).cwiseAbs().maxCoeff();
  const double e2 =
      (final_state(s, dashpot_dimer<double>(), dimer_y0<double>(), 1.0, 2 * n) - ref).cwiseAbs().maxCoeff();
  return std::log2(e1 / e2);
}

SchemeFile parse(const std::string& text) { return parse_scheme_file(text, "test.json"); }

}  // namespace

TEST_CASE("the shipped Newmark files are second order by the family's condition", "[schemes][newmark]") {
  for (const char* stem : kShipped) {
    INFO(stem);
    const SchemeFile& f = shipped_scheme_file(stem);
    CHECK(f.family == "newmark");
    CHECK(f.claimed_order == 2);
    const auto r = f.order_conditions();
    CHECK(r.order == 2);
    CHECK(r.first_failure.empty());
    CHECK(r.rows.at(1).largest_residual < 1e-40);
    CHECK(f.oscillator.state_size == 3);
  }
  CHECK(shipped_scheme_file("central-difference").explicit_method);
  CHECK_FALSE(shipped_scheme_file("newmark-average").explicit_method);
}

TEST_CASE("generalized-α from ρ∞ = 0.8 has Chung & Hulbert's parameters and ρ∞", "[schemes][newmark]") {
  const auto k = generalized_alpha_from_rho_infinity(Mp50(4) / 5);
  CHECK(abs(k.alpha_m - Mp50(1) / 3) < Mp50("1e-45"));
  CHECK(abs(k.alpha_f - Mp50(4) / 9) < Mp50("1e-45"));
  CHECK(abs(k.gamma - Mp50(11) / 18) < Mp50("1e-45"));
  CHECK(abs(k.beta - Mp50(25) / 81) < Mp50("1e-45"));
  // Exact: −ρ∞ is a triple root of the limit amplification matrix.
  const auto exact = newmark_rho_infinity(k);
  REQUIRE(exact.has_value());
  CHECK(abs(*exact - Mp50(4) / 5) < Mp50("1e-40"));
  // The eigenvalues in double at Ω = 1e12 see that triple root to ~ε^{1/3}.
  const double rho = rho_infinity(shipped_scheme_file("generalized-alpha-0.8").oscillator);
  INFO("rho_inf at Omega = 1e12 from the double eigensolver = " << rho);
  CHECK(std::abs(rho - 0.8) < 2e-5);
  // The low-frequency end is undamped to second order: ρ(0.01) = 1 − O(Ω³).
  CHECK(amplification_at(shipped_scheme_file("generalized-alpha-0.8").oscillator, Mp50("0.01"), Mp50(0)).rho > 0.99999);
}

TEST_CASE("HHT-α with α = −0.1 has ρ∞ = (1 + α)/(1 − α)", "[schemes][newmark]") {
  const NewmarkCoefficients<Mp50> k{Mp50(121) / 400, Mp50(3) / 5, Mp50(0), Mp50(1) / 10};
  const auto exact = newmark_rho_infinity(k);
  REQUIRE(exact.has_value());
  CHECK(abs(*exact - Mp50(9) / 11) < Mp50("1e-40"));
  const double rho = rho_infinity(shipped_scheme_file("hht-alpha").oscillator);
  INFO("rho_inf at Omega = 1e12 from the double eigensolver = " << rho);
  CHECK(std::abs(rho - 9.0 / 11) < 1e-6);
  // α_f alone does not move ρ∞ (it only sets the root −α_f/(1 − α_f) = −1/9): β and γ do.
  const NewmarkCoefficients<Mp50> k2{Mp50(121) / 400, Mp50(3) / 5, Mp50(0), Mp50(1) / 5};
  CHECK(abs(*newmark_rho_infinity(k2) - Mp50(9) / 11) < Mp50("1e-40"));
}

TEST_CASE("Newmark's average acceleration is undamped at every Ω", "[schemes][newmark]") {
  const auto& osc = shipped_scheme_file("newmark-average").oscillator;
  for (const char* w : {"0.01", "0.5", "1", "2", "10", "1000"}) {
    INFO("Omega = " << w);
    CHECK(std::abs(amplification_at(osc, Mp50(w), Mp50(0)).rho - 1) < 1e-12);
  }
  CHECK(std::abs(rho_infinity(osc) - 1) < 1e-6);
  CHECK(abs(*newmark_rho_infinity({Mp50(1) / 4, Mp50(1) / 2, Mp50(0), Mp50(0)}) - 1) < Mp50("1e-40"));
  CHECK_FALSE(stability_interval(osc).has_value());
}

TEST_CASE("central difference is stable up to Ω = 2", "[schemes][newmark]") {
  const auto interval = stability_interval(shipped_scheme_file("central-difference").oscillator);
  REQUIRE(interval.has_value());
  INFO("Omega_0 = " << *interval);
  CHECK(std::abs(*interval - 2) < 1e-8);
}

TEST_CASE("the Newmark files reach order 2 on the oscillator and on a damped Hertz dimer", "[schemes][newmark][order]") {
  for (const char* stem : kShipped) {
    const auto s = shipped_scheme_file(stem).make_double();
    CHECK(s.classical_order == 2);
    for (long n : {100, 200, 400}) {
      const double p_osc = observed_order_oscillator(s, n), p_dimer = observed_order_dimer(s, n);
      INFO(stem << ", n = " << n << ": observed orders " << p_osc << " (oscillator), " << p_dimer << " (dimer)");
      CHECK(std::abs(p_osc - 2) < 0.05);
      CHECK(std::abs(p_dimer - 2) < 0.1);
    }
  }
}

TEST_CASE("generalized-α runs in 50 digits below double round-off", "[schemes][newmark][order]") {
  const auto s = shipped_scheme_file("generalized-alpha-0.8").make_mp50();
  Vec<Mp50> y0(2);
  y0 << Mp50(1), Mp50(0);
  const Mp50 T = Mp50(1) / 1000;
  const auto err = [&](long n) {
    return static_cast<double>(
        (final_state(s, testing::oscillator<Mp50>(), y0, T, n) - harmonic_oscillator_state(T)).cwiseAbs().maxCoeff());
  };
  const double e1 = err(1000), e2 = err(2000);
  INFO("errors " << e1 << ", " << e2);
  CHECK(e1 < 1e-16);
  CHECK(std::abs(std::log2(e1 / e2) - 2) < 0.05);
  // The dimer in 50 digits: Newton on the tridiagonal matrix converges to its tolerance.
  const auto y = final_state(s, dashpot_dimer<Mp50>(), dimer_y0<Mp50>(), Mp50(1) / 10, 10);
  CHECK(static_cast<double>(abs(y[0] - dimer_y0<Mp50>()[0])) > 0);
}

TEST_CASE("γ off the second-order condition drops the order to 1", "[schemes][newmark][negative]") {
  const SchemeFile f = parse(
      R"({"family": "newmark", "name": "off", "beta": "1/4", "gamma": "0.6", "alpha_m": 0, "alpha_f": 0})");
  const auto r = f.order_conditions();
  CHECK(r.order == 1);
  CHECK_THAT(r.first_failure, Catch::Contains("γ = 1/2 − α_m + α_f"));
  CHECK(std::abs(r.rows.at(1).largest_residual - 0.1) < 1e-15);
  const auto s = f.make_double();
  const double p = observed_order_dimer(s, 400);
  INFO("observed order " << p);
  CHECK(std::abs(p - 1) < 0.1);
  // ... and so does α_f changed alone in the HHT file.
  const SchemeFile g = parse(
      R"({"family": "newmark", "name": "hht-off", "beta": "121/400", "gamma": "3/5", "alpha_m": 0, "alpha_f": "0.2"})");
  CHECK(g.order_conditions().order == 1);
}

TEST_CASE("the Newmark parser refuses what the docs refuse, naming the field", "[schemes][newmark][bad-input]") {
  const auto refused = [](const std::string& text, const std::string& field) {
    INFO(text);
    CHECK_THROWS_WITH(parse(text), Catch::Contains("field '" + field + "'"));
  };
  refused(R"({"family": "newmark", "name": "x", "beta": -0.1, "gamma": 0.5})", "beta");
  refused(R"({"family": "newmark", "name": "x", "rho_infinity": 0.8, "gamma": 0.5})", "gamma");
  refused(R"({"family": "newmark", "name": "x", "rho_infinity": 1.5})", "rho_infinity");
  refused(R"({"family": "newmark", "name": "x", "beta": 0.25})", "gamma");
  refused(R"({"family": "newmark", "name": "x", "beta": 0.25, "gamma": 0.5, "alpha_m": 1})", "alpha_m");
  refused(R"({"family": "newmark", "name": "x", "beta": 0.25, "gamma": 0.5, "alpha": 0.1})", "alpha");
  refused(R"({"family": "newmark", "name": "x", "beta": "1e400", "gamma": 0.5})", "beta");
}

TEST_CASE("a Newmark scheme refuses the (x, w) formulation", "[schemes][newmark]") {
  const auto s = shipped_scheme_file("newmark-average").make_double();
  Vec<double> y0(2);
  y0 << 1, 0;
  CHECK_THROWS_AS(s.run(testing::oscillator<double>(), Formulation::xw, y0, 0.1, 1, {}, {}), std::invalid_argument);
}

TEST_CASE("the bad-input scheme files are refused with the messages their ctests expect", "[schemes][bad-input]") {
  // tests/cli/bad_input.cmake runs `granconv validate FILE` on these; here the reader alone.
  const std::pair<const char*, const char*> files[] = {
      {"newmark-beta-negative.json", "field 'beta' must be ≥ 0"},
      {"newmark-both-forms.json", "field 'beta' cannot be given with 'rho_infinity'"},
      {"newmark-rho-out-of-range.json", "field 'rho_infinity' must lie in [0, 1]"},
      {"newmark-alpha-m-one.json", "field 'alpha_m' must not be 1"},
      {"newmark-missing-gamma.json", "field 'gamma' is missing"},
      {"nystrom-b-sum.json", "field 'b' must sum to 1"},
      {"nystrom-sizes.json", "field 'bbar' has 3 entries, c has 2"},
      {"nystrom-implicit.json", "field 'Abar[0][0]' must be 0: only explicit methods"},
      {"nystrom-no-velocity-rule.json", "field 'velocity' is missing"},
  };
  for (const auto& [file, message] : files) {
    INFO(file);
    CHECK_THROWS_WITH(read_scheme_file(std::filesystem::path(GRANCONV_SCHEME_FILES) / file),
                      Catch::Contains(std::string(file) + ": " + message));
  }
}
