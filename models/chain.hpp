#pragma once
// The granular chain of JVB eq. (2) with the optional local springs of eq. (31):
//   m_i ẍ_i = −K_i x_i + f_{i−1} − f_i + s_i(t, x_i),
//   f_j = k_j δ_j+^α + β γ_j k_j δ_j+^{β−1} δ̇_j,   δ_j = x_j − x_{j+1},
// beads i = 0..N−1 and links j = 0..N−2 (0-based; free ends). α = 3/2 is
// Hertz (α = 1 a linear spring); β = 3/2 is Kuwabara–Kono, β = 1 a linear
// dashpot, β = 5/4 Tsuji (YADE's Hertz–Mindlin `betan`, LAMMPS `damping
// tsuji`: a dashpot growing as δ^{1/4}), β = 5/2 Hunt–Crossley; γ = 0 is
// undamped. The contact laws of the
// thesis (eqs. 1.19, 1.22, 1.23) are (α, β) = (1, 1) spring–dashpot,
// (3/2, 1) Hertz + linear damping, (3/2, 3/2) Kuwabara–Kono, with the
// thesis's damping constant γ_n = β γ k. The mollified KK law (4.7) replaces
// δ^{1/2} in the damping by √_ε(δ) (models/mollified_sqrt.hpp), ε = eps > 0.
// Forces act only while δ > 0 and may be attractive at the end of a contact
// (the thesis's laws are not clipped); where the damping does not vanish with
// δ (β = 1) the force jumps when a contact opens or closes. A non-tensile law
// (`nontensile`, as most DEM codes: LAMMPS `limit_damping`, YADE always)
// takes max(0, f_j) instead: continuous, with a kink where f_j crosses zero
// inside a contact, which a reference locates as an event; the (x, w)
// formulation has no such law (its momentum shift by the damping potential
// would have to switch off with the force).
//
// The on-site force s_i = f_i + drive (1 + sin t) + c |x_i|^q: constant
// forces f_i (a chain pushed against a wall), and the thesis's
// single-particle model problems, the smooth forcing of Table 2.2 and the
// singular problem y'' = y^q (eq. 3.1).
//
// With `wall`, a fixed wall sits right of the last bead at its rest position:
// one more link j = N−1 with δ_{N−1} = x_{N−1} (LZB's chain against a wall,
// the contact-dynamics column pushed against a wall).
//
// Two first-order formulations share the interleaved state y = (x_0, u_0,
// x_1, u_1, ...): u = v = ẋ (usual variables, not Lipschitz at δ = 0 for
// β < 2) or u = w, the generalized velocity of eqs. (10)–(11), for which the
// right-hand side is locally Lipschitz.
#include <Eigen/Dense>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>
#include <type_traits>

#include "models/block_tridiagonal.hpp"
#include "models/contact_law.hpp"
#include "models/contact_law_catalogue.hpp"
#include "models/mollified_sqrt.hpp"
#include "models/positive_power.hpp"

namespace granconv {

enum class Formulation { xv, xw };

inline const char* to_string(Formulation f) { return f == Formulation::xv ? "xv" : "xw"; }
inline Formulation formulation_from_string(const std::string& s) {
  if (s == "xv") return Formulation::xv;
  if (s == "xw") return Formulation::xw;
  throw std::invalid_argument("unknown formulation '" + s + "' (expected xv or xw)");
}

template <class S>
using Vec = Eigen::Matrix<S, Eigen::Dynamic, 1>;

template <class S>
struct Chain {
  std::vector<S> m;      // N masses
  std::vector<S> K;      // N local spring stiffnesses (0: none)
  std::vector<S> k;      // N−1 contact stiffnesses
  std::vector<S> gamma;  // N−1 damping constants
  ContactLaw<S> law;     // one law on every contact (models/contact_law.hpp): exponents, ε, clipping
  S drive = S(0);        // on-site force drive · (1 + sin t)
  S power_c = S(0), power_q = S(0);  // on-site force c |x|^q
  std::vector<S> force;  // constant on-site forces f_i (empty: none)
  bool wall = false;     // fixed wall right of the last bead (then N links)

  int links() const { return beads() - 1 + (wall ? 1 : 0); }
  bool to_wall(int j) const { return j + 1 == beads(); }

  bool mollified() const { return law.mollified(); }
  // The (x, w) formulation needs the damping potential γ k δ^β in closed form.
  bool has_damping_potential() const { return !mollified(); }
  // Why the (x, w) formulation does not apply ("" when it does).
  std::string xw_refusal() const {
    if (!has_damping_potential())
      return "the (x, w) formulation needs a damping potential in closed form; the mollified KK law has none (use xv)";
    if (law.nontensile)
      return "the (x, w) formulation has no non-tensile laws (its damping potential cannot switch off with the "
             "clipped force; use xv)";
    return "";
  }
  bool has_on_site_force() const { return drive != 0 || power_c != 0 || !force.empty(); }

  int beads() const { return static_cast<int>(m.size()); }

  void validate() const {
    const auto n = m.size();
    if (n < 1) throw std::invalid_argument("a chain needs at least one bead");
    const auto nl = static_cast<std::size_t>(links());
    if (K.size() != n || k.size() != nl || gamma.size() != nl || !(force.empty() || force.size() == n))
      throw std::invalid_argument("chain parameter arrays have inconsistent lengths");
    for (const auto& mi : m)
      if (!(mi > 0)) throw std::invalid_argument("bead masses must be positive");
    if (law.eps < 0) throw std::invalid_argument("the mollifier width eps must not be negative");
    check_law_exponents(law.twice_alpha, law.four_beta, mollified());
    if (power_c != 0 && !(power_q > 0)) throw std::invalid_argument("the on-site power q must be positive");
  }

  S gap(const Vec<S>& y, int j) const { return to_wall(j) ? y[2 * j] : y[2 * j] - y[2 * j + 2]; }
  S gap_rate(const Vec<S>& y, int j) const { return to_wall(j) ? y[2 * j + 1] : y[2 * j + 1] - y[2 * j + 3]; }

  // γ_j k_j δ_j+^β: the part of the momentum carried by the damping, eq. (10).
  S damping_potential(int j, const S& delta) const {
    return contact_force(law).damping_potential(gamma[j] * k[j], delta);
  }
  // The same for δ > 0 with √δ given (positive_power_quarter_from_root).
  S damping_potential(int j, const S& delta, const S& root) const {
    return contact_force(law).damping_potential(gamma[j] * k[j], delta, root);
  }

  // Velocity from the generalized velocity, eq. (10): v_i = w_i + (g_{i−1} − g_i)/m_i.
  Vec<S> v_from_w(const Vec<S>& y) const {
    Vec<S> out(y.size());
    map_velocity(y, S(1), out);
    return out;
  }
  Vec<S> w_from_v(const Vec<S>& y) const {
    Vec<S> out(y.size());
    map_velocity(y, S(-1), out);
    return out;
  }
  // In place into a preallocated vector, for stepping loops.
  void v_from_w(const Vec<S>& y, Vec<S>& out) const { map_velocity(y, S(1), out); }

  // H = ½ Σ m v² + Σ k δ+^{α+1}/(α+1) + ½ Σ K x² − Σ c |x|^{q+1}/(q+1), on
  // the (x, v) state. The drive is time dependent and has no potential.
  S energy(const Vec<S>& y) const {
    using std::abs;
    using std::pow;
    S h(0);
    for (int i = 0; i < beads(); ++i) {
      h += (m[i] * y[2 * i + 1] * y[2 * i + 1] + K[i] * y[2 * i] * y[2 * i]) / 2;
      if (power_c != 0) h -= power_c * pow(abs(y[2 * i]), power_q + 1) / (power_q + 1);
      if (!force.empty()) h -= force[i] * y[2 * i];
    }
    const auto f = contact_force(law);
    for (int j = 0; j < links(); ++j) h += f.elastic_energy(k[j], gap(y, j));
    return h;
  }

  // dH/dt along the (x, v) vector field, computed from the right-hand side
  // (not from the closed-form dissipation) so that a test of its sign checks
  // the force law itself.
  S energy_rate(const Vec<S>& y, const Vec<S>& dy) const {
    S r(0);
    using std::abs;
    using std::pow;
    for (int i = 0; i < beads(); ++i) {
      r += m[i] * y[2 * i + 1] * dy[2 * i + 1] + K[i] * y[2 * i] * y[2 * i + 1];
      if (power_c != 0) r -= power_c * pow(abs(y[2 * i]), power_q) * (y[2 * i] < 0 ? -1 : 1) * y[2 * i + 1];
      if (!force.empty()) r -= force[i] * y[2 * i + 1];
    }
    const auto f = contact_force(law);
    for (int j = 0; j < links(); ++j) r += f.elastic(k[j], gap(y, j)) * gap_rate(y, j);
    return r;
  }

 private:
  void map_velocity(const Vec<S>& y, const S& sign, Vec<S>& out) const {
    out = y;
    for (int j = 0; j < links(); ++j) {
      const S g = damping_potential(j, gap(y, j));
      out[2 * j + 1] -= sign * g / m[j];
      if (!to_wall(j)) out[2 * j + 3] += sign * g / m[j + 1];
    }
  }
};

// The chain as a first-order system in one formulation: what schemes and
// references integrate. rhs and jacobian allocate nothing.
template <class S>
class ChainSystem {
 public:
  using Scalar = S;
  using Vector = Vec<S>;

  // With separate_local_springs, rhs and jacobian leave out the local springs
  // −K_i x_i, which local_rhs and local_jacobian supply instead: additive
  // schemes (the additive θ method, eq. (34)) treat the two parts differently.
  ChainSystem(Chain<S> chain, Formulation f, bool separate_local_springs = false)
      : chain_(std::move(chain)), form_(f), separate_local_(separate_local_springs) {
    chain_.validate();
    if (form_ == Formulation::xw && !chain_.xw_refusal().empty()) throw std::invalid_argument(chain_.xw_refusal());
    if (chain_.mollified()) sqrt_eps_.emplace(chain_.law.eps);
    // Extended scalars: x^q for q = 1/4, 1/2, 3/4 by square roots, several
    // times cheaper than a generic pow (exp(q log x)) and within 2 ulps of x^q
    // (tests/unit/models/test_singular_power.cpp); double keeps std::pow, so its results are unchanged.
    if constexpr (!std::is_same_v<S, double>) {
      if (chain_.power_c != 0) {
        if (chain_.power_q == S(1) / 2) power_roots_ = 1;
        else if (chain_.power_q == S(1) / 4) power_roots_ = 2;
        else if (chain_.power_q == S(3) / 4) power_roots_ = 3;
      }
    }
  }

  const Chain<S>& chain() const { return chain_; }
  Formulation formulation() const { return form_; }
  int beads() const { return chain_.beads(); }
  int dim() const { return 2 * chain_.beads(); }

  // The state in this formulation from positions and velocities, and back.
  Vector from_xv(const Vector& y) const { return form_ == Formulation::xw ? chain_.w_from_v(y) : y; }
  Vector to_xv(const Vector& y) const { return form_ == Formulation::xw ? chain_.v_from_w(y) : y; }
  void to_xv(const Vector& y, Vector& out) const {
    if (form_ == Formulation::xw)
      chain_.v_from_w(y, out);
    else
      out = y;
  }

  void rhs(const S& t, const Vector& y, Vector& dy) const {
    const auto& c = chain_;
    const int n = c.beads();
    for (int i = 0; i < n; ++i) {
      dy[2 * i] = y[2 * i + 1];
      dy[2 * i + 1] = separate_local_ ? S(0) : -c.K[i] * y[2 * i] / c.m[i];
    }
    if (c.has_on_site_force()) add_on_site(t, y, dy);
    const auto law = force();
    const bool xw = form_ == Formulation::xw;
    // One square root of δ for the elastic and the damping powers (the
    // mollified damping has its own).
    const bool needs_root = law.needs_root(xw);
    for (int j = 0; j < c.links(); ++j) {
      const S d = c.gap(y, j);
      if (!(d > 0)) continue;
      const bool pair = !c.to_wall(j);  // a wall link acts on bead j only
      const S root = needs_root ? positive_sqrt(d) : S(1);
      const S elastic = law.elastic(c.k[j], d, root);
      if (!xw) {
        const S f = elastic + law.damping_shape(beta_gk(j), d, root) * c.gap_rate(y, j);
        if (law.clips(f)) continue;
        dy[2 * j + 1] -= f / c.m[j];
        if (pair) dy[2 * j + 3] += f / c.m[j + 1];
      } else {
        const S g = law.damping_potential(c.gamma[j] * c.k[j], d, root);
        dy[2 * j] -= g / c.m[j];
        dy[2 * j + 1] -= elastic / c.m[j];
        if (pair) {
          dy[2 * j + 2] += g / c.m[j + 1];
          dy[2 * j + 3] += elastic / c.m[j + 1];
        }
      }
    }
  }

  void jacobian(const S& /*t*/, const Vector& y, BlockTridiagonal<S>& J) const {
    using std::abs;
    using std::pow;
    const auto& c = chain_;
    const int n = c.beads();
    if (J.beads() != n) J.resize(n);
    J.set_zero();
    for (int i = 0; i < n; ++i) {
      J.diag[i](0, 1) = S(1);
      J.diag[i](1, 0) = separate_local_ ? S(0) : -c.K[i] / c.m[i];
      if (c.power_c != 0) {
        // c q |x|^{q−1}, unbounded at x = 0 for q < 1: floored like the contact terms below.
        const S eps = std::numeric_limits<S>::epsilon();
        const S ax = abs(y[2 * i]) > eps * eps ? abs(y[2 * i]) : eps * eps;
        J.diag[i](1, 0) += c.power_c * c.power_q * pow(ax, c.power_q - 1) / c.m[i];
      }
    }
    const auto law = force();
    for (int j = 0; j < c.links(); ++j) {
      const S d = c.gap(y, j);
      if (!(d > 0)) continue;
      const S de = law.elastic_derivative(c.k[j], d);  // ∂(elastic)/∂δ
      // Row r of bead j gets −(∂F/∂δ)(e_j − e_{j+1})/m_j, bead j+1 the
      // opposite; a wall link has δ = x_j and acts on bead j only.
      auto couple = [&](int row, int col, const S& dF_ddelta) {
        J.diag[j](row, col) -= dF_ddelta / c.m[j];
        if (c.to_wall(j)) return;
        J.upper[j](row, col) += dF_ddelta / c.m[j];
        J.lower[j + 1](row, col) += dF_ddelta / c.m[j + 1];
        J.diag[j + 1](row, col) -= dF_ddelta / c.m[j + 1];
      };
      if (form_ == Formulation::xv) {
        const S ddot = c.gap_rate(y, j);
        // Where the law clips (f < 0) the force is zero nearby, and so is its derivative.
        if (law.clips(unclipped_force(j, d, ddot))) continue;
        // ∂/∂δ of δ^{β−1} is unbounded as δ → 0+ for β < 2 (the (x, v) field is
        // not Lipschitz there) and overflows for gaps of 1e-300 that a wave
        // leaves ahead of it. The Jacobian only steers Newton — the residual
        // stays exact — so it is evaluated at δ ≥ ε², where it is finite.
        const S eps = std::numeric_limits<S>::epsilon();
        const S d_floor = d > eps * eps ? d : eps * eps;
        const S a = de + law.damping_shape_derivative(beta_gk(j), d, d_floor) * ddot;
        const S b = damping_shape(j, d);
        couple(1, 0, a);
        couple(1, 1, b);
      } else {
        const S dg = law.damping_potential_derivative(c.gamma[j] * c.k[j], d);
        couple(0, 0, dg);
        couple(1, 0, de);
      }
    }
  }

  bool separate_local_springs() const { return separate_local_; }

  // The chain's law with its mollifier: the force both coordinate forms evaluate.
  ContactForce<S> force() const { return contact_force(chain_.law, sqrt_eps_ ? &*sqrt_eps_ : nullptr); }
  // β γ_j k_j, the damping force's constant.
  S beta_gk(int j) const { return S(chain_.law.four_beta) / 4 * chain_.gamma[j] * chain_.k[j]; }

  // The damping force per unit of δ̇: β γ k δ^{β−1}, or (3/2) γ k √_ε(δ).
  S damping_shape(int j, const S& d) const { return force().damping_shape(beta_gk(j), d); }
  // The same for δ > 0 with root = √δ, bit for bit (positive_power_quarter_from_root).
  S damping_shape(int j, const S& d, const S& root) const { return force().damping_shape(beta_gk(j), d, root); }
  // f_j = k δ^α + damping, before a non-tensile law clips it, for δ > 0: its
  // zero inside a contact is where such a law switches (a reference's event).
  S unclipped_force(int j, const S& d, const S& ddot) const {
    return force().elastic(chain_.k[j], d) + damping_shape(j, d) * ddot;
  }

  // The local springs alone: (0, −K_i x_i / m_i) per bead.
  void local_rhs(const S& /*t*/, const Vector& y, Vector& dy) const {
    for (int i = 0; i < beads(); ++i) {
      dy[2 * i] = S(0);
      dy[2 * i + 1] = -chain_.K[i] * y[2 * i] / chain_.m[i];
    }
  }
  void local_jacobian(const S& /*t*/, const Vector& /*y*/, BlockTridiagonal<S>& J) const {
    if (J.beads() != beads()) J.resize(beads());
    J.set_zero();
    for (int i = 0; i < beads(); ++i) J.diag[i](1, 0) = -chain_.K[i] / chain_.m[i];
  }

 private:
  void add_on_site(const S& t, const Vector& y, Vector& dy) const {
    using std::abs;
    using std::pow;
    using std::sin;
    const auto& c = chain_;
    const S drive = c.drive != 0 ? c.drive * (1 + sin(t)) : S(0);
    for (int i = 0; i < c.beads(); ++i) {
      S s = c.force.empty() ? drive : drive + c.force[i];
      if (c.power_c != 0) {
        const S x = y[2 * i];
        s += c.power_c * (x < 0 ? -on_site_power(-x) : on_site_power(x));
      }
      dy[2 * i + 1] += s / c.m[i];
    }
  }

  // x^q, x ≥ 0 (power_roots_: see the constructor).
  S on_site_power(const S& x) const {
    using std::pow;
    using std::sqrt;
    switch (power_roots_) {
      case 1: return sqrt(x);
      case 2: return sqrt(sqrt(x));
      case 3: return sqrt(x * sqrt(x));
      default: return pow(x, chain_.power_q);
    }
  }

  Chain<S> chain_;
  int power_roots_ = 0;  // 0: pow; 1, 2, 3: q = 1/2, 1/4, 3/4 by square roots
  Formulation form_;
  bool separate_local_ = false;
  std::optional<MollifiedSqrt<S>> sqrt_eps_;
};

}  // namespace granconv
