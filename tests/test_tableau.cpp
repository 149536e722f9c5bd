#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>

#include "schemes/scheme_catalogue.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;

TEMPLATE_TEST_CASE("shipped tableaux satisfy exactly their classical order conditions", "[schemes][tableau]", double,
                   mp50) {
  using S = TestType;
  const S tol = 100 * std::numeric_limits<S>::epsilon();
  for (const auto& info : scheme_catalogue()) {
    if (info.family != "runge-kutta") continue;  // tailored: tests/test_tailored_schemes.cpp; dem: no tableau
    const auto t = shipped_tableau<S>(info.name);
    INFO(info.name);
    CHECK(satisfied_order(t, tol) == std::min(info.classical_order, 4));
    CHECK(t.classical_order == info.classical_order);
    // c = A·1 for every shipped tableau.
    CHECK(static_cast<double>((t.A.rowwise().sum() - t.c).cwiseAbs().maxCoeff()) <= static_cast<double>(tol));
  }
}

TEST_CASE("GL2 with a12 perturbed by 1e-3 loses its order", "[schemes][tableau]") {
  auto t = tableaux::gauss_legendre2<double>();
  t.A(0, 1) += 1e-3;
  t.c = t.A.rowwise().sum();
  CHECK(satisfied_order(t, 1e-12) == 1);
}

TEST_CASE("malformed tableaux are rejected with the field named", "[schemes][tableau]") {
  auto t = tableaux::gauss_legendre2<double>();
  t.b.resize(3);
  t.b << 0.3, 0.3, 0.4;
  CHECK_THROWS_WITH(t.validate(), Catch::Contains("A must be"));
  auto u = tableaux::rk4<double>();
  u.A(2, 1) = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_WITH(u.validate(), Catch::Contains("non-finite"));
  CHECK_THROWS_WITH(make_scheme<double>("gl3"), Catch::Contains("unknown scheme 'gl3'"));
}
