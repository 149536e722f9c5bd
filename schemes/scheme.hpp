#pragma once
// A one-step scheme as a value: a name, the order it claims on smooth
// problems, and how it advances a chain system by n steps of size h. Type
// erasure lets studies pick schemes by name at run time while each scheme's
// stepping loop stays fully typed and allocation-free.
#include <functional>
#include <string>

#include "models/chain.hpp"

namespace granconv {

template <class S>
struct Scheme {
  // Called after every step k = 1..n with the state in the system's formulation.
  using Observer = std::function<void(long k, const Vec<S>& y)>;
  std::string name;
  std::string label;  // for reports, e.g. "Gauss–Legendre 2-stage"
  int classical_order = 0;
  std::function<void(const ChainSystem<S>& sys, Vec<S>& y, const S& h, long n, const Observer& observe)> run;
};

}  // namespace granconv
