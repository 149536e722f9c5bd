#pragma once
// The one-step method that starts the multistep families: classical
// Runge–Kutta of order 4 on the first-order system (x, v)' = (v, F). Its
// start values carry errors O(h^5), below the order of every shipped method
// (ABM PECE up to order 5 needs start errors O(h^p); Gear's start needs the
// accelerations to O(h^{k−2}), see gear.hpp).
#include "models/chain.hpp"

namespace granconv::multistep {

// Preallocated work vectors of rk4_step: no allocation per step.
template <class S>
struct Rk4Work {
  Vec<S> k1, k2, k3, k4, tmp;
  explicit Rk4Work(int dim) : k1(dim), k2(dim), k3(dim), k4(dim), tmp(dim) {}
};

// out = one RK4 step of size h from y at time t (out may not alias y).
template <class S>
void rk4_step(const ChainSystem<S>& sys, const S& t, const Vec<S>& y, const S& h, Rk4Work<S>& w, Vec<S>& out) {
  const S half = h / 2;
  sys.rhs(t, y, w.k1);
  w.tmp = y + half * w.k1;
  sys.rhs(t + half, w.tmp, w.k2);
  w.tmp = y + half * w.k2;
  sys.rhs(t + half, w.tmp, w.k3);
  w.tmp = y + h * w.k3;
  sys.rhs(t + h, w.tmp, w.k4);
  out = y + (h / 6) * (w.k1 + 2 * w.k2 + 2 * w.k3 + w.k4);
}

}  // namespace granconv::multistep
