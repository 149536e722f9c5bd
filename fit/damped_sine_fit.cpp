#include "fit/damped_sine_fit.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include <Eigen/Dense>

namespace granconv {

namespace {

using Vec5 = Eigen::Matrix<double, 5, 1>;

struct Model {
  const std::vector<double>& t;
  const std::vector<double>& x;
  double t0;
  // Residuals r = x − model and Jacobian of the model (n × 5) at p = (x0, a, b, ω, λ).
  double residuals(const Vec5& p, Eigen::VectorXd& r, Eigen::MatrixXd* J) const {
    const std::size_t n = t.size();
    for (std::size_t i = 0; i < n; ++i) {
      const double s = t[i] - t0, e = std::exp(-p[4] * s), sn = std::sin(p[3] * s), cs = std::cos(p[3] * s);
      const double osc = p[1] * sn + p[2] * cs;
      r[i] = x[i] - (p[0] + e * osc);
      if (J) {
        (*J)(i, 0) = 1;
        (*J)(i, 1) = e * sn;
        (*J)(i, 2) = e * cs;
        (*J)(i, 3) = e * s * (p[1] * cs - p[2] * sn);
        (*J)(i, 4) = -s * e * osc;
      }
    }
    return r.squaredNorm();
  }
  // (x0, a, b) by linear least squares for fixed (ω, λ).
  void linear_part(Vec5& p) const {
    const std::size_t n = t.size();
    Eigen::MatrixXd B(n, 3);
    Eigen::VectorXd y(n);
    for (std::size_t i = 0; i < n; ++i) {
      const double s = t[i] - t0, e = std::exp(-p[4] * s);
      B(i, 0) = 1;
      B(i, 1) = e * std::sin(p[3] * s);
      B(i, 2) = e * std::cos(p[3] * s);
      y[i] = x[i];
    }
    const Eigen::Vector3d c = B.colPivHouseholderQr().solve(y);
    p[0] = c[0];
    p[1] = c[1];
    p[2] = c[2];
  }
};

}  // namespace

double DampedSineFit::operator()(double t) const {
  return x0 + amplitude * std::exp(-t / tau) * std::sin(omega * t + phase);
}

DampedSineFit fit_damped_sine(const std::vector<double>& t, const std::vector<double>& x) {
  const std::size_t n = t.size();
  if (n < 8 || x.size() != n) throw std::invalid_argument("damped-sine fit: needs at least 8 samples (t, x) of equal count");
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(t[i]) || !std::isfinite(x[i])) throw std::invalid_argument("damped-sine fit: non-finite sample");
    if (i > 0 && !(t[i] > t[i - 1])) throw std::invalid_argument("damped-sine fit: times must be strictly increasing");
  }
  // Start: crossings of the mean give ω, the extrema between them λ.
  double mean = 0;
  for (double xi : x) mean += xi / static_cast<double>(n);
  std::vector<double> cross;
  for (std::size_t i = 1; i < n; ++i)
    if ((x[i - 1] - mean) * (x[i] - mean) < 0)
      cross.push_back(t[i - 1] + (t[i] - t[i - 1]) * (mean - x[i - 1]) / (x[i] - x[i - 1]));
  if (cross.size() < 2) throw std::runtime_error("damped-sine fit: fewer than two crossings of the mean, no oscillation");
  const double omega0 = std::numbers::pi * static_cast<double>(cross.size() - 1) / (cross.back() - cross.front());
  double sl = 0, st = 0, stt = 0, stl = 0;
  int ne = 0;
  for (std::size_t k = 0; k + 1 < cross.size(); ++k) {
    double best = 0, tb = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (t[i] >= cross[k] && t[i] <= cross[k + 1] && std::abs(x[i] - mean) > best) {
        best = std::abs(x[i] - mean);
        tb = t[i];
      }
    if (best > 0) {
      const double l = std::log(best);
      sl += l;
      st += tb;
      stt += tb * tb;
      stl += tb * l;
      ++ne;
    }
  }
  double lambda0 = omega0 / 10;
  if (ne >= 2) {
    const double slope = (ne * stl - st * sl) / (ne * stt - st * st);
    if (-slope > 0) lambda0 = -slope;
  }
  const Model model{t, x, t.front()};
  Vec5 p;
  p << 0, 0, 0, omega0, lambda0;
  model.linear_part(p);

  // Levenberg–Marquardt with Marquardt's diagonal scaling.
  Eigen::VectorXd r(n), r_try(n);
  Eigen::MatrixXd J(n, 5);
  double rss = model.residuals(p, r, &J), mu = 1e-3;
  int it = 0;
  bool done = false;
  for (; it < 200 && !done; ++it) {
    const Eigen::Matrix<double, 5, 5> A = J.transpose() * J;
    const Vec5 g = J.transpose() * r;
    bool accepted = false;
    for (int tries = 0; tries < 30 && !accepted; ++tries) {
      Eigen::Matrix<double, 5, 5> Am = A;
      for (int k = 0; k < 5; ++k) Am(k, k) += mu * std::max(A(k, k), 1e-300);
      const Vec5 dp = Am.ldlt().solve(g);
      const Vec5 trial = p + dp;
      const double rss_try = model.residuals(trial, r_try, nullptr);
      if (std::isfinite(rss_try) && rss_try <= rss) {
        const double rel = (rss - rss_try) / std::max(rss, 1e-300);
        p = trial;
        rss = model.residuals(p, r, &J);
        mu = std::max(mu / 3, 1e-12);
        accepted = true;
        done = rel < 1e-14 || dp.cwiseAbs().maxCoeff() <= 1e-13 * (1 + p.cwiseAbs().maxCoeff());
      } else {
        mu *= 4;
      }
    }
    if (!accepted) done = true;  // no descent left: at the minimum to round-off
  }
  if (!(p[3] > 0) || !(p[4] > 0))
    throw std::runtime_error("damped-sine fit: did not converge to a decaying oscillation (ω = " + std::to_string(p[3]) +
                             ", 1/τ = " + std::to_string(p[4]) + ")");

  DampedSineFit f;
  f.x0 = p[0];
  f.omega = p[3];
  f.tau = 1 / p[4];
  // a sin ωs + b cos ωs = A sin(ωs + ψ), and s = t − t_0, e^{−λs} = e^{λ t_0} e^{−λt}.
  const double t0 = t.front();
  f.amplitude = std::hypot(p[1], p[2]) * std::exp(p[4] * t0);
  f.phase = std::atan2(p[2], p[1]) - p[3] * t0;
  f.points = static_cast<int>(n);
  f.iterations = it;
  f.rms_residual = std::sqrt(rss / static_cast<double>(n));
  const double s2 = rss / static_cast<double>(n - 5);
  const Eigen::Matrix<double, 5, 5> cov = (J.transpose() * J).inverse() * s2;
  f.se_x0 = std::sqrt(std::max(cov(0, 0), 0.0));
  f.se_omega = std::sqrt(std::max(cov(3, 3), 0.0));
  f.se_tau = std::sqrt(std::max(cov(4, 4), 0.0)) / (p[4] * p[4]);
  return f;
}

DampedSineFit fit_damped_sine_fixed(const std::vector<double>& t, const std::vector<double>& x, double omega,
                                    double tau) {
  const std::size_t n = t.size();
  if (n < 3 || x.size() != n) throw std::invalid_argument("damped-sine fit: needs at least 3 samples (t, x) of equal count");
  if (!(omega > 0) || !(tau > 0)) throw std::invalid_argument("damped-sine fit: omega and tau must be positive");
  const Model model{t, x, t.front()};
  Vec5 p;
  p << 0, 0, 0, omega, 1 / tau;
  model.linear_part(p);
  Eigen::VectorXd r(n);
  const double rss = model.residuals(p, r, nullptr);
  DampedSineFit f;
  f.x0 = p[0];
  f.omega = omega;
  f.tau = tau;
  f.amplitude = std::hypot(p[1], p[2]) * std::exp(p[4] * t.front());
  f.phase = std::atan2(p[2], p[1]) - omega * t.front();
  f.points = static_cast<int>(n);
  f.rms_residual = std::sqrt(rss / static_cast<double>(n));
  return f;
}

}  // namespace granconv
