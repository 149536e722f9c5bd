#pragma once
// A scheme of this project's own, written against granconv's API: position
// Verlet (drift-kick-drift). Second order for forces that do not depend on
// the velocity; with a dashpot the kick sees v_n instead of v_{n+1/2}, an
// O(h) defect per unit time, and the order drops to 1 (the claim
// consumer-position-verlet-damped documents that).
#include "granconv/schemes/scheme_catalogue.hpp"

namespace consumer {

using namespace granconv;

inline Scheme<double> position_verlet(const SchemeInfo& row, const SchemeOptions&) {
  Scheme<double> s{row.name, row.label, row.classical_order, {}};
  s.run = [](const Chain<double>& chain, Formulation, const Vec<double>& y0, const double& h, long n,
             const Scheme<double>::Observer& observe, const ExactSolution<double>&) {
    const ChainSystem<double> sys(chain, Formulation::xv);
    const int beads = sys.beads();
    Vec<double> y = y0, f(sys.dim());  // allocated once: the loop allocates nothing
    for (long k = 0; k < n; ++k) {
      for (int i = 0; i < beads; ++i) y[2 * i] += h / 2 * y[2 * i + 1];
      sys.rhs(h * (k + 0.5), y, f);
      for (int i = 0; i < beads; ++i) y[2 * i + 1] += h * f[2 * i + 1];
      for (int i = 0; i < beads; ++i) y[2 * i] += h / 2 * y[2 * i + 1];
      if (observe) observe(k + 1, y);
    }
  };
  return s;
}

inline SchemeInfo position_verlet_row() {
  return {.name = "position-verlet",
          .label = "position Verlet (drift-kick-drift), this project's own",
          .classical_order = 2,
          .family = SchemeFamily::dem,
          .make = {position_verlet}};
}

}  // namespace consumer
