// Stability functions (JVB appendix A.1) and modified-equation coefficients
// (JVB section 3.3–3.4) of the shipped and tailored tableaux.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>
#include <random>

#include "schemes/modified_equation.hpp"
#include "schemes/stability.hpp"
#include "schemes/tailored_tableaux.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {

double d(const mp50& x) { return static_cast<double>(x); }

template <class S>
Tableau<S> two_stage(S a11, S a12, S a21, S a22, S b1) {
  Tableau<S> t{"random", {}, {}, {}, 0};
  t.A.resize(2, 2);
  t.A << a11, a12, a21, a22;
  t.b.resize(2);
  t.b << b1, S(1) - b1;
  t.c = t.A.rowwise().sum();
  return t;
}

mp50 r_of_c11(const mp50& C11) { return r_infinity(stability_function(tableaux::tailored_irk(C11))); }

}  // namespace

TEST_CASE("(49)-(51) written out for two stages agree with the general formulas", "[analysis]") {
  std::mt19937 rng(20200);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int k = 0; k < 50; ++k) {
    const double a11 = u(rng), a12 = u(rng), a21 = u(rng), a22 = u(rng), b1 = u(rng);
    const auto m = modified_equation_coefficients(two_stage(a11, a12, a21, a22, b1));
    const double s1 = a11 + a12, s2 = a21 + a22;
    const double C11 = b1 * s1 + (1 - b1) * s2 - 0.5;                                             // (49)
    const double C21 = b1 * s1 * s1 + (1 - b1) * s2 * s2 - 1.0 / 3;                               // (50)
    const double C22 = 2 * b1 * (a11 * s1 + a12 * s2) + 2 * (1 - b1) * (a21 * s1 + a22 * s2) - 1.0 / 3;  // (51)
    CHECK(m.c11 == Approx(C11).margin(1e-14));
    CHECK(m.c21 == Approx(C21).margin(1e-14));
    CHECK(m.c22 == Approx(C22).margin(1e-14));
  }
}

TEST_CASE("modified-equation coefficients of GL2, CN and the theta method", "[analysis]") {
  using boost::multiprecision::abs;
  const auto gl = modified_equation_coefficients(tableaux::gauss_legendre2<mp50>());
  CHECK(abs(gl.c11) < 1e-45);
  CHECK(abs(gl.c21) < 1e-45);
  CHECK(abs(gl.c22) < 1e-45);
  const auto cn = modified_equation_coefficients(tableaux::crank_nicolson<mp50>());
  CHECK(abs(cn.c11) < 1e-45);
  CHECK(abs(cn.c21 - mp50(1) / 6) < 1e-45);
  CHECK(abs(cn.c22 - mp50(1) / 6) < 1e-45);
  for (double th : {0.0, 0.3, 0.5, 0.8, 1.0}) {
    const auto m = modified_equation_coefficients(tableaux::theta_method(mp50(th)));
    CHECK(abs(m.c11 - (mp50(th) - mp50(1) / 2)) < 1e-45);
    CHECK(abs(gamma_over_h(m) - (2 * mp50(th) - 1)) < 1e-45);
  }
}

TEST_CASE("the tailored IRK (64)-(66) satisfies (59) and has the C11 it is built for", "[analysis]") {
  using boost::multiprecision::abs;
  for (const char* s : {"0.01", "0.1", "0.236", "0.5", "2"}) {
    const mp50 C11(s);
    INFO("C11 = " << s);
    const auto m = modified_equation_coefficients(tableaux::tailored_irk(C11));
    const auto [r1, r2] = tailored_residuals(m);
    CHECK(abs(r1) < 1e-45);
    CHECK(abs(r2) < 1e-45);
    CHECK(abs(m.c11 - C11) < 1e-45);
    CHECK(abs(gamma_over_h(m) - 2 * C11) < 1e-45);
  }
}

TEST_CASE("GL2 with a12 perturbed by 1e-3 fails (59) with C11 = 0", "[analysis]") {
  using boost::multiprecision::abs;
  auto t = tableaux::gauss_legendre2<mp50>();
  t.A(0, 1) += mp50("1e-3");
  t.c = t.A.rowwise().sum();
  const auto m = modified_equation_coefficients(t);
  // (59) evaluated at C11 = 0: C22 = 0 and C21 = 0.
  CHECK(abs(m.c21) > 1e-5);
  CHECK(abs(m.c22) > 1e-5);
  CHECK(abs(m.c11) > 1e-5);  // and the perturbed scheme is no longer non-dissipative
}

TEST_CASE("stability function of the tailored IRK is (75) (appendix A.1)", "[analysis]") {
  using boost::multiprecision::abs;
  for (const char* s : {"0.01", "0.1", "0.235702", "0.5", "1", "3"}) {
    const mp50 C(s);
    INFO("C11 = " << s);
    const auto R = stability_function(tableaux::tailored_irk(C));
    const mp50 am = mp50(1) / 12 - C / 2 + 3 * C * C / 2, ap = mp50(1) / 12 + C / 2 + 3 * C * C / 2;
    REQUIRE(R.P.size() == 3);
    REQUIRE(R.Q.size() == 3);
    CHECK(abs(R.P[0] - 1) < 1e-40);
    CHECK(abs(R.P[1] - (mp50(1) / 2 - 2 * C)) < 1e-40);
    CHECK(abs(R.P[2] - am) < 1e-40);
    CHECK(abs(R.Q[0] - 1) < 1e-40);
    CHECK(abs(R.Q[1] + (mp50(1) / 2 + 2 * C)) < 1e-40);
    CHECK(abs(R.Q[2] - ap) < 1e-40);
    // |Q(iω)|² − |P(iω)|² = C11 ω² (2 + ω² (1/6 + 3 C11²)).
    for (const char* w : {"1e-3", "0.1", "1", "7.5", "100", "1e4"}) {
      const mp50 om(w);
      const ComplexS<mp50> z{mp50(0), om};
      const mp50 lhs = norm2(evaluate_polynomial(R.Q, z)) - norm2(evaluate_polynomial(R.P, z));
      const mp50 rhs = C * om * om * (2 + om * om * (mp50(1) / 6 + 3 * C * C));
      CHECK(abs(lhs - rhs) / rhs < 1e-30);
    }
    // r = a⁻/a⁺.
    CHECK(abs(r_infinity(R) - am / ap) < 1e-40);
  }
}

TEST_CASE("r = lim |R| of the tailored IRK is minimal at C11 = 1/(3 sqrt 2), r_min = (sqrt2-1)/(sqrt2+1)",
          "[analysis]") {
  using boost::multiprecision::abs;
  using boost::multiprecision::sqrt;
  const mp50 cmin = golden_section_minimum<mp50>(&r_of_c11, mp50(0), mp50(3), mp50("1e-40"));
  const mp50 r2 = sqrt(mp50(2));
  const mp50 c_paper = 1 / (3 * r2), r_paper = (r2 - 1) / (r2 + 1);
  // Golden section locates a quadratic minimum to ~sqrt(ε) ≈ 1e-25; the
  // minimum value is then good to ~ε.
  CHECK(abs(cmin - c_paper) < 1e-20);
  CHECK(abs(r_of_c11(cmin) - r_paper) < 1e-40);
  CHECK(d(r_paper) == Approx(0.1716).margin(1e-4));
}

TEST_CASE("stability reports of the shipped tableaux", "[analysis]") {
  const auto gl = stability_report(tableaux::gauss_legendre2<double>());
  CHECK(gl.a_stable);
  CHECK_FALSE(gl.l_stable);
  CHECK(gl.r_infinity == Approx(1).margin(1e-12));
  CHECK(gl.max_abs_on_imaginary_axis == Approx(1).margin(1e-12));
  REQUIRE(gl.poles.size() == 2);
  for (const auto& p : gl.poles) CHECK(p.real() > 0);

  const auto cn = stability_report(tableaux::crank_nicolson<double>());
  CHECK(cn.a_stable);
  CHECK_FALSE(cn.l_stable);
  CHECK(cn.r_infinity == Approx(1).margin(1e-12));
  REQUIRE(cn.poles.size() == 1);
  CHECK(cn.poles[0].real() == Approx(2));

  const auto ra = stability_report(tableaux::radau_iia2<double>());
  CHECK(ra.a_stable);
  CHECK(ra.l_stable);
  CHECK(ra.r_infinity == 0);

  const auto rk = stability_report(tableaux::rk4<double>());
  CHECK_FALSE(rk.a_stable);
  CHECK(std::isinf(rk.r_infinity));
  CHECK(rk.poles.empty());

  for (double C : {0.05, 0.5, 3.0}) {
    INFO("C11 = " << C);
    const auto t = stability_report(tableaux::tailored_irk(C));
    CHECK(t.a_stable);
    CHECK_FALSE(t.l_stable);
    CHECK(t.r_infinity < 1);
    CHECK(t.max_abs_on_imaginary_axis <= 1);
  }

  const auto th03 = stability_report(tableaux::theta_method(0.3));
  CHECK_FALSE(th03.a_stable);
  CHECK(th03.max_abs_on_imaginary_axis > 1);
  const auto th1 = stability_report(tableaux::theta_method(1.0));
  CHECK(th1.a_stable);
  CHECK(th1.l_stable);
  CHECK(th1.r_infinity == 0);
}

TEST_CASE("stability function in double and multiprecision agree, R(z) by evaluate", "[analysis]") {
  const auto Rd = stability_function(tableaux::gauss_legendre2<double>());
  const auto Rm = stability_function(tableaux::gauss_legendre2<mp50>());
  // GL2 is the (2,2) Padé approximant of exp: P = 1 + z/2 + z²/12.
  REQUIRE(Rd.P.size() == 3);
  CHECK(Rd.P[1] == Approx(0.5).margin(1e-15));
  CHECK(Rd.P[2] == Approx(1.0 / 12).margin(1e-15));
  const std::complex<double> z(-0.7, 1.3);
  const auto vd = evaluate(Rd, z);
  const auto vm = evaluate(Rm, ComplexS<mp50>{mp50(-0.7), mp50(1.3)});
  CHECK(vd.real() == Approx(d(vm.re)).margin(1e-14));
  CHECK(vd.imag() == Approx(d(vm.im)).margin(1e-14));
  // RK4 is the degree-4 Taylor polynomial of exp: R(z) ≈ e^z for small z.
  const auto R4 = stability_function(tableaux::rk4<double>());
  CHECK(R4.Q.size() == 1);
  CHECK(R4.P.size() == 5);
  CHECK(std::abs(evaluate(R4, std::complex<double>(1e-2, 0)) - std::exp(1e-2)) < 1e-12);
}
