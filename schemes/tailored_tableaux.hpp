#pragma once
// Tableau families of JVB section 3 whose numerical dissipation is tuned to
// the Kuwabara–Kono damping: the θ method (a two-stage tableau with
// C11 = θ − 1/2) and the third-order tailored IRK of eqs. (64)–(66).
#include <cmath>
#include <string>

#include "schemes/tableau.hpp"

namespace granconv::tableaux {

// Y_{k+1} = Y_k + h [(1 − θ) f(Y_k) + θ f(Y_{k+1})], as a tableau with an
// explicit first stage (θ = 1/2 is Crank–Nicolson).
template <class S>
Tableau<S> theta_method(const S& theta) {
  Tableau<S> t{"theta", {}, {}, {}, theta == S(1) / 2 ? 2 : 1};
  t.A.resize(2, 2);
  t.A << S(0), S(0), S(1) - theta, theta;
  t.b.resize(2);
  t.b << S(1) - theta, theta;
  t.c.resize(2);
  t.c << S(0), S(1);
  return t;
}

// JVB eqs. (64)–(66): a perturbation of Gauss–Legendre that satisfies the
// order conditions (59) for the given C11 ≥ 0 (C11 = 0 is GL2).
template <class S>
Tableau<S> tailored_irk(const S& C11) {
  using std::sqrt;
  const S r2 = sqrt(S(2)), r3 = sqrt(S(3)), r6 = sqrt(S(6));
  const S alpha = sqrt(S(3) / 2) * C11 + 5 * r3 / 2 * C11 * C11;  // (64)
  const S b1 = S(1) / 2 + r6 * C11;                                 // (65)
  Tableau<S> t{"irk-tailored", {}, {}, {}, C11 == S(0) ? 4 : 1};
  t.A.resize(2, 2);  // (66)
  t.A << S(1) / 4 + C11 + alpha, S(1) / 4 - r3 / 6 - alpha + r2 * C11,  //
      S(1) / 4 + r3 / 6 + alpha + r2 * C11, S(1) / 4 + C11 - alpha;
  t.b.resize(2);
  t.b << b1, S(1) - b1;
  t.c = t.A.rowwise().sum();
  return t;
}

}  // namespace granconv::tableaux
