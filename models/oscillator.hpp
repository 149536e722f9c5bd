#pragma once
// The harmonic oscillator as a chain: one bead of unit mass on a unit local
// spring, x = cos t, v = −sin t from (1, 0). The smooth linear model problem
// of the scheme tests and of `granconv validate` (exact reference, no floor
// from a numerical reference).
#include <cmath>
#include <functional>

#include "models/chain.hpp"

namespace granconv {

template <class S>
Chain<S> harmonic_oscillator_chain() {
  Chain<S> c;
  c.m = {S(1)};
  c.K = {S(1)};
  return c;
}

// Its exact (x, v) state at time t.
template <class S>
Vec<S> harmonic_oscillator_state(const S& t) {
  using std::cos;
  using std::sin;
  Vec<S> xv(2);
  xv << cos(t), -sin(t);
  return xv;
}

}  // namespace granconv
