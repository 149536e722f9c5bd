// The families "partitioned-runge-kutta" and "splitting"
// (schemes/families/partitioned/): the bi-coloured trees, the shipped files'
// orders from their conditions (and a perturbed coefficient failing them),
// symplecticity and symmetry, the oscillator step against the scheme, the
// observed orders on the oscillator and on a damped dimer (the kick's velocity
// rule), the stage iteration's failure and the parsers' refusals.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/extended_precision.hpp"
#include "schemes/families/partitioned/bicoloured_trees.hpp"
#include "schemes/families/partitioned/prk_scheme.hpp"
#include "schemes/families/scheme_file.hpp"
#include "schemes/families/second_order_stability.hpp"
#include "schemes/families/shipped_scheme_files.hpp"
#include "tests/unit/oscillator.hpp"

using namespace granconv;
using namespace granconv::partitioned;

namespace {

std::string shipped_text(const std::string& stem) {
  for (const auto& e : embedded_scheme_files())
    if (e.stem == stem) return std::string(e.text);
  FAIL("no shipped file " << stem);
  return {};
}

// The shipped file with one field replaced.
SchemeFile edited(const std::string& stem, const std::string& key, const nlohmann::json& value) {
  auto doc = nlohmann::json::parse(shipped_text(stem));
  doc[key] = value;
  return parse_scheme_file(doc.dump(), "test " + stem);
}

const FamilyOrderReport& variant(const FamilyOrderReport& r, const std::string& prefix) {
  for (const auto& [name, v] : r.variants)
    if (name.rfind(prefix, 0) == 0) return v;
  FAIL("no variant " << prefix);
  return r;
}

Chain<double> dashpot_dimer() {
  Chain<double> c;
  c.m = {1, 1};
  c.K = {1, 1};
  c.k = {1};
  c.gamma = {0.5};
  c.law.four_beta = 4;
  return c;
}

Vec<double> dashpot_y0() {
  Vec<double> y0(4);
  y0 << 0.3, 0, -0.3, 0;
  return y0;
}

template <class S>
Vec<S> final_state(const Scheme<S>& s, const Chain<S>& c, const Vec<S>& y0, const S& T, long n) {
  Vec<S> y = y0;
  s.run(c, Formulation::xv, y0, T / n, n, [&](long, const Vec<S>& xv) { y = xv; }, {});
  return y;
}

// log2 of the error ratio between n and 2n steps against `reference`.
double observed_order(const Scheme<double>& s, const Chain<double>& c, const Vec<double>& y0, double T, long n,
                      const Vec<double>& reference) {
  const double e1 = (final_state(s, c, y0, T, n) - reference).norm();
  const double e2 = (final_state(s, c, y0, T, 2 * n) - reference).norm();
  return std::log2(e1 / e2);
}

}  // namespace

TEST_CASE("bi-coloured trees: 2, 4, 14, 52, 214, 916 for the general partitioned system", "[schemes][partitioned]") {
  const auto trees = bicoloured_trees(ProblemClass::general, 6);
  std::vector<int> count(6, 0);
  for (const auto& t : trees) ++count[static_cast<std::size_t>(t.order - 1)];
  CHECK(count == std::vector<int>{2, 4, 14, 52, 214, 916});
  // x' = v, v' = F(x): an x vertex has at most one child, a v vertex; a v vertex only x children.
  const auto second = bicoloured_trees(ProblemClass::second_order, 6);
  for (const auto& t : second) {
    if (!t.velocity_root) CHECK(t.children.size() <= 1);
    for (const int u : t.children) CHECK(second[static_cast<std::size_t>(u)].velocity_root != t.velocity_root);
  }
  const auto nystrom = bicoloured_trees(ProblemClass::second_order, 4);
  std::vector<std::string> names;
  for (const auto& t : nystrom) names.push_back(t.name);
  CHECK(names == std::vector<std::string>{"x", "v", "x[v]", "v[x]", "x[v[x]]", "v[x,x]", "v[x[v]]", "x[v[x,x]]",
                                          "x[v[x[v]]]", "v[x,x,x]", "v[x,x[v]]", "v[x[v[x]]]"});
}

TEST_CASE("the shipped partitioned and splitting files have their published orders", "[schemes][partitioned]") {
  struct Expected {
    std::string stem;
    int second_order;  // on x'' = F(x)
    int general;       // main report of a PRK; -1: not checked
  };
  for (const auto& e : std::vector<Expected>{{"stormer-verlet-prk", 2, 2},
                                             {"lobatto-iiia-iiib-3", 4, 4},
                                             {"forest-ruth", 4, -1},
                                             {"pefrl", 4, -1},
                                             {"yoshida6", 6, -1}}) {
    CAPTURE(e.stem);
    const SchemeFile& f = shipped_scheme_file(e.stem);
    const FamilyOrderReport r = f.order_conditions();
    const bool splitting = f.family == "splitting";
    const FamilyOrderReport& nystrom = splitting ? r : variant(r, "second-order system x' = v, v' = F(x)");
    CHECK(nystrom.order == e.second_order);
    CHECK(f.claimed_order == e.second_order);
    // Exactly: the next order fails (Nyström conditions are checked to order 8).
    REQUIRE(nystrom.max_order > e.second_order);
    CHECK(!nystrom.rows[static_cast<std::size_t>(e.second_order)].first_failure.empty());
    if (!splitting) {
      CHECK(r.order == e.general);
      CHECK(variant(r, "second-order system x' = v, v' = F(x, v)").order == e.general);
    }
    for (const auto& [label, v] : r.variants) {
      INFO(e.stem << " on the " << label << ": order " << v.order << " (checked to " << v.max_order << ")");
      CHECK(v.order >= 1);
    }
    for (const auto& row : nystrom.rows) {
      INFO(e.stem << " order " << row.order << ": " << row.conditions << " conditions, largest residual "
                  << row.largest_residual << (row.first_failure.empty() ? "" : ", first failure " + row.first_failure));
      CHECK(row.conditions > 0);
    }
  }
}

TEST_CASE("the printed decimals of PEFRL and Yoshida pass to their precision and no further", "[schemes][partitioned]") {
  // Without "precision" the decimals are taken as exact: the order-4 (6)
  // conditions then fail by the rounding of the printed digits.
  CHECK(edited("pefrl", "precision", 0).order_conditions().order == 2);
  CHECK(edited("yoshida6", "precision", 0).order_conditions().order < 6);
  const auto pefrl = shipped_scheme_file("pefrl").order_conditions();
  CHECK(pefrl.rows[3].largest_residual < 1e-15);
  CHECK(pefrl.rows[4].largest_residual > 1e-4);
  const auto yoshida = shipped_scheme_file("yoshida6").order_conditions();
  CHECK(yoshida.rows[5].largest_residual < 1e-13);
  CHECK(yoshida.rows[6].largest_residual > 1e-4);
}

TEST_CASE("a perturbed coefficient drops the order", "[schemes][partitioned]") {
  // PEFRL's ξ moved by 1e-6 in both outer drifts, the middle drift keeping Σa = 1.
  const auto pefrl = edited("pefrl", "a",
                            {"0.1786188958448091", "-0.06626458266981849",
                             "1 - 2*(-0.06626458266981849 + 0.1786188958448091)", "-0.06626458266981849",
                             "0.1786188958448091"});
  const auto r = pefrl.order_conditions();
  CHECK(r.order == 2);
  CHECK_THAT(r.first_failure, Catch::StartsWith("order 3: "));
  const auto lobatto = edited("lobatto-iiia-iiib-3", "Ahat",
                              {{"1/6", "-1/6", "0"}, {"1/6", "1/3 + 1/1000", "-1/1000"}, {"1/6", "5/6", "0"}});
  CHECK(lobatto.order_conditions().order == 2);
  CHECK_FALSE(*lobatto.structure().symplectic.holds);
}

TEST_CASE("symplecticity and symmetry from the coefficients", "[schemes][partitioned]") {
  for (const std::string stem : {"stormer-verlet-prk", "lobatto-iiia-iiib-3", "forest-ruth", "pefrl", "yoshida6"}) {
    CAPTURE(stem);
    const auto s = shipped_scheme_file(stem).structure();
    CHECK(*s.symplectic.holds);
    CHECK(*s.symmetric.holds);
  }
  // Symplectic Euler, as a PRK and as a splitting: symplectic, not symmetric.
  const auto prk = parse_scheme_file(
      R"({"family": "partitioned-runge-kutta", "name": "se", "A": [[0]], "b": [1], "Ahat": [[1]], "bhat": [1]})", "t");
  CHECK(*prk.structure().symplectic.holds);
  CHECK_FALSE(*prk.structure().symmetric.holds);
  const auto split = parse_scheme_file(R"({"family": "splitting", "name": "se", "a": [1], "ahat": [1]})", "t");
  CHECK(*split.structure().symplectic.holds);
  CHECK_FALSE(*split.structure().symmetric.holds);
  CHECK(split.order_conditions().order == 1);
  CHECK(prk.order_conditions().order == 1);
}

TEST_CASE("the oscillator step is the scheme's step, and velocity Verlet's matrix", "[schemes][partitioned]") {
  const Mp50 omega("0.3");
  for (const std::string stem : {"stormer-verlet-prk", "lobatto-iiia-iiib-3", "pefrl", "yoshida6"}) {
    CAPTURE(stem);
    const SchemeFile& f = shipped_scheme_file(stem);
    const auto scheme = f.make_mp50();
    for (int k = 0; k < 2; ++k) {
      Vec<Mp50> y0(2);
      y0 << Mp50(k == 0), Mp50(k == 1);
      const Vec<Mp50> y = final_state(scheme, testing::oscillator<Mp50>(), y0, omega, 1);
      std::vector<Mp50> out;
      f.oscillator.step(omega, Mp50(0), {y0[0], y0[1]}, out);
      CHECK(static_cast<double>(abs(out[0] - y[0])) < 1e-40);
      CHECK(static_cast<double>(abs(out[1] - y[1])) < 1e-40);
    }
  }
  std::vector<Mp50> out;
  shipped_scheme_file("stormer-verlet-prk").oscillator.step(omega, Mp50(0), {Mp50(1), Mp50(0)}, out);
  CHECK(static_cast<double>(abs(out[0] - (1 - omega * omega / 2))) < 1e-45);
  CHECK(static_cast<double>(abs(out[1] + omega * (1 - omega * omega / 4))) < 1e-45);
}

TEST_CASE("linear stability: symplectic methods have ρ = 1 inside their stability interval", "[schemes][partitioned]") {
  for (const std::string stem : {"stormer-verlet-prk", "lobatto-iiia-iiib-3", "forest-ruth", "pefrl", "yoshida6"}) {
    const auto& step = shipped_scheme_file(stem).oscillator;
    const auto interval = stability_interval(step, Mp50(0), 100.0);
    INFO(stem << ": stability interval " << (interval ? std::to_string(*interval) : std::string("none up to 100")));
    CHECK(amplification_at(step, Mp50("0.5"), Mp50(0)).rho == Approx(1).margin(1e-12));
    // A dashpot (ζ = 0.1) damps, with either kick rule.
    CHECK(amplification_at(step, Mp50("0.5"), Mp50("0.1")).rho < 1);
  }
  // Velocity Verlet: trace 2 − Ω², stable for Ω ≤ 2.
  CHECK(*stability_interval(shipped_scheme_file("stormer-verlet-prk").oscillator) == Approx(2).margin(1e-8));
  // Forest–Ruth's small interval, ωh < 1.5734 (its negative middle step).
  CHECK(*stability_interval(shipped_scheme_file("forest-ruth").oscillator) == Approx(1.5734).margin(1e-4));
}

TEST_CASE("the kick rule's order in the damping ratio of x'' + 2ζx' + x = 0", "[schemes][partitioned]") {
  // The principal root's damping ratio ξ̄ = −ln|λ| / arg λ approximates the
  // exact roots' ζ/√(1 − ζ²) with the method's order on the damped
  // oscillator: halving Ω divides the error by 2^p.
  const Mp50 zeta("0.1");
  const double exact = 0.1 / std::sqrt(0.99);
  auto observed = [&](const SchemeFile& f) {
    const double e1 = amplification_at(f.oscillator, Mp50("0.04"), zeta).damping_ratio - exact;
    const double e2 = amplification_at(f.oscillator, Mp50("0.02"), zeta).damping_ratio - exact;
    return std::log2(std::abs(e1 / e2));
  };
  CHECK(observed(shipped_scheme_file("pefrl")) == Approx(1).margin(0.05));
  CHECK(observed(edited("pefrl", "velocity", "trapezoidal")) == Approx(2).margin(0.05));
  CHECK(observed(shipped_scheme_file("stormer-verlet-prk")) == Approx(2).margin(0.05));
  CHECK(observed(shipped_scheme_file("lobatto-iiia-iiib-3")) == Approx(4).margin(0.05));
}

TEST_CASE("observed orders on the harmonic oscillator", "[schemes][partitioned][order]") {
  const auto c = testing::oscillator<double>();
  Vec<double> y0(2);
  y0 << 1, 0;
  const double T = 2;
  Vec<double> exact(2);
  exact << std::cos(T), -std::sin(T);
  for (const auto& [stem, order] : std::vector<std::pair<std::string, int>>{
           {"stormer-verlet-prk", 2}, {"lobatto-iiia-iiib-3", 4}, {"forest-ruth", 4}, {"pefrl", 4}, {"yoshida6", 6}}) {
    CAPTURE(stem);
    const double p = observed_order(shipped_scheme_file(stem).make_double(), c, y0, T, order == 6 ? 10 : 20, exact);
    CHECK(p == Approx(order).margin(0.15));
  }
}

TEST_CASE("with a dashpot: start kicks order 1, trapezoidal kicks order 2, PRK stages keep the order",
          "[schemes][partitioned][order]") {
  // T = 1: the contact stays closed (test_dem_schemes.cpp), F is smooth.
  const auto c = dashpot_dimer();
  const Vec<double> y0 = dashpot_y0();
  const double T = 1;
  const Vec<double> reference = final_state(shipped_scheme_file("lobatto-iiia-iiib-3").make_double(), c, y0, T, 2000);
  struct Case {
    std::string label;
    Scheme<double> scheme;
    long n;
    double expected;
  };
  const std::vector<Case> cases = {
      {"pefrl start", shipped_scheme_file("pefrl").make_double(), 100, 1},
      {"pefrl trapezoidal", edited("pefrl", "velocity", "trapezoidal").make_double(), 100, 2},
      {"yoshida6 trapezoidal", edited("yoshida6", "velocity", "trapezoidal").make_double(), 100, 2},
      {"stormer-verlet-prk", shipped_scheme_file("stormer-verlet-prk").make_double(), 100, 2},
      {"lobatto-iiia-iiib-3", shipped_scheme_file("lobatto-iiia-iiib-3").make_double(), 25, 4}};
  for (const auto& k : cases) {
    const double p = observed_order(k.scheme, c, y0, T, k.n, reference);
    INFO(k.label << ": observed order " << p);
    CHECK(p == Approx(k.expected).margin(0.15));
  }
}

TEST_CASE("explicit PRKs are computed stage by stage, implicit ones iterate and fail loudly", "[schemes][partitioned]") {
  CHECK(shipped_scheme_file("stormer-verlet-prk").explicit_method);
  CHECK_FALSE(shipped_scheme_file("lobatto-iiia-iiib-3").explicit_method);
  PrkCoefficients<double> sv;
  sv.A.resize(2, 2);
  sv.A << 0, 0, 0.5, 0.5;
  sv.Ahat.resize(2, 2);
  sv.Ahat << 0.5, 0, 0.5, 0;
  sv.b.resize(2);
  sv.b << 0.5, 0.5;
  sv.bhat = sv.b;
  CHECK(stage_order(sv, false).has_value());
  CHECK_FALSE(stage_order(sv, true).has_value());  // V_1 = v0 + h/2 F(x0, V_1) with a dashpot
  Vec<double> y0(2);
  y0 << 1, 0;
  const auto lobatto = shipped_scheme_file("lobatto-iiia-iiib-3").make_double();
  CHECK_THROWS_WITH(final_state(lobatto, testing::oscillator<double>(), y0, 30.0, 3),
                    Catch::Contains("did not converge in step 1"));
}

TEST_CASE("the partitioned and splitting parsers refuse bad files, naming the field", "[schemes][partitioned]") {
  auto refused = [](const std::string& text, const std::string& message) {
    CAPTURE(text);
    CHECK_THROWS_WITH(parse_scheme_file(text, "f.json"), Catch::Contains(message));
  };
  const std::string prk = R"("family": "partitioned-runge-kutta", "name": "p", )";
  refused("{" + prk + R"("A": [[0]], "b": [1], "Ahat": [[1, 0]], "bhat": [1]})", "field 'Ahat' must be 1 × 1");
  refused("{" + prk + R"("A": [[0]], "b": [1], "Ahat": [[1]], "bhat": [1, 0]})", "field 'bhat' has 2 entries");
  refused("{" + prk + R"("A": [[0]], "b": [0.9], "Ahat": [[1]], "bhat": [1]})", "field 'b' must sum to 1");
  refused("{" + prk + R"("A": [[0]], "b": [1], "c": [1], "Ahat": [[1]], "bhat": [1]})", "field 'c[0]' is 1");
  refused("{" + prk + R"("A": [[0]], "b": [1], "Ahat": [[1]], "bhat": [1], "precision": 0.1})",
          "field 'precision' must be between 0 and 1e-6");
  const std::string split = R"("family": "splitting", "name": "s", )";
  refused("{" + split + R"("a": [0.5, 0.4], "ahat": [0, 1]})", "field 'a' must sum to 1");
  refused("{" + split + R"("a": [0.5, 0.5], "ahat": [0, 1.1]})", "field 'ahat' must sum to 1");
  refused("{" + split + R"("a": [0.5, 0.5], "ahat": [1]})", "field 'ahat' has 1 entries but a has 2");
  refused("{" + split + R"("a": [1], "ahat": [1], "velocity": "end"})", "field 'velocity' must be one of");
  refused("{" + split + R"("a": [1], "ahat": [1], "c": [1]})", "field 'c' is unknown");
}

TEST_CASE("the bad-input files of the two families fail with their one-line message", "[schemes][partitioned]") {
  // The files of tests/cli/bad_input.cmake's partitioned block, read as validate reads them.
  const std::string dir = std::string(GRANCONV_TEST_DATA) + "/scheme_files/";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"prk-sizes.json", "prk-sizes.json: field 'Ahat' must be 3 × 3 (b has 3 entries), got 2 × 2"},
      {"prk-sum-bhat.json", "prk-sum-bhat.json: field 'bhat' must sum to 1 (consistency)"},
      {"prk-c-not-row-sums.json", "prk-c-not-row-sums.json: field 'c[1]' is 5.000e-01 but the row sum of A[1] is 1.000e+00"},
      {"prk-17-stages.json", "prk-17-stages.json: field 'b' has 17 entries, more than the limit of 16"},
      {"splitting-sum-a.json", "splitting-sum-a.json: field 'a' must sum to 1 (consistency), sums to 9.997e-01"},
      {"splitting-ahat-size.json", "splitting-ahat-size.json: field 'ahat' has 1 entries but a has 2"},
      {"splitting-velocity.json", "splitting-velocity.json: field 'velocity' must be one of: start, trapezoidal"},
      {"splitting-precision.json", "splitting-precision.json: field 'precision' must be between 0 and 1e-6"}};
  for (const auto& [file, message] : cases) {
    CAPTURE(file);
    CHECK_THROWS_WITH(read_scheme_file(dir + file), Catch::Contains(message));
  }
}
