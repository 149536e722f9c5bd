// Runge–Kutta–Nyström scheme files (schemes/families/nystrom/): the shipped
// rkn4 is of order 4 by the Nyström trees and fails at 5, a perturbed
// coefficient drops the order, the "start" velocity rule costs the order under
// damping only, the observed orders match, and the parser's refusals.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "schemes/families/nystrom/nystrom_file.hpp"
#include "schemes/families/second_order_stability.hpp"
#include "schemes/families/shipped_scheme_files.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "tests/unit/oscillator.hpp"

using namespace granconv;

namespace {

const std::string kRkn4 = R"({"family": "nystrom", "name": "n", "c": [0, "1/2", "1/2", 1],
  "Abar": [[0, 0, 0, 0], ["1/8", 0, 0, 0], ["1/8", 0, 0, 0], [0, 0, "1/2", 0]],
  "bbar": ["1/6", "1/6", "1/6", 0], "b": ["1/6", "1/3", "1/3", "1/6"])";
const std::string kRk4A = R"(, "A": [[0, 0, 0, 0], ["1/2", 0, 0, 0], [0, "1/2", 0, 0], [0, 0, 1, 0]]})";

SchemeFile parse(const std::string& text) { return parse_scheme_file(text, "test.json"); }

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// Two beads on local springs in a pre-compressed Hertz contact with a linear
// dashpot (as in test_dem_schemes.cpp): a force that depends on v.
Chain<double> damped_oscillator() {
  Chain<double> c;
  c.m = {1, 1};
  c.K = {1, 1};
  c.k = {1};
  c.gamma = {0.5};
  c.law.four_beta = 4;
  return c;
}

Vec<double> run(const Scheme<double>& s, const Chain<double>& c, double T, long n) {
  Vec<double> y(c.beads() == 1 ? 2 : 4);
  if (c.beads() == 1) y << 1, 0;
  else y << 0.3, 0, -0.3, 0;
  const Vec<double> y0 = y;
  s.run(c, Formulation::xv, y0, T / n, n, [&](long, const Vec<double>& xv) { y = xv; }, {});
  return y;
}

double observed_order(const Scheme<double>& s, const Chain<double>& c, long n) {
  const Vec<double> ref = run(make_scheme<double>("rk4"), c, 1.0, 8192);
  const double e1 = (run(s, c, 1.0, n) - ref).cwiseAbs().maxCoeff();
  const double e2 = (run(s, c, 1.0, 2 * n) - ref).cwiseAbs().maxCoeff();
  return std::log2(e1 / e2);
}

}  // namespace

TEST_CASE("the shipped rkn4 is of order 4 by the Nyström trees and fails at order 5", "[schemes][nystrom]") {
  const SchemeFile& f = shipped_scheme_file("rkn4");
  CHECK(f.family == "nystrom");
  CHECK(f.claimed_order == 4);
  const auto r = f.order_conditions();
  CHECK(r.max_order == 6);
  CHECK(r.order == 4);
  REQUIRE(r.rows.size() == 6);
  for (int p = 0; p < 4; ++p) CHECK(r.rows[static_cast<std::size_t>(p)].largest_residual < 1e-40);
  CHECK_FALSE(r.rows[4].first_failure.empty());
  CHECK(r.first_failure == r.rows[4].first_failure);
  // The counts of Nyström trees for y'' = f(y, y') (HNW I, Table II.14.3: 2, 3, 6, 13 conditions... as counted here:
  // the meagre and fat trees of each order).
  INFO("conditions per order: " << r.rows[0].conditions << ", " << r.rows[1].conditions << ", " << r.rows[2].conditions
                                << ", " << r.rows[3].conditions);
  CHECK(r.rows[0].conditions == 2);
  CHECK(r.rows[1].conditions == 3);
  REQUIRE(r.variants.size() == 1);
  CHECK(r.variants[0].second.order == 4);
}

TEST_CASE("a perturbed RKN coefficient drops the order", "[schemes][nystrom][negative]") {
  // Σ b̄ = 1/2 fails: order 1 on x.
  CHECK(parse(replaced(kRkn4 + kRk4A, R"("bbar": ["1/6", "1/6")", R"("bbar": ["1/6", "0.17")")).order_conditions().order ==
        1);
  // ā_43 moved: b·(Ā 1) = 1/6, a condition of order 3, fails.
  const auto r = parse(replaced(kRkn4 + kRk4A, R"([0, 0, "1/2", 0]])", R"([0, 0, "0.51", 0]])")).order_conditions();
  INFO(r.first_failure);
  CHECK(r.order == 2);
  CHECK_THAT(r.first_failure, Catch::Contains("b·Φ(v[x[v]]) = 1/6"));
  // a_43 of the velocity stages moved: order 3 under damping, still 4 for x'' = F(x).
  const auto r3 = parse(replaced(kRkn4 + kRk4A, "[0, 0, 1, 0]]}", "[0, 0, \"0.99\", 0]]}")).order_conditions();
  INFO(r3.first_failure);
  CHECK(r3.order < 4);
  CHECK(r3.variants.at(0).second.order == 4);
}

TEST_CASE("the start velocity rule keeps order 4 for x'' = F(x) and costs it under damping", "[schemes][nystrom]") {
  const SchemeFile f = parse(kRkn4 + R"(, "velocity": "start"})");
  const auto r = f.order_conditions();
  CHECK(r.order == 1);
  REQUIRE(r.variants.size() == 1);
  CHECK(r.variants[0].second.order == 4);
  CHECK(f.velocity_rule == "start");
  const auto s = f.make_double();
  const double p_undamped = observed_order(s, testing::oscillator<double>(), 50);
  Chain<double> damped = damped_oscillator();
  const double p_damped = observed_order(s, damped, 200);
  INFO("observed orders " << p_undamped << " (oscillator), " << p_damped << " (dashpot)");
  CHECK(std::abs(p_undamped - 4) < 0.1);
  CHECK(std::abs(p_damped - 1) < 0.15);
}

TEST_CASE("rkn4 reaches order 4 with a dashpot and has RK4's stability", "[schemes][nystrom][order]") {
  const auto s = shipped_scheme_file("rkn4").make_double();
  for (long n : {25, 50}) {
    const double p = observed_order(s, damped_oscillator(), n);
    INFO("n = " << n << ": observed order " << p);
    CHECK(std::abs(p - 4) < 0.15);
  }
  // Undamped it is not RK4 on the first-order system (its Ā is not A²):
  // an explicit method, stable on a finite interval that differs from RK4's 2√2.
  const auto interval = stability_interval(shipped_scheme_file("rkn4").oscillator);
  REQUIRE(interval.has_value());
  INFO("Omega_0 = " << *interval);
  CHECK(*interval > 2);
  CHECK(std::abs(*interval - 2 * std::sqrt(2.0)) > 0.1);
}

TEST_CASE("the Nyström parser refuses what the docs refuse, naming the field", "[schemes][nystrom][bad-input]") {
  const auto refused = [](const std::string& text, const std::string& field) {
    INFO(text);
    CHECK_THROWS_WITH(parse(text), Catch::Contains("field '" + field));
  };
  refused(kRkn4 + "}", "velocity");
  refused(kRkn4 + R"(, "velocity": "start", "A": [[0]]})", "A");
  refused(replaced(kRkn4 + kRk4A, R"("b": ["1/6", "1/3")", R"("b": ["1/6", "1/4")"), "b");
  refused(replaced(kRkn4 + kRk4A, R"("Abar": [[0, 0)", R"("Abar": [[1, 0)"), "Abar[0][0]");
  refused(replaced(kRkn4 + kRk4A, R"("bbar": ["1/6", "1/6", "1/6", 0])", R"("bbar": ["1/6", "1/6", "1/6"])"), "bbar");
}
