#include "schemes/families/second_order_stability.hpp"

#include <cmath>
#include <complex>
#include <limits>
#include <stdexcept>

#include <Eigen/Eigenvalues>

namespace granconv {

Eigen::MatrixXd amplification_matrix(const OscillatorStep<Mp50>& step, const Mp50& omega_h, const Mp50& zeta) {
  if (!step.step || step.state_size < 2) throw std::logic_error("amplification_matrix: no oscillator step");
  const int n = step.state_size;
  Eigen::MatrixXd a(n, n);
  std::vector<Mp50> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) in[static_cast<std::size_t>(i)] = Mp50(i == j ? 1 : 0);
    out.assign(static_cast<std::size_t>(n), Mp50(0));
    step.step(omega_h, zeta, in, out);
    for (int i = 0; i < n; ++i) a(i, j) = static_cast<double>(out[static_cast<std::size_t>(i)]);
  }
  return a;
}

AmplificationPoint amplification_at(const OscillatorStep<Mp50>& step, const Mp50& omega_h, const Mp50& zeta) {
  const Eigen::MatrixXd a = amplification_matrix(step, omega_h, zeta);
  const Eigen::VectorXcd lambda = Eigen::EigenSolver<Eigen::MatrixXd>(a, false).eigenvalues();
  AmplificationPoint p;
  p.omega_h = static_cast<double>(omega_h);
  p.zeta = static_cast<double>(zeta);
  for (Eigen::Index i = 0; i < lambda.size(); ++i) p.rho = std::max(p.rho, std::abs(lambda[i]));
  // The principal root: the eigenvalue with positive imaginary part nearest
  // the exact one, exp(−ζΩ + iΩ√(1 − ζ²)).
  const double z = p.zeta, w = p.omega_h;
  const std::complex<double> exact =
      z < 1 ? std::exp(std::complex<double>(-z * w, w * std::sqrt(1 - z * z))) : std::complex<double>(0, 0);
  double best = std::numeric_limits<double>::infinity();
  std::optional<std::complex<double>> principal;
  for (Eigen::Index i = 0; i < lambda.size(); ++i) {
    // A pair, not a real root: the imaginary part above round-off of the eigensolver.
    if (lambda[i].imag() <= 1e-14 * std::max(1.0, std::abs(lambda[i]))) continue;
    const double d = std::abs(lambda[i] - exact);
    if (d < best) best = d, principal = lambda[i];
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (!principal) {
    p.damping_ratio = p.period_elongation = nan;
    return p;
  }
  const double arg = std::arg(*principal);
  p.damping_ratio = -std::log(std::abs(*principal)) / arg;
  p.period_elongation = w / arg - 1;
  return p;
}

std::vector<AmplificationPoint> amplification_curve(const OscillatorStep<Mp50>& step, const Mp50& zeta,
                                                    double omega_min, double omega_max, int points) {
  if (!(omega_min > 0 && omega_max > omega_min && points >= 2 && points <= 100000))
    throw std::invalid_argument("amplification_curve: need 0 < omega_min < omega_max and 2..100000 points");
  std::vector<AmplificationPoint> curve;
  curve.reserve(static_cast<std::size_t>(points));
  const double l0 = std::log10(omega_min), l1 = std::log10(omega_max);
  for (int k = 0; k < points; ++k) {
    const double l = l0 + (l1 - l0) * k / (points - 1);
    curve.push_back(amplification_at(step, Mp50(std::pow(10.0, l)), zeta));
  }
  return curve;
}

double rho_infinity(const OscillatorStep<Mp50>& step, const Mp50& zeta) {
  return amplification_at(step, Mp50("1e12"), zeta).rho;
}

std::optional<double> stability_interval(const OscillatorStep<Mp50>& step, const Mp50& zeta, double omega_max) {
  const auto stable = [&](double w) { return amplification_at(step, Mp50(w), zeta).rho <= 1 + 1e-12; };
  constexpr int per_decade = 400;
  const double l0 = -3, l1 = std::log10(omega_max);
  const int n = static_cast<int>(std::ceil((l1 - l0) * per_decade));
  double last_stable = 0;
  for (int k = 0; k <= n; ++k) {
    const double w = std::pow(10.0, l0 + (l1 - l0) * k / n);
    if (stable(w)) {
      last_stable = w;
      continue;
    }
    if (last_stable == 0) return 0.0;  // unstable already at Ω = 1e-3
    double lo = last_stable, hi = w;
    while (hi - lo > 1e-10 * hi) {
      const double mid = 0.5 * (lo + hi);
      (stable(mid) ? lo : hi) = mid;
    }
    return lo;
  }
  return std::nullopt;
}

namespace {

struct Complex50 {
  Mp50 re, im;
};
Complex50 operator+(const Complex50& a, const Complex50& b) { return {a.re + b.re, a.im + b.im}; }
Complex50 operator-(const Complex50& a, const Complex50& b) { return {a.re - b.re, a.im - b.im}; }
Complex50 operator*(const Complex50& a, const Complex50& b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
Complex50 operator/(const Complex50& a, const Complex50& b) {
  const Mp50 n = b.re * b.re + b.im * b.im;
  return {(a.re * b.re + a.im * b.im) / n, (a.im * b.re - a.re * b.im) / n};
}
Mp50 magnitude(const Complex50& a) { return sqrt(a.re * a.re + a.im * a.im); }

// det(λ − A) = Σ c_j λ^j, c_n = 1, by Faddeev–LeVerrier (exact up to rounding in 50 digits).
std::vector<Mp50> characteristic_polynomial(const Eigen::Matrix<Mp50, Eigen::Dynamic, Eigen::Dynamic>& a) {
  const Eigen::Index n = a.rows();
  using M = Eigen::Matrix<Mp50, Eigen::Dynamic, Eigen::Dynamic>;
  std::vector<Mp50> c(static_cast<std::size_t>(n + 1), Mp50(0));
  c[static_cast<std::size_t>(n)] = 1;
  M m = M::Zero(n, n);
  for (Eigen::Index k = 1; k <= n; ++k) {
    m = a * m;
    for (Eigen::Index i = 0; i < n; ++i) m(i, i) += c[static_cast<std::size_t>(n - k + 1)];
    const M am = a * m;
    c[static_cast<std::size_t>(n - k)] = -am.trace() / Mp50(k);
  }
  return c;
}

// The principal root's distance from e^{iΩ} (ζ = 0).
Mp50 principal_root_error(const OscillatorStep<Mp50>& step, const Mp50& omega) {
  const int n = step.state_size;
  Eigen::Matrix<Mp50, Eigen::Dynamic, Eigen::Dynamic> a(n, n);
  std::vector<Mp50> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) in[static_cast<std::size_t>(i)] = Mp50(i == j ? 1 : 0);
    out.assign(static_cast<std::size_t>(n), Mp50(0));
    step.step(omega, Mp50(0), in, out);
    for (int i = 0; i < n; ++i) a(i, j) = out[static_cast<std::size_t>(i)];
  }
  const std::vector<Mp50> c = characteristic_polynomial(a);
  const Complex50 exact{cos(omega), sin(omega)};
  Complex50 z = exact;
  for (int it = 0; it < 200; ++it) {
    Complex50 p{c.back(), Mp50(0)}, dp{Mp50(0), Mp50(0)};
    for (std::size_t j = c.size() - 1; j-- > 0;) {
      dp = dp * z + p;
      p = p * z + Complex50{c[j], Mp50(0)};
    }
    if (magnitude(dp) == 0) break;
    const Complex50 dz = p / dp;
    z = z - dz;
    if (magnitude(dz) <= Mp50("1e-48")) break;
  }
  return magnitude(z - exact);
}

}  // namespace

LinearOrder principal_root_order(const OscillatorStep<Mp50>& step, int max_order) {
  if (!step.step || step.state_size < 2) throw std::logic_error("principal_root_order: no oscillator step");
  const Mp50 w1 = ldexp(Mp50(1), -7), w2 = ldexp(Mp50(1), -8);
  const Mp50 e1 = principal_root_error(step, w1), e2 = principal_root_error(step, w2);
  LinearOrder r;
  r.error_small = static_cast<double>(e2);
  // Exact to 50 digits at both: the root is e^{iΩ} up to an order the
  // 2^-8 step cannot resolve (Ω^{p+1} < 1e-40 for p ≥ 16).
  if (e1 <= Mp50("1e-40") || e2 <= Mp50("1e-40")) {
    r.order = max_order;
    r.at_least = true;
    r.slope = std::numeric_limits<double>::infinity();
    return r;
  }
  r.slope = static_cast<double>(log(e1 / e2) / log(Mp50(2))) - 1;
  r.order = static_cast<int>(std::lround(r.slope));
  if (r.order >= max_order) r.order = max_order, r.at_least = true;
  return r;
}

}  // namespace granconv
