// The family "gear" (schemes/families/multistep/gear.hpp): the shipped
// files' orders from the conditions, the checker on perturbed vectors, the
// observed orders on the harmonic oscillator (50 digits) and on a damped
// contact (double, both velocity rules), the start rules, the oscillator
// step, and the refusals of malformed files.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "models/oscillator.hpp"
#include "schemes/families/multistep/multistep_files.hpp"
#include "schemes/families/second_order_stability.hpp"
#include "schemes/families/shipped_scheme_files.hpp"
#include "tests/unit/schemes/multistep_test_problems.hpp"

using namespace granconv;
using namespace granconv::multistep;
using granconv::testing::observed_order;

namespace {

SchemeFile gear_file(int values, const std::string& corrector, const std::string& extra = "") {
  return parse_scheme_file(R"({"family": "gear", "name": "g", "values": )" + std::to_string(values) +
                               R"(, "corrector": )" + corrector + extra + "}",
                           "test");
}

const char* kGear5 = R"(["19/120", "3/4", 1, "1/2", "1/12"])";

}  // namespace

TEST_CASE("the shipped Gear files have their published orders by the conditions", "[gear]") {
  for (const auto& [stem, order] : std::vector<std::pair<std::string, int>>{{"gear-4", 3}, {"gear-5", 4}, {"gear-6", 5}}) {
    const SchemeFile& f = shipped_scheme_file(stem);
    const FamilyOrderReport r = f.order_conditions();
    INFO(stem << ": " << r.first_failure);
    CHECK(f.family == "gear");
    CHECK(f.claimed_order == order);
    CHECK(r.order == order);
    // The corrector's multistep form has order k: only the start conditions fail at q = k.
    CHECK(r.first_failure.find("first step from the start vector") != std::string::npos);
    CHECK(r.first_failure.find("t^" + std::to_string(order + 1)) != std::string::npos);
  }
}

TEST_CASE("the Gear order checker fails on a perturbed corrector vector", "[gear]") {
  std::vector<Mp50> c = {Mp50(19) / 120, Mp50(3) / 4, Mp50(1), Mp50(1) / 2, Mp50(1) / 12};
  REQUIRE(gear_order_conditions(c, GearStart::runge_kutta).order == 4);
  // c_1 or c_3 moved: the x component of the multistep form fails at x = t^5, order 3.
  c[1] += Mp50("1e-6");
  const FamilyOrderReport r = gear_order_conditions(c, GearStart::runge_kutta);
  CHECK(r.order == 3);
  CHECK(r.first_failure.find("multistep form, component x, x = t^5") != std::string::npos);
  c[1] -= Mp50("1e-6");
  c[3] += Mp50("1e-6");
  CHECK(gear_order_conditions(c, GearStart::runge_kutta).order == 3);
  c[3] -= Mp50("1e-6");
  // c_0 = 19/90 instead of 19/120: the multistep form's x component fails
  // only at t^6 (error constant), the order stays 4.
  c[0] = Mp50(19) / 90;
  CHECK(gear_order_conditions(c, GearStart::runge_kutta).order == 4);
  c[0] = Mp50(19) / 120;
  // Zero higher derivatives at the start: order 2 whatever the vector.
  c[4] -= Mp50("1e-6");
  CHECK(gear_order_conditions(c, GearStart::zero).order == 2);
}

TEST_CASE("Gear's observed orders on the harmonic oscillator in 50 digits are k - 1", "[gear]") {
  for (const auto& [stem, order] : std::vector<std::pair<std::string, int>>{{"gear-4", 3}, {"gear-5", 4}, {"gear-6", 5}}) {
    const Scheme<Mp50> s = shipped_scheme_file(stem).make_mp50();
    const double p = observed_order(s, harmonic_oscillator_chain<Mp50>(), {40, 80, 160, 320});
    INFO(stem << " observed " << p);
    CHECK(std::abs(p - order) < 0.15);
  }
  // The zero start costs the order down to 2.
  const Scheme<Mp50> zero = gear_file(5, kGear5, R"(, "start": "zero")").make_mp50();
  CHECK(zero.classical_order == 2);
  const double p_zero = observed_order(zero, harmonic_oscillator_chain<Mp50>(), {40, 80, 160, 320});
  INFO("zero start observed " << p_zero);
  CHECK(std::abs(p_zero - 2) < 0.1);
}

TEST_CASE("Gear keeps order k - 1 under a dashpot with either velocity rule", "[gear]") {
  for (const std::string velocity : {"predicted", "corrected"}) {
    const Scheme<double> s = gear_file(5, kGear5, R"(, "velocity": ")" + velocity + "\"").make_double();
    const double p = granconv::testing::observed_order_dashpot(s, {40, 80, 160, 320});
    INFO(velocity << " observed " << p);
    CHECK(std::abs(p - 4) < 0.15);
  }
}

TEST_CASE("Gear's oscillator step: stable for small steps, unstable beyond its interval", "[gear]") {
  const SchemeFile& f = shipped_scheme_file("gear-5");
  CHECK(f.oscillator.state_size == 5);
  const AmplificationPoint small = amplification_at(f.oscillator, Mp50("0.01"), Mp50(0));
  CHECK(small.rho == Approx(1).margin(1e-8));
  // Undamped, the principal roots leave the unit circle already at small Ω
  // (as for Adams–Bashforth methods): the interval at ζ = 0 is short.
  // With damping the exact decay e^{−ζΩ} dominates that excess.
  const auto undamped = stability_interval(f.oscillator);
  const auto damped = stability_interval(f.oscillator, Mp50("0.1"));
  REQUIRE(undamped.has_value());
  REQUIRE(damped.has_value());
  INFO("gear-5 stability interval: zeta = 0: " << *undamped << ", zeta = 0.1: " << *damped);
  CHECK(*damped > 0.1);
  CHECK(*damped < 10);
}

TEST_CASE("malformed Gear files are refused naming the field", "[gear]") {
  CHECK_THROWS_WITH(gear_file(5, R"(["1/6", "5/6", 1, "1/3"])"),
                    Catch::Contains("field 'corrector' has 4 entries but 'values' is 5"));
  CHECK_THROWS_WITH(gear_file(9, R"([0, 1, 1, 0, 0, 0, 0, 0, 0])"), Catch::Contains("field 'values'"));
  CHECK_THROWS_WITH(gear_file(4, R"(["1/6", "5/6", "1/2", "1/3"])"), Catch::Contains("field 'corrector[2]'"));
  CHECK_THROWS_WITH(gear_file(4, R"(["1/6", "5/6", 1, "1/3"])", R"(, "velocity": "lagged")"),
                    Catch::Contains("field 'velocity'"));
  CHECK_THROWS_WITH(gear_file(4, R"(["1/6", "5/6", 1, "1/3"])", R"(, "extra": 1)"), Catch::Contains("field 'extra'"));
  // c_3 = 3: det(ζ − M) = ζ (ζ − 1)² (ζ + 8), a parasitic root outside the unit disc.
  CHECK_THROWS_WITH(gear_file(4, R"(["1/6", "5/6", 1, 3])"), Catch::Contains("not zero-stable"));
}
