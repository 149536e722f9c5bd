#include "schemes/scheme_catalogue.hpp"

#include "models/find_by_name.hpp"

namespace granconv {

namespace {
SchemeInfo dem_info(const std::string& name) {
  return {name, dem::label(name), dem::classical_order(name), false, "dem", false, dem::is_staggered(name)};
}
}  // namespace

const std::vector<SchemeInfo>& scheme_catalogue() {
  static const std::vector<SchemeInfo> catalogue = {
      {"cn", "Crank–Nicolson (trapezoidal rule)", 2, false, "runge-kutta", true, false},
      {"gl2", "Gauss–Legendre 2-stage", 4, false, "runge-kutta", true, false},
      {"radau2", "Radau IIA 2-stage", 3, false, "runge-kutta", true, false},
      {"rk4", "explicit Runge–Kutta 4", 4, false, "runge-kutta", true, false},
      // Order 1 as integrators of the undamped chain they step (θ ≠ 1/2,
      // C11 ≠ 0); consistent at orders 2 and 3 with the damped (KK) chain.
      {"theta", "θ method with tailored KK dissipation (eqs. (34), (41), (43))", 1, true, "tailored", true, false},
      {"irk-tailored", "tailored-dissipation IRK (eqs. (64)–(66), (72), (73))", 1, true, "tailored", true, false},
      // Explicit DEM integrators of the thesis, section 1.4 (labels with the
      // default start). Orders for velocity-independent forces: with a
      // dashpot, leapfrog, Störmer–Verlet and velocity Verlet drop to 1,
      // damped Verlet keeps 2.
      dem_info("euler"),
      dem_info("symplectic-euler"),
      dem_info("leapfrog"),
      dem_info("stormer-verlet"),
      dem_info("velocity-verlet"),
      dem_info("damped-verlet"),
      // Steps in the principal impulse of a multiple impact, not in time: its
      // "h" is ΔP (N·s); `granconv solve` runs it, studies/lzb_claims.* check it.
      {"lzb", "LZB multiple-impact impulse stepping (Nguyen & Brogliato 2011, App. A.1; h = ΔP)", 1, false, "impulse",
       false, false},
  };
  return catalogue;
}

const SchemeInfo& scheme_info(const std::string& name) {
  return find_by_name(scheme_catalogue(), name, "scheme", [](const SchemeInfo& s) { return s.name; });
}

}  // namespace granconv
