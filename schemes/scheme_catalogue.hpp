#pragma once
// The schemes granconv ships, by command-line name.
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "models/extended_precision.hpp"
#include "schemes/blow_up_guard.hpp"
#include "schemes/dem_methods.hpp"
#include "schemes/runge_kutta.hpp"
#include "schemes/scheme.hpp"
#include "schemes/tailored_schemes.hpp"

namespace granconv {

// "runge-kutta": a shipped tableau on the physical chain (shipped_tableau
// works); "tailored": integrates the undamped chain with tuned numerical
// dissipation; "dem": explicit second-order integrators of DEM codes
// (schemes/dem_methods.hpp); "impulse": LZB impulse stepping through one
// impact (schemes/lzb.hpp), no Scheme<S>.
// The last six are the scheme-file families other than runge-kutta
// (schemes/families/scheme_file.hpp): a shipped file of those families is a
// catalogue row, spelled as its file's "family".
enum class SchemeFamily {
  runge_kutta,
  tailored,
  dem,
  impulse,
  partitioned_runge_kutta,
  splitting,
  nystrom,
  newmark,
  gear,
  linear_multistep
};

inline const char* to_string(SchemeFamily f) {
  switch (f) {
    case SchemeFamily::runge_kutta: return "runge-kutta";
    case SchemeFamily::tailored: return "tailored";
    case SchemeFamily::dem: return "dem";
    case SchemeFamily::impulse: return "impulse";
    case SchemeFamily::partitioned_runge_kutta: return "partitioned-runge-kutta";
    case SchemeFamily::splitting: return "splitting";
    case SchemeFamily::nystrom: return "nystrom";
    case SchemeFamily::newmark: return "newmark";
    case SchemeFamily::gear: return "gear";
    case SchemeFamily::linear_multistep: return "linear-multistep";
  }
  return "?";
}

// Integrates x'' = F(t, x, v) from (x, v) (ChainSystem's xv form) and
// nothing else: no (x, w) form and no first-order internal state.
inline bool integrates_second_order_only(SchemeFamily f) {
  return f == SchemeFamily::dem || f == SchemeFamily::partitioned_runge_kutta || f == SchemeFamily::splitting ||
         f == SchemeFamily::nystrom || f == SchemeFamily::newmark || f == SchemeFamily::gear ||
         f == SchemeFamily::linear_multistep;
}

struct SchemeInfo;
template <class S>
using SchemeFactory = Scheme<S> (*)(const SchemeInfo&, const SchemeOptions&);
template <class S>
using TableauFactory = Tableau<S> (*)();

// A function template's instantiations for the three scalars granconv runs in
// (scheme_catalogue.cpp instantiates them, once per row).
template <template <class> class Fn>
struct PerScalar {
  Fn<double> for_double = nullptr;
  Fn<DoubleDouble> for_double_double = nullptr;
  Fn<Mp50> for_mp50 = nullptr;
  template <class S>
  Fn<S> get() const {
    static_assert(std::is_same_v<S, double> || std::is_same_v<S, DoubleDouble> || std::is_same_v<S, Mp50>,
                  "schemes are instantiated for double, double-double and cpp_bin_float_50 (schemes/scheme_catalogue.cpp)");
    if constexpr (std::is_same_v<S, double>) return for_double;
    else if constexpr (std::is_same_v<S, DoubleDouble>) return for_double_double;
    else return for_mp50;
  }
};

template <class S>
constexpr const char* scalar_name() {
  if constexpr (std::is_same_v<S, double>) return "double";
  else if constexpr (std::is_same_v<S, DoubleDouble>) return "double-double";
  else return "cpp_bin_float_50";
}

// One row per scheme, built with designated initialisers
// (schemes/scheme_catalogue.cpp); the row owns its factory.
struct SchemeInfo {
  std::string name, label;
  int classical_order = 0;  // on smooth problems; DEM schemes: with velocity-independent forces
  SchemeFamily family = SchemeFamily::runge_kutta;
  bool tailored = false;  // integrates the undamped chain with tuned numerical dissipation
  // Whether run integrates the (x, w) formulation. DEM schemes integrate
  // x'' = F(t, x, v) and throw for xw; tailored schemes always step the
  // undamped chain in (x, v) and ignore the formulation.
  bool accepts_xw = false;
  // Carries a half-step velocity and takes a start rule (SchemeOptions::start).
  bool staggered = false;
  // Takes μ apart from θ (SchemeOptions::mu, the command line's --mu).
  bool takes_mu = false;
  PerScalar<SchemeFactory> make{};      // null for the impulse family
  PerScalar<TableauFactory> tableau{};  // the runge-kutta family only
};
const std::vector<SchemeInfo>& scheme_catalogue();
const SchemeInfo& scheme_info(const std::string& name);  // throws on unknown names
// Whether the catalogue's scheme of this name takes μ (false for a name it lacks).
bool scheme_takes_mu(const std::string& name);

// A scheme of the caller's own (a program built on granconv, e.g. through
// app/cli.hpp): appended to the catalogue, so that claims, `solve`, `list`
// and the atlas find it by name. Call it before anything reads the
// catalogue (references into it stay valid only because it then never
// changes). Throws on a duplicate or empty name, a missing double factory,
// the impulse family, or a call after the first read. A row may leave the
// double-double and 50-digit factories null: make_scheme then names the
// precision it lacks.
void register_scheme(SchemeInfo row);

// A direct discretisation: the tableau on the physical chain in the requested formulation.
template <class S>
Scheme<S> runge_kutta_scheme(const Tableau<S>& tableau, std::string label) {
  RungeKutta<S> rk(tableau);
  Scheme<S> s{tableau.name, std::move(label), tableau.classical_order, {}};
  s.implicit = !tableau.explicit_method();
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
  if (const auto tableau = scheme_info(name).tableau.template get<S>()) return tableau();
  throw std::invalid_argument("scheme '" + name + "' is not a fixed tableau");
}

template <class S>
Scheme<S> make_scheme(const std::string& name, const SchemeOptions& opt = {}) {
  if (opt.mu && name != "theta") throw std::invalid_argument("--mu applies to the theta scheme only");
  const SchemeInfo& row = scheme_info(name);  // throws on unknown names
  if (opt.dissipation_scale != 1 && !row.tailored)
    throw std::invalid_argument("--dissipation-scale applies to the tailored schemes (theta, irk-tailored) only");
  if (!opt.start.empty()) {
    if (!row.staggered)
      throw std::invalid_argument("--start applies to the staggered DEM schemes (leapfrog, stormer-verlet, "
                                  "damped-verlet) only, not to '" + name + "' (valid values: " +
                                  dem::start_names_list() + ")");
    dem::start_from_string(opt.start);  // throws on unknown names, listing the valid ones
  }
  if (row.family == SchemeFamily::impulse)
    throw std::invalid_argument("scheme '" + name + "' steps in the principal impulse of an impact, not in time; run it "
                                "with `granconv solve --scheme " + name + "` (--h is ΔP in N·s)");
  const auto make = row.make.template get<S>();
  if (!make)
    throw std::invalid_argument("scheme '" + name + "' has no " + scalar_name<S>() + " instantiation (registered with " +
                                "register_scheme for fewer scalars)");
  return make(row, opt);
}

// The catalogue's Scheme<S> factories, instantiated for each scalar in
// schemes/scheme_instantiations_<scalar>.cpp and nowhere else: their step
// loops (Newton on the stage system in 50 digits above all) are the heaviest
// code to compile, and the scalars' files compile in parallel.
#define GRANCONV_CATALOGUE_SCHEMES(prefix, S)                                        \
  prefix template Scheme<S> runge_kutta_scheme<S>(const Tableau<S>&, std::string); \
  prefix template Scheme<S> theta_scheme<S>(const SchemeOptions&);                 \
  prefix template Scheme<S> tailored_irk_scheme<S>(const SchemeOptions&);          \
  prefix template Scheme<S> dem::dem_scheme<dem::Euler, S>(const std::string&);    \
  prefix template Scheme<S> dem::dem_scheme<dem::SymplecticEuler, S>(const std::string&); \
  prefix template Scheme<S> dem::dem_scheme<dem::Leapfrog, S>(const std::string&); \
  prefix template Scheme<S> dem::dem_scheme<dem::StormerVerlet, S>(const std::string&); \
  prefix template Scheme<S> dem::dem_scheme<dem::VelocityVerlet, S>(const std::string&); \
  prefix template Scheme<S> dem::dem_scheme<dem::DampedVerlet, S>(const std::string&);
GRANCONV_CATALOGUE_SCHEMES(extern, double)
GRANCONV_CATALOGUE_SCHEMES(extern, DoubleDouble)
GRANCONV_CATALOGUE_SCHEMES(extern, Mp50)

}  // namespace granconv
