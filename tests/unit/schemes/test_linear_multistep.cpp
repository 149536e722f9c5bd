// The family "linear-multistep" (schemes/families/multistep/linear_multistep.hpp):
// the shipped files' orders from the linear conditions, the checker on
// perturbed coefficients, PECE's order rule, observed orders, zero-stability,
// the boundary locus, the oscillator step and the refusals.
#include <catch2/catch.hpp>
#include <cmath>
#include <complex>
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

SchemeFile lmm_file(const std::string& fields) {
  return parse_scheme_file(R"({"family": "linear-multistep", "name": "m", )" + fields + "}", "test");
}

const char* kAb2 = R"("predictor_alpha": [0, -1, 1], "predictor_beta": ["-1/2", "3/2", 0])";
const char* kTrapezoid = R"("corrector_alpha": [-1, 1], "corrector_beta": ["1/2", "1/2"])";

std::vector<Mp50> v(std::initializer_list<const char*> xs) {
  std::vector<Mp50> out;
  for (const char* x : xs) out.emplace_back(x);
  return out;
}

}  // namespace

TEST_CASE("the shipped ABM files have their published orders by the linear conditions", "[linear-multistep]") {
  for (const auto& [stem, order] : std::vector<std::pair<std::string, int>>{{"abm2", 2}, {"abm4", 4}}) {
    const SchemeFile& f = shipped_scheme_file(stem);
    const FamilyOrderReport r = f.order_conditions();
    INFO(stem << ": " << r.first_failure);
    CHECK(f.multistep);
    CHECK(f.claimed_order == order);
    CHECK(r.order == order);
    CHECK(r.first_failure.find("corrector C_" + std::to_string(order + 1)) != std::string::npos);
  }
}

TEST_CASE("the LMM checker fails on a perturbed coefficient, and PECE takes min(p_c, p_p + 1)", "[linear-multistep]") {
  const auto ap = v({"0", "-1", "1"}), bp = v({"-0.5", "1.5", "0"});
  const auto ac = v({"-1", "1"});
  CHECK(pece_order_conditions(ap, bp, ac, v({"0.5", "0.5"})).order == 2);
  // β shifted keeping Σβ: still consistent, but C_2 ≠ 0.
  const FamilyOrderReport r = pece_order_conditions(ap, bp, ac, v({"0.5000001", "0.4999999"}));
  CHECK(r.order == 1);
  CHECK(r.first_failure.find("corrector C_2") != std::string::npos);
  // Euler as predictor (order 1) keeps the trapezoidal corrector's order 2 ...
  CHECK(pece_order_conditions(v({"-1", "1"}), v({"1", "0"}), ac, v({"0.5", "0.5"})).order == 2);
  // ... but not the 3-step Adams–Moulton's order 4: PECE order 2.
  const auto ac4 = v({"0", "0", "-1", "1"});
  std::vector<Mp50> bc4 = {Mp50(1) / 24, Mp50(-5) / 24, Mp50(19) / 24, Mp50(9) / 24};
  CHECK(pece_order_conditions(v({"-1", "1"}), v({"1", "0"}), ac4, bc4).order == 2);
}

TEST_CASE("ABM's observed orders on the oscillator and under a dashpot", "[linear-multistep]") {
  for (const auto& [stem, order] : std::vector<std::pair<std::string, int>>{{"abm2", 2}, {"abm4", 4}}) {
    const SchemeFile& f = shipped_scheme_file(stem);
    const double p = observed_order(f.make_mp50(), harmonic_oscillator_chain<Mp50>(), {20, 40, 80, 160});
    const double q = granconv::testing::observed_order_dashpot(f.make_double(), {40, 80, 160, 320});
    INFO(stem << " oscillator " << p << ", dashpot " << q);
    CHECK(std::abs(p - order) < 0.15);
    CHECK(std::abs(q - order) < 0.15);
  }
}

TEST_CASE("zero-stability and the boundary locus of ABM2 PECE", "[linear-multistep]") {
  const SchemeFile& f = shipped_scheme_file("abm2");
  REQUIRE(f.multistep_stability);
  const MultistepStability s = f.multistep_stability(400);
  CHECK(s.zero_stable);
  REQUIRE(s.boundary_locus.size() == 2);  // π quadratic in z
  // θ = 0: ζ = 1 is a root of ρ_c, so z = 0 is on the locus.
  const bool through_zero = std::abs(s.boundary_locus[0][0]) < 1e-12 || std::abs(s.boundary_locus[1][0]) < 1e-12;
  CHECK(through_zero);
  // π(ζ, z) at ζ = ±1 is −z − z²/2 and z² + z − 2: the locus meets the real
  // axis at 0, −2 and 1, and the real stability interval is (−2, 0).
  double leftmost = 0;
  for (const auto& br : s.boundary_locus)
    for (const auto& z : br)
      if (std::abs(z.imag()) < 1e-12) leftmost = std::min(leftmost, z.real());
  CHECK(leftmost == Approx(-2).margin(1e-12));
  // Undamped, the oscillator's roots z = ±iΩ stay in the region up to Ω ≈ 1.287.
  const auto undamped = stability_interval(f.oscillator);
  REQUIRE(undamped.has_value());
  INFO("abm2 stability interval, zeta = 0: " << *undamped);
  CHECK(*undamped == Approx(1.287).margin(2e-3));
}

TEST_CASE("ABM's oscillator step carries the parasitic roots", "[linear-multistep]") {
  const SchemeFile& f = shipped_scheme_file("abm4");
  CHECK(f.oscillator.state_size == 8);  // K = 4 past (x, v)
  CHECK(amplification_at(f.oscillator, Mp50("0.01"), Mp50(0)).rho == Approx(1).margin(1e-8));
  const auto undamped = stability_interval(f.oscillator);
  const auto damped = stability_interval(f.oscillator, Mp50("0.1"));
  REQUIRE(undamped.has_value());
  REQUIRE(damped.has_value());
  INFO("abm4 stability interval: zeta = 0: " << *undamped << ", zeta = 0.1: " << *damped);
  CHECK(*damped > 0.1);
}

TEST_CASE("malformed multistep files are refused naming the field", "[linear-multistep]") {
  CHECK_NOTHROW(lmm_file(std::string(kAb2) + ", " + kTrapezoid));
  CHECK_THROWS_WITH(lmm_file(R"("predictor_alpha": [0, -1, 1], "predictor_beta": ["-1/2", "3/2"], )" +
                             std::string(kTrapezoid)),
                    Catch::Contains("field 'predictor_beta' has 2 entries but 'predictor_alpha' has 3"));
  CHECK_THROWS_WITH(lmm_file(std::string(kAb2) + R"(, "corrector_alpha": [-1, 1], "corrector_beta": ["1/2", "1/3"])"),
                    Catch::Contains("field 'corrector_beta' violates consistency"));
  CHECK_THROWS_WITH(lmm_file(std::string(kAb2) + R"(, "corrector_alpha": [-1, 2], "corrector_beta": ["1/2", "1/2"])"),
                    Catch::Contains("field 'corrector_alpha' violates consistency"));
  CHECK_THROWS_WITH(lmm_file(R"("predictor_alpha": [-1, 1], "predictor_beta": ["1/2", "1/2"], )" +
                             std::string(kTrapezoid)),
                    Catch::Contains("field 'predictor_beta[1]' must be 0"));
  CHECK_THROWS_WITH(lmm_file(std::string(kAb2) + R"(, "corrector_alpha": [-2, 1, 1], "corrector_beta": [1, 1, 1])"),
                    Catch::Contains("field 'corrector_alpha' is not zero-stable"));
  // ρ = (ζ − 1)²: consistent with σ(1) = 0 but a double root at 1.
  CHECK_THROWS_WITH(lmm_file(std::string(kAb2) + R"(, "corrector_alpha": [1, -2, 1], "corrector_beta": [0, 0, 0])"),
                    Catch::Contains("not zero-stable"));
  // Milne–Simpson: the simple root −1 on the circle is allowed (weakly stable).
  CHECK_NOTHROW(lmm_file(std::string(kAb2) +
                         R"(, "corrector_alpha": [-1, 0, 1], "corrector_beta": ["1/3", "4/3", "1/3"])"));
}

TEST_CASE("the bad-input files of the multistep families are refused with the line the CLI tests expect",
          "[linear-multistep][gear]") {
  const std::string dir = std::string(GRANCONV_TEST_DATA) + "/scheme_files/";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"gear-wrong-length.json", "gear-wrong-length.json: field 'corrector' has 4 entries but 'values' is 5"},
      {"gear-values-out-of-range.json", "field 'values' must be an integer from 3 to 6"},
      {"gear-acceleration-not-one.json", "field 'corrector[2]' must be 1"},
      {"gear-unknown-velocity.json", "field 'velocity' must be one of: predicted, corrected"},
      {"lmm-not-zero-stable.json", "field 'corrector_alpha' is not zero-stable"},
      {"lmm-sizes-disagree.json", "field 'predictor_beta' has 2 entries but 'predictor_alpha' has 3"},
      {"lmm-inconsistent.json", "field 'corrector_beta' violates consistency"},
      {"lmm-implicit-predictor.json", "field 'predictor_beta[1]' must be 0"},
  };
  for (const auto& [file, message] : cases) {
    INFO(file);
    CHECK_THROWS_WITH(read_scheme_file(dir + file), Catch::Contains(message));
  }
}
