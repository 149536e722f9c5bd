#pragma once
// The DEM methods of schemes/dem_schemes.hpp, one struct each, and the
// Scheme<S> of a method. Adding a DEM scheme is one struct here and one row
// in schemes/scheme_catalogue.cpp.
#include <stdexcept>
#include <string>
#include <utility>

#include "schemes/blow_up_guard.hpp"
#include "schemes/dem_schemes.hpp"
#include "schemes/scheme.hpp"

namespace granconv {
namespace dem {

// One struct per method: its label parts, its order with the default start
// (velocity-independent forces), whether it is staggered (carries a
// half-step velocity and takes a start rule) and its run. The catalogue row
// (schemes/scheme_catalogue.cpp) and the Scheme<S> are generated from it.
struct Euler {
  static constexpr const char* name = "euler";
  static constexpr const char* what = "explicit Euler";
  static constexpr const char* ref = "thesis 1.34";
  static constexpr int order = 1;
  static constexpr bool staggered = false;
  template <class S>
  static void run(const ChainSystem<S>& sys, Start, const Vec<S>& y0, const S& h, long n,
                  const detail::Observer<S>& obs, const ExactSolution<S>&) {
    detail::run_euler(sys, y0, h, n, obs);
  }
};

struct SymplecticEuler {
  static constexpr const char* name = "symplectic-euler";
  static constexpr const char* what = "symplectic Euler";
  static constexpr const char* ref = "thesis 1.35";
  static constexpr int order = 1;
  static constexpr bool staggered = false;
  template <class S>
  static void run(const ChainSystem<S>& sys, Start, const Vec<S>& y0, const S& h, long n,
                  const detail::Observer<S>& obs, const ExactSolution<S>&) {
    detail::run_symplectic_euler(sys, y0, h, n, obs);
  }
};

struct Leapfrog {
  static constexpr const char* name = "leapfrog";
  static constexpr const char* what = "leapfrog";
  static constexpr const char* ref = "thesis 1.36–1.38";
  static constexpr int order = 2;
  static constexpr bool staggered = true;
  template <class S>
  static void run(const ChainSystem<S>& sys, Start start, const Vec<S>& y0, const S& h, long n,
                  const detail::Observer<S>& obs, const ExactSolution<S>& exact) {
    detail::run_leapfrog(sys, start, y0, h, n, obs, exact);
  }
};

struct StormerVerlet {
  static constexpr const char* name = "stormer-verlet";
  static constexpr const char* what = "Störmer–Verlet, position form";
  static constexpr const char* ref = "thesis 1.39";
  static constexpr int order = 2;
  static constexpr bool staggered = true;
  template <class S>
  static void run(const ChainSystem<S>& sys, Start start, const Vec<S>& y0, const S& h, long n,
                  const detail::Observer<S>& obs, const ExactSolution<S>& exact) {
    detail::run_stormer_verlet(sys, start, y0, h, n, obs, exact);
  }
};

struct VelocityVerlet {
  static constexpr const char* name = "velocity-verlet";
  static constexpr const char* what = "velocity Verlet";
  static constexpr const char* ref = "DEM form: new force at the half-step velocity";
  static constexpr int order = 2;
  static constexpr bool staggered = false;
  template <class S>
  static void run(const ChainSystem<S>& sys, Start, const Vec<S>& y0, const S& h, long n,
                  const detail::Observer<S>& obs, const ExactSolution<S>&) {
    detail::run_velocity_verlet(sys, y0, h, n, obs);
  }
};

struct DampedVerlet {
  static constexpr const char* name = "damped-verlet";
  static constexpr const char* what = "Verlet for damped systems";
  static constexpr const char* ref = "predictor–corrector leapfrog, thesis 1.40";
  static constexpr int order = 2;
  static constexpr bool staggered = true;
  template <class S>
  static void run(const ChainSystem<S>& sys, Start start, const Vec<S>& y0, const S& h, long n,
                  const detail::Observer<S>& obs, const ExactSolution<S>& exact) {
    detail::run_damped_verlet(sys, start, y0, h, n, obs, exact);
  }
};

// "what (reference; start: rule)" for reports.
template <class M>
std::string label(Start start = Start::half_kick) {
  std::string ref = M::ref;
  if (M::staggered) ref += "; start: " + start_description(start);
  return std::string(M::what) + " (" + ref + ")";
}

// Starting with v_{−1/2} = v_0 is an O(h) error in the velocity state, which
// the (stable) recurrence carries to the end: order 1.
template <class M>
int classical_order(Start start = Start::half_kick) {
  return M::staggered && start == Start::v0 ? 1 : M::order;
}

// The DEM scheme M with start rule `start_name` ("" = default; only for the
// staggered schemes). Its run throws std::invalid_argument for the (x, w)
// formulation and, for the exact start rules, without an exact solution.
template <class M, class S>
Scheme<S> dem_scheme(const std::string& start_name = "") {
  const std::string name = M::name;
  if (!start_name.empty() && !M::staggered)
    throw std::invalid_argument("scheme '" + name +
                                "' takes no start rule (start rules apply to the staggered schemes leapfrog, "
                                "stormer-verlet and damped-verlet; valid values: " +
                                start_names_list() + ")");
  const Start start = start_from_string(start_name);
  Scheme<S> s{name, label<M>(start), classical_order<M>(start), {}};
  s.run = [name, start](const Chain<S>& chain, Formulation f, const Vec<S>& y0, const S& h, long n,
                        const typename Scheme<S>::Observer& obs, const ExactSolution<S>& exact) {
    if (f != Formulation::xv)
      throw std::invalid_argument("scheme '" + name +
                                  "' integrates x'' = F(t, x, v) and needs the (x, v) formulation");
    if (M::staggered && (start == Start::exact || start == Start::exact_first_step) && !exact)
      throw std::invalid_argument("scheme '" + name + "' with start '" + to_string(start) +
                                  "' takes its start values from the exact solution, and this problem has none");
    const ChainSystem<S> sys(chain, Formulation::xv);
    if (y0.size() != sys.dim())
      throw std::invalid_argument("scheme '" + name + "': initial state has " + std::to_string(y0.size()) +
                                  " entries, the chain needs " + std::to_string(sys.dim()));
    if (n < 1) return;
    M::run(sys, start, y0, h, n, obs, exact);
  };
  return guarded(std::move(s));
}

}  // namespace dem
}  // namespace granconv
