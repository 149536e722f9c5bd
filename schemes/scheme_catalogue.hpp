#pragma once
// The schemes granconv ships, by command-line name.
#include <stdexcept>
#include <string>
#include <vector>

#include "schemes/runge_kutta.hpp"
#include "schemes/scheme.hpp"

namespace granconv {

struct SchemeInfo {
  std::string name, label;
  int classical_order;
};
const std::vector<SchemeInfo>& scheme_catalogue();
const SchemeInfo& scheme_info(const std::string& name);  // throws on unknown names

template <class S>
Scheme<S> runge_kutta_scheme(const Tableau<S>& tableau, std::string label) {
  RungeKutta<S> rk(tableau);
  Scheme<S> s{tableau.name, std::move(label), tableau.classical_order, {}};
  s.run = [rk](const ChainSystem<S>& sys, Vec<S>& y, const S& h, long n, const typename Scheme<S>::Observer& obs) {
    auto ws = rk.make_workspace(sys.dim());
    for (long k = 0; k < n; ++k) {
      rk.step(sys, h * S(k), y, h, ws, k + 1);
      if (obs) obs(k + 1, y);
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
  throw std::logic_error("scheme '" + name + "' is not a tableau");
}

template <class S>
Scheme<S> make_scheme(const std::string& name) {
  return runge_kutta_scheme(shipped_tableau<S>(name), scheme_info(name).label);
}

}  // namespace granconv
