#pragma once
// Coefficients of the modified equation of a Runge–Kutta tableau up to h²
// (JVB eqs. (47)–(51), generalised from two stages to s stages with
// c = A·1 as the paper assumes):
//   C11 = bᵀc − 1/2,  C21 = bᵀc² − 1/3,  C22 = 2 bᵀAc − 1/3,
// the order conditions (59) of the tailored dissipation and the dissipation
// condition (58) γ/h = 2 C11.
#include <utility>

#include "schemes/tableau.hpp"

namespace granconv {

template <class S>
struct ModifiedEquationCoefficients {
  S c11, c21, c22;
};

// Uses c = A·1 (row sums), not the tableau's stored c.
template <class S>
ModifiedEquationCoefficients<S> modified_equation_coefficients(const Tableau<S>& t) {
  using V = Eigen::Matrix<S, Eigen::Dynamic, 1>;
  const V c = t.A.rowwise().sum();
  const V Ac = t.A * c;
  S bc(0), bc2(0), bAc(0);
  for (int i = 0; i < t.stages(); ++i) {
    bc += t.b[i] * c[i];
    bc2 += t.b[i] * c[i] * c[i];
    bAc += t.b[i] * Ac[i];
  }
  return {S(bc - S(1) / 2), S(bc2 - S(1) / 3), S(2 * bAc - S(1) / 3)};
}

// Residuals of (59): (C22 − 2C11 − C11², C21 − C11 + C11²); both vanish for a
// tableau whose modified equation matches the KK-damped system (56) to O(h³).
template <class S>
std::pair<S, S> tailored_residuals(const ModifiedEquationCoefficients<S>& m) {
  return {S(m.c22 - 2 * m.c11 - m.c11 * m.c11), S(m.c21 - m.c11 + m.c11 * m.c11)};
}

// The dissipation condition (58), C11 = γ/(2h): the γ/h a tableau realises.
template <class S>
S gamma_over_h(const ModifiedEquationCoefficients<S>& m) {
  return 2 * m.c11;
}

}  // namespace granconv
