// The analytic block-tridiagonal Jacobians against central finite differences,
// at states where contacts are open, closed, and just closing.
#include <catch2/catch.hpp>

#include "models/chain.hpp"
#include "models/scenarios.hpp"
#include "tests/unit/test_fixtures.hpp"

using namespace granconv;

namespace {

using test::finite_difference_jacobian;

Chain<double> test_chain(int four_beta, double K) {
  Chain<double> c;
  c.m = {1.0, 0.512, 0.729, 0.59};
  c.K = {K, 0.5 * K, K, 2 * K};
  c.k = {1.0, 0.976, 1.3};
  c.gamma = {0.1, 0.2, 0.05};
  c.law.four_beta = four_beta;
  return c;
}

}  // namespace

TEST_CASE("analytic Jacobian matches finite differences", "[models][jacobian]") {
  // Gaps: link 0 closed (0.3), link 1 open (-0.2), link 2 just closing
  // (1e-3: far enough from 0 that central differences stay on one side).
  Vec<double> y(8);
  y << 0.5, 0.7, 0.2, -0.4, 0.4, 0.9, 0.399, 0.1;
  for (int tb : {4, 5, 6, 10})
    for (double K : {0.0, 0.01})
      for (auto f : {Formulation::xv, Formulation::xw}) {
        ChainSystem<double> sys(test_chain(tb, K), f);
        BlockTridiagonal<double> J(sys.beads());
        sys.jacobian(0.0, y, J);
        const Eigen::MatrixXd fd = finite_difference_jacobian(sys, y);
        INFO("4β = " << tb << ", K = " << K << ", formulation " << to_string(f));
        CHECK((J.dense() - fd).cwiseAbs().maxCoeff() <= 2e-6 * std::max(1.0, fd.cwiseAbs().maxCoeff()));
      }
}

TEST_CASE("Jacobian of an open contact has no contact terms", "[models][jacobian]") {
  Vec<double> y(8);
  y << -1, 0, 0, 0, 1, 0, 2, 0;  // all gaps negative
  ChainSystem<double> sys(test_chain(6, 0.0), Formulation::xw);
  BlockTridiagonal<double> J(4);
  sys.jacobian(0.0, y, J);
  Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(8, 8);
  for (int i = 0; i < 4; ++i) expected(2 * i, 2 * i + 1) = 1;
  CHECK((J.dense() - expected).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("a perturbed Jacobian entry is detected", "[models][jacobian]") {
  // The comparison above can fail: a wrong coefficient in one block shows up.
  Vec<double> y(8);
  y << 0.5, 0.7, 0.2, -0.4, 0.4, 0.9, 0.399, 0.1;
  ChainSystem<double> sys(test_chain(6, 0.01), Formulation::xv);
  BlockTridiagonal<double> J(4);
  sys.jacobian(0.0, y, J);
  J.upper[0](1, 0) *= 1.0001;
  const Eigen::MatrixXd fd = finite_difference_jacobian(sys, y);
  CHECK((J.dense() - fd).cwiseAbs().maxCoeff() > 2e-6);
}

TEST_CASE("Jacobians of the thesis's contact laws and on-site forces match finite differences",
          "[models][jacobian]") {
  Vec<double> y(8);
  y << 0.5, 0.7, 0.2, -0.4, 0.4, 0.9, 0.399, 0.1;
  struct Law {
    const char* name;
    int twice_alpha, four_beta;
    double eps;
  };
  for (const Law law : {Law{"spring-dashpot", 2, 4, 0.0}, Law{"hertz-damped", 3, 4, 0.0},
                        Law{"mollified-kk, eps > gap", 3, 6, 0.5}, Law{"mollified-kk, eps < gap", 3, 6, 1e-3}}) {
    Chain<double> c = test_chain(law.four_beta, 0.01);
    c.law.twice_alpha = law.twice_alpha;
    c.law.eps = law.eps;
    c.drive = 0.3;
    c.power_c = 0.7;
    c.power_q = 0.5;
    for (auto f : {Formulation::xv, Formulation::xw}) {
      if (f == Formulation::xw && !c.has_damping_potential()) {
        CHECK_THROWS_AS(ChainSystem<double>(c, f), std::invalid_argument);
        continue;
      }
      ChainSystem<double> sys(c, f);
      BlockTridiagonal<double> J(sys.beads());
      sys.jacobian(0.0, y, J);
      const Eigen::MatrixXd fd = finite_difference_jacobian(sys, y);
      INFO(law.name << ", formulation " << to_string(f));
      CHECK((J.dense() - fd).cwiseAbs().maxCoeff() <= 2e-6 * std::max(1.0, fd.cwiseAbs().maxCoeff()));
    }
  }
}

TEST_CASE("Jacobian with a wall link and constant forces matches finite differences", "[models][jacobian]") {
  Vec<double> y(8);
  y << 0.5, 0.7, 0.2, -0.4, 0.4, 0.9, 0.3, -0.2;  // last bead 0.3 into the wall
  for (int tb : {4, 6}) {
    Chain<double> c = test_chain(tb, 0.01);
    c.wall = true;
    c.k.push_back(1.7);
    c.gamma.push_back(0.3);
    c.force = {0.1, 0.0, -0.2, 0.05};
    for (auto f : {Formulation::xv, Formulation::xw}) {
      ChainSystem<double> sys(c, f);
      BlockTridiagonal<double> J(sys.beads());
      sys.jacobian(0.0, y, J);
      const Eigen::MatrixXd fd = finite_difference_jacobian(sys, y);
      INFO("4β = " << tb << ", formulation " << to_string(f));
      CHECK((J.dense() - fd).cwiseAbs().maxCoeff() <= 2e-6 * std::max(1.0, fd.cwiseAbs().maxCoeff()));
    }
  }
  Chain<double> bad = test_chain(6, 0.0);
  bad.wall = true;  // k and gamma lack the wall link
  CHECK_THROWS_AS(bad.validate(), std::invalid_argument);
}
