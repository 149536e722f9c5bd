#pragma once
// The Butcher tables of the explicit references. erk8: Verner's 13-stage 8(7) pair
// (order 8, embedded order 7; the table SUNDIALS 7 ships as
// ARKODE_VERNER_13_7_8, which Debian's 6.4.1 lacks), completed by a 14th,
// first-same-as-last stage (c = 1, a_14j = b_j, b_14 = d_14 = 0).
//
// Why not the built-in order-8 table of 6.4.1, ARKODE_FEHLBERG_13_7_8: its
// error estimate, 41/840 (k1 + k11 - k12 - k13), sees only stages at the two
// ends of the step and misses the non-smoothness near contact openings: on
// the KK chain (N = 200, T = 30, rtol 1e-13) its final state is off by 1.1e-8
// where Verner's pair is off by 8.5e-12 in as many steps (CVODE Adams: 1.3e-10).
//
// Why the extra stage: SUNDIALS 6.4.1's ERKStep takes any table whose last
// node is c_s = 1 for FSAL and reuses f(Y_s) as the next step's first stage.
// In both pairs the last stage has c = 1 but is not the solution (a_sj ≠ b_j),
// so the library would advance with f at the wrong point, one order short
// (fixed in SUNDIALS 7.0: "methods with c[s-1] = 1 but a[s-1,j] != b[j] were
// incorrectly treated as FSAL"). The completed table is FSAL in fact: its
// last stage is f(t + h, y_{n+1}), which the next step needs anyway, so it
// costs no extra right-hand side, and it is of order 8 on every SUNDIALS
// version. tests/unit/reference/test_erk_reference.cpp measures the orders.
#include <cstdio>  // arkode_butcher.h uses FILE without including it (SUNDIALS 6.4.1)

#include <arkode/arkode_butcher.h>

namespace granconv {

// A new table (the caller frees it with ARKodeButcherTable_Free); null if
// allocation fails.
ARKodeButcherTable erk8_table();

// The table of the erk9 reference: Verner's 16-stage 9(8) pair (order 9,
// embedded order 8; SUNDIALS 7's ARKODE_VERNER_16_8_9), completed the same
// way by a 17th stage (its stages 15 and 16 both have c = 1, and neither is
// the solution). Why a second method: its error estimate follows the
// tolerance where Verner 8(7)'s sits at a floor of round-off. On the KK chain
// N = 1000, T = 1000 (one solve each, 2026-11-27): at rtol 1e-15, atol 1e-18
// it takes 26971 steps where 8(7) takes 129576; at rtol 1e-11 its final state
// is off by 2.3e-10 in 3752 steps, 8(7)'s by 8.2e-9 in 4103 (against 8(7) at
// rtol 1e-15). 16 right-hand sides a step instead of 13.
ARKodeButcherTable erk9_table();

}  // namespace granconv
