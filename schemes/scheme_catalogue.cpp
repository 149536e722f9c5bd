#include "schemes/scheme_catalogue.hpp"

#include "models/find_by_name.hpp"

namespace granconv {

const std::vector<SchemeInfo>& scheme_catalogue() {
  static const std::vector<SchemeInfo> catalogue = {
      {"cn", "Crank–Nicolson (trapezoidal rule)", 2},
      {"gl2", "Gauss–Legendre 2-stage", 4},
      {"radau2", "Radau IIA 2-stage", 3},
      {"rk4", "explicit Runge–Kutta 4", 4},
  };
  return catalogue;
}

const SchemeInfo& scheme_info(const std::string& name) {
  return find_by_name(scheme_catalogue(), name, "scheme", [](const SchemeInfo& s) { return s.name; });
}

}  // namespace granconv
