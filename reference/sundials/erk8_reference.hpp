#pragma once
// The explicit reference method "erk8": SUNDIALS ARKODE's ERKStep with an
// order-8 Runge–Kutta table (erk8_table.hpp), selected by
// ReferenceOptions::method = "erk8" (`granconv reference --method erk8`).
//
// Why: on chains of many beads CVODE's Adams step is bounded by its small
// stability region rather than by accuracy (README, "Performance"); an
// explicit Runge–Kutta method of high order takes several times fewer steps.
//
// Same contract as cvode_reference (cvode_reference.hpp): the (x, w) or
// (x, v) system of sundials_chain.hpp, a root function on every gap, a
// restart at every contact event, the error estimate from a rerun at
// rtol/10, the blow-up bound, the wall-clock budget, the step limit, and
// errors naming the ARKODE flag and the time.
//
// The states are the method's own, never ARKODE's interpolant (a Hermite
// polynomial of degree ≤ 5, far less accurate than the order-8 step at these
// tolerances): a stop time at every requested time makes a step end there,
// and at a contact event the step holding the root is redone from its start
// with the stop time at the root, so that the restart state is a step's end
// as well. The interpolant only locates the roots.
//
// Cost (benchmarks/peers/peers.py, KK chain N = 1000, T = 1000): at rtol 1e-10
// one solve takes 3076 steps against CVODE Adams' 12773, and is 30 times more
// accurate. At rtol 1e-13 its steps followed atol, not rtol, before issue 14:
// 4186 steps at atol 1e-13, 6198 at 1e-14, 61055 at 1e-16 (DOP853: 5695 at
// 1e-16), and the error-estimate rerun at rtol 1e-14 cost five times the
// first solve. Measured (2026-11-27, ERKStepGetEstLocalErrors after every step): at atol
// 1e-16 the steps are not rejected (22 of 61077 attempts) and h sits at
// 0.0142 from t = 200 to 1000; in 97 % of the steps the largest weighted
// local error is a velocity (~1e-3) of a bead 40 or more behind the front,
// where the chain is smooth and slow. That estimate is round-off: it grows
// linearly in h (3e-17 at h = 0.014, 7e-16 at h = 0.24; a truncation error
// would grow like h^9), because the stage positions carry ulps of |x| ~ 2,
// the contact forces pass them on, and Verner's b - b^ (their |.| sums to 57)
// add them up. SciPy's DOP853 estimate amplifies the same noise about 14
// times less (its |E5| sums to 4.2, |E3| to 13) and is not caught (5695 steps
// at atol 1e-16, 3387 at 1e-13). A weight relative to the largest velocity
// (rtol * max |v| + atol) removes the noise (7534 steps) but makes the final
// state 8 times less accurate (3.4e-9 against 4.0e-10, common reference of
// benchmarks/peers/peers.py): the final state's error is that of the first
// two beads, thrown back by the impact at |v| ~ 0.03 and 0.003 by t ~ 5 and
// flying freely to T, whose velocities such a weight asks for 30 to 300
// times less than their size does. So the weight stays per component, with
// a floor where the estimate is round-off (erk8_error_weights below): a
// component is not asked for less than kErk8NoiseMargin times the round-off
// of its own estimate, |h| sum |b - b^| u (|J| |y|)_k (the round-off u |y| of
// the stage states, passed on by the Jacobian J of the right-hand side).
// Where forces are weak or the state small the floor is below atol and
// changes nothing. N = 1000, rtol 1e-13, atol 1e-16: 6523 steps instead of
// 61055, final state off by 5.3e-10 instead of 4.0e-10 (at atol 1e-14
// without the floor: 6198 steps, 1.2e-9); trimer-impact and trimer-nobreak
// stay within 2.5e-14 of the 50-digit reference. The floor costs one
// Jacobian per step (of 13 right-hand sides).
#include <vector>

#include "reference/sundials/cvode_reference.hpp"

namespace granconv {

// States (x, v) at `times` (sorted ascending, within [0, t_end], duplicates
// allowed). Throws std::invalid_argument on bad input and std::runtime_error
// on any solver failure, the blow-up bound and past opt.max_seconds.
ReferenceSolution erk8_reference(const Problem<double>& problem, const std::vector<double>& times,
                                 const ReferenceOptions& opt = {});

// How far below the tolerance the round-off of the error estimate is held
// (post-hoc). Why far below: ARKODE 6.4.1's ERKStep controller (PI, k1 0.8,
// k2 0.31, exponent 1/7, safety 0.99, bias 1.2; ERKStepWriteParameters) keeps
// h unless it would grow by 1.5, which at a steady error e needs
// 0.99 (1.2 e)^(-0.49/7) > 1.5, e < 2e-3: a noise far below the tolerance
// still holds the step. Why 40: N = 1000, rtol 1e-13, atol 1e-16, margins
// 10, 40, 200 gave 9552, 6523, 6209 steps and final-state errors 7.8e-10,
// 5.3e-10, 1.0e-9: 40 is where the steps stop falling before accuracy is
// lost.
inline constexpr double kErk8NoiseMargin = 40;

// The error weights of the erk8 reference (above): ewt_k = 1 / (rtol |y_k| +
// max(atol, noise_gain * u * (|J| |y|)_k)), u the unit round-off, J the
// system's Jacobian at y, noise_gain = kErk8NoiseMargin * |h| *
// sum |b_i - b^_i| (0: the plain
// weights 1 / (rtol |y_k| + atol)). `jac` is workspace.
void erk8_error_weights(const ChainSystem<double>& sys, const Vec<double>& y, double noise_gain, double rtol,
                        double atol, BlockTridiagonal<double>& jac, double* ewt);

}  // namespace granconv
