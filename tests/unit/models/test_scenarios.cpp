#include <catch2/catch.hpp>

#include "models/mollified_sqrt.hpp"
#include "models/scenarios.hpp"

#include <cmath>

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

// Issue 12: physical ranges at load, named in the message.
TEST_CASE("scenario parameters outside their physical range are refused", "[models][scenarios]") {
  using V = std::vector<std::string>;
  CHECK_THROWS_WITH(make_problem<double>("trimer-impact", V{"gamma=-1"}), Catch::Contains("[0, inf)"));
  CHECK_THROWS_WITH(make_problem<double>("cradle", V{"k=0"}), Catch::Contains("'k' = 0"));
  CHECK_THROWS_WITH(make_problem<double>("cradle", V{"K=-1"}), Catch::Contains("'K'"));
  CHECK_THROWS_WITH(make_problem<double>("dimer", V{"n=1000000000"}), Catch::Contains("[2, 1e+08]"));
  CHECK_THROWS_WITH(make_problem<double>("chain", V{"n=1"}), Catch::Contains("[2, 1e+08]"));
  CHECK_THROWS_WITH(make_problem<double>("lzb-monodisperse-20", V{"nu=0.5"}), Catch::Contains("Poisson"));
  CHECK_THROWS_WITH(make_problem<double>("singular-q", V{"q=1"}), Catch::Contains("(0, 1)"));
  CHECK_THROWS_WITH(make_problem<double>("binary", V{"gn=-0.1"}), Catch::Contains("'gn'"));
  CHECK(make_problem<double>("chain", V{"n=1000"}).chain.beads() == 1000);
  CHECK_NOTHROW(make_problem<double>("lzb-tapered-20", V{"q=-0.05263157894736842"}));
}

TEST_CASE("the binary collision's laws are the thesis's forces in the overlap", "[models][scenarios]") {
  // ξ = x_0 − x_1 of two beads of mass 2m obeys m ξ'' = −F(ξ, ξ'), thesis eqs. (1.19), (1.22), (1.23), (4.7).
  const double m = 1.7, kn = 2.3, gn = 0.4, eps = 0.05, xi = 0.3, rate = -0.2;
  struct Case {
    const char* law;
    double force;
  };
  const MollifiedSqrt<double> sqrt_eps(eps);
  for (const Case c : {Case{"spring-dashpot", kn * xi + gn * rate},
                       Case{"hertz-damped", kn * std::pow(xi, 1.5) + gn * rate},
                       Case{"kk", kn * std::pow(xi, 1.5) + gn * rate * std::sqrt(xi)},
                       Case{"mollified-kk", kn * std::pow(xi, 1.5) + gn * rate * sqrt_eps(xi)}}) {
    std::vector<std::string> p{std::string("law=") + c.law, "m=1.7", "kn=2.3", "gn=0.4"};
    if (std::string(c.law) == "mollified-kk") p.push_back("eps=0.05");
    const auto pr = make_problem<double>("binary", p);
    ChainSystem<double> sys(pr.chain, Formulation::xv);
    Vec<double> y(4), dy(4);
    y << xi / 2, rate / 2, -xi / 2, -rate / 2;
    sys.rhs(0.0, y, dy);
    INFO(c.law);
    CHECK((dy[1] - dy[3]) == Approx(-c.force / m).epsilon(1e-14));
    y << -xi / 2, rate / 2, xi / 2, -rate / 2;  // separated: no force, not even the dashpot's
    sys.rhs(0.0, y, dy);
    CHECK(dy[1] == 0.0);
  }
  CHECK_THROWS_WITH(make_problem<double>("binary", std::vector<std::string>{"law=hooke"}),
                    Catch::Contains("unknown value 'hooke'"));
  CHECK_THROWS_WITH(make_problem<double>("binary", std::vector<std::string>{"law=mollified-kk"}),
                    Catch::Contains("positive parameter 'eps'"));
  CHECK_THROWS_WITH(make_problem<double>("binary", std::vector<std::string>{"law=kk", "eps=1e-3"}),
                    Catch::Contains("applies to law 'mollified-kk'"));
  CHECK_THROWS_WITH(make_problem<double>("binary", std::vector<std::string>{"kn=0"}), Catch::Contains("positive"));
}

TEST_CASE("the model problems' exact solutions solve their equations", "[models][scenarios]") {
  // Second differences of the exact x against the on-site force, and x' against v.
  for (const char* name : {"forced-particle", "singular-q"}) {
    const auto pr = make_problem<double>(name, std::vector<std::string>{});
    REQUIRE(pr.exact);
    CHECK((pr.exact(0.0) - pr.y0).cwiseAbs().maxCoeff() == 0.0);
    ChainSystem<double> sys(pr.chain, Formulation::xv);
    Vec<double> dy(2);
    for (double t : {0.1, 0.3, 0.45}) {
      const double d = 1e-4;
      const Vec<double> ym = pr.exact(t - d), y = pr.exact(t), yp = pr.exact(t + d);
      sys.rhs(t, y, dy);
      INFO(name << " at t = " << t);
      CHECK((yp[0] - 2 * y[0] + ym[0]) / (d * d) == Approx(dy[1]).epsilon(1e-6));
      CHECK((yp[0] - ym[0]) / (2 * d) == Approx(y[1]).epsilon(1e-7));
    }
  }
}
