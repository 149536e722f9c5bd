#include "schemes/scheme_catalogue.hpp"

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
  for (const auto& s : scheme_catalogue())
    if (s.name == name) return s;
  std::string known;
  for (const auto& s : scheme_catalogue()) known += (known.empty() ? "" : ", ") + s.name;
  throw std::invalid_argument("unknown scheme '" + name + "' (known: " + known + ")");
}

}  // namespace granconv
