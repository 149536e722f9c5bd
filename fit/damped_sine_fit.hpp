#pragma once
// Least-squares fit of an exponentially damped sine (Unger & Kertész eq. 64),
//   x(t) = x0 + A exp(−t/τ) sin(ω t + φ),
// to samples (t_i, x_i): Levenberg–Marquardt on (x0, a, b, ω, λ = 1/τ) with
// x = x0 + e^{−λ s}(a sin ωs + b cos ωs), s = t − t_0 (t_0 the first sample,
// which keeps a, b uncorrelated with ω). The start comes from the data: ω
// from the mean spacing of the crossings of the sample mean, λ from a
// regression of log |extrema|, then (x0, a, b) by linear least squares.
// Standard errors are from s² (JᵀJ)⁻¹ with s² = RSS/(n − 5): they assume
// independent residuals, so they are lower bounds when the residuals are
// correlated (e.g. by other modes or by the stochastic sweep).
#include <string>
#include <vector>

namespace granconv {

struct DampedSineFit {
  double x0 = 0, amplitude = 0, omega = 0, tau = 0, phase = 0;  // phase φ of eq. (64), t measured from 0
  double se_x0 = 0, se_omega = 0, se_tau = 0;                   // standard errors
  double rms_residual = 0;
  int iterations = 0, points = 0;
  double operator()(double t) const;
};

// Throws std::invalid_argument for fewer than 8 samples, unsorted times or
// non-finite data, and std::runtime_error when the data hold fewer than two
// crossings of their mean (no oscillation to start from) or the fit does not
// converge to a decaying oscillation.
DampedSineFit fit_damped_sine(const std::vector<double>& t, const std::vector<double>& x);

// The paper's own use of (64): ω and τ given (from (58), (60)), x0, A, φ by
// linear least squares. Standard errors are left 0.
DampedSineFit fit_damped_sine_fixed(const std::vector<double>& t, const std::vector<double>& x, double omega, double tau);

}  // namespace granconv
