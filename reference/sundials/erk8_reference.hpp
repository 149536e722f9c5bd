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
// accurate. At rtol 1e-13 its steps follow atol, not rtol: 4186 steps at
// atol 1e-13, 6198 at 1e-14, 53626 at 1e-16 (DOP853: 5170 at 1e-16), and the
// error-estimate rerun at rtol 1e-14 costs five times the first solve. Our
// reading, not yet checked: round-off in the embedded error estimate (Verner's
// coefficients reach 120 in size) on components far smaller than the
// largest ones (resting beads behind the wave), which a tiny atol exposes.
#include <vector>

#include "reference/sundials/cvode_reference.hpp"

namespace granconv {

// States (x, v) at `times` (sorted ascending, within [0, t_end], duplicates
// allowed). Throws std::invalid_argument on bad input and std::runtime_error
// on any solver failure, the blow-up bound and past opt.max_seconds.
ReferenceSolution erk8_reference(const Problem<double>& problem, const std::vector<double>& times,
                                 const ReferenceOptions& opt = {});

}  // namespace granconv
