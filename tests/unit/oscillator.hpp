#pragma once
// The harmonic oscillator as a chain (models/oscillator.hpp): one bead of
// unit mass on a unit local spring, x = cos t, v = −sin t from (1, 0).
// Shared by scheme tests.
#include "models/oscillator.hpp"

namespace granconv::testing {

template <class S>
Chain<S> oscillator() {
  return harmonic_oscillator_chain<S>();
}

}  // namespace granconv::testing
