#include "schemes/scheme_catalogue.hpp"

#include "models/find_by_name.hpp"

namespace granconv {

const std::vector<SchemeInfo>& scheme_catalogue() {
  static const std::vector<SchemeInfo> catalogue = {
      {"cn", "Crank–Nicolson (trapezoidal rule)", 2, false},
      {"gl2", "Gauss–Legendre 2-stage", 4, false},
      {"radau2", "Radau IIA 2-stage", 3, false},
      {"rk4", "explicit Runge–Kutta 4", 4, false},
      // Order 1 as integrators of the undamped chain they step (θ ≠ 1/2,
      // C11 ≠ 0); consistent at orders 2 and 3 with the damped (KK) chain.
      {"theta", "θ method with tailored KK dissipation (eqs. (34), (41), (43))", 1, true},
      {"irk-tailored", "tailored-dissipation IRK (eqs. (64)–(66), (72), (73))", 1, true},
  };
  return catalogue;
}

const SchemeInfo& scheme_info(const std::string& name) {
  return find_by_name(scheme_catalogue(), name, "scheme", [](const SchemeInfo& s) { return s.name; });
}

}  // namespace granconv
