#pragma once
// Compiled replacements for SUNDIALS's band matrix operations and band LU,
// the linear algebra of CVODE's Newton iteration on a chain.
//
// Why: Debian bookworm's SUNDIALS 6.4.1 is built without optimisation (see
// serial_vector_kernels.hpp). On a chain of 10^5 beads its band LU solve
// (SUNDlsMat_bandGBTRS) took 34 % of a CVODE reference, the factorisation 8 %
// and the matrix's zero, copy and c·A + I another 10 % (perf, 2026-11-29).
//
// The replacements are the library's algorithms (sundials_band.c,
// sunmatrix_band.c and sunlinsol_band.c of 6.4.1): the same pivots, the same
// operations in the same order, nothing contracted into an FMA
// (-ffp-contract=off), so CVODE's results do not change by a single bit;
// only the compiler's work on them differs. A copy into a matrix of narrower
// bandwidth, which the library grows, is left to the library. Not the
// schemes' BandedLU (schemes/banded_lu.hpp): it keeps LAPACK's band storage,
// not SUNDIALS's column pointers with s_mu rows of fill-in above the band, so
// CVODE's matrix would be copied both ways at every factorisation and solve.
// tests/unit/reference/test_band_kernels.cpp checks the bits against the
// library's; benchmarks measure the speed, never a test.
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

namespace granconv {

// Installs the replacements in A's operation table (a SUNBandMatrix; its
// clones, such as CVODE's saved Jacobian, inherit them) and in LS's (a
// SUNLinSol_Band).
void use_compiled_band_kernels(SUNMatrix A, SUNLinearSolver LS);

}  // namespace granconv
