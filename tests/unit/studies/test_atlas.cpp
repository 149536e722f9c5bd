// The order atlas: its grid comes from the catalogues, and its verdicts on
// fake error series (trustworthy, untrustworthy, order lost) are right.
#include <catch2/catch.hpp>
#include <algorithm>
#include <limits>

#include <cmath>
#include <set>

#include "schemes/scheme_catalogue.hpp"
#include "studies/atlas/atlas.hpp"
#include "studies/support/grid_errors.hpp"

using namespace granconv;

TEST_CASE("atlas grid is generated from the scheme and force-model catalogues", "[atlas]") {
  std::size_t expected_rows = 0, timestepping = 0;
  for (const auto& s : scheme_catalogue()) {
    if (s.family == SchemeFamily::impulse) continue;
    ++timestepping;
    expected_rows += (s.accepts_xw && !s.tailored) ? 2 : 1;
  }
  const Atlas a = atlas_layout(AtlasSettings{});
  CHECK(a.rows.size() == expected_rows);
  std::set<std::string> schemes;
  for (const auto& r : a.rows) schemes.insert(r.scheme);
  CHECK(schemes.size() == timestepping);
  CHECK(a.models.size() == static_cast<std::size_t>(std::count_if(force_models().begin(), force_models().end(),
                                                                  [](const ForceModel& m) { return m.atlas_default; })));
  AtlasSettings one_model;
  one_model.models = {"kk-nontensile"};
  CHECK(atlas_layout(one_model).models.size() == 1);
  CHECK(a.problems.size() == 2);
  CHECK(a.cells.size() == a.problems.size() * a.rows.size() * a.models.size());
  CHECK(a.skipped_schemes.size() == scheme_catalogue().size() - timestepping);
  for (const auto& r : a.rows) CHECK((r.family != SchemeFamily::dem || r.formulation == Formulation::xv));
}

TEST_CASE("atlas applicability: bi-stiffness, mollified xw, undamped xw, tailored", "[atlas]") {
  const Atlas a = atlas_layout(AtlasSettings{});
  auto row = [&](const std::string& s, Formulation f) {
    for (const auto& r : a.rows)
      if (r.scheme == s && r.formulation == f) return r;
    FAIL("no row " << s);
    return a.rows.front();
  };
  // Bi-stiffness: the (x, v, z) state is stepped by the Runge–Kutta tableaux only.
  for (const auto& r : a.rows) {
    INFO(r.name());
    const bool runs = r.family == SchemeFamily::runge_kutta && r.formulation == Formulation::xv;
    CHECK(cell_not_applicable(r, force_model("bistiffness")).empty() == runs);
  }
  CHECK_THAT(cell_not_applicable(row("velocity-verlet", Formulation::xv), force_model("bistiffness")),
             Catch::Contains("x'' = F(x, v)"));
  CHECK_THAT(cell_not_applicable(row("theta", Formulation::xv), force_model("bistiffness")), Catch::Contains("KK"));
  CHECK_FALSE(cell_not_applicable(row("cn", Formulation::xw), force_model("mollified-kk")).empty());
  CHECK(cell_not_applicable(row("cn", Formulation::xv), force_model("mollified-kk")).empty());
  CHECK_FALSE(cell_not_applicable(row("gl2", Formulation::xw), force_model("hertz")).empty());
  CHECK(cell_not_applicable(row("gl2", Formulation::xw), force_model("kk")).empty());
  CHECK_FALSE(cell_not_applicable(row("theta", Formulation::xv), force_model("spring-dashpot")).empty());
  CHECK_FALSE(cell_not_applicable(row("theta", Formulation::xv), force_model("kk")).empty());
  CHECK(cell_not_applicable(row("theta", Formulation::xv), force_model("hertz")).empty());
  CHECK(cell_not_applicable(row("gl2", Formulation::xw), force_model("tsuji")).empty());
  CHECK_THAT(cell_not_applicable(row("gl2", Formulation::xw), force_model("tsuji-nontensile")),
             Catch::Contains("non-tensile"));
  CHECK(cell_not_applicable(row("gl2", Formulation::xv), force_model("kk-nontensile")).empty());
  // Every law the chain carries builds both problems.
  for (const auto& m : force_models()) {
    if (!m.chain_not_applicable.empty()) {
      CHECK_THROWS_AS(atlas_problem(m, AtlasProblem::binary, 4.0), std::invalid_argument);
      continue;
    }
    for (auto p : atlas_problems()) CHECK_NOTHROW(atlas_problem(m, p, 4.0));
  }
}

namespace {
struct Series {
  std::vector<double> h, e;
  std::vector<bool> usable;
};
Series power_law(double order, double wobble, int points = 15) {
  Series s;
  for (int i = 0; i < points; ++i) {
    const double h = 1e-2 * std::pow(10.0, -2.0 * i / (points - 1));
    s.h.push_back(h);
    // Multiplicative scatter of up to 10^wobble, from a fixed pseudo-random sequence.
    const double u = std::fmod(std::sin(12.9898 * (i + 1)) * 43758.5453, 1.0);
    s.e.push_back(std::pow(h, order) * std::pow(10.0, wobble * u));
    s.usable.push_back(true);
  }
  return s;
}
}  // namespace

TEST_CASE("atlas cell verdicts on fake error series", "[atlas]") {
  const AtlasSettings st;
  SECTION("a clean h^2 series is trustworthy, order kept") {
    const auto s = power_law(2.0, 0.0);
    const auto v = judge_cell(s.h, s.e, s.usable, 2, st);
    CHECK(v.trustworthy);
    CHECK(v.fit.order == Approx(2.0).margin(1e-6));
    CHECK_FALSE(v.lost_order);
  }
  SECTION("a clean h^{3/2} series against classical order 2 lost order") {
    const auto s = power_law(1.5, 0.0);
    const auto v = judge_cell(s.h, s.e, s.usable, 2, st);
    REQUIRE(v.trustworthy);
    CHECK(v.lost_order);
  }
  SECTION("an error series that scatters by a factor 10 is untrustworthy") {
    const auto s = power_law(2.0, 1.0);
    const auto v = judge_cell(s.h, s.e, s.usable, 2, st);
    CHECK_FALSE(v.trustworthy);
    CHECK_FALSE(v.reason.empty());
  }
  SECTION("a scheme that failed at most step sizes is untrustworthy, however clean the rest") {
    auto s = power_law(2.0, 0.0);
    for (std::size_t i = 0; 2 * i <= s.e.size(); ++i) {
      s.e[i] = std::numeric_limits<double>::quiet_NaN();
      s.usable[i] = false;
    }
    const auto v = judge_cell(s.h, s.e, s.usable, 2, st);
    CHECK_FALSE(v.trustworthy);
    CHECK(v.reason.find("failed at") != std::string::npos);
  }
  SECTION("too few points above the floor: no asymptotic window") {
    auto s = power_law(2.0, 0.0);
    for (std::size_t i = 4; i < s.usable.size(); ++i) s.usable[i] = false;
    const auto v = judge_cell(s.h, s.e, s.usable, 2, st);
    CHECK_FALSE(v.trustworthy);
    CHECK(v.reason.find("no asymptotic window") != std::string::npos);
  }
}

TEST_CASE("atlas second path: the bi-stiffness scheme converges to its reference", "[atlas]") {
  // The RK4 (x, v, z) run of the binary column against the bi-stiffness
  // CVODE reference: errors fall as h does (the atlas measures the rate; the
  // scatter from the phase of the release within a step is < 10×).
  const ForceModel& m = force_model("bistiffness");
  REQUIRE(m.internal_state());
  const auto pr = atlas_problem(m, AtlasProblem::binary, 4.0);
  const auto s = internal_state_scheme(m, pr, shipped_tableau<double>("rk4"), "RK4");
  ReferenceOptions ro;
  ro.estimate_error = false;
  const std::vector<long> steps = {100, 1000, 10000};
  const auto ref = internal_state_reference(m, pr, all_grid_times(pr.t_end, steps), ro);
  // Separated with e_s × the approach speed (the reference itself is right).
  const Vec<double>& end = ref.states.back();
  CHECK(-(end[1] - end[3]) / (pr.y0[1] - pr.y0[3]) == Approx(m.bistiffness_es).epsilon(1e-9));
  double previous = 1;
  for (long n : steps) {
    const auto e = grid_errors(s, pr, Formulation::xv, n, ref, ErrorMeasure::grid_max);
    INFO("n = " << n << ": x error " << e.x << ", v error " << e.v);
    CHECK(std::max(e.x, e.v) < previous / 10);
    previous = std::max(e.x, e.v);
  }
  CHECK_THROWS_AS(grid_errors(s, pr, Formulation::xw, 400, ref, ErrorMeasure::grid_max), std::invalid_argument);
}
