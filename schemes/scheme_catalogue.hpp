#pragma once
// The schemes granconv ships, by command-line name.
#include <stdexcept>
#include <string>
#include <vector>

#include "schemes/blow_up_guard.hpp"
#include "schemes/dem_schemes.hpp"
#include "schemes/runge_kutta.hpp"
#include "schemes/scheme.hpp"
#include "schemes/tailored_schemes.hpp"

namespace granconv {

struct SchemeInfo {
  std::string name, label;
  int classical_order;  // on smooth problems; DEM schemes: with velocity-independent forces
  bool tailored;        // integrates the undamped chain with tuned numerical dissipation
  // "runge-kutta" (a shipped tableau on the physical chain: shipped_tableau
  // works), "tailored" (as `tailored`) or "dem" (explicit second-order
  // integrators of DEM codes, schemes/dem_schemes.hpp) or "impulse" (LZB
  // impulse stepping through one impact, schemes/lzb.hpp: no Scheme<S>).
  std::string family;
  // Whether run integrates the (x, w) formulation. DEM schemes integrate
  // x'' = F(t, x, v) and throw for xw; tailored schemes always step the
  // undamped chain in (x, v) and ignore the formulation.
  bool accepts_xw;
  // Carries a half-step velocity and takes a start rule (SchemeOptions::start).
  bool staggered;
};
const std::vector<SchemeInfo>& scheme_catalogue();
const SchemeInfo& scheme_info(const std::string& name);  // throws on unknown names

// A direct discretisation: the tableau on the physical chain in the requested formulation.
template <class S>
Scheme<S> runge_kutta_scheme(const Tableau<S>& tableau, std::string label) {
  RungeKutta<S> rk(tableau);
  Scheme<S> s{tableau.name, std::move(label), tableau.classical_order, {}};
  s.run = [rk](const Chain<S>& chain, Formulation f, const Vec<S>& y0, const S& h, long n,
               const typename Scheme<S>::Observer& obs, const ExactSolution<S>&) {
    const ChainSystem<S> sys(chain, f);
    Vec<S> y = sys.from_xv(y0), xv(y0.size());
    auto ws = rk.make_workspace(sys.dim());
    for (long k = 0; k < n; ++k) {
      rk.step(sys, h * S(k), y, h, ws, k + 1);
      if (obs) {
        sys.to_xv(y, xv);
        obs(k + 1, xv);
      }
    }
  };
  return guarded(std::move(s));
}

template <class S>
Tableau<S> shipped_tableau(const std::string& name) {
  if (name == "cn") return tableaux::crank_nicolson<S>();
  if (name == "gl2") return tableaux::gauss_legendre2<S>();
  if (name == "radau2") return tableaux::radau_iia2<S>();
  if (name == "rk4") return tableaux::rk4<S>();
  scheme_info(name);
  throw std::invalid_argument("scheme '" + name + "' is not a fixed tableau");
}

template <class S>
Scheme<S> make_scheme(const std::string& name, const SchemeOptions& opt = {}) {
  if (opt.mu && name != "theta") throw std::invalid_argument("--mu applies to the theta scheme only");
  if (opt.dissipation_scale != 1 && !scheme_info(name).tailored)
    throw std::invalid_argument("--dissipation-scale applies to the tailored schemes (theta, irk-tailored) only");
  if (!opt.start.empty()) {
    if (!scheme_info(name).staggered)
      throw std::invalid_argument("--start applies to the staggered DEM schemes (leapfrog, stormer-verlet, "
                                  "damped-verlet) only, not to '" + name + "' (valid values: " +
                                  dem::start_names_list() + ")");
    dem::start_from_string(opt.start);  // throws on unknown names, listing the valid ones
  }
  if (scheme_info(name).family == "impulse")
    throw std::invalid_argument("scheme '" + name + "' steps in the principal impulse of an impact, not in time; run it "
                                "with `granconv solve --scheme " + name + "` (--h is ΔP in N·s)");
  if (name == "theta") return theta_scheme<S>(opt);
  if (name == "irk-tailored") return tailored_irk_scheme<S>(opt);
  if (scheme_info(name).family == "dem") return dem::dem_scheme<S>(name, opt.start);
  return runge_kutta_scheme(shipped_tableau<S>(name), scheme_info(name).label);
}

}  // namespace granconv
