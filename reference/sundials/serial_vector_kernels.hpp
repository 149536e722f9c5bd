#pragma once
// Compiled replacements for the element-wise kernels of SUNDIALS's serial
// N_Vector.
//
// Why: Debian bookworm's SUNDIALS 6.4.1 (libsundials-cvode6 6.4.1+dfsg1-3) is
// built without optimisation: its serial kernels keep every operand on the
// stack, about 20 instructions per element for x + y. In a CVODE Adams step
// at order q the predictor alone makes q(q+1)/2 such passes over the state,
// so those kernels, not the right-hand side, set the cost of a reference
// (profile at N = 200 and 400: N_VLinearSum and N_VWSqrSumLocal ≈ 70 %).
//
// The replacements compute the same expressions in the same order as the
// library's (the same special cases of a·x + b·y, sequential sums in the
// norms), so CVODE's results do not change by a single bit; only the
// compiler's work on them differs. tests/unit/reference/test_serial_vector_kernels.cpp
// checks the bit-identity against the library's kernels; the speed-up is
// measured by benchmarks/peers/peers.py, never by a test.
#include <nvector/nvector_serial.h>

namespace granconv {

// Installs the replacements in v's operation table (v must be a serial
// N_Vector, e.g. from N_VNew_Serial). Vectors cloned from v afterwards
// (CVODE clones its workspace from the initial state) inherit them.
void use_compiled_serial_kernels(N_Vector v);

// The same, plus N_VLinearCombination as one pass per block of elements: the
// operation ARKODE's ERKStep forms its stages with (erk_reference), with
// the terms whose coefficient is zero skipped. Bit for bit the library's
// unfused result but for the sign of a zero (without it the library falls back on one
// N_VLinearSum per term); CVODE keeps use_compiled_serial_kernels, so its
// references do not change.
void use_compiled_fused_kernels(N_Vector v);

}  // namespace granconv
