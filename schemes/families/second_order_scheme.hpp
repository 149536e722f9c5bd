#pragma once
// The Scheme<S> of a method for x'' = F(t, x, v), the one wrapper every family
// of scheme files uses: it refuses the (x, w) formulation and an initial state
// of the wrong size, returns for n < 1, and guards the run against blow-up
// (schemes/blow_up_guard.hpp). `step(sys, y0, h, n, observe)` is the
// family's stepping loop on the chain in (x, v).
#include <stdexcept>
#include <string>
#include <utility>

#include "schemes/blow_up_guard.hpp"
#include "schemes/scheme.hpp"

namespace granconv {

template <class S, class Step>
Scheme<S> second_order_scheme(const std::string& name, std::string label, int order, bool implicit, Step step) {
  Scheme<S> s{name, std::move(label), order, {}};
  s.implicit = implicit;
  s.run = [name, step](const Chain<S>& chain, Formulation f, const Vec<S>& y0, const S& h, long n,
                       const typename Scheme<S>::Observer& obs, const ExactSolution<S>&) {
    if (f != Formulation::xv)
      throw std::invalid_argument("scheme '" + name + "' integrates x'' = F(t, x, v) and needs the (x, v) formulation");
    const ChainSystem<S> sys(chain, Formulation::xv);
    if (y0.size() != sys.dim())
      throw std::invalid_argument("scheme '" + name + "': initial state has " + std::to_string(y0.size()) +
                                  " entries, the chain needs " + std::to_string(sys.dim()));
    if (n < 1) return;
    step(sys, y0, h, n, obs);
  };
  return guarded(std::move(s));
}

}  // namespace granconv
