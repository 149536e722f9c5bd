// The shipped scheme files of the families other than runge-kutta as rows of
// the scheme catalogue (so that `list schemes` and the atlas show them), and
// the runge-kutta family's oscillator step. Written to hold whatever files
// are shipped, none included.
#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "models/scenarios.hpp"
#include "schemes/families/runge_kutta_oscillator.hpp"
#include "schemes/families/second_order_stability.hpp"
#include "schemes/families/shipped_scheme_files.hpp"
#include "schemes/scheme_catalogue.hpp"

using namespace granconv;

TEST_CASE("every shipped scheme file of a family other than runge-kutta is a catalogue row", "[schemes][families]") {
  std::set<std::string> names;
  for (const auto& row : scheme_catalogue()) {
    INFO(row.name);
    CHECK(names.insert(row.name).second);  // no name twice
  }
  std::size_t file_rows = 0;
  for (const auto& embedded : embedded_scheme_files()) {
    const std::string stem(embedded.stem);
    INFO("shipped scheme file " << stem);
    const SchemeFile& file = shipped_scheme_file(stem);
    if (file.family == "runge-kutta") continue;
    ++file_rows;
    CHECK(file.name == stem);  // the row's name is the stem: the file must say the same
    const SchemeInfo& row = scheme_info(stem);
    CHECK(std::string(to_string(row.family)) == file.family);
    CHECK(integrates_second_order_only(row.family));
    CHECK_FALSE(row.accepts_xw);
    CHECK_FALSE(row.tailored);
    CHECK(row.make.for_double_double == nullptr);
    CHECK(row.tableau.for_double == nullptr);
    if (file.claimed_order) CHECK(row.classical_order == *file.claimed_order);
    const Scheme<double> s = make_scheme<double>(stem);
    CHECK(s.name == stem);
    CHECK(s.classical_order == row.classical_order);
    CHECK(make_scheme<Mp50>(stem).name == stem);
    CHECK_THROWS_WITH(make_scheme<DoubleDouble>(stem), Catch::Contains("no double-double instantiation"));
  }
  std::size_t family_rows = 0;
  for (const auto& row : scheme_catalogue())
    family_rows += integrates_second_order_only(row.family) && row.family != SchemeFamily::dem ? 1 : 0;
  CHECK(family_rows == file_rows);
}

TEST_CASE("the scheme-file families have SchemeFamily values spelled as the files spell them", "[schemes][families]") {
  for (const auto& [f, name] : {std::pair{SchemeFamily::partitioned_runge_kutta, "partitioned-runge-kutta"},
                                {SchemeFamily::splitting, "splitting"},
                                {SchemeFamily::nystrom, "nystrom"},
                                {SchemeFamily::newmark, "newmark"},
                                {SchemeFamily::gear, "gear"},
                                {SchemeFamily::linear_multistep, "linear-multistep"}}) {
    CHECK(std::string(to_string(f)) == name);
    CHECK(integrates_second_order_only(f));
  }
  CHECK(integrates_second_order_only(SchemeFamily::dem));
  CHECK_FALSE(integrates_second_order_only(SchemeFamily::runge_kutta));
  CHECK_FALSE(integrates_second_order_only(SchemeFamily::tailored));
}

TEST_CASE("a tableau's oscillator step: rho-infinity of CN and Radau IIA, RK4's stability interval", "[schemes][families]") {
  // The trapezoidal rule maps the undamped oscillator to a rotation at every
  // Ω (ρ = 1, ρ∞ = 1); Radau IIA is L-stable (ρ∞ = 0).
  const auto cn = runge_kutta_oscillator(shipped_tableau<Mp50>("cn"));
  CHECK(rho_infinity(cn) == Approx(1).margin(1e-9));
  CHECK(amplification_at(cn, Mp50("0.5"), Mp50(0)).rho == Approx(1).margin(1e-12));
  CHECK(rho_infinity(runge_kutta_oscillator(shipped_tableau<Mp50>("radau2"))) == Approx(0).margin(1e-9));
  // CN's phase error: T̄/T − 1 = Ω / (2 atan(Ω/2)) − 1, no algorithmic damping.
  const auto p = amplification_at(cn, Mp50(1), Mp50(0));
  CHECK(p.period_elongation == Approx(1 / (2 * std::atan(0.5)) - 1).epsilon(1e-10));
  CHECK(p.damping_ratio == Approx(0).margin(1e-12));
  // RK4 on the imaginary axis is stable up to |hλ| = 2√2.
  const auto interval = stability_interval(runge_kutta_oscillator(shipped_tableau<Mp50>("rk4")));
  REQUIRE(interval);
  CHECK(*interval == Approx(2 * std::sqrt(2.0)).epsilon(1e-8));
}

TEST_CASE("every shipped scheme file of another family steps alike in 50 digits and in double", "[schemes][families]") {
  // trimer-nobreak: KK contacts with damping, so the velocity rules, the
  // stage iterations and the Newton solves all take part. 20 steps of 0.01.
  const auto pd = make_problem<double>("trimer-nobreak", std::vector<std::string>{});
  const auto pm = make_problem<Mp50>("trimer-nobreak", std::vector<std::string>{});
  const long n = 20;
  for (const auto& embedded : embedded_scheme_files()) {
    const std::string stem(embedded.stem);
    const SchemeFile& file = shipped_scheme_file(stem);
    if (file.family == "runge-kutta") continue;
    INFO("shipped scheme file " << stem);
    Vec<double> last_d;
    Vec<Mp50> last_m;
    file.make_double().run(pd.chain, Formulation::xv, pd.y0, 0.01, n,
                           [&](long k, const Vec<double>& y) { if (k == n) last_d = y; }, {});
    file.make_mp50().run(pm.chain, Formulation::xv, pm.y0, Mp50("0.01"), n,
                         [&](long k, const Vec<Mp50>& y) { if (k == n) last_m = y; }, {});
    REQUIRE(last_d.size() == pd.y0.size());
    REQUIRE(last_m.size() == pm.y0.size());
    double scale = 1, diff = 0;
    for (Eigen::Index i = 0; i < last_d.size(); ++i) {
      scale = std::max(scale, std::abs(last_d[i]));
      diff = std::max(diff, std::abs(last_d[i] - static_cast<double>(last_m[i])));
    }
    CHECK(diff <= 1e-14 * scale);
  }
}

TEST_CASE("linear orders on the oscillator from the principal root, in 50 digits", "[schemes][families]") {
  // A tableau's principal root is R(iΩ): the linear order of R(z).
  CHECK(principal_root_order(runge_kutta_oscillator(shipped_tableau<Mp50>("rk4"))).order == 4);
  CHECK(principal_root_order(runge_kutta_oscillator(shipped_tableau<Mp50>("cn"))).order == 2);
  CHECK(principal_root_order(runge_kutta_oscillator(shipped_tableau<Mp50>("gl2"))).order == 4);
  // Gear's k-value corrector is a multistep method of order k for x'' = F
  // (docs/scheme-files.md#gear); its start, not its principal root, costs one order.
  CHECK(principal_root_order(shipped_scheme_file("gear-4").oscillator).order == 4);
  CHECK(principal_root_order(shipped_scheme_file("gear-5").oscillator).order == 5);
  CHECK(principal_root_order(shipped_scheme_file("abm2").oscillator).order == 2);
  CHECK(principal_root_order(shipped_scheme_file("newmark-average").oscillator).order == 2);
  CHECK(principal_root_order(shipped_scheme_file("stormer-verlet-prk").oscillator).order == 2);
  CHECK(principal_root_order(shipped_scheme_file("rkn4").oscillator).order == 4);
}

TEST_CASE("each family's order under a velocity-dependent force", "[schemes][families]") {
  const auto order = [](const char* stem) { return shipped_scheme_file(stem).order_conditions().order_velocity_dependent; };
  // Splitting with start kicks: min(p, 1); the PRK pair: its trees on x' = v, v' = F(x, v).
  CHECK(order("pefrl") == 1);
  CHECK(order("forest-ruth") == 1);
  CHECK(order("yoshida6") == 1);
  CHECK(order("stormer-verlet-prk") == 2);
  CHECK(order("lobatto-iiia-iiib-3") == 4);
  CHECK(order("rkn4") == 4);
  CHECK(order("generalized-alpha-0.8") == 2);
  CHECK(order("gear-5") == 4);
  CHECK(order("abm2") == 2);
}
