// The shipped scheme files of the families other than runge-kutta as rows of
// the scheme catalogue (so that `list schemes` and the atlas show them), and
// the runge-kutta family's oscillator step. Written to hold whatever files
// are shipped, none included.
#include <set>
#include <string>

#include <catch2/catch.hpp>

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
