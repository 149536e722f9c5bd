#pragma once
// The schemes granconv ships, by command-line name.
#include <stdexcept>
#include <string>
#include <vector>

#include "schemes/runge_kutta.hpp"
#include "schemes/scheme.hpp"
#include "schemes/tailored_schemes.hpp"

namespace granconv {

struct SchemeInfo {
  std::string name, label;
  int classical_order;
  bool tailored;  // integrates the undamped chain with tuned numerical dissipation
};
const std::vector<SchemeInfo>& scheme_catalogue();
const SchemeInfo& scheme_info(const std::string& name);  // throws on unknown names

// A direct discretisation: the tableau on the physical chain in the requested formulation.
template <class S>
Scheme<S> runge_kutta_scheme(const Tableau<S>& tableau, std::string label) {
  RungeKutta<S> rk(tableau);
  Scheme<S> s{tableau.name, std::move(label), tableau.classical_order, {}};
  s.run = [rk](const Chain<S>& chain, Formulation f, const Vec<S>& y0, const S& h, long n,
               const typename Scheme<S>::Observer& obs) {
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
  return s;
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
  if (name == "theta") return theta_scheme<S>(opt);
  if (name == "irk-tailored") return tailored_irk_scheme<S>(opt);
  return runge_kutta_scheme(shipped_tableau<S>(name), scheme_info(name).label);
}

}  // namespace granconv
