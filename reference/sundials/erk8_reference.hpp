#pragma once
// The explicit reference methods "erk8" and "erk9": SUNDIALS ARKODE's ERKStep
// with Verner's order-8 or order-9 Runge–Kutta table (erk8_table.hpp, which
// says why both), selected by ReferenceOptions::method (`granconv reference
// --method erk8`). The file keeps erk8's name; everything below holds for both.
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
// The states are the method's own, never ARKODE's interpolant (a cubic
// Hermite polynomial here, far less accurate than the step at these
// tolerances): a stop time at every requested time makes a step end there,
// and at a contact event the step holding the root is redone from its start
// with the stop time at the root, so that the restart state is a step's end
// as well. The interpolant only locates the roots.
//
// Gap coordinates (models/chain_gaps.hpp) where the forces depend on the gaps
// alone (no wall, no local springs, no on-site force: every shipped chain but
// the cradle): the noise described below entered where gaps were formed from
// positions. The blow-up bound then applies to x_0, the gaps and the
// velocities. On the N = 1000 chain at rtol 1e-13, atol
// 1e-16 one solve takes 7325 steps instead of 53626 and 0.88 CPU-s instead of
// 9.1, with a final-state error of 1.4e-10 instead of 2.7e-10
// (benchmarks/peers/peers.py --repeat 3, medians, 2026-11-27).
// Chains with a wall, local springs or on-site forces keep positions.
//
// In positions (benchmarks/peers/peers.py, KK chain N = 1000, T = 1000): at rtol 1e-10
// one solve takes 3076 steps against CVODE Adams' 12773, and is 30 times more
// accurate. At rtol 1e-13 its steps follow atol, not rtol: 4186 steps at
// atol 1e-13, 6198 at 1e-14, 61055 at 1e-16 (DOP853: 5695 at 1e-16), and the
// error-estimate rerun at rtol 1e-14 costs five times the first solve.
// Measured (2026-11-27, ERKStepGetEstLocalErrors after every step): at atol
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
// (rtol * max |v| + atol) removes the noise from the step (7534 steps at atol
// 1e-16) but makes the final state 8 times less accurate (3.4e-9, against
// 4.0e-10 with 61055 steps): the final state's error is that of the first
// two beads, thrown back by the impact at |v| ~ 0.03 and 0.003 by t ~ 5 and
// flying freely to T, and that weight asks their velocities for an accuracy
// 30 to 300 times coarser than their own size does. A floor at 40 times a
// bound of the estimate's round-off, |h| sum |b - b^| u (|J| |y|)_k, per
// component (tried, then reverted; git log): 6523 steps, 5.3e-10, but it
// also caps what tight tolerances reach: at t = 20, rtol 1e-15, atol 1e-18
// the first bead's velocity was off by 2.6e-13 instead of 2.7e-15 against
// the 50-digit reference, since steps asked for below the estimate's noise
// are still smaller steps with a smaller truncation error. So the weight
// stays per component, as in CVODE. At rtol 1e-13: atol 1e-14, 6198 steps,
// 1.2e-9; 1e-15, 26332 steps, 3.3e-10 (1.9e-10 to 3.3e-10 over four runs a
// few ulps of tolerance apart); 1e-16, 61055 steps, 4.0e-10 (9.6e-11 to
// 4.0e-10); DOP853 at atol 1e-16: 5695 steps, 2.4e-10 to 5.5e-10.
#include <vector>

#include "reference/sundials/cvode_reference.hpp"

namespace granconv {

// States (x, v) at `times` (sorted ascending, within [0, t_end], duplicates
// allowed). Throws std::invalid_argument on bad input and std::runtime_error
// on any solver failure, the blow-up bound and past opt.max_seconds.
ReferenceSolution erk8_reference(const Problem<double>& problem, const std::vector<double>& times,
                                 const ReferenceOptions& opt = {});

}  // namespace granconv
