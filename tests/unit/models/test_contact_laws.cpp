// Tsuji's law (β = 5/4, quarter powers) and the non-tensile laws: the force,
// its derivatives against finite differences, and the quarter powers in the
// three scalars.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "models/chain.hpp"
#include "models/extended_precision.hpp"
#include "models/positive_power.hpp"
#include "tests/unit/test_fixtures.hpp"

using namespace granconv;

namespace {

// Beads 0..3; link 0 closed and approaching (δ = 0.2, δ̇ = 2.9), link 1
// closed and receding fast (δ = 0.02, δ̇ = −3: the force of every damped law
// is negative, clipped by a non-tensile one), link 2 open.
Vec<double> contact_law_state() {
  Vec<double> y(8);
  y << 0.3, 1.4, 0.1, -1.5, 0.08, 1.5, 0.5, 0.0;
  return y;
}

Chain<double> test_chain(int four_beta, bool nontensile) {
  Chain<double> c;
  c.m = {1.0, 0.512, 0.729, 0.59};
  c.K = {0.0, 0.01, 0.0, 0.02};
  c.k = {1.0, 0.976, 1.3};
  c.gamma = {0.1, 0.2, 0.05};
  c.law.four_beta = four_beta;
  c.law.nontensile = nontensile;
  return c;
}

using test::finite_difference_jacobian;

// The force of a link, m_j (ẍ_j without the contact) − m_j ẍ_j, from rhs.
double contact_force(const ChainSystem<double>& sys, const Vec<double>& y, int j) {
  Vec<double> dy(y.size());
  sys.rhs(0.0, y, dy);
  const auto& c = sys.chain();
  // Bead 0 has link 0 only; bead j+1 gets +f_j − f_{j+1}: peel off from the left.
  double f = -c.m[0] * dy[1] - c.K[0] * y[0];
  for (int i = 1; i <= j; ++i) f = f - c.m[i] * dy[2 * i + 1] - c.K[i] * y[2 * i];
  return f;
}

}  // namespace

TEST_CASE("quarter powers: half powers bit for bit for even exponents, δ^{p/4} otherwise", "[models][laws]") {
  for (double d : {1e-300, 1e-8, 0.3, 2.0, 7e5}) {
    INFO("δ = " << d);
    for (int p = -4; p <= 12; p += 2) {
      CHECK(positive_power_quarter(d, 2 * p) == positive_power_half(d, p));
      CHECK(positive_power_quarter_derivative(d, 2 * p) == positive_power_half_derivative(d, p));
    }
    for (int p : {-3, 1, 5}) CHECK(positive_power_quarter(d, p) == Approx(std::pow(d, p / 4.0)).epsilon(4e-16));
  }
  CHECK(positive_power_quarter(0.0, 5) == 0.0);
  CHECK(positive_power_quarter(-0.1, 1) == 0.0);
  CHECK(positive_power_quarter_derivative(0.3, 5) == Approx(1.25 * std::pow(0.3, 0.25)).epsilon(4e-16));

  // The extended scalars: δ^{5/4} and δ^{1/4} within a few ulps of their own pow.
  const DoubleDouble dd = DoubleDouble(3) / 10;
  const DoubleDouble dd_eps = std::numeric_limits<DoubleDouble>::epsilon();
  CHECK(abs(positive_power_quarter(dd, 5) - pow(dd, DoubleDouble(5) / 4)) <= 8 * dd_eps);
  CHECK(abs(positive_power_quarter(dd, 1) - pow(dd, DoubleDouble(1) / 4)) <= 8 * dd_eps);
  const Mp50 mp = Mp50(3) / 10;
  const Mp50 mp_eps = std::numeric_limits<Mp50>::epsilon();
  CHECK(abs(positive_power_quarter(mp, 5) - pow(mp, Mp50(5) / 4)) <= 8 * mp_eps);
  CHECK(abs(positive_power_quarter(mp, -3) - pow(mp, Mp50(-3) / 4)) <= 8 * mp_eps * 3);
}

TEST_CASE("Tsuji's force is k δ^{3/2} + (5/4) γ k δ^{1/4} δ̇, with its (x, w) potential γ k δ^{5/4}",
          "[models][laws]") {
  const Vec<double> y = contact_law_state();
  const Chain<double> c = test_chain(5, false);
  const ChainSystem<double> xv(c, Formulation::xv);
  for (int j : {0, 1}) {
    const double d = c.gap(y, j), dd = c.gap_rate(y, j);
    const double expected = c.k[j] * std::pow(d, 1.5) + 1.25 * c.gamma[j] * c.k[j] * std::pow(d, 0.25) * dd;
    INFO("link " << j);
    CHECK(contact_force(xv, y, j) == Approx(expected).epsilon(1e-13));
    CHECK(c.damping_potential(j, d) == Approx(c.gamma[j] * c.k[j] * std::pow(d, 1.25)).epsilon(1e-15));
  }
  CHECK(contact_force(xv, y, 1) < 0);  // tensile: the damping outweighs the spring
  // In (x, w), ẋ is v: the potential's shift of the momentum is undone.
  const ChainSystem<double> xw(c, Formulation::xw);
  const Vec<double> w = xw.from_xv(y);
  Vec<double> dw(y.size());
  xw.rhs(0.0, w, dw);
  for (int i = 0; i < c.beads(); ++i) CHECK(dw[2 * i] == Approx(y[2 * i + 1]).margin(1e-15));
}

TEST_CASE("Jacobians of Tsuji's and the non-tensile laws match finite differences", "[models][laws][jacobian]") {
  const Vec<double> y = contact_law_state();
  for (int fb : {4, 5, 6, 10})
    for (bool nontensile : {false, true})
      for (auto f : {Formulation::xv, Formulation::xw}) {
        const Chain<double> c = test_chain(fb, nontensile);
        INFO("4β = " << fb << (nontensile ? ", non-tensile" : "") << ", " << to_string(f));
        if (nontensile && f == Formulation::xw) {
          CHECK_THROWS_WITH(ChainSystem<double>(c, f), Catch::Contains("has no non-tensile laws"));
          continue;
        }
        const ChainSystem<double> sys(c, f);
        BlockTridiagonal<double> J(sys.beads());
        sys.jacobian(0.0, y, J);
        const Eigen::MatrixXd fd = finite_difference_jacobian(sys, y);
        CHECK((J.dense() - fd).cwiseAbs().maxCoeff() <= 2e-6 * std::max(1.0, fd.cwiseAbs().maxCoeff()));
      }
}

TEST_CASE("a non-tensile law clips the force at zero and is otherwise the law", "[models][laws]") {
  const Vec<double> y = contact_law_state();
  for (int fb : {4, 5, 6, 10}) {
    const ChainSystem<double> plain(test_chain(fb, false), Formulation::xv);
    const ChainSystem<double> clipped(test_chain(fb, true), Formulation::xv);
    INFO("4β = " << fb);
    CHECK(contact_force(clipped, y, 0) == contact_force(plain, y, 0));  // compressive: unchanged
    const double f1 = plain.unclipped_force(1, plain.chain().gap(y, 1), plain.chain().gap_rate(y, 1));
    CHECK(contact_force(plain, y, 1) == Approx(f1).epsilon(1e-13));
    CHECK(f1 < 0);
    CHECK(contact_force(clipped, y, 1) == Approx(0.0).margin(1e-15));
    // The clipped link contributes nothing to the Jacobian: its beads' rows
    // equal those of a chain without that contact's law.
    BlockTridiagonal<double> J(4);
    clipped.jacobian(0.0, y, J);
    CHECK(J.upper[1].cwiseAbs().maxCoeff() == 0.0);
    CHECK(J.lower[2].cwiseAbs().maxCoeff() == 0.0);
  }
}

TEST_CASE("the law's exponents are validated", "[models][laws]") {
  for (int fb : {2, 3, 7, 8}) CHECK_THROWS_AS(test_chain(fb, false).validate(), std::invalid_argument);
  Chain<double> c = test_chain(5, false);
  c.law.eps = 1e-3;  // the mollifier is Kuwabara–Kono's
  CHECK_THROWS_AS(c.validate(), std::invalid_argument);
}
