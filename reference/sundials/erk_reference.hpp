#pragma once
// The explicit reference methods "erk8" and "erk9": SUNDIALS ARKODE's ERKStep
// with Verner's order-8 or order-9 Runge–Kutta table (erk_tables.hpp, which
// says why both), selected by ReferenceOptions::method (`granconv reference
// --method erk8`).
//
// Why: on chains of many beads CVODE's Adams step is bounded by its small
// stability region rather than by accuracy; an explicit Runge–Kutta method of
// high order takes several times fewer steps.
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
// the cradle), because the error estimate's round-off noise enters where gaps
// are formed from positions; the blow-up bound then applies to x_0, the gaps
// and the velocities. The error weight stays per component, as in CVODE: a
// weight relative to the largest velocity, or a floor at the estimate's
// round-off, cost accuracy elsewhere. The measurements behind both choices
// are in the history of this file (git log --follow), in the commit that
// renamed it from erk8_reference.hpp.
#include <vector>

#include "reference/sundials/cvode_reference.hpp"

namespace granconv {

// States (x, v) at `times` (sorted ascending, within [0, t_end], duplicates
// allowed). Throws std::invalid_argument on bad input and std::runtime_error
// on any solver failure, the blow-up bound and past opt.max_seconds.
ReferenceSolution erk_reference(const Problem<double>& problem, const std::vector<double>& times,
                                 const ReferenceOptions& opt = {});

}  // namespace granconv
