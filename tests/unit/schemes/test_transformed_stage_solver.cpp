// The transformed stage solve (schemes/newton/transformed_stage_solver.hpp)
// against a dense LU of I − h A ⊗ J on a chain with active contacts: one
// implicit stage and complex-conjugate pairs, both formulations, in double
// and in 50 digits; and its refusal where J lacks the structure it assumes.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>

#include "models/scenarios.hpp"
#include "schemes/runge_kutta.hpp"
#include "schemes/tailored_tableaux.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {

template <class S>
using Matrix = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;

// The Jacobian of a 12-bead KK chain after the impact wave has entered it
// (steps of GL2 from the scenario's start), in formulation f.
template <class S>
BlockTridiagonal<S> chain_jacobian(Formulation f) {
  const auto pr = make_problem<S>("chain", std::vector<std::string>{"n=12", "gamma=0.1"});
  const ChainSystem<S> sys(pr.chain, f);
  const RungeKutta<S> rk(tableaux::gauss_legendre2<S>());
  auto w = rk.make_workspace(sys.dim());
  Vec<S> y = sys.from_xv(pr.y0);
  for (int k = 0; k < 20; ++k) rk.step(sys, S(k) / 10, y, S(1) / 10, w);
  BlockTridiagonal<S> J(sys.beads());
  sys.jacobian(S(2), y, J);
  return J;
}

// max |x − x_dense| / max |x_dense| for a fixed right-hand side, where x_dense
// solves the dense bead-ordered system I − h A ⊗ J (A: the implicit block);
// or −1 when factor() refuses.
template <class S>
double difference_from_dense(const Matrix<S>& A, const BlockTridiagonal<S>& J, const S& h) {
  const int m = static_cast<int>(A.rows()), n = J.beads(), dim = 2 * n * m;
  const Matrix<S> Jd = J.dense();
  Matrix<S> M = Matrix<S>::Identity(dim, dim);
  for (int b = 0; b < n; ++b)
    for (int i = 0; i < m; ++i)
      for (int c = 0; c < 2; ++c)
        for (int b2 = 0; b2 < n; ++b2)
          for (int j = 0; j < m; ++j)
            for (int c2 = 0; c2 < 2; ++c2)
              M(b * 2 * m + 2 * i + c, b2 * 2 * m + 2 * j + c2) -= h * A(i, j) * Jd(2 * b + c, 2 * b2 + c2);
  Vec<S> rhs(dim);
  for (int k = 0; k < dim; ++k) rhs[k] = S(1 + (7 * k) % 11) / 10 - S(k % 2);
  const Vec<S> expected = M.partialPivLu().solve(rhs);
  TransformedStageSolver<S> solver;
  solver.setup(A, n);
  REQUIRE(solver.available());
  if (!solver.factor(J, h)) return -1;
  Vec<S> x = rhs;
  solver.solve(x);
  return static_cast<double>((x - expected).cwiseAbs().maxCoeff() / expected.cwiseAbs().maxCoeff());
}

template <class S>
Matrix<S> implicit_block(const Tableau<S>& t) {
  const int first = t.c[0] == S(0) && t.A.row(0).isZero() ? 1 : 0;
  const int m = t.stages() - first;
  return t.A.bottomRightCorner(m, m);
}

}  // namespace

TEST_CASE("the transformed stage solve equals a dense LU of the stage system", "[schemes][newton]") {
  // A-priori bound: both solve a system of condition O(1) (I plus h A ⊗ J
  // with h = 0.1, ‖hJ‖ ~ 1) to round-off, a few hundred ulps apart at most;
  // a wrong transformation or Schur complement is off by O(h‖J‖).
  for (const Formulation f : {Formulation::xw, Formulation::xv}) {
    const auto J = chain_jacobian<double>(f);
    int contacts = 0;
    for (int b = 1; b < J.beads(); ++b) contacts += J.lower[b](1, 0) != 0;
    REQUIRE(contacts > 2);  // the coupling the Schur complement must carry
    for (const auto& t : {tableaux::crank_nicolson<double>(), tableaux::gauss_legendre2<double>(),
                          tableaux::radau_iia2<double>(), tableaux::tailored_irk<double>(1.0)}) {
      const double d = difference_from_dense(implicit_block(t), J, 0.1);
      INFO(t.name << " " << to_string(f) << ": relative difference " << d);
      CHECK(d >= 0);
      CHECK(d < 1e-13);
    }
  }
}

TEST_CASE("the transformed stage solve is generic in the scalar (50 digits)", "[schemes][newton]") {
  // A-priori: 50 digits solve to about 1e-48; the bound is a few hundred ulps.
  const auto J = chain_jacobian<mp50>(Formulation::xw);
  for (const auto& t : {tableaux::crank_nicolson<mp50>(), tableaux::gauss_legendre2<mp50>()}) {
    const double d = difference_from_dense(implicit_block(t), J, mp50(1) / 10);
    INFO(t.name << ": relative difference " << d);
    CHECK(d >= 0);
    CHECK(d < 1e-45);
  }
}

TEST_CASE("the transformed stage solve refuses a Jacobian without the chain's structure", "[schemes][newton]") {
  auto J = chain_jacobian<double>(Formulation::xw);
  const auto gl2 = implicit_block(tableaux::gauss_legendre2<double>());
  CHECK(difference_from_dense(gl2, J, 0.1) >= 0);
  J.diag[3](1, 1) = 0.5;  // w' now depends on w, and x' on x: neither form
  J.diag[3](0, 0) = 0.25;
  CHECK(difference_from_dense(gl2, J, 0.1) == -1);
  // Two real eigenvalues: nothing available (the block path serves).
  TransformedStageSolver<double> solver;
  Matrix<double> two_real(2, 2);
  two_real << 0.5, 0.0, 0.0, 0.25;
  solver.setup(two_real, J.beads());
  CHECK_FALSE(solver.available());
}
