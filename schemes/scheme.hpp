#pragma once
// A one-step scheme as a value: a name, the order it claims on smooth
// problems, and how it approximates a chain from an (x, v) state with n steps
// of size h. The chain is the physical model, damping included: a direct
// discretisation integrates it in the requested formulation, a scheme with
// tailored numerical dissipation integrates the undamped chain and tunes
// itself to the damping. Observers always see positions and velocities.
// Type erasure lets studies pick schemes by name at run time while each
// stepping loop stays fully typed and allocation-free.
#include <functional>
#include <optional>
#include <string>

#include "models/chain.hpp"

namespace granconv {

// The exact (x, v) state at time t, for problems that have one (empty
// otherwise): staggered schemes may take their start values from it.
template <class S>
using ExactSolution = std::function<Vec<S>(const S& t)>;

template <class S>
struct Scheme {
  // Called after every step k = 1..n with the (x, v) approximation at t = kh.
  using Observer = std::function<void(long k, const Vec<S>& xv)>;
  using Run = std::function<void(const Chain<S>& chain, Formulation f, const Vec<S>& y0_xv, const S& h, long n,
                                 const Observer& observe, const ExactSolution<S>& exact)>;
  std::string name;
  std::string label;  // for reports, e.g. "Gauss–Legendre 2-stage"
  int classical_order = 0;
  Run run;
  // Solves equations in each step (Newton, schemes/runge_kutta.hpp): its
  // stopping residual accumulates like a bias, not like round-off's random
  // walk (studies/support/round_off_floor.hpp).
  bool implicit = false;
};

// Options of the parameterised schemes.
struct SchemeOptions {
  std::optional<double> mu;  // additive θ method: weight of the local springs (default μ = θ, eq. (41))
  // Tailored schemes: numerical dissipation scaled by this factor, θ − 1/2 =
  // C11 = scale · γ/(2h). 1 is the paper's condition; anything else breaks
  // it, which is how the tests show that the order claims can fail.
  double dissipation_scale = 1;
  // Staggered DEM schemes (leapfrog, stormer-verlet, damped-verlet): how the
  // half-step velocity is started, "" = the scheme's default (half-kick).
  // Values: half-kick, v0, exact, exact-first-step, heun (schemes/dem_schemes.hpp).
  std::string start{};  // (an initializer: aggregate inits that stop before it do not warn)
};

}  // namespace granconv
