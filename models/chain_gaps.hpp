#pragma once
// A chain in gap coordinates: the state
//   z = (x_0, u_0, δ_0, u_1, δ_1, u_2, …, δ_{N−2}, u_{N−1}),   δ_j = x_j − x_{j+1},
// holds each contact's gap in the slot of the position x_{j+1}; u is v or w as
// in the ChainSystem it is used with. x_i = x_{i−1} − δ_{i−1}.
//
// Why: a contact force is a power of δ. Computed from positions of size X, δ
// carries a round-off of about ε X, and the force k δ^{3/2} a relative noise of
// about 1.5 ε X / δ; a high-order error estimate built from such forces sees
// that noise and shortens the step. The explicit reference (erk8) on the
// N = 1000 chain at rtol 1e-13 takes 53626 steps in positions and 7325 in gaps
// (benchmarks/peers/peers.py --repeat 3, medians).
// Integrated as a state component, δ keeps its own relative precision.
//
// Only for chains whose forces depend on the gaps alone (`gap_form_applies`):
// a wall link's gap and the local springs and the on-site power c |x|^q read
// positions, which here are sums of gaps again (constant on-site forces and
// the drive do not, but are left out too: no shipped chain combines them with
// a free chain, and the drive would need t). Positions rebuilt from z carry
// the rounding of that sum, a few ulps of |x| per bead.
//
// The tolerances of a solver weight x_0 and each δ_j: a bead's position error
// is the sum of its gaps' errors (the final-state errors of
// docs/performance.md include it).
#include <stdexcept>
#include <vector>

#include "models/chain.hpp"

namespace granconv {

template <class S>
bool gap_form_applies(const Chain<S>& c) {
  if (c.wall || c.has_on_site_force()) return false;
  for (const auto& Ki : c.K)
    if (Ki != S(0)) return false;
  return true;
}

// Refuses a chain gap_form_applies rejects (with a wall, links() == beads()
// and the last link would index past z).
template <class S>
void require_gap_form(const Chain<S>& c) {
  if (!gap_form_applies(c))
    throw std::invalid_argument("gap coordinates need a chain without wall, local springs or on-site forces");
}

namespace gap_form_detail {
// u_i += sign (G_{i−1} − G_i)/m_i, G_j = γ_j k_j δ_j+^β read from z: v from w
// (sign +1) or w from v (−1), eq. (10).
template <class S>
void shift_velocities(const Chain<S>& c, const Vec<S>& z, const S& sign, Vec<S>& out) {
  for (int j = 0; j < c.links(); ++j) {
    const S g = c.damping_potential(j, z[2 * j + 2]);
    out[2 * j + 1] -= sign * g / c.m[j];
    out[2 * j + 3] += sign * g / c.m[j + 1];
  }
}
}  // namespace gap_form_detail

// z from a state (x, v).
template <class S>
Vec<S> to_gap_coordinates(const ChainSystem<S>& sys, const Vec<S>& y) {
  require_gap_form(sys.chain());
  Vec<S> z = y;
  for (int i = 1; i < sys.beads(); ++i) z[2 * i] = y[2 * i - 2] - y[2 * i];
  if (sys.formulation() == Formulation::xw) gap_form_detail::shift_velocities(sys.chain(), z, S(-1), z);
  return z;
}

// (x, v) from z, into a preallocated vector.
template <class S>
void from_gap_coordinates(const ChainSystem<S>& sys, const Vec<S>& z, Vec<S>& y) {
  require_gap_form(sys.chain());
  y = z;
  for (int i = 1; i < sys.beads(); ++i) y[2 * i] = y[2 * i - 2] - z[2 * i];
  if (sys.formulation() == Formulation::xw) gap_form_detail::shift_velocities(sys.chain(), z, S(1), y);
}

// dz/dt, with the contact law's force of ChainSystem::rhs (ContactForce,
// models/contact_law.hpp). That loop stays as it is (it is the explicit
// schemes' benchmarked hot loop); this one is the explicit reference's, and is
// laid out for speed instead:
// - every link's forces first, without a branch on contact (an open gap
//   counts as δ = 0, whose forces are 0), with the
//   exponents as compile-time constants, so that the loop vectorises;
// - then every bead's rates, multiplying by 1/m (the old loop divided four
//   times per link).
// So the rates agree with ChainSystem::rhs to rounding, not bit for bit
// (tests/unit/models/test_chain_gaps.cpp). Holds its workspace: a call allocates nothing.
// z and dz may be Eigen maps of a solver's arrays, but must not overlap.
template <class S>
class GapCoordinatesRhs {
 public:
  explicit GapCoordinatesRhs(const ChainSystem<S>& sys) : sys_(sys) {
    const auto& c = sys.chain();
    require_gap_form(c);
    const int n = c.beads(), links = c.links();
    inv_m_.resize(n);
    for (int i = 0; i < n; ++i) inv_m_[i] = S(1) / c.m[i];
    gk_.resize(links);
    beta_gk_.resize(links);
    for (int j = 0; j < links; ++j) {
      gk_[j] = c.gamma[j] * c.k[j];                // damping_potential's (γ k)
      beta_gk_[j] = sys.beta_gk(j);                // damping_shape's (β γ k)
    }
    // Link j's forces in slot j + 1, zeros at both ends: a bead's two links
    // are then slots i and i + 1, with no end case.
    e_.assign(links + 2, S(0));
    g_.assign(links + 2, S(0));
  }

  template <class In, class Out>
  void operator()(const In& z, Out&& dz) {
    const auto& c = sys_.chain();
    const bool xw = sys_.formulation() == Formulation::xw;
    const int ta = c.law.twice_alpha, fb = c.law.four_beta;
    const bool compiled = !c.mollified() && !c.law.nontensile && (ta == 2 || ta == 3) && (fb == 4 || fb == 6 || fb == 10);
    if (!compiled)
      links_per_law(z, xw);
    else if (ta == 3)
      links_for_alpha<3>(z, xw);
    else
      links_for_alpha<2>(z, xw);
    if (xw)
      beads<true>(z, dz);
    else
      beads<false>(z, dz);
  }

 private:
  // Per bead i: u̇_i, and the rate of the gap in its slot, δ̇_{i−1} = ẋ_{i−1} − ẋ_i
  // (ẋ_{i−1} recomputed rather than carried, so that the loop vectorises).
  template <bool XW, class In, class Out>
  void beads(const In& z, Out& dz) const {
    auto xdot = [&](int i) {
      if constexpr (XW)
        return z[2 * i + 1] + (g_[i] - g_[i + 1]) * inv_m_[i];
      else
        return z[2 * i + 1];
    };
    dz[0] = xdot(0);
    dz[1] = (e_[0] - e_[1]) * inv_m_[0];
    for (int i = 1, n = sys_.chain().beads(); i < n; ++i) {
      dz[2 * i] = xdot(i - 1) - xdot(i);
      dz[2 * i + 1] = (e_[i] - e_[i + 1]) * inv_m_[i];
    }
  }

  template <int TA, class In>
  void links_for_alpha(const In& z, bool xw) {
    const int fb = sys_.chain().law.four_beta;
    if (fb == 6)
      xw ? links<TA, 6, true>(z) : links<TA, 6, false>(z);
    else if (fb == 10)
      xw ? links<TA, 10, true>(z) : links<TA, 10, false>(z);
    else  // 4
      xw ? links<TA, 4, true>(z) : links<TA, 4, false>(z);
  }

  // e_: the elastic force (x, w), or the whole contact force (x, v);
  // g_: the damping potential (x, w).
  template <int TA, int FB, bool XW, class In>
  void links(const In& z) {
    using std::abs;
    const ContactForce<S, std::integral_constant<int, TA>, std::integral_constant<int, FB>> law{};
    const auto& k = sys_.chain().k;
    const int links = sys_.chain().links();
    for (int j = 0; j < links; ++j) {
      const S d = z[2 * j + 2];
      // δ+ without a branch: GCC will not vectorise a loop with a conditional
      // before a square root (it may trap), and (δ + |δ|)/2 is δ exactly for
      // 0 < δ < DBL_MAX/2 (a NaN or infinite δ gives NaN forces, where the old
      // loop gave 0; such a state fails the caller's blow-up check anyway).
      const S dp = (d + abs(d)) / 2;
      const S root = law.needs_root(XW) ? positive_sqrt(dp) : S(1);
      const S elastic = law.elastic(k[j], dp, root);
      if constexpr (XW) {
        e_[j + 1] = elastic;
        g_[j + 1] = law.damping_potential(gk_[j], dp, root);
      } else {
        const S f = elastic + law.damping_shape(beta_gk_[j], dp, root) * (z[2 * j + 1] - z[2 * j + 3]);
        if constexpr (FB == 4)
          e_[j + 1] = d > 0 ? f : S(0);  // a linear dashpot (β = 1) pulls at an open gap too
        else
          e_[j + 1] = f;
      }
    }
  }

  // The laws the compiled loop does not cover — the mollified Kuwabara–Kono
  // law, Tsuji's quarter powers, the non-tensile laws, any exponents a new
  // law brings — with the exponents read at run time, link by link.
  template <class In>
  void links_per_law(const In& z, bool xw) {
    const auto& c = sys_.chain();
    const auto law = sys_.force();
    for (int j = 0; j < c.links(); ++j) {
      const S d = z[2 * j + 2];
      S f(0), g(0);
      if (d > 0) {
        const S root = positive_sqrt(d);
        f = law.elastic(c.k[j], d, root);
        if (xw)
          g = law.damping_potential(gk_[j], d, root);
        else
          f += law.damping_shape(beta_gk_[j], d, root) * (z[2 * j + 1] - z[2 * j + 3]);
        if (law.clips(f)) f = S(0);
      }
      e_[j + 1] = f;
      g_[j + 1] = g;
    }
  }

  ChainSystem<S> sys_;
  std::vector<S> inv_m_, gk_, beta_gk_, e_, g_;
};

}  // namespace granconv
