#pragma once
// A contact law as a value, and its force: f = k δ^α + β γ k s(δ) δ̇ for
// δ > 0, where s(δ) = δ^{β−1}, or √_ε(δ) for the mollified Kuwabara–Kono
// law (models/mollified_sqrt.hpp), and the non-tensile law takes max(0, f).
// Which (α, β, ε, clipping) are laws, and their names, is the catalogue's
// (models/contact_law_catalogue.hpp); the per-contact constants k and γ are
// the chain's.
//
// ContactForce is the one place that force, its damping potential (the
// (x, w) form's γ k δ^β, eq. (10)) and their derivatives are written. Both
// coordinate forms call it: ChainSystem (models/chain.hpp, exponents read at
// run time) and the gap-coordinates loop (models/chain_gaps.hpp, exponents as
// std::integral_constant so that its loop over links vectorises); with either,
// the products are the same in the same order, so the two agree bit for bit
// link by link.
#include <type_traits>

#include "models/mollified_sqrt.hpp"
#include "models/positive_power.hpp"

namespace granconv {

template <class S>
struct ContactLaw {
  int twice_alpha = 3;      // 2α: 3 (Hertz), 2 (linear spring)
  int four_beta = 6;        // 4β: 4 (linear dashpot), 5 (Tsuji), 6 (Kuwabara–Kono), 10 (Hunt–Crossley)
  S eps = S(0);             // > 0: the mollified damping's width ε (Kuwabara–Kono only)
  bool nontensile = false;  // the force is max(0, f): never attractive

  bool mollified() const { return eps > 0; }
};

// TA = 2α and FB = 4β: int, or std::integral_constant<int, ...>.
template <class S, class TA = int, class FB = int>
struct ContactForce {
  TA twice_alpha;
  FB four_beta;
  const MollifiedSqrt<S>* sqrt_eps = nullptr;  // the mollified damping's √_ε, else null
  bool nontensile = false;

  // Whether the powers below read root = √δ, in the (x, v) or the (x, w) form.
  [[gnu::always_inline]] bool needs_root(bool xw) const {
    return int(twice_alpha) % 2 != 0 || (quarter_power_needs_root(int(four_beta)) && (xw || sqrt_eps == nullptr));
  }
  // All for δ > 0 and root = √δ where needs_root.
  [[gnu::always_inline]] S elastic(const S& k, const S& d, const S& root) const {
    return k * positive_power_half_from_root(d, int(twice_alpha), root);
  }
  [[gnu::always_inline]] S elastic(const S& k, const S& d) const { return k * positive_power_half(d, int(twice_alpha)); }
  // The damping force per unit of δ̇, β γ k s(δ), from bgk = β γ k.
  [[gnu::always_inline]] S damping_shape(const S& bgk, const S& d, const S& root) const {
    return bgk * (sqrt_eps ? (*sqrt_eps)(d) : positive_power_quarter_from_root(d, int(four_beta) - 4, root));
  }
  [[gnu::always_inline]] S damping_shape(const S& bgk, const S& d) const {
    return bgk * (sqrt_eps ? (*sqrt_eps)(d) : positive_power_quarter(d, int(four_beta) - 4));
  }
  // The unclipped force: its zero inside a contact is where a non-tensile law switches.
  [[gnu::always_inline]] S force(const S& k, const S& bgk, const S& d, const S& root, const S& rate) const {
    return elastic(k, d, root) + damping_shape(bgk, d, root) * rate;
  }
  [[gnu::always_inline]] bool clips(const S& f) const { return nontensile && f < 0; }
  // The damping potential γ k δ^β from gk = γ k (no closed form when mollified).
  [[gnu::always_inline]] S damping_potential(const S& gk, const S& d, const S& root) const {
    return gk * positive_power_quarter_from_root(d, int(four_beta), root);
  }
  [[gnu::always_inline]] S damping_potential(const S& gk, const S& d) const { return gk * positive_power_quarter(d, int(four_beta)); }
  // k δ^{α+1}/(α+1): the elastic energy.
  [[gnu::always_inline]] S elastic_energy(const S& k, const S& d) const {
    return S(2) / S(int(twice_alpha) + 2) * k * positive_power_half(d, int(twice_alpha) + 2);
  }

  // The Jacobian's derivatives in δ. d_floor: δ floored where s′ is unbounded
  // at 0 (the power law; the mollified √_ε′ is read at δ itself).
  [[gnu::always_inline]] S elastic_derivative(const S& k, const S& d) const { return k * positive_power_half_derivative(d, int(twice_alpha)); }
  [[gnu::always_inline]] S damping_shape_derivative(const S& bgk, const S& d, const S& d_floor) const {
    return sqrt_eps ? bgk * sqrt_eps->derivative(d) : bgk * positive_power_quarter_derivative(d_floor, int(four_beta) - 4);
  }
  [[gnu::always_inline]] S damping_potential_derivative(const S& gk, const S& d) const {
    return gk * positive_power_quarter_derivative(d, int(four_beta));
  }
};

// The force of `law` at run time; `sqrt_eps` its mollifier when law.mollified().
template <class S>
ContactForce<S> contact_force(const ContactLaw<S>& law, const MollifiedSqrt<S>* sqrt_eps = nullptr) {
  return {law.twice_alpha, law.four_beta, sqrt_eps, law.nontensile};
}

}  // namespace granconv
