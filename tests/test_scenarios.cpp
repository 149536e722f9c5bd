#include <catch2/catch.hpp>

#include "models/scenarios.hpp"

using namespace granconv;

TEST_CASE("scenario catalogue builds every scenario with its defaults", "[models][scenarios]") {
  for (const auto& info : scenario_catalogue()) {
    auto pr = make_problem<double>(info.name, info.defaults);
    CHECK(pr.y0.size() == 2 * pr.chain.beads());
    CHECK(pr.t_end > 0);
  }
  auto trimer = make_problem<double>("trimer-impact", std::vector<std::string>{});
  CHECK(trimer.chain.m[1] == Approx(0.512));
  CHECK(trimer.chain.k[1] == Approx(std::sqrt(81.0 / 85.0)));
}

TEST_CASE("parameters are overridable by name and validated", "[models][scenarios]") {
  auto d = make_problem<double>("dimer", std::vector<std::string>{"n=7", "epsilon=0.25", "gamma=0"});
  CHECK(d.chain.beads() == 7);
  CHECK(d.chain.m[1] == 0.25);
  CHECK(d.chain.m[2] == 1.0);
  CHECK_THROWS_WITH(make_problem<double>("dimer", std::vector<std::string>{"bogus=1"}),
                    Catch::Contains("unknown parameter 'bogus'"));
  CHECK_THROWS_WITH(make_problem<double>("dimer", std::vector<std::string>{"n=2.5"}), Catch::Contains("integer"));
  CHECK_THROWS_WITH(make_problem<double>("dimer", std::vector<std::string>{"gamma"}), Catch::Contains("malformed"));
  CHECK_THROWS_WITH(make_problem<double>("dimer", std::vector<std::string>{"gamma=abc"}), Catch::Contains("malformed"));
  CHECK_THROWS_WITH(make_problem<double>("nope", std::vector<std::string>{}), Catch::Contains("unknown scenario"));
  CHECK_THROWS_WITH(make_problem<double>("chain", std::vector<std::string>{"beta=2"}), Catch::Contains("beta"));
}
