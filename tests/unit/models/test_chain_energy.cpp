// Velocity maps of eq. (10), the energy and its dissipation, in double and in
// 50-digit arithmetic.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <random>

#include "models/chain.hpp"
#include "models/scenarios.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {
template <class S>
Vec<S> random_state(std::mt19937_64& rng, int beads) {
  std::uniform_real_distribution<double> u(-0.5, 0.5);
  Vec<S> y(2 * beads);
  for (int i = 0; i < 2 * beads; ++i) y[i] = S(u(rng));
  return y;
}
}  // namespace

TEMPLATE_TEST_CASE("w ↔ v maps are inverse and w = v for open contacts", "[models][maps]", double, mp50) {
  using S = TestType;
  auto pr = make_problem<S>("dimer", std::vector<std::string>{"n=6", "gamma=0.3"});
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const Vec<S> y = random_state<S>(rng, 6);
    const Vec<S> back = pr.chain.v_from_w(pr.chain.w_from_v(y));
    const S tol = 64 * std::numeric_limits<S>::epsilon();
    CHECK(static_cast<double>((back - y).cwiseAbs().maxCoeff()) <= static_cast<double>(tol));
  }
  Vec<S> open = Vec<S>::Zero(12);
  for (int i = 0; i < 6; ++i) {  // x increasing: every gap x_i − x_{i+1} < 0
    open[2 * i] = S(i);
    open[2 * i + 1] = S(-i);
  }
  CHECK(pr.chain.w_from_v(open) == open);
}

TEMPLATE_TEST_CASE("energy is nonincreasing for γ ≥ 0 and conserved for γ = 0", "[models][energy]", double, mp50) {
  using S = TestType;
  std::mt19937_64 rng(11);
  for (double gamma : {0.0, 0.05, 0.5})
    for (int fb : {4, 5, 6, 10}) {
      auto pr = make_problem<S>("cradle", std::vector<std::string>{"n=5", "gamma=" + std::to_string(gamma),
                                                                   "beta=" + std::to_string(fb / 4.0)});
      ChainSystem<S> sys(pr.chain, Formulation::xv);
      for (int trial = 0; trial < 50; ++trial) {
        const Vec<S> y = random_state<S>(rng, 5);
        Vec<S> dy(10);
        sys.rhs(S(0), y, dy);
        const S rate = pr.chain.energy_rate(y, dy);
        // Closed form: dH/dt = −Σ β γ k δ+^{β−1} δ̇².
        S expected(0);
        for (int j = 0; j < 4; ++j) {
          const S d = pr.chain.gap(y, j), dd = y[2 * j + 1] - y[2 * j + 3];
          expected -= S(fb) / 4 * pr.chain.gamma[j] * pr.chain.k[j] * positive_power_quarter(d, fb - 4) * dd * dd;
        }
        CHECK(static_cast<double>(rate) <= 1e-14);
        CHECK(static_cast<double>(abs(rate - expected)) <= 1e-12);
        if (gamma == 0.0) CHECK(static_cast<double>(abs(rate)) <= 1e-13);
      }
    }
}

TEST_CASE("the (x, w) right-hand side gives the same acceleration as (x, v)", "[models][maps]") {
  // d/dt v computed through w must equal the (x, v) field: v̇ = ẇ + d/dt[(g_{i−1} − g_i)/m_i].
  auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  ChainSystem<double> xv(pr.chain, Formulation::xv), xw(pr.chain, Formulation::xw);
  Vec<double> y(6);
  y << 0.3, 0.8, 0.1, 0.2, -0.05, 0.1;  // both contacts closed
  Vec<double> fv(6), fw(6);
  xv.rhs(0, y, fv);
  const Vec<double> w = pr.chain.w_from_v(y);
  xw.rhs(0, w, fw);
  // Positions move with v in both.
  for (int i = 0; i < 3; ++i) CHECK(fw[2 * i] == Approx(fv[2 * i]).epsilon(1e-14));
  // Acceleration via a finite difference of v(x(t), w(t)) along the (x, w) flow.
  const double dt = 1e-6;
  const Vec<double> vp = pr.chain.v_from_w(w + dt * fw), vm = pr.chain.v_from_w(w - dt * fw);
  for (int i = 0; i < 3; ++i) CHECK((vp[2 * i + 1] - vm[2 * i + 1]) / (2 * dt) == Approx(fv[2 * i + 1]).epsilon(1e-7));
}
