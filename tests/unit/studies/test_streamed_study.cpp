// An order sweep with its reference streamed (studies/support/streamed_grid_errors.hpp:
// nothing kept, the shared reference summarised beside its estimate's rerun,
// then streamed again per group of step sizes) against the stored sweep: the same
// record bit for bit but for the wall time.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "studies/core/study.hpp"

using namespace granconv;

namespace {

Claim sweep_claim(const std::string& scenario, const std::string& scheme, const std::string& formulation,
                  std::vector<std::string> params, StepGrid grid, double order) {
  Claim c;
  c.id = "test-streamed-" + scenario + "-" + scheme;
  c.title = "test";
  c.figure_group = "test";
  c.scenario = scenario;
  c.scheme = scheme;
  c.formulation = formulation;
  c.params = std::move(params);
  c.grid = grid;
  c.checks.push_back({"all", FitWindow{grid.h_min, grid.h_max}, FitKind::least_squares, order, 0.2, 0.4, {}, {}});
  return c;
}

nlohmann::json record(const Claim& c, ComparisonMode mode, int jobs = 1) {
  StudyOptions opt;
  opt.jobs = jobs;
  opt.reference_mode = mode;
  nlohmann::json j = run_study(c, opt).to_json();
  j.erase("seconds");
  return j;
}

}  // namespace

TEST_CASE("a streamed sweep gives the stored one's record bit for bit (CVODE, its estimate's fallback)") {
  // The defaults' rtol/10 is refused by CVODE: the estimate falls back to BDF.
  const Claim c = sweep_claim("trimer-impact", "gl2", "xw", {"t_end=2"}, {0.2, 0.02, 6}, 2.5);
  const auto stored = record(c, ComparisonMode::stored), streamed = record(c, ComparisonMode::streamed, 2);
  CHECK(streamed.dump() == stored.dump());
  CHECK(stored["reference"]["error_estimate_method"].get<std::string>().find("refused") != std::string::npos);
}

TEST_CASE("a streamed sweep gives the stored one's record bit for bit (rerun at rtol/10, a chain)") {
  Claim c = sweep_claim("chain", "leapfrog", "xv", {"n=20", "t_end=3"}, {0.1, 0.01, 5}, 2);
  StudyOptions opt;
  opt.reference.rtol = 1e-12;
  opt.reference.atol = 1e-14;
  opt.reference_mode = ComparisonMode::stored;
  auto stored = run_study(c, opt).to_json();
  opt.reference_mode = ComparisonMode::streamed;
  auto streamed = run_study(c, opt).to_json();
  stored.erase("seconds");
  streamed.erase("seconds");
  CHECK(streamed.dump() == stored.dump());
  CHECK(stored["reference"]["error_estimate_method"].get<std::string>().find("refused") == std::string::npos);
}

TEST_CASE("a streamed sweep gives the stored one's record bit for bit (exact solution, γ coupled to h)") {
  const Claim exact = sweep_claim("singular-q", "leapfrog", "xv", {"q=0.5", "t_end=0.5"}, {0.05, 0.005, 5}, 1.5);
  CHECK(record(exact, ComparisonMode::streamed).dump() == record(exact, ComparisonMode::stored).dump());
  Claim coupled = sweep_claim("trimer-impact", "damped-verlet", "xv", {"t_end=1"}, {0.1, 0.01, 5}, 2);
  coupled.gamma_per_h = 0.5;
  CHECK(record(coupled, ComparisonMode::streamed).dump() == record(coupled, ComparisonMode::stored).dump());
}

TEST_CASE("a streamed sweep is refused where the reference cannot stream") {
  Claim c = sweep_claim("trimer-nobreak", "gl2", "xw", {"t_end=0.5"}, {0.1, 0.01, 5}, 4);
  c.reference_method = "erk9";
  StudyOptions opt;
  opt.reference_mode = ComparisonMode::streamed;
  CHECK_THROWS_WITH(run_study(c, opt), Catch::Contains("cannot be streamed"));
  c.reference_method.clear();
  c.error_measure = "final-time";
  CHECK_THROWS_WITH(run_study(c, opt), Catch::Contains("cannot be streamed"));
}
