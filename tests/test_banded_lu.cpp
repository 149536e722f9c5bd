#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <random>

#include "schemes/banded_lu.hpp"

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
