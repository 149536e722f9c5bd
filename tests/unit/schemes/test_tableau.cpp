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
    if (info.family != SchemeFamily::runge_kutta) continue;  // tailored: tests/unit/schemes/test_tailored_schemes.cpp; dem: no tableau
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

TEMPLATE_TEST_CASE("every catalogue row builds its own scheme, and only runge-kutta rows have a tableau", "[schemes]",
                   double, mp50) {
  using S = TestType;
  for (const auto& info : scheme_catalogue()) {
    INFO(info.name << " (" << to_string(info.family) << ")");
    if (info.family == SchemeFamily::impulse) {
      CHECK_THROWS_WITH(make_scheme<S>(info.name), Catch::Contains("principal impulse"));
    } else {
      const Scheme<S> s = make_scheme<S>(info.name);
      CHECK(s.name == info.name);
      CHECK(s.classical_order == info.classical_order);
      CHECK(static_cast<bool>(s.run));
    }
    if (info.family == SchemeFamily::runge_kutta)
      CHECK(shipped_tableau<S>(info.name).name == info.name);
    else
      CHECK_THROWS_WITH(shipped_tableau<S>(info.name), Catch::Contains("is not a fixed tableau"));
  }
  CHECK_THROWS_WITH(make_scheme<S>("no-such-scheme"), Catch::Contains("no-such-scheme"));
}

TEST_CASE("scheme families keep the spellings the catalogue used as strings", "[schemes]") {
  CHECK(std::string(to_string(SchemeFamily::runge_kutta)) == "runge-kutta");
  CHECK(std::string(to_string(SchemeFamily::tailored)) == "tailored");
  CHECK(std::string(to_string(SchemeFamily::dem)) == "dem");
  CHECK(std::string(to_string(SchemeFamily::impulse)) == "impulse");
}
