#pragma once
// A Butcher tableau applied exactly to the damped oscillator written as a
// first-order system, (x, v)' = (v, −x − 2ζv), as an OscillatorStep: the
// runge-kutta family's input to the second-order stability analysis
// (schemes/families/second_order_stability.hpp), so that a tableau gets ρ(Ω),
// ρ∞, damping ratio and period elongation like the other families.
#include "models/extended_precision.hpp"
#include "schemes/families/scheme_file.hpp"
#include "schemes/tableau.hpp"

namespace granconv {

// The stage system (I − Ω A⊗M) K = (1⊗M) y, M = [[0, 1], [−1, −2ζ]], solved
// by LU in 50 digits; y₁ = y + Ω Σ bᵢ Kᵢ.
OscillatorStep<Mp50> runge_kutta_oscillator(const Tableau<Mp50>& tableau);

}  // namespace granconv
