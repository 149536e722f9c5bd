// Extended precision (`granconv run --precision 32|50`): a scheme in
// double-double or cpp_bin_float_50 goes far below double's round-off, and an order study in
// 32 or 50 digits (against the RKF 7(8) reference in the same scalar)
// resolves errors that a double study must exclude as below its floor.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "models/extended_precision.hpp"
#include "models/positive_power.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/core/study.hpp"
#include "tests/unit/oscillator.hpp"

using namespace granconv;

namespace {

// Max of the x and v errors at T against the exact solution, taken in Mp50.
template <class S>
double oscillator_error(long n) {
  const Scheme<S> gl2 = make_scheme<S>("gl2");
  Vec<S> y0(2), y(2);
  y0 << S(1), S(0);
  const S T = S(1) / 10;
  gl2.run(testing::oscillator<S>(), Formulation::xv, y0, T / S(n), n, [&](long, const Vec<S>& xv) { y = xv; }, {});
  const Vec<Mp50> exact = harmonic_oscillator_state<Mp50>(Mp50(1) / 10);
  const Mp50 ex = abs(Mp50(y[0]) - exact[0]), ev = abs(Mp50(y[1]) - exact[1]);
  return static_cast<double>(ex > ev ? ex : ev);
}

Claim small_claim(int precision = 50) {
  Claim c;
  c.id = "test-gl2-nobreak-mp50";
  c.title = "test";
  c.figure_group = "test";
  c.scenario = "trimer-nobreak";
  c.scheme = "gl2";
  c.formulation = "xw";
  c.params = {"t_end=0.15"};  // a tenth of the paper's interval: a cheap 50-digit sweep
  c.grid = {0.005, 0.0005, 8};  // one decade: the least a fit may pass on (studies/core/verdict.hpp)
  c.checks.push_back({"all", FitWindow{0.0005, 0.005}, FitKind::least_squares, 4.0, 0.2, 0.4, {3.0}, {}});
  c.precision = precision;
  return c;
}

}  // namespace

TEST_CASE("GL2 in cpp_bin_float_50 gets below 1e-20 on the oscillator where double cannot", "[precision]") {
  const double e_mp = oscillator_error<Mp50>(2000), e_mp_coarse = oscillator_error<Mp50>(1000);
  const double e_d = oscillator_error<double>(2000);
  INFO("Mp50 errors " << e_mp_coarse << " (n = 1000), " << e_mp << " (n = 2000); double " << e_d << " (n = 2000)");
  CHECK(e_mp < 1e-20);
  CHECK(std::abs(std::log2(e_mp_coarse / e_mp) - 4) < 0.05);  // still the classical order down there
  CHECK(e_d > 1e-18);                                         // double's round-off, not the scheme
}

TEST_CASE("an order study in 50 digits resolves errors below double's floor", "[precision]") {
  StudyOptions opt;
  opt.jobs = 2;
  const StudyResult r = run_study(small_claim(), opt);
  REQUIRE(r.precision == 50);
  REQUIRE(r.pass);
  CHECK(r.checks.front().used().order == Approx(4).margin(0.2));
  CHECK(r.usable.back());
  CHECK(r.error.back() < 1e-14);    // below what the double study may use
  CHECK(r.floor.back() < 1e-25);    // the Mp50 reference's estimate + 50-digit round-off
  const auto j = r.to_json();
  CHECK(j.at("precision") == 50);
  REQUIRE(j.at("figures").size() == 1);
  CHECK(j.at("figures")[0].at("series").size() == 4);  // Mp50, double and both thresholds
  CHECK(j.at("notes").get<std::string>().find("Extended precision") != std::string::npos);
}

TEST_CASE("GL2 in double-double gets below 1e-20 on the oscillator, as in 50 digits", "[precision]") {
  const double e_q = oscillator_error<DoubleDouble>(2000), e_q_coarse = oscillator_error<DoubleDouble>(1000);
  const double e_mp = oscillator_error<Mp50>(2000);
  INFO("DoubleDouble errors " << e_q_coarse << " (n = 1000), " << e_q << " (n = 2000); Mp50 " << e_mp << " (n = 2000)");
  CHECK(e_q < 1e-20);
  CHECK(std::abs(std::log2(e_q_coarse / e_q) - 4) < 0.05);
  // The same scheme error: the scalars differ by round-off (~1e-29 after 2000 steps), six decades below it.
  CHECK(std::abs(e_q - e_mp) < 1e-6 * e_mp);
}

// The DoubleDouble sweep is certified in 50 digits: its reference's error estimate is
// the measured distance to the Mp50 reference, and every error it fits is the
// 50-digit sweep's error to many digits.
TEST_CASE("an order study in double-double reproduces the 50-digit study's errors, with a certified reference",
          "[precision]") {
  StudyOptions opt;
  opt.jobs = 2;
  const StudyResult q = run_study(small_claim(32), opt), m = run_study(small_claim(50), opt);
  REQUIRE(q.precision == 32);
  REQUIRE(q.pass);
  REQUIRE(q.error.size() == m.error.size());
  for (std::size_t i = 0; i < q.error.size(); ++i) {
    INFO("h = " << q.h[i] << ": DoubleDouble " << q.error[i] << ", Mp50 " << m.error[i]);
    CHECK(std::abs(q.error[i] - m.error[i]) < 1e-8 * m.error[i]);
  }
  CHECK(q.checks.front().used().order == Approx(m.checks.front().used().order).margin(1e-6));
  const auto j = q.to_json();
  CHECK(j.at("precision") == 32);
  const double estimate = j.at("reference").at("error_estimate").get<double>();
  CHECK(estimate < 1e-26);  // the floor factor 10 keeps it eight decades below the smallest error fitted
  CHECK(estimate > 0);
  CHECK(j.at("reference").at("error_estimate_method").get<std::string>().find("cpp_bin_float_50") !=
        std::string::npos);
  CHECK(j.at("notes").get<std::string>().find("double-double") != std::string::npos);
}

// positive_sqrt in double-double (DoubleDouble's sqrt: two Karp steps from
// double's, where libqd's own sqrt, one step, is off by up to 1.4 eps) against
// the 50-digit square root, at every magnitude from the smallest normal
// double-double to the largest: the contact laws' powers δ^{k/2} rest on it.
TEST_CASE("positive_sqrt in double-double is within an ulp of the 50-digit square root", "[precision]") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0, 1);
  const DoubleDouble eps = std::numeric_limits<DoubleDouble>::epsilon();
  double worst = 0;
  auto check = [&](const DoubleDouble& x) {
    const Mp50 exact = sqrt(static_cast<Mp50>(x));
    const double e = static_cast<double>(abs(static_cast<Mp50>(positive_sqrt(x)) - exact) / (exact * Mp50(static_cast<double>(eps))));
    if (std::isnan(e) || e > worst) worst = e;  // a NaN sticks
  };
  for (int k = 0; k < 2000; ++k)
    check((1 + 9 * DoubleDouble(unit(rng)) + DoubleDouble(unit(rng)) * eps * 1e14) * pow(DoubleDouble(10), k % 61 - 30));
  // Out to both ends of the range, where the products of the Karp step would
  // overflow or turn subnormal unless the argument is scaled first.
  for (int e = -968; e <= 1022; e += 3) check((1 + DoubleDouble(unit(rng)) * (1 - eps)) * ldexp(DoubleDouble(1), e));
  check(std::numeric_limits<DoubleDouble>::max());
  check(std::numeric_limits<DoubleDouble>::min());
  INFO("worst " << worst << " eps");
  CHECK(worst <= 1);
  CHECK(positive_sqrt(DoubleDouble(4)) == DoubleDouble(2));
}

TEST_CASE("precision other than 16, 32 or 50 and --tableau in extended precision are rejected", "[precision]") {
  StudyOptions opt;
  opt.precision = 33;
  CHECK_THROWS_WITH(run_study(small_claim(), opt), Catch::Contains("precision must be 16"));
  StudyOptions t;
  t.tableau = tableaux::gauss_legendre2<double>();
  CHECK_THROWS_WITH(run_study(small_claim(), t), Catch::Contains("a tableau file runs in double only"));
}

TEST_CASE("order studies in 32 and 50 digits are bit-identical with 1 and 2 threads", "[precision][determinism]") {
  StudyOptions one, two;
  one.jobs = 1;
  two.jobs = 2;
  for (int precision : {32, 50}) {
    auto a = run_study(small_claim(precision), one).to_json(), b = run_study(small_claim(precision), two).to_json();
    a.erase("seconds");
    b.erase("seconds");
    CHECK(a.dump() == b.dump());
  }
}

// models/positive_power.hpp replaces boost's exact square root in Mp50 by a
// Newton iteration seeded from double: it must stay within an ulp of the
// exact result at every magnitude, be exact on exact squares, and leave the
// double path as std::sqrt.
TEST_CASE("positive_sqrt in cpp_bin_float_50 agrees with boost's sqrt to an ulp", "[precision][sqrt]") {
  std::mt19937_64 rng(6);
  std::uniform_real_distribution<double> decade(-300, 300), unit(0, 1);
  const Mp50 eps = std::numeric_limits<Mp50>::epsilon();
  auto ulps_off = [&](const Mp50& x) {
    const Mp50 exact = sqrt(x), fast = positive_sqrt(x);
    return static_cast<double>(abs(fast - exact) / (exact * eps));
  };
  double worst = 0;
  for (int i = 0; i < 20000; ++i) {
    // Full 50-digit mantissas: a random Mp50 in [1, 10) times a random power of ten.
    Mp50 m = 1 + 9 * Mp50(unit(rng));
    for (int k = 0; k < 3; ++k) m += Mp50(unit(rng)) * pow(Mp50(2), -53 * (k + 1));
    const Mp50 x = m * pow(Mp50(10), static_cast<int>(decade(rng)));
    worst = std::max(worst, ulps_off(x));
  }
  // Extremes of the exponent range, powers of two (odd and even exponents)
  // and the neighbours of 1.
  const Mp50 tiny = std::numeric_limits<Mp50>::min(), huge = std::numeric_limits<Mp50>::max();
  for (const Mp50& x : {tiny, tiny * 3, huge, huge / 3, Mp50(1), Mp50(2), Mp50(0.5), Mp50(1) + eps, Mp50(1) - eps / 2,
                        Mp50("1e-4000"), Mp50("7.3e3999"), Mp50(1e-300), Mp50(2) / 3})
    worst = std::max(worst, ulps_off(x));
  for (int e = -1000; e <= 1000; e += 37) worst = std::max(worst, ulps_off(ldexp(Mp50(1), e)));
  INFO("worst deviation from boost's sqrt: " << worst << " ulp");
  CHECK(worst <= 1.0);

  // Exact squares: small integers, and an 84-bit root at extreme exponents.
  for (long k = 1; k <= 5000; k += 7) CHECK(positive_sqrt(Mp50(k) * Mp50(k)) == Mp50(k));
  // A root of 84 significant bits, so that its square is exact in 168.
  const Mp50 r = Mp50(1) / 3;
  const Mp50 r84 = ldexp(Mp50(round(ldexp(r, 84))), -84);
  CHECK(positive_sqrt(r84 * r84) == r84);
  CHECK(positive_sqrt(ldexp(r84 * r84, -2000)) == ldexp(r84, -1000));
  CHECK(positive_sqrt(ldexp(r84 * r84, 2002)) == ldexp(r84, 1001));

  // Double stays on std::sqrt, bit for bit.
  for (double x : {1e-300, 0.3, 2.0, 1e300, 5e-324, 0.1 + 0.2})
    CHECK(positive_sqrt(x) == std::sqrt(x));
  CHECK(positive_power_half(0.3, 3) == 0.3 * std::sqrt(0.3));
}
