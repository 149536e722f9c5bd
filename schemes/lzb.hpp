#pragma once
// The LZB multiple-impact model integrated by impulse stepping (Nguyen &
// Brogliato 2011, §2.1 and App. A.1, Algorithms 1–3), bi-stiffness law.
//
// During the impact the configuration is frozen (Assumption 1): only the
// velocities change, driven by the contact impulses P_j. The independent
// variable is the principal impulse P_*, advanced by ΔP per step; each step
//   1. flags every contact (line 6–16): 0 idle, 1 starting to compress, 2 loaded,
//   2. stops when every flag is 0 — E_j = 0 and u_j ≤ 0 everywhere, (19),
//   3. picks the primary contact *: largest E (or largest u when all E = 0),
//   4. distributes the impulse δP_j by (12), (13) or (11),
//   5. applies it to the bodies (8),
//   6. integrates the potential energies (15)–(16) by the trapezoid rule,
//   7. advances the time by the map (18), dt = δP_*/λ_*, λ from (17).
//
// Corrections of the printed algorithms (digest-lzb-shock-dynamics.md §0):
//  - u_j is the APPROACH rate v_j − v_{j+1} (v_N for the wall), positive in
//    compression as the text says; the printed δ̇ = W_c^T q̇ is the opening rate
//    and its update (line 59) would have the wrong sign (flag 0.1). An impulse
//    δP_j pushes body j back and body j+1 forward.
//  - lines 8–10 and 29 test the relative velocity u_j, not the frozen gap (0.5).
//  - lines 51 and 53 get the missing factor ΔP: δP_j = (dP_j/dP_*) ΔP (0.6).
//  - line 44 (rule (12)) gives impulse only to approaching contacts, u_j > 0;
//    a negative base to the power η is undefined (0.7).
//  - an energy that the trapezoid step takes below zero is clipped to 0: the
//    contact unloaded completely within the step (not specified in the paper).
// Safeguard, where the paper has none: rule (13) for a contact that starts
// loading while the primary contact carries energy, δP_j = γ (u_j ΔP/E_*)^η ΔP,
// is singular when E_* is small. The primary contact has the largest energy,
// so by (11) no contact may take more than γ^{1/(1+η)} ΔP per step; the
// increment is capped there. Without the cap a dissipative chain (e_s = 0.6)
// creates energy without bound (tests/unit/schemes/test_lzb.cpp).
//
// Momentum: body momenta p_i are updated by ±δP_j, so Σ p_i changes only by
// rounding (and by the impulse a wall takes). The hot loop allocates nothing.
//
// Limits: besides max_steps, a velocity beyond the blow-up bound
// (models/blow_up.hpp, from the pre-impact velocities) and a wall-clock
// budget end the impact with an error; nothing runs unbounded.
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/blow_up.hpp"
#include "models/chain.hpp"

namespace granconv {

struct LzbOptions {
  double dP = 0;                 // ΔP, the step in the principal impulse (N·s)
  double es = 1;                 // energetic restitution coefficient e_s ∈ (0, 1], every contact
  bool guard_rule13 = true;      // cap rule (13), see above; false: the printed rule
  // A perturbation for the negative tests, never the paper's method: rule (11)
  // with its exponents 1/(1+η) and η/(1+η) exchanged.
  bool swap_rule11_exponents = false;
  long max_steps = 200'000'000;  // an impact taking more steps is an error
  double max_seconds = 600;      // wall-clock budget of one impact (--reference-budget, as the references')
};

struct LzbResult {
  Vec<double> v;           // post-impact velocities
  long steps = 0;          // impulse steps until termination (19)
  double P = 0;            // Σ δP_* over the steps
  double t = 0;            // impact duration from the time map (18)
  long guarded = 0;        // increments capped by the rule-(13) safeguard
  long rule13 = 0;         // increments given by rule (13)
  double momentum_before = 0, momentum_after = 0;
  double wall_impulse = 0;  // taken by the wall: momentum_after = momentum_before − wall_impulse
  double kinetic_before = 0, kinetic_after = 0;
};

class LzbImpact {
 public:
  // Called after each step with the step number, P_*, t, the velocities and
  // the contact energies.
  using Observer = std::function<void(long k, double P, double t, const Vec<double>& v, const Vec<double>& E)>;

  LzbImpact(const Chain<double>& chain, const LzbOptions& opt) : opt_(opt) {
    chain.validate();
    if (!(opt.dP > 0) || !std::isfinite(opt.dP))
      throw std::invalid_argument("LZB: the impulse step ΔP must be positive and finite (got " + std::to_string(opt.dP) + ")");
    if (!(opt.es > 0 && opt.es <= 1)) throw std::invalid_argument("LZB: e_s must lie in (0, 1]");
    if (opt.max_steps < 1) throw std::invalid_argument("LZB: max_steps must be positive");
    if (!(opt.max_seconds > 0) || !std::isfinite(opt.max_seconds))
      throw std::invalid_argument("LZB: the wall-clock budget must be positive and finite");
    for (double g : chain.gamma)
      if (g != 0) throw std::invalid_argument("LZB: the chain must be undamped (gamma = 0); dissipation enters through e_s");
    if (chain.has_on_site_force() || [&] {
          for (double k : chain.K)
            if (k != 0) return true;
          return false;
        }())
      throw std::invalid_argument("LZB: on-site forces and local springs act over time, not during an impact");
    for (double k : chain.k)
      if (!(k > 0)) throw std::invalid_argument("LZB: contact stiffnesses must be positive");
    m_ = chain.m;
    K_ = chain.k;
    wall_ = chain.wall;
    eta_ = chain.law.twice_alpha / 2.0;
    const int nc = chain.links();
    u_.assign(nc, 0);
    u_new_.assign(nc, 0);
    dPj_.assign(nc, 0);
    flag_.assign(nc, 0);
    E_ = Vec<double>::Zero(nc);
    p_.assign(m_.size(), 0);
    v_ = Vec<double>::Zero(static_cast<Eigen::Index>(m_.size()));
    gam_a_.assign(nc, 0);
    gam_b_.assign(nc, 0);
  }

  int contacts() const { return static_cast<int>(K_.size()); }

  // The impact from pre-impact velocities v0 (one per body). The chain must be
  // touching everywhere (the configuration is frozen; gaps are not modelled).
  LzbResult run(const Vec<double>& v0, const Observer& observe = nullptr) {
    const int nb = static_cast<int>(m_.size()), nc = contacts();
    if (v0.size() != nb) throw std::invalid_argument("LZB: one pre-impact velocity per body expected");
    for (int i = 0; i < nb; ++i) p_[i] = m_[i] * v0[i];
    E_.setZero();
    primary_ = -1;  // the cached powers below are computed again
    LzbResult r;
    velocities();
    r.momentum_before = momentum();
    r.kinetic_before = kinetic();
    const double eta = eta_, a = 1 / (1 + eta), b = eta / (eta + 1);
    const double lambda_coef = std::pow(1 + eta, b);
    const double inv_es2 = 1 / (opt_.es * opt_.es);
    const double bound = blow_up_bound(v0);
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(opt_.max_seconds));
    rates(u_);
    for (long k = 0;; ++k) {
      // Flags (lines 6–16) and termination (17–23).
      bool any = false;
      double emax = 0;
      for (int j = 0; j < nc; ++j) {
        flag_[j] = E_[j] > 0 ? 2 : (u_[j] > 0 ? 1 : 0);
        any = any || flag_[j] != 0;
        emax = std::max(emax, E_[j]);
      }
      if (!any) break;
      if (k >= opt_.max_steps)
        throw std::runtime_error("LZB: the impact did not terminate within " + std::to_string(opt_.max_steps) +
                                 " steps of ΔP = " + std::to_string(opt_.dP));
      if ((k & 4095) == 4095 && std::chrono::steady_clock::now() > deadline)
        throw std::runtime_error("LZB: wall-clock budget of " + shortest(opt_.max_seconds) + " s used up at step " +
                                 std::to_string(k) + " (t = " + shortest(r.t) + " s, ΔP = " + shortest(opt_.dP) +
                                 "; --reference-budget raises it)");
      // Primary contact (lines 24–40): the first of the largest.
      const bool by_velocity = emax == 0;
      int s = 0;
      for (int j = 1; j < nc; ++j)
        if (by_velocity ? u_[s] < u_[j] : E_[s] < E_[j]) s = j;
      // Distributing law (lines 41–56).
      const double dP = opt_.dP, Es = E_[s], us = u_[s];
      // The powers of the stiffness ratios depend on the primary contact
      // alone, which changes seldom, and pow dominates an impact's cost:
      // computed once per primary, on demand (docs/performance.md). The same
      // calls on the same arguments: the same bits.
      if (s != primary_) {
        primary_ = s;
        std::fill(gam_a_.begin(), gam_a_.end(), 0.0);
        std::fill(gam_b_.begin(), gam_b_.end(), 0.0);
        ks_a_ = std::pow(K_[s], a);
      }
      const auto gam_to = [&](std::vector<double>& cache, int j, double gam, double e) {
        double& g = cache[static_cast<std::size_t>(j)];
        if (g == 0) g = std::pow(gam, e);  // gam > 0: its power is > 0
        return g;
      };
      for (int j = 0; j < nc; ++j) {
        const double gam = K_[j] / K_[s];
        double d = 0;
        if (by_velocity) {
          if (u_[j] > 0) d = gam * std::pow(u_[j] / us, eta) * dP;  // (12)
        } else if (flag_[j] == 1) {
          d = gam * std::pow(u_[j] * dP / Es, eta) * dP;  // (13)
          ++r.rule13;
          const double cap = gam_to(gam_a_, j, gam, a) * dP;
          if (opt_.guard_rule13 && d > cap) {
            d = cap;
            ++r.guarded;
          }
        } else if (flag_[j] == 2) {
          d = opt_.swap_rule11_exponents ? gam_to(gam_b_, j, gam, b) * std::pow(E_[j] / Es, a) * dP
                                         : gam_to(gam_a_, j, gam, a) * std::pow(E_[j] / Es, b) * dP;  // (11)
        }
        dPj_[j] = d;
      }
      // Impulses on the bodies (lines 57–60 through the momenta).
      for (int j = 0; j < nc; ++j) {
        p_[j] -= dPj_[j];
        if (!(wall_ && j == nb - 1))
          p_[j + 1] += dPj_[j];
        else
          r.wall_impulse += dPj_[j];
      }
      velocities();
      rates(u_new_);
      // Energies (lines 73–78), the expansion branch scaled by 1/e_s².
      for (int j = 0; j < nc; ++j) {
        if (dPj_[j] == 0) continue;
        const double w = (u_[j] + u_new_[j]) / 2 * dPj_[j];
        E_[j] += u_[j] >= 0 ? w : w * inv_es2;
        if (E_[j] < 0) E_[j] = 0;
      }
      // Force at the primary contact (lines 81–88, (17)) and the clocks (89–91).
      const double base = Es > 0 ? Es : us * dPj_[s];
      const double lambda = lambda_coef * ks_a_ * std::pow(base, b);
      r.P += dPj_[s];
      r.t += dPj_[s] / lambda;
      std::swap(u_, u_new_);
      r.steps = k + 1;
      if (observe) observe(k + 1, r.P, r.t, v_, E_);
      if (!std::isfinite(r.P) || !std::isfinite(E_.sum()))
        throw std::runtime_error("LZB: non-finite impulse or energy at step " + std::to_string(k + 1));
      for (int i = 0; i < nb; ++i)
        if (!(std::abs(v_[i]) <= bound))
          throw std::runtime_error("LZB: the velocity of body " + std::to_string(i) + " exceeds the blow-up bound " +
                                   shortest(bound) + " at step " + std::to_string(k + 1));
    }
    r.v = v_;
    r.momentum_after = momentum();
    r.kinetic_after = kinetic();
    return r;
  }

 private:
  static std::string shortest(double x) {  // %g: 600, not 600.000000
    std::ostringstream s;
    s << x;
    return s.str();
  }
  void velocities() {
    for (std::size_t i = 0; i < m_.size(); ++i) v_[static_cast<Eigen::Index>(i)] = p_[i] / m_[i];
  }
  void rates(std::vector<double>& u) const {
    const int nb = static_cast<int>(m_.size());
    for (int j = 0; j < contacts(); ++j) u[j] = (wall_ && j == nb - 1) ? v_[j] : v_[j] - v_[j + 1];
  }
  double momentum() const {
    double s = 0;
    for (double p : p_) s += p;
    return s;
  }
  double kinetic() const {
    double s = 0;
    for (std::size_t i = 0; i < m_.size(); ++i) s += p_[i] * p_[i] / (2 * m_[i]);
    return s;
  }

  LzbOptions opt_;
  std::vector<double> m_, K_;
  bool wall_ = false;
  double eta_ = 1.5;
  std::vector<double> u_, u_new_, dPj_, p_;
  // pow(K_j / K_s, a), pow(K_j / K_s, b) and pow(K_s, a) for the primary contact s = primary_ (0: not yet).
  std::vector<double> gam_a_, gam_b_;
  int primary_ = -1;
  double ks_a_ = 0;
  std::vector<int> flag_;
  Vec<double> E_, v_;
};

}  // namespace granconv
