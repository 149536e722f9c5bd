#pragma once
// Linear stability of a Runge–Kutta tableau: the stability function
// R(z) = P(z)/Q(z) with P(z) = det(I − zA + z·1·bᵀ), Q(z) = det(I − zA)
// (JVB eq. (74), Hairer–Wanner II, IV.3), its value in the complex plane, and
// a double-precision report (A-stability, L-stability, R(∞), poles).
//
// The coefficients are computed exactly up to rounding in S by the
// Faddeev–LeVerrier recursion: det(I − zM) = Σ_j c_{s−j} z^j where
// det(λI − M) = Σ_k c_k λ^k (only products and divisions by integers, so the
// result is good to a few ulps of S, e.g. ~1e-49 in cpp_bin_float_50).
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <vector>

#include "schemes/tableau.hpp"

namespace granconv {

// R(z) = P(z)/Q(z); coefficients in ascending powers, trailing (relatively)
// zero coefficients trimmed, at least the constant term kept.
template <class S>
struct StabilityFunction {
  std::vector<S> P, Q;
};

// A complex number on a pair of S (std::complex is only specified for the
// built-in floating types).
template <class S>
struct ComplexS {
  S re{0}, im{0};
};
template <class S>
ComplexS<S> operator+(const ComplexS<S>& a, const ComplexS<S>& b) {
  return {S(a.re + b.re), S(a.im + b.im)};
}
template <class S>
ComplexS<S> operator-(const ComplexS<S>& a, const ComplexS<S>& b) {
  return {S(a.re - b.re), S(a.im - b.im)};
}
template <class S>
ComplexS<S> operator*(const ComplexS<S>& a, const ComplexS<S>& b) {
  return {S(a.re * b.re - a.im * b.im), S(a.re * b.im + a.im * b.re)};
}
template <class S>
ComplexS<S> operator/(const ComplexS<S>& a, const ComplexS<S>& b) {
  const S d = b.re * b.re + b.im * b.im;
  return {S((a.re * b.re + a.im * b.im) / d), S((a.im * b.re - a.re * b.im) / d)};
}
template <class S>
S norm2(const ComplexS<S>& a) {  // |a|²
  return a.re * a.re + a.im * a.im;
}
template <class S>
S abs(const ComplexS<S>& a) {
  using std::sqrt;
  return sqrt(norm2(a));
}

namespace detail {

// Coefficients (ascending powers of z) of det(I − zM), M s×s.
template <class S>
std::vector<S> det_i_minus_z(const Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>& M) {
  using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;
  const int s = static_cast<int>(M.rows());
  // Faddeev–LeVerrier: c[s] = 1, N_k = M N_{k−1} + c_{s−k+1} I, c_{s−k} = −tr(M N_k)/k.
  std::vector<S> c(static_cast<std::size_t>(s) + 1, S(0));
  c[static_cast<std::size_t>(s)] = S(1);
  Mat N = Mat::Zero(s, s);
  for (int k = 1; k <= s; ++k) {
    Mat MN = M * N;
    for (int i = 0; i < s; ++i) MN(i, i) += c[static_cast<std::size_t>(s - k + 1)];
    N = MN;
    const Mat MNk = M * N;
    S tr(0);
    for (int i = 0; i < s; ++i) tr += MNk(i, i);
    c[static_cast<std::size_t>(s - k)] = -tr / k;
  }
  // det(I − zM) = z^s det(z⁻¹ I − M) = Σ_k c_k z^{s−k}.
  std::vector<S> out(static_cast<std::size_t>(s) + 1);
  for (int j = 0; j <= s; ++j) out[static_cast<std::size_t>(j)] = c[static_cast<std::size_t>(s - j)];
  return out;
}

template <class S>
void trim(std::vector<S>& p, const S& rel_tol) {
  using std::abs;
  S scale(0);
  for (const auto& x : p) scale = std::max<S>(scale, abs(x));
  while (p.size() > 1 && abs(p.back()) <= rel_tol * scale) p.pop_back();
}

}  // namespace detail

// The stability function of an s-stage tableau. Coefficients whose magnitude
// is below rel_tol × (largest coefficient of that polynomial) are trimmed from
// the top (default: 1000 ulps of S).
template <class S>
StabilityFunction<S> stability_function(const Tableau<S>& t, const S& rel_tol = 1000 * std::numeric_limits<S>::epsilon()) {
  using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;
  const int s = t.stages();
  Mat M = t.A;  // I − zA + z·1·bᵀ = I − z(A − 1·bᵀ)
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j) M(i, j) -= t.b[j];
  StabilityFunction<S> r{detail::det_i_minus_z<S>(M), detail::det_i_minus_z<S>(t.A)};
  detail::trim(r.P, rel_tol);
  detail::trim(r.Q, rel_tol);
  return r;
}

template <class S>
int degree(const std::vector<S>& p) {
  return static_cast<int>(p.size()) - 1;
}

// Horner in S.
template <class S>
ComplexS<S> evaluate_polynomial(const std::vector<S>& p, const ComplexS<S>& z) {
  ComplexS<S> acc;
  for (auto it = p.rbegin(); it != p.rend(); ++it) acc = acc * z + ComplexS<S>{*it, S(0)};
  return acc;
}
template <class S>
std::complex<double> evaluate_polynomial(const std::vector<S>& p, std::complex<double> z) {
  std::complex<double> acc = 0;
  for (auto it = p.rbegin(); it != p.rend(); ++it) acc = acc * z + static_cast<double>(*it);
  return acc;
}

template <class S>
ComplexS<S> evaluate(const StabilityFunction<S>& R, const ComplexS<S>& z) {
  return evaluate_polynomial(R.P, z) / evaluate_polynomial(R.Q, z);
}
template <class S>
std::complex<double> evaluate(const StabilityFunction<S>& R, std::complex<double> z) {
  return evaluate_polynomial(R.P, z) / evaluate_polynomial(R.Q, z);
}

// lim |R(z)| as |z| → ∞: |p_n/q_n| when deg P = deg Q, 0 when deg P < deg Q,
// +∞ when deg P > deg Q.
template <class S>
S r_infinity(const StabilityFunction<S>& R) {
  using std::abs;
  if (degree(R.P) < degree(R.Q)) return S(0);
  if (degree(R.P) > degree(R.Q)) return std::numeric_limits<S>::infinity();
  return S(abs(R.P.back() / R.Q.back()));
}

// Roots of a polynomial (ascending coefficients), in double, as eigenvalues of
// its companion matrix.
template <class S>
std::vector<std::complex<double>> polynomial_roots(const std::vector<S>& p) {
  const int n = degree(p);
  if (n < 1) return {};
  const double lead = static_cast<double>(p.back());
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(n, n);
  for (int i = 1; i < n; ++i) C(i, i - 1) = 1;
  for (int i = 0; i < n; ++i) C(i, n - 1) = -static_cast<double>(p[static_cast<std::size_t>(i)]) / lead;
  Eigen::EigenSolver<Eigen::MatrixXd> es(C, false);
  std::vector<std::complex<double>> roots;
  for (int i = 0; i < n; ++i) roots.push_back(es.eigenvalues()[i]);
  std::sort(roots.begin(), roots.end(), [](auto a, auto b) { return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag(); });
  return roots;
}

struct StabilityReport {
  bool a_stable = false;
  bool l_stable = false;
  double r_infinity = 0;                  // lim |R(z)|, |z| → ∞ (may be +∞)
  double max_abs_on_imaginary_axis = 0;  // over the ω grid below
  std::vector<std::complex<double>> poles;
};

// The ω grid of the imaginary-axis test: 0 and ±ω for 10000 log-spaced ω in
// [1e-4, 1e4] (20001 points).
inline std::vector<double> imaginary_axis_grid() {
  std::vector<double> w{0.0};
  const int n = 10000;
  for (int i = 0; i < n; ++i) {
    const double x = std::pow(10.0, -4.0 + 8.0 * i / (n - 1));
    w.push_back(x);
    w.push_back(-x);
  }
  return w;
}

// A-stable iff |R(iω)| ≤ 1 + 1e-12 on the grid (and at ∞) and no pole has
// Re ≤ 0 (then the maximum principle gives |R| ≤ 1 on Re z ≤ 0). L-stable iff
// A-stable and R(∞) = 0.
template <class S>
StabilityReport stability_report(const StabilityFunction<S>& R) {
  StabilityReport rep;
  rep.r_infinity = static_cast<double>(r_infinity(R));
  rep.poles = polynomial_roots(R.Q);
  bool pole_in_left = false;
  for (const auto& p : rep.poles) pole_in_left = pole_in_left || p.real() <= 0;
  for (double w : imaginary_axis_grid())
    rep.max_abs_on_imaginary_axis = std::max(rep.max_abs_on_imaginary_axis, std::abs(evaluate(R, std::complex<double>(0, w))));
  rep.a_stable = !pole_in_left && rep.max_abs_on_imaginary_axis <= 1 + 1e-12 && rep.r_infinity <= 1 + 1e-12;
  rep.l_stable = rep.a_stable && rep.r_infinity <= 1e-12;
  return rep;
}
template <class S>
StabilityReport stability_report(const Tableau<S>& t) {
  return stability_report(stability_function(t));
}

}  // namespace granconv

namespace granconv {

// Golden-section search for the minimum of a unimodal f on [a, b], until the
// bracket is narrower than tol; returns the abscissa. Locates the minimum to
// about sqrt(ε_S)·|x| (f is flat there), e.g. ~1e-25 in cpp_bin_float_50.
template <class S, class F>
S golden_section_minimum(F f, S a, S b, const S& tol) {
  using std::sqrt;
  const S g = (sqrt(S(5)) - 1) / 2;
  S x1 = b - g * (b - a), x2 = a + g * (b - a);
  S f1 = f(x1), f2 = f(x2);
  for (int it = 0; it < 10000 && b - a > tol; ++it) {
    if (f1 < f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - g * (b - a);
      f1 = f(x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + g * (b - a);
      f2 = f(x2);
    }
  }
  return S((a + b) / 2);
}

}  // namespace granconv
