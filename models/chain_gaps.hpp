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
// is the sum of its gaps' errors (the final-state errors in the README's
// Performance section include it).
#include <stdexcept>

#include "models/chain.hpp"

namespace granconv {

template <class S>
bool gap_form_applies(const Chain<S>& c) {
  if (c.wall || c.has_on_site_force()) return false;
  for (const auto& Ki : c.K)
    if (Ki != S(0)) return false;
  return true;
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

template <class S>
void require_gap_form(const ChainSystem<S>& sys) {
  if (!gap_form_applies(sys.chain()))
    throw std::invalid_argument("gap coordinates need a chain without wall, local springs or on-site forces");
}
}  // namespace gap_form_detail

// z from a state (x, v).
template <class S>
Vec<S> to_gap_coordinates(const ChainSystem<S>& sys, const Vec<S>& y) {
  gap_form_detail::require_gap_form(sys);
  Vec<S> z = y;
  for (int i = 1; i < sys.beads(); ++i) z[2 * i] = y[2 * i - 2] - y[2 * i];
  if (sys.formulation() == Formulation::xw) gap_form_detail::shift_velocities(sys.chain(), z, S(-1), z);
  return z;
}

// (x, v) from z, into a preallocated vector.
template <class S>
void from_gap_coordinates(const ChainSystem<S>& sys, const Vec<S>& z, Vec<S>& y) {
  gap_form_detail::require_gap_form(sys);
  y = z;
  for (int i = 1; i < sys.beads(); ++i) y[2 * i] = y[2 * i - 2] - z[2 * i];
  if (sys.formulation() == Formulation::xw) gap_form_detail::shift_velocities(sys.chain(), z, S(1), y);
}

// dz/dt, with the contact laws of ChainSystem::rhs (whose loop this follows
// term for term; that one stays as it is, being the explicit schemes' hot
// loop). Allocates nothing; z and dz may be Eigen maps of a solver's arrays,
// but must not overlap. The caller has checked gap_form_applies (with a wall,
// links() == beads() and the last link would index past z).
template <class S, class In, class Out>
void gap_coordinates_rhs(const ChainSystem<S>& sys, const In& z, Out&& dz) {
  const auto& c = sys.chain();
  const int n = c.beads();
  const bool xw = sys.formulation() == Formulation::xw;
  // Position rates first, in the gap slots; gap rates from them at the end.
  for (int i = 0; i < n; ++i) {
    dz[2 * i] = z[2 * i + 1];
    dz[2 * i + 1] = S(0);
  }
  for (int j = 0; j < c.links(); ++j) {
    const S d = z[2 * j + 2];
    if (!(d > 0)) continue;
    const S root = c.twice_alpha % 2 != 0 || (c.twice_beta % 2 != 0 && (xw || !c.mollified())) ? positive_sqrt(d) : S(1);
    const S elastic = c.k[j] * positive_power_half_from_root(d, c.twice_alpha, root);
    if (!xw) {
      const S f = elastic + sys.damping_shape(j, d, root) * (z[2 * j + 1] - z[2 * j + 3]);
      dz[2 * j + 1] -= f / c.m[j];
      dz[2 * j + 3] += f / c.m[j + 1];
    } else {
      const S g = c.damping_potential(j, d, root);
      dz[2 * j] -= g / c.m[j];
      dz[2 * j + 1] -= elastic / c.m[j];
      dz[2 * j + 2] += g / c.m[j + 1];
      dz[2 * j + 3] += elastic / c.m[j + 1];
    }
  }
  // δ̇_{i−1} = ẋ_{i−1} − ẋ_i; descending, so that ẋ_{i−1} is still in place.
  for (int i = n - 1; i >= 1; --i) dz[2 * i] = dz[2 * i - 2] - dz[2 * i];
}

}  // namespace granconv
