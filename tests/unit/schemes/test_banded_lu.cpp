#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <random>

#include "schemes/banded_lu.hpp"
#include "schemes/newton/block_tridiagonal_lu.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;

TEMPLATE_TEST_CASE("banded LU solves like a dense solver, with pivoting", "[schemes][banded]", double, mp50) {
  using S = TestType;
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  for (auto [n, kl, ku] : {std::tuple{12, 7, 7}, std::tuple{30, 3, 3}, std::tuple{9, 2, 5}, std::tuple{1, 0, 0}}) {
    BandedLU<S> lu(n, kl, ku);
    Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic> dense = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>::Zero(n, n);
    for (int i = 0; i < n; ++i)
      for (int j = std::max(0, i - kl); j <= std::min(n - 1, i + ku); ++j) {
        // Small diagonal: the factorisation must pivot to stay accurate.
        const S v = (i == j) ? S(1e-3 * u(rng)) : S(u(rng));
        lu(i, j) = v;
        dense(i, j) = v;
      }
    Eigen::Matrix<S, Eigen::Dynamic, 1> x_true(n), rhs(n);
    for (int i = 0; i < n; ++i) x_true[i] = S(u(rng));
    rhs = dense * x_true;
    REQUIRE(lu.factor());
    lu.solve(rhs);
    const double tol = std::is_same_v<S, double> ? 1e-11 : 1e-40;
    CHECK(static_cast<double>((rhs - x_true).cwiseAbs().maxCoeff()) <= tol);
  }
}

TEST_CASE("banded LU reports an exactly singular matrix", "[schemes][banded]") {
  BandedLU<double> lu(4, 1, 1);
  for (int i = 0; i < 4; ++i) lu(i, i) = 1;
  lu(2, 2) = 0;
  lu(2, 1) = 0;
  lu(2, 3) = 0;
  CHECK_FALSE(lu.factor());
}

namespace {
// A block-tridiagonal I + perturbation (the shape of a stage system's Newton
// matrix) with B×B blocks, solved by block LU and by a dense LU.
template <class S, int B>
double block_lu_error(int blocks, double perturbation) {
  using Dense = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1, 1);
  const int n = blocks * B;
  BlockTridiagonalLU<S> lu;
  lu.resize(blocks, B);
  Dense dense = Dense::Zero(n, n);
  for (int k = 0; k < blocks; ++k)
    for (int part = -1; part <= 1; ++part) {
      if (k + part < 0 || k + part >= blocks) continue;
      Eigen::Matrix<S, B, B> m;
      for (int i = 0; i < B; ++i)
        for (int j = 0; j < B; ++j) m(i, j) = S(perturbation * u(rng)) + S(part == 0 && i == j ? 1 : 0);
      if (part < 0) lu.template lower<B>(k) = m;
      if (part == 0) lu.template diag<B>(k) = m;
      if (part > 0) lu.template upper<B>(k) = m;
      dense.block(k * B, (k + part) * B, B, B) = m;
    }
  if (!lu.template factor<B>()) return -1;
  Eigen::Matrix<S, Eigen::Dynamic, 1> rhs(n);
  for (int i = 0; i < n; ++i) rhs[i] = S(u(rng));
  Eigen::Matrix<S, Eigen::Dynamic, 1> x = rhs;
  lu.template solve<B>(x);
  const Eigen::Matrix<S, Eigen::Dynamic, 1> expected = dense.partialPivLu().solve(rhs);
  return static_cast<double>((x - expected).cwiseAbs().maxCoeff());
}
}  // namespace

TEST_CASE("block-tridiagonal LU solves like a dense solver", "[schemes][banded]") {
  // A-priori: a well-conditioned system (perturbation 0.3 of the identity per
  // entry) solved in double agrees to a few hundred ulps; in 50 digits far below double.
  CHECK(block_lu_error<double, 2>(40, 0.3) < 1e-13);
  CHECK(block_lu_error<double, 4>(25, 0.3) < 1e-13);
  CHECK(block_lu_error<double, 6>(10, 0.3) < 1e-13);
  CHECK(block_lu_error<mp50, 4>(10, 0.3) < 1e-40);
  CHECK(block_lu_error<double, 4>(1, 0.3) < 1e-13);
}

TEST_CASE("block-tridiagonal LU reports a singular Schur complement", "[schemes][banded]") {
  BlockTridiagonalLU<double> lu;
  lu.resize(2, 2);
  lu.diag<2>(0).setIdentity();
  lu.upper<2>(0).setIdentity();
  lu.lower<2>(1).setIdentity();
  lu.diag<2>(1).setIdentity();  // S_1 = I − I·I⁻¹·I = 0
  CHECK_FALSE(lu.factor<2>());
}
