// The method `granconv reference` runs when none is asked
// (reference/sundials/reference_method_choice.hpp): erk9 where the forces
// depend on the gaps alone, the scenario's CVODE method otherwise, with the
// reason.
#include <catch2/catch.hpp>

#include "reference/sundials/reference_method_choice.hpp"

using namespace granconv;

namespace {
Problem<double> problem(const char* scenario, std::vector<std::string> params = {}) {
  return make_problem<double>(scenario, params);
}
}  // namespace

TEST_CASE("the default reference is erk9 on a chain whose forces depend on the gaps alone", "[reference][choice]") {
  const auto pr = problem("chain", {"n=20"});
  const auto c = fastest_certified_method(pr, 2, {});
  CHECK(c.method == "erk9");
  CHECK(c.reason.find("gap coordinates") != std::string::npos);
  for (const char* s : {"trimer-impact", "trimer-nobreak", "dimer", "binary-kk"})
    CHECK(fastest_certified_method(problem(s), 2, {}).method == "erk9");
}

TEST_CASE("the default reference stays CVODE where erk9's preconditions fail", "[reference][choice]") {
  SECTION("local springs: no gap coordinates") {
    const auto c = fastest_certified_method(problem("cradle"), 2, {});
    CHECK(c.method == "adams");
    CHECK(c.reason.find("local springs") != std::string::npos);
  }
  SECTION("a wall") {
    auto pr = problem("chain", {"n=5"});
    pr.chain.wall = true;
    CHECK(fastest_certified_method(pr, 2, {}).reason.find("wall") != std::string::npos);
  }
  SECTION("a stiff scenario (bdf)") {
    auto pr = problem("chain", {"n=5"});
    pr.reference_method = "bdf";
    const auto c = fastest_certified_method(pr, 2, {});
    CHECK(c.method == "bdf");
    CHECK(c.reason.find("stiff") != std::string::npos);
  }
  SECTION("a CVODE nonlinear solver asked for") {
    ReferenceOptions opt;
    opt.nonlinear_solver = "fixed-point";
    CHECK(fastest_certified_method(problem("chain", {"n=5"}), 2, opt).method == "adams");
  }
  SECTION("a dense time series") {
    const auto pr = problem("chain", {"n=5"});
    CHECK(fastest_certified_method(pr, kExplicitDefaultMaxTimes, {}).method == "erk9");
    CHECK(fastest_certified_method(pr, kExplicitDefaultMaxTimes + 1, {}).method == "adams");
  }
}
