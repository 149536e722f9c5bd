#pragma once
// The scenario catalogue: chains, initial states and final times of the
// source papers, each with named, overridable parameters.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "models/chain.hpp"
#include "models/contact_law_catalogue.hpp"
#include "models/parameter_ranges.hpp"
#include "models/parameters.hpp"
#include "models/singular_power.hpp"
#include "models/sphere_chains.hpp"

namespace granconv {

struct ScenarioInfo {
  std::string name;
  std::string description;
  Parameters defaults;
  // Integration method of the CVODE reference: "adams" for these non-stiff
  // chains at tight tolerances (variable order up to 12), "bdf" when stiff.
  // (Problems with an exact solution use it instead: Problem::exact.)
  std::string reference_method;
};

const std::vector<ScenarioInfo>& scenario_catalogue();
const ScenarioInfo& scenario_info(const std::string& name);  // throws on unknown names

// A scenario instantiated in scalar type S: the chain, the initial (x, v)
// state (interleaved) and the final time.
template <class S>
struct Problem {
  std::string scenario;
  Parameters params;
  Chain<S> chain;
  Vec<S> y0;  // (x_0, v_0, x_1, v_1, ...)
  S t_end;
  // The exact (x, v) state at time t for the model problems that have one
  // (then it is the reference instead of CVODE); empty otherwise.
  std::function<Vec<S>(const S& t)> exact;
  std::string exact_method;  // how `exact` is computed, for the provenance
  // The CVODE reference's method ("adams" | "bdf"); "" = the scenario's
  // (ScenarioInfo::reference_method). A scenario file states its own.
  std::string reference_method;
};

namespace detail {
template <class S>
Chain<S> uniform_links(std::vector<S> masses, const S& k, const S& gamma, int four_beta) {
  Chain<S> c;
  const auto n = masses.size();
  c.m = std::move(masses);
  c.K.assign(n, S(0));
  c.k.assign(n - 1, k);
  c.gamma.assign(n - 1, gamma);
  c.law.four_beta = four_beta;
  return c;
}

// 4β from the parameter `beta`: a damping exponent of the law catalogue's.
inline int four_beta_of(const Parameters& p) {
  const double b = p.get("beta");
  std::vector<int> known;
  for (const auto& l : contact_law_catalogue())
    if (std::find(known.begin(), known.end(), l.four_beta) == known.end()) known.push_back(l.four_beta);
  std::sort(known.begin(), known.end());
  std::string list;
  for (std::size_t i = 0; i < known.size(); ++i) {
    if (b * 4 == known[i]) return known[i];
    char s[32];
    std::snprintf(s, sizeof s, "%g", known[i] / 4.0);
    list += (i == 0 ? "" : i + 1 == known.size() ? " or " : ", ") + std::string(s);
  }
  throw std::invalid_argument("parameter 'beta' must be " + list);
}

template <class S>
Vec<S> impact_state(int n, const S& v) {
  Vec<S> y = Vec<S>::Zero(2 * n);
  y[1] = v;
  return y;
}

inline double positive(const Parameters& p, const std::string& key) {
  const double v = p.get(key);
  if (!(v > 0)) throw std::invalid_argument("parameter '" + key + "' must be positive");
  return v;
}

// The model problems of the thesis (dimensionless unless the claim sets SI
// values; see the claims' notes).
template <class S>
void build_thesis_problem(Problem<S>& pr) {
  const Parameters& p = pr.params;
  if (pr.scenario == "forced-particle") {
    // x'' = drive (1 + sin t)/m from rest at x = 0: x = a (t²/2 + t − sin t), v = a (t + 1 − cos t), a = drive/m.
    const S m(positive(p, "m")), a = S(p.get("drive")) / m;
    pr.chain = uniform_links<S>({m}, S(0), S(0), 6);
    pr.chain.drive = S(p.get("drive"));
    pr.y0 = Vec<S>::Zero(2);
    pr.exact_method = "closed form x = a (t²/2 + t − sin t)";
    pr.exact = [a](const S& t) {
      using std::cos;
      using std::sin;
      Vec<S> y(2);
      y << a * (t * t / 2 + t - sin(t)), a * (t + 1 - cos(t));
      return y;
    };
  } else if (pr.scenario == "singular-q") {
    const S q(p.get("q"));
    // A fresh copy of the evaluator per call: its Newton warm start depends on
    // the previous call, and results must not depend on call order or thread.
    auto exact = std::make_shared<const SingularPowerExact<S>>(q);  // validates q ∈ (0, 1)
    pr.chain = uniform_links<S>({S(1)}, S(0), S(0), 6);
    pr.chain.power_c = S(1);
    pr.chain.power_q = q;
    pr.y0.resize(2);
    pr.y0 << S(0), S(1);
    pr.exact_method = "first integral y'²/2 − y^{q+1}/(q+1) = 1/2, tanh-sinh quadrature + Newton";
    pr.exact = [exact](const S& t) {
      SingularPowerExact<S> fresh = *exact;
      const auto s = fresh(t);
      Vec<S> y(2);
      y << s.y, s.v;
      return y;
    };
  } else {  // binary
    // Two free beads of mass 2m approaching at ±v/2 from touching: the overlap
    // ξ = x_0 − x_1 then obeys m ξ'' = −F(ξ, ξ'), the thesis's particle of mass
    // m against a fixed one, with ξ computed from displacements that start at 0.
    const ContactLawInfo& law = binary_law_info(p.choice("law"));
    const S m(positive(p, "m")), kn(positive(p, "kn")), gn(p.get("gn")), v(positive(p, "v"));
    if (p.get("gn") < 0) throw std::invalid_argument("parameter 'gn' must not be negative");
    pr.chain = uniform_links<S>({2 * m, 2 * m}, kn, gn / (S(law.four_beta) / 4 * kn), law.four_beta);
    if (law.mollified) {
      if (!(p.get("eps") > 0))
        throw std::invalid_argument("law '" + law.result_name() + "' needs a positive parameter 'eps'");
    } else if (p.get("eps") != 0) {
      std::string mollified;
      for (const auto& name : binary_law_names())
        if (binary_law_info(name).mollified) mollified += (mollified.empty() ? "law '" : ", '") + name + "'";
      throw std::invalid_argument("parameter 'eps' applies to " + mollified + " only");
    }
    pr.chain.law = law.law(S(p.get("eps")));
    pr.y0 = Vec<S>::Zero(4);
    pr.y0[1] = v / 2;
    pr.y0[3] = -v / 2;
  }
}

// Nguyen & Brogliato 2011, App. A.2.1–A.2.2: a striker identical to the first
// bead hits n touching steel beads (SI units; es is read by LZB and the
// bi-stiffness models only, the chain itself is plain Hertz).
template <class S>
void build_lzb_problem(Problem<S>& pr) {
  const Parameters& p = pr.params;
  SphereChainSpec spec;
  spec.material = {positive(p, "rho"), positive(p, "E"), p.get("nu")};
  const int n = p.get_int("n", 1);
  const double r = positive(p, "R");
  spec.radii = pr.scenario == "lzb-tapered-20" ? tapered_radii(n, r, p.get("q")) : std::vector<double>(n, r);
  spec.strikers.push_back({Striker::Side::left, r, positive(p, "V"), 0.0});
  if (!(p.get("es") > 0 && p.get("es") <= 1)) throw std::invalid_argument("parameter 'es' must lie in (0, 1]");
  auto sc = make_sphere_chain<S>(spec);
  pr.chain = std::move(sc.chain);
  pr.y0 = std::move(sc.y0);
}
}  // namespace detail

template <class S>
Problem<S> make_problem(const std::string& name, const Parameters& p) {
  using std::sqrt;
  scenario_info(name);  // unknown names first, with the list of known ones
  check_parameter_ranges(name, p);
  Problem<S> pr{name, p, {}, {}, S(p.get("t_end")), {}, {}, scenario_info(name).reference_method};
  if (!(p.get("t_end") > 0)) throw std::invalid_argument("parameter 't_end' must be positive");
  if (name == "forced-particle" || name == "singular-q" || name == "binary") {
    detail::build_thesis_problem(pr);
    pr.chain.validate();
    return pr;
  }
  if (name == "lzb-monodisperse-20" || name == "lzb-tapered-20") {
    detail::build_lzb_problem(pr);
    return pr;
  }
  const int fb = detail::four_beta_of(p);
  const S gamma(p.get("gamma"));
  if (name == "trimer-impact" || name == "trimer-nobreak") {
    // JVB §2.2: m_n = R_n^3 with R = (1, 4/5, 9/10); k_2 = 1, k_3 = sqrt(81/85).
    const S r1(1), r2 = S(4) / 5, r3 = S(9) / 10;
    pr.chain = detail::uniform_links<S>({r1 * r1 * r1, r2 * r2 * r2, r3 * r3 * r3}, S(1), gamma, fb);
    pr.chain.k[1] = sqrt(S(81) / S(85));
    if (name == "trimer-impact") {
      pr.y0 = detail::impact_state<S>(3, S(p.get("v")));
    } else {  // IC (19)
      pr.y0.resize(6);
      pr.y0 << S(9) / 10, S(7) / 10, S(2) / 10, S(6) / 10, S(0), S(2) / 100;
    }
  } else if (name == "binary-kk") {
    // Eq. (7) as two beads of mass 2 (reduced mass 1), k = 1, relative
    // approach speed 1: δ = x_0 − x_1 obeys ζ'' = −ζ^{3/2} − (3/2) γ̃ ζ^{1/2} ζ'.
    pr.chain = detail::uniform_links<S>({S(2), S(2)}, S(1), gamma, fb);
    pr.y0 = Vec<S>::Zero(4);
    pr.y0[1] = S(1) / 2;
    pr.y0[3] = -S(1) / 2;
  } else if (name == "dimer") {
    // JVB §4: m = 1 for beads 1, 3, 5, ... and ε for beads 2, 4, ...; k_n = 1.
    const int n = p.get_int("n", 2);
    std::vector<S> m(n);
    for (int i = 0; i < n; ++i) m[i] = (i % 2 == 0) ? S(1) : S(p.get("epsilon"));
    if (!(p.get("epsilon") > 0)) throw std::invalid_argument("parameter 'epsilon' must be positive");
    pr.chain = detail::uniform_links<S>(std::move(m), S(1), gamma, fb);
    pr.y0 = detail::impact_state<S>(n, S(p.get("v")));
  } else if (name == "chain") {
    const int n = p.get_int("n", 2);
    pr.chain = detail::uniform_links<S>(std::vector<S>(n, S(1)), S(1), gamma, fb);
    pr.y0 = detail::impact_state<S>(n, S(p.get("v")));
  } else if (name == "cradle") {
    // Newton's cradle, eq. (31): local springs K on every bead.
    const int n = p.get_int("n", 2);
    pr.chain = detail::uniform_links<S>(std::vector<S>(n, S(p.get("m"))), S(p.get("k")), gamma, fb);
    pr.chain.K.assign(n, S(p.get("K")));
    pr.y0 = detail::impact_state<S>(n, S(p.get("v")));
  } else {
    scenario_info(name);  // throws with the list of known names
    throw std::logic_error("scenario '" + name + "' has no builder");
  }
  pr.chain.validate();
  return pr;
}

template <class S>
Problem<S> make_problem(const std::string& name, const std::vector<std::string>& assignments) {
  Parameters p = scenario_info(name).defaults;
  for (const auto& a : assignments) p.set_assignment(a);
  return make_problem<S>(name, p);
}

// The double problems are compiled once, in scenarios.cpp, instead of in each
// of the ~40 files that build one (the wider scalars, used by a few, are not).
extern template Problem<double> make_problem<double>(const std::string&, const Parameters&);
extern template Problem<double> make_problem<double>(const std::string&, const std::vector<std::string>&);

}  // namespace granconv
