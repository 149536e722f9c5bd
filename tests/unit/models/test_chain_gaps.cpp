// Gap coordinates (models/chain_gaps.hpp) against the chain in positions: the
// same state both ways, and the same vector field — dz/dt must be the image
// of dy/dt under the linear map y → z.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "models/chain_gaps.hpp"

using namespace granconv;

namespace {

Chain<double> test_chain(int twice_alpha, int four_beta, double eps) {
  Chain<double> c;
  c.m = {1.0, 0.512, 0.729, 0.59, 1.7};
  c.K.assign(5, 0.0);
  c.k = {1.0, 0.976, 1.3, 2.0};
  c.gamma = {0.1, 0.2, 0.05, 0.3};
  c.law.twice_alpha = twice_alpha;
  c.law.four_beta = four_beta;
  c.law.eps = eps;
  return c;
}

// Gaps δ = x_j − x_{j+1}: 0.3 (closed), −0.2 (open), 1e-3 (just closed), 0.05.
Vec<double> chain_gaps_state() {
  Vec<double> y(10);
  y << 0.5, 0.7, 0.2, -0.4, 0.4, 0.9, 0.399, 0.1, 0.349, -0.3;
  return y;
}

// dy/dt in positions, mapped to gap coordinates: slot 2i+2 gets ẋ_i − ẋ_{i+1}.
Vec<double> mapped_rate(const ChainSystem<double>& sys, const Vec<double>& z) {
  Vec<double> xv(z.size());
  from_gap_coordinates(sys, z, xv);
  const Vec<double> w = sys.from_xv(xv);
  Vec<double> dw(w.size());
  sys.rhs(0.0, w, dw);
  Vec<double> out = dw;
  for (int i = 1; i < sys.beads(); ++i) out[2 * i] = dw[2 * i - 2] - dw[2 * i];
  return out;
}

}  // namespace

TEST_CASE("gap coordinates hold the same state and the same vector field as positions", "[models][gaps]") {
  const Vec<double> y = chain_gaps_state();
  struct Law {
    int twice_alpha, four_beta;
    double eps;
    bool nontensile = false;
  };
  for (const Law law : {Law{3, 6, 0}, Law{3, 4, 0}, Law{3, 10, 0}, Law{2, 4, 0}, Law{2, 6, 0}, Law{2, 10, 0},
                        Law{3, 6, 1e-2}, Law{3, 5, 0}, Law{2, 5, 0}, Law{3, 6, 0, true}, Law{3, 5, 0, true},
                        Law{3, 4, 0, true}, Law{3, 6, 1e-2, true}})
    for (auto f : {Formulation::xv, Formulation::xw}) {
      // The mollified and the non-tensile laws have no (x, w) form.
      if ((law.eps > 0 || law.nontensile) && f == Formulation::xw) continue;
      INFO("2α = " << law.twice_alpha << ", 4β = " << law.four_beta << ", ε = " << law.eps
                   << (law.nontensile ? ", non-tensile, " : ", ") << to_string(f));
      Chain<double> c = test_chain(law.twice_alpha, law.four_beta, law.eps);
      c.law.nontensile = law.nontensile;
      const ChainSystem<double> sys(c, f);
      REQUIRE(gap_form_applies(sys.chain()));
      const Vec<double> z = to_gap_coordinates(sys, y);
      CHECK(z[2] == y[0] - y[2]);
      CHECK(z[8] == y[6] - y[8]);
      Vec<double> back(y.size());
      from_gap_coordinates(sys, z, back);
      CHECK((back - y).cwiseAbs().maxCoeff() <= 4 * std::numeric_limits<double>::epsilon());

      Vec<double> dz(z.size());
      GapCoordinatesRhs<double> rhs(sys);
      rhs(z, dz);
      const Vec<double> expected = mapped_rate(sys, z);
      CHECK((dz - expected).cwiseAbs().maxCoeff() <= 1e-14 * std::max(1.0, expected.cwiseAbs().maxCoeff()));
      // The contact terms are there: without them every velocity rate would be 0.
      CHECK(dz[3] != 0.0);
    }
}

TEST_CASE("gap coordinates refuse the chains whose forces read positions", "[models][gaps]") {
  auto wall = test_chain(3, 6, 0);
  wall.wall = true;
  wall.k.push_back(1.0);
  wall.gamma.push_back(0.1);
  auto springs = test_chain(3, 6, 0);
  springs.K[2] = 0.01;
  auto forced = test_chain(3, 6, 0);
  forced.force.assign(5, 0.1);
  for (const auto& c : {wall, springs, forced}) {
    CHECK_FALSE(gap_form_applies(c));
    const ChainSystem<double> sys(c, Formulation::xw);
    CHECK_THROWS_WITH(to_gap_coordinates(sys, Vec<double>(Vec<double>::Zero(10))), Catch::Contains("gap coordinates need"));
  }
}

// The reason for the form: a gap of 1.3e-12 between beads at x = 10 comes out
// of positions 2.3e-4 off (x_1 = 10 − δ rounds to a multiple of 1.8e-15); as
// a state component it is exact, and the contact force is computed from it.
TEST_CASE("a small gap keeps its relative precision in gap coordinates", "[models][gaps]") {
  const ChainSystem<double> sys(test_chain(3, 6, 0), Formulation::xv);
  Vec<double> z = Vec<double>::Zero(10);
  z[0] = 10.0;
  z[2] = 1.3e-12;  // δ_0
  Vec<double> dz(10);
  GapCoordinatesRhs<double> rhs(sys);
  rhs(z, dz);
  const double force = sys.chain().k[0] * std::pow(z[2], 1.5);
  CHECK(dz[1] == Approx(-force / sys.chain().m[0]).epsilon(1e-15));
  CHECK(dz[3] == Approx(force / sys.chain().m[1]).epsilon(1e-15));
}
