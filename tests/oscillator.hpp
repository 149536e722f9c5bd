#pragma once
// The harmonic oscillator as a chain: one bead of unit mass on a unit local
// spring, x = cos t, v = −sin t from (1, 0). Shared by scheme tests.
#include "models/chain.hpp"

namespace granconv::testing {

template <class S>
Chain<S> oscillator() {
  Chain<S> c;
  c.m = {S(1)};
  c.K = {S(1)};
  c.twice_beta = 3;
  return c;
}

}  // namespace granconv::testing
