// DenseRungeKutta (schemes/dense_runge_kutta.hpp): classical orders on a
// smooth linear system, agreement with RungeKutta<S> on a contact chain, the
// Newton failure report, and steps of the bi-stiffness (x, v, z) law.
#include <catch2/catch.hpp>
#include <cmath>

#include "models/bistiffness_chain.hpp"
#include "models/scenarios.hpp"
#include "schemes/dense_runge_kutta.hpp"
#include "schemes/scheme_catalogue.hpp"

using namespace granconv;

namespace {

// x' = v, v' = −x as a plain 2×2 system (no chain layout).
struct Oscillator {
  int dim() const { return 2; }
  void rhs(double, const Vec<double>& y, Vec<double>& dy) const {
    dy[0] = y[1];
    dy[1] = -y[0];
  }
  Eigen::MatrixXd dense_jacobian(double, const Vec<double>&) const {
    Eigen::MatrixXd J(2, 2);
    J << 0, 1, -1, 0;
    return J;
  }
};

double oscillator_error(const DenseRungeKutta<double>& rk, int n) {
  const Oscillator sys;
  Vec<double> y(2);
  y << 1, 0;
  auto ws = rk.make_workspace(2);
  const double T = 2, h = T / n;
  for (int k = 0; k < n; ++k) rk.step(sys, k * h, y, h, ws, k + 1);
  return std::max(std::abs(y[0] - std::cos(T)), std::abs(y[1] + std::sin(T)));
}

// A chain system seen through the generic interface only.
struct DenseChain {
  const ChainSystem<double>& sys;
  int dim() const { return sys.dim(); }
  void rhs(double t, const Vec<double>& y, Vec<double>& dy) const { sys.rhs(t, y, dy); }
  Eigen::MatrixXd dense_jacobian(double t, const Vec<double>& y) const {
    BlockTridiagonal<double> J(sys.beads());
    sys.jacobian(t, y, J);
    return J.dense();
  }
};

}  // namespace

TEST_CASE("dense Runge-Kutta reaches the classical orders on the oscillator", "[schemes][order][dense]") {
  const std::vector<std::pair<std::string, int>> expected = {{"gl2", 4}, {"radau2", 3}, {"cn", 2}, {"rk4", 4}};
  for (const auto& [name, order] : expected) {
    const DenseRungeKutta<double> rk(shipped_tableau<double>(name));
    const double e1 = oscillator_error(rk, 40), e2 = oscillator_error(rk, 80);
    const double p = std::log2(e1 / e2);
    INFO(name << ": errors " << e1 << ", " << e2 << ", observed order " << p);
    CHECK(std::abs(p - order) < 0.1);
  }
}

TEST_CASE("dense Runge-Kutta agrees with RungeKutta on a contact chain to round-off", "[schemes][dense]") {
  // The binary KK collision through contact onset, compression and release:
  // both converge Newton to a few ulps, so they differ by round-off only.
  const auto pr = make_problem<double>("binary-kk", {"t_end=4"});
  const ChainSystem<double> sys(pr.chain, Formulation::xv);
  const DenseChain dense{sys};
  for (const std::string name : {"gl2", "radau2", "cn", "rk4"}) {
    const RungeKutta<double> banded(shipped_tableau<double>(name));
    const DenseRungeKutta<double> full(shipped_tableau<double>(name));
    auto wb = banded.make_workspace(sys.dim());
    auto wd = full.make_workspace(sys.dim());
    Vec<double> yb = pr.y0, yd = pr.y0;
    const long n = 160;
    const double h = pr.t_end / n;
    double diff = 0, scale = 0;
    for (long k = 0; k < n; ++k) {
      banded.step(sys, k * h, yb, h, wb, k + 1);
      full.step(dense, k * h, yd, h, wd, k + 1);
      diff = std::max(diff, (yb - yd).cwiseAbs().maxCoeff());
      scale = std::max(scale, yb.cwiseAbs().maxCoeff());
    }
    INFO(name << ": max difference " << diff << " on states of size " << scale);
    CHECK(diff <= 1e-13 * scale);
    CHECK(std::abs(yb[0] - yb[2]) > 0.1);  // the beads did separate: the run crossed both contact events
  }
}

TEST_CASE("dense Runge-Kutta reports Newton failure with the step and time", "[schemes][dense][newton]") {
  NewtonOptions opt;
  opt.max_iterations = 1;  // simplified Newton cannot converge on a nonlinear contact in one iteration
  const DenseRungeKutta<double> rk(tableaux::gauss_legendre2<double>(), opt);
  Chain<double> c;
  c.m = {1, 1};
  c.K = {0, 0};
  c.k = {1};
  c.gamma = {0.1};
  const ChainSystem<double> sys(c, Formulation::xv);
  Vec<double> y(4);
  y << 0.1, 1, 0, 0;
  auto ws = rk.make_workspace(4);
  try {
    rk.step(DenseChain{sys}, 0.25, y, 0.5, ws, 7);
    FAIL("expected a NewtonFailure");
  } catch (const NewtonFailure& e) {
    CHECK(e.step() == 7);
    CHECK(e.time() == 0.25);
    CHECK_THAT(std::string(e.what()), Catch::Contains("step 7") && Catch::Contains("t = 0.25"));
  }
}

TEST_CASE("dense Runge-Kutta steps the bi-stiffness (x, v, z) law", "[schemes][dense]") {
  // Binary Hertz collision with e_s = 0.8: the separation speed is e_s × the
  // approach speed (models/bistiffness_chain.hpp), to the scheme's accuracy.
  // Explicit RK4 only: an implicit step whose stages straddle the end of
  // expansion (ż jumps from u/e_s² to 0 at z = 0) may have no stage solution.
  auto pr = make_problem<double>("binary-kk", {"gamma=0", "t_end=6"});
  const auto bc = BistiffnessChain<double>::from_chain(pr.chain, 0.8);
  const double approach = pr.y0[1] - pr.y0[3];
  for (const std::string name : {"rk4"}) {
    const DenseRungeKutta<double> rk(shipped_tableau<double>(name));
    Vec<double> y = bc.from_xv(pr.y0);
    auto ws = rk.make_workspace(bc.dim());
    const long n = 6000;
    const double h = pr.t_end / n;
    for (long k = 0; k < n; ++k) rk.step(bc, k * h, y, h, ws, k + 1);
    INFO(name);
    CHECK(bc.force(y, 0) == 0);  // released (z ≤ 0) and open again
    CHECK(bc.gap(y, 0) < 0);
    CHECK(-bc.approach(y, 0) / approach == Approx(0.8).epsilon(1e-4));
  }
}
