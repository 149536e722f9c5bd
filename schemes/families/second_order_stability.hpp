#pragma once
// Linear stability of a method for second-order systems, in the manner of
// Chung & Hulbert (1993) and Hilber, Hughes & Taylor (1977): the method's one
// step on the damped oscillator x'' + 2ζx' + x = 0 with step Ω = ωh is a
// linear map of its whole state, the amplification matrix A(Ω, ζ). From its
// eigenvalues:
//   ρ(Ω)  the spectral radius (≤ 1: stable; the curve Chung & Hulbert plot);
//   ρ∞    lim ρ(Ω) as Ω → ∞, the high-frequency dissipation;
//   the principal roots λ = exp(Ω̄(−ξ̄ ± i)), the pair that approximates the
//         exact exp(−ζΩ ± iΩ√(1 − ζ²)): the algorithmic damping ratio
//         ξ̄ = −ln|λ| / arg λ and the period elongation T̄/T − 1 = Ω/arg λ − 1;
//   the stability interval of an explicit method: the largest Ω₀ with
//         ρ ≤ 1 on (0, Ω₀].
// A(Ω, ζ) is built in 50 digits from OscillatorStep<Mp50> (the step applied
// to the unit vectors gives its columns) and its eigenvalues are taken in
// double: ρ to ~1e-15, well beyond any published figure.
#include <optional>
#include <vector>

#include <Eigen/Dense>

#include "schemes/families/scheme_file.hpp"

namespace granconv {

Eigen::MatrixXd amplification_matrix(const OscillatorStep<Mp50>& step, const Mp50& omega_h, const Mp50& zeta);

struct AmplificationPoint {
  double omega_h = 0, zeta = 0;
  double rho = 0;  // spectral radius
  // Of the principal root pair; NaN where the principal roots are real (Ω
  // past the bifurcation) or the method has no complex pair there.
  double damping_ratio = 0, period_elongation = 0;
};

AmplificationPoint amplification_at(const OscillatorStep<Mp50>& step, const Mp50& omega_h, const Mp50& zeta);

// ρ, ξ̄, T̄/T − 1 at `points` values of Ω spaced evenly in log10 Ω on [omega_min, omega_max].
std::vector<AmplificationPoint> amplification_curve(const OscillatorStep<Mp50>& step, const Mp50& zeta,
                                                    double omega_min, double omega_max, int points);

// The spectral radius at Ω = 1e12: ρ∞ to ~1e-12 for the rational
// amplification matrices of one-step and multistep methods.
double rho_infinity(const OscillatorStep<Mp50>& step, const Mp50& zeta = Mp50(0));

// The largest Ω₀ ≤ omega_max such that ρ(Ω) ≤ 1 + 1e-12 for Ω ∈ (0, Ω₀]
// (a scan of 400 points per decade from 1e-3, then bisection to 1e-10
// relative); nullopt when ρ ≤ 1 over the whole scan (stable up to omega_max).
std::optional<double> stability_interval(const OscillatorStep<Mp50>& step, const Mp50& zeta = Mp50(0),
                                         double omega_max = 1e6);

// The linear order of the method on x'' + x = 0 (the "linear order of R(z)"
// of a Runge–Kutta method, for any family): the p with λ(Ω) − e^{iΩ} ~ C Ω^{p+1},
// λ the principal root of A(Ω, 0). Computed in 50 digits: A's characteristic
// polynomial by Faddeev–LeVerrier, λ by Newton from e^{iΩ}, p from
// |λ − e^{iΩ}| at Ω = 2^-7 and 2^-8 (rounded; the O(Ω) correction to the slope
// is below 0.01 there). It is the order of the error the principal root
// accumulates over many periods; a start whose error is of lower order (Gear)
// adds a bounded term (docs/validate.md).
struct LinearOrder {
  int order = 0;
  bool at_least = false;                // λ = e^{iΩ} to 1e-40: exact up to max_order at least
  double error_small = 0, slope = 0;    // |λ − e^{iΩ}| at Ω = 2^-8, the unrounded slope minus 1
};
LinearOrder principal_root_order(const OscillatorStep<Mp50>& step, int max_order = 12);

}  // namespace granconv
