#pragma once
// The bi-stiffness energetic-restitution contact law of Nguyen & Brogliato
// 2011, eq. (10) with δ_r = δ_M (1 − e_s²), written as an ODE with one internal
// state per contact, a virtual indentation z ≥ 0 (digest-lzb-shock-dynamics.md
// §1.2, "time-domain equivalent of LZB bi-stiffness"):
//
//   force   λ = K z^η                       (η = 3/2 Hertz, 1 linear)
//   ż = u           while compressing (u ≥ 0),
//   ż = u / e_s²    while expanding  (u < 0, z > 0),
//   ż = 0           while released (z = 0 and the contact is not loading).
//
// u is the APPROACH rate of the contact, u_j = v_j − v_{j+1} (v_j against the
// wall), i.e. δ̇_j for the overlap δ_j = x_j − x_{j+1} of models/chain.hpp:
// positive in compression. (The paper's δ̇ = W_cᵀ q̇ is the opening rate; its
// text wants the approach rate, digest flag 0.1.) Unloading from the maximum
// δ_M: z = δ_M + (δ − δ_M)/e_s², so λ = K ((δ − δ_r)/e_s²)^η = λ_M ((δ − δ_r)/
// (δ_M − δ_r))^η, which is (10); z reaches 0 at δ = δ_r, with the separation
// rate e_s × the approach rate of a binary collision (the work of expansion is
// e_s² × the work of compression, (14)). Reloading from partial unloading
// follows the virgin curve at the equivalent indentation z, as LZB does (16).
//
// State machine of contact j (z ≥ 0 throughout; δ is the geometric overlap):
//
//   OPEN      δ < 0, z = 0, λ = 0, ż = 0.         [gap memory only]
//             → CLOSING when δ rises through 0 (root on δ).
//   RELEASED  δ ≥ 0 (or any δ without gap memory), z = 0, u ≤ 0: λ = 0, ż = 0.
//             → COMPRESSING when u rises through 0 (root on u);
//             → OPEN when δ falls through 0 (root on δ, gap memory).
//   COMPRESSING  z ≥ 0, u > 0 (entered from OPEN at δ = 0 or from RELEASED or
//             EXPANDING at u = 0): ż = u, λ = K z^η.
//             → EXPANDING when u falls through 0 (root on u; the peak force).
//   EXPANDING z > 0, u < 0: ż = u/e_s².
//             → COMPRESSING when u rises through 0 (root on u; reloading);
//             → RELEASED when z falls to 0 (root on z; z is then set to 0
//               exactly: the contact "reopens" with a residual overlap δ_r).
//
// CLOSING is COMPRESSING from z = 0. With gap memory (ContactMemory::gap) a
// contact that has geometrically separated (δ < 0) re-engages only when δ
// returns to 0, like a compliant DEM contact; the plastic offset δ_r of the
// previous loading is forgotten once the gap has opened. Without it
// (ContactMemory::none) the law ignores δ altogether, which is LZB's frozen
// configuration: any approach of a released contact reloads it at once, so
// LZB with ΔP → 0 is this ODE. With e_s = 1 and gap memory, ż = δ̇ in every
// phase and z = max(δ, 0): the plain Hertz chain.
//
// The right-hand side is piecewise smooth; its kinks are the roots above. The
// CVODE reference (reference/sundials/bistiffness_reference.hpp) locates all of them
// and restarts there. Interleaved state y = (x_0, v_0, z_0, x_1, v_1, z_1, ...)
// with z_j the contact between body j and j + 1 (or the wall): the Jacobian
// is banded with bandwidth 2. Without a wall the last z is unused (always 0).
#include <Eigen/Dense>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/chain.hpp"
#include "models/positive_power.hpp"

namespace granconv {

enum class ContactMemory { gap, none };

inline const char* to_string(ContactMemory m) { return m == ContactMemory::gap ? "gap" : "none"; }

template <class S>
struct BistiffnessChain {
  std::vector<S> m;   // N masses
  std::vector<S> k;   // contact stiffnesses K_j (N − 1, or N with the wall)
  std::vector<S> es;  // energetic restitution e_s per contact, in (0, 1]
  int twice_eta = 3;  // 2η: 3 Hertz, 2 linear
  bool wall = false;  // a fixed wall right of the last body (contact N − 1)
  ContactMemory memory = ContactMemory::gap;

  int beads() const { return static_cast<int>(m.size()); }
  int links() const { return beads() - 1 + (wall ? 1 : 0); }
  int dim() const { return 3 * beads(); }
  bool to_wall(int j) const { return j + 1 == beads(); }

  void validate() const {
    if (m.empty()) throw std::invalid_argument("bi-stiffness chain: needs at least one body");
    const auto nl = static_cast<std::size_t>(links());
    if (k.size() != nl || es.size() != nl)
      throw std::invalid_argument("bi-stiffness chain: " + std::to_string(nl) + " contacts need as many stiffnesses (" +
                                  std::to_string(k.size()) + ") and restitution coefficients (" +
                                  std::to_string(es.size()) + ")");
    for (const auto& mi : m)
      if (!(mi > 0)) throw std::invalid_argument("bi-stiffness chain: masses must be positive");
    for (const auto& kj : k)
      if (!(kj > 0)) throw std::invalid_argument("bi-stiffness chain: stiffnesses must be positive");
    for (const auto& e : es)
      if (!(e > 0 && e <= 1)) throw std::invalid_argument("bi-stiffness chain: e_s must lie in (0, 1]");
    if (twice_eta != 2 && twice_eta != 3) throw std::invalid_argument("bi-stiffness chain: eta must be 1 or 3/2");
  }

  // An undamped power-law Chain (gamma = 0, no local springs or on-site forces)
  // with one e_s for every contact.
  static BistiffnessChain from_chain(const Chain<S>& c, const S& e_s, ContactMemory mem = ContactMemory::gap) {
    c.validate();
    for (const auto& g : c.gamma)
      if (g != 0) throw std::invalid_argument("bi-stiffness chain: the chain must be undamped (gamma = 0)");
    for (const auto& Ki : c.K)
      if (Ki != 0) throw std::invalid_argument("bi-stiffness chain: local springs are not supported");
    if (c.has_on_site_force()) throw std::invalid_argument("bi-stiffness chain: on-site forces are not supported");
    BistiffnessChain b;
    b.m = c.m;
    b.k = c.k;
    b.es.assign(c.k.size(), e_s);
    b.twice_eta = c.law.twice_alpha;
    b.wall = c.wall;
    b.memory = mem;
    b.validate();
    return b;
  }

  // Index helpers on the interleaved state.
  static int ix(int i) { return 3 * i; }
  static int iv(int i) { return 3 * i + 1; }
  static int iz(int j) { return 3 * j + 2; }

  S gap(const Vec<S>& y, int j) const { return to_wall(j) ? y[ix(j)] : y[ix(j)] - y[ix(j + 1)]; }
  S approach(const Vec<S>& y, int j) const { return to_wall(j) ? y[iv(j)] : y[iv(j)] - y[iv(j + 1)]; }
  S force(const Vec<S>& y, int j) const { return k[j] * positive_power_half(y[iz(j)], twice_eta); }

  // From the (x, v) state of Chain<S> (all contacts unloaded: z = 0).
  Vec<S> from_xv(const Vec<S>& xv) const {
    if (xv.size() != 2 * beads()) throw std::invalid_argument("bi-stiffness chain: (x, v) state has the wrong size");
    Vec<S> y = Vec<S>::Zero(dim());
    for (int i = 0; i < beads(); ++i) {
      y[ix(i)] = xv[2 * i];
      y[iv(i)] = xv[2 * i + 1];
    }
    return y;
  }
  Vec<S> to_xv(const Vec<S>& y) const {
    Vec<S> xv(2 * beads());
    for (int i = 0; i < beads(); ++i) {
      xv[2 * i] = y[ix(i)];
      xv[2 * i + 1] = y[iv(i)];
    }
    return xv;
  }

  // dz/du of contact j in its current phase: 1 compressing, 1/e_s² expanding,
  // 0 open or released. Only where the contact may carry force does δ matter.
  S rate_factor(const Vec<S>& y, int j) const {
    const S z = y[iz(j)], u = approach(y, j);
    if (z > 0) return u >= 0 ? S(1) : S(1) / (es[j] * es[j]);
    const bool engaged = memory == ContactMemory::none || !(gap(y, j) < 0);
    return engaged && u > 0 ? S(1) : S(0);
  }

  void rhs(const S& /*t*/, const Vec<S>& y, Vec<S>& dy) const {
    const int n = beads();
    for (int i = 0; i < n; ++i) {
      dy[ix(i)] = y[iv(i)];
      dy[iv(i)] = S(0);
      dy[iz(i)] = S(0);
    }
    for (int j = 0; j < links(); ++j) {
      const S f = force(y, j);
      dy[iv(j)] -= f / m[j];
      if (!to_wall(j)) dy[iv(j + 1)] += f / m[j + 1];
      dy[iz(j)] = rate_factor(y, j) * approach(y, j);
    }
  }

  // Nonzero Jacobian entries, put(row, col, value) (each (row, col) once).
  // Every entry has |row − col| ≤ 2.
  template <class Put>
  void jacobian(const S& /*t*/, const Vec<S>& y, Put&& put) const {
    for (int i = 0; i < beads(); ++i) put(ix(i), iv(i), S(1));
    for (int j = 0; j < links(); ++j) {
      const S df = k[j] * positive_power_half_derivative(y[iz(j)], twice_eta);
      put(iv(j), iz(j), -df / m[j]);
      if (!to_wall(j)) put(iv(j + 1), iz(j), df / m[j + 1]);
      const S c = rate_factor(y, j);
      put(iz(j), iv(j), c);
      if (!to_wall(j)) put(iz(j), iv(j + 1), -c);
    }
  }

  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic> dense_jacobian(const S& t, const Vec<S>& y) const {
    Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic> J =
        Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>::Zero(dim(), dim());
    jacobian(t, y, [&](int r, int c, const S& v) { J(r, c) += v; });
    return J;
  }

  // Kinetic energy plus the energy stored in the contacts, K z^{η+1}/(η+1)
  // (the LZB potential energy E_j, (17)); constant for e_s = 1.
  S energy(const Vec<S>& y) const {
    S h(0);
    for (int i = 0; i < beads(); ++i) h += m[i] * y[iv(i)] * y[iv(i)] / 2;
    for (int j = 0; j < links(); ++j)
      h += S(2) / S(twice_eta + 2) * k[j] * positive_power_half(y[iz(j)], twice_eta + 2);
    return h;
  }
};

}  // namespace granconv
