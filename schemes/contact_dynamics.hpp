#pragma once
// Contact dynamics (Moreau–Jean CD) of rigid, frictionless disks on a line, as
// in Unger & Kertész 2003 ("The contact dynamics method for granular media"):
//
//   implicit Euler (1)–(2):   v(t+Δt) = v(t) + F(t+Δt) Δt/m,  x(t+Δt) = x(t) + v(t+Δt) Δt,
//   shock law (34), e_n = 0:  R := 0 if U_n Δt + g_pos > 0, else R := −m_n (g_pos/Δt + U_n)/Δt,
//   g_pos = max(g, 0) (33), or the raw gap g of (28) (GapMode::raw),
//
// solved by a Gauss–Seidel force iteration whose sweeps visit every contact
// once in a fresh random permutation ("random sweep"), stopped by one of the
// criteria (35)–(37). In 1-D there is no tangential force and no rotation, so
// the Coulomb part of (34) is absent.
//
// Geometry (the paper's fig. 6): disks of diameter d with centres x_0 < x_1 <
// ...; with `wall`, an immobile wall at x = 0 touches disk 0 when x_0 = d/2.
// Contacts c are numbered left to right: with a wall c = 0 is wall–disk 0 and
// c = k ≥ 1 is disk k−1 – disk k; without one c = k is disk k – disk k+1.
// The gap of disks l < r is g = x_r − x_l − d (wall: g = x_0 − d/2), R_c ≥ 0
// pushes the right disk right and the left disk left, and n points left to
// right, so U_n < 0 means approaching (eq. 24).
//
// U_n is the relative velocity the contact would have after the step without
// its own force (23): old velocities plus Δt/m times the external forces and
// the neighbours' current forces. Forces are warm-started from the previous
// step: the paper's analysis of the 1-D chain (Δt = N_I Δt*, eqs. 51–55)
// treats the iteration as continuing across steps, which is what makes the
// force relaxation a diffusion in physical time.
//
// Deterministic: one std::mt19937_64 seeded by `seed`, consumed in a fixed
// order (a Fisher–Yates shuffle with rejection sampling, not
// std::shuffle/uniform_int_distribution whose output is library-defined).
// step() allocates nothing.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace granconv::cd {

enum class GapMode { positive, raw };                // (33) g_pos = max(g, 0) | the raw gap of (28)
enum class StopRule { fixed_sweeps, local, global };  // (37) N_I = const | (35) | (36)

GapMode gap_mode_from_string(const std::string& s);   // "g_pos" | "raw"
StopRule stop_rule_from_string(const std::string& s);  // "fixed" | "local" | "global"
const char* to_string(GapMode g);
const char* to_string(StopRule s);

struct Parameters {
  double dt = 1;        // Δt
  double diameter = 1;  // d
  // N_I for StopRule::fixed_sweeps (37); the cap on sweeps for (35)/(36).
  int sweeps = 40;
  std::uint64_t seed = 1;
  GapMode gap = GapMode::positive;
  StopRule stop = StopRule::fixed_sweeps;
  // (35): |ΔR_c| ≤ eps |R_c| + small_force for every c; (36): |Δ⟨|R|⟩| ≤ eps ⟨|R|⟩.
  double eps = 1e-8, small_force = 0;
  void validate() const;  // throws std::invalid_argument
};

struct StepStats {
  int sweeps = 0;
  bool converged = true;  // false: a tolerance rule (35)/(36) hit the sweep cap
};

class Chain1D {
 public:
  // masses m_i > 0, initial centres (increasing, no disk left of the wall),
  // velocities, constant external forces (one per disk, or empty).
  Chain1D(std::vector<double> masses, std::vector<double> x0, std::vector<double> v0, std::vector<double> force,
          bool wall, Parameters p);

  StepStats step();  // one implicit-Euler step of Δt

  int disks() const { return static_cast<int>(m_.size()); }
  int contacts() const { return static_cast<int>(left_.size()); }
  double time() const { return t_; }
  long steps() const { return steps_; }
  const std::vector<double>& x() const { return x_; }
  const std::vector<double>& v() const { return v_; }
  const std::vector<double>& forces() const { return r_; }  // R_c of the last step
  double gap(int c) const;
  double kinetic_energy() const;
  const Parameters& parameters() const { return p_; }
  // Switch the law mid-run (to apply raw g to a state prepared with g_pos).
  void set_gap_mode(GapMode g) { p_.gap = g; }

 private:
  double update(int c) const;  // the shock law (34) for contact c, neighbours' forces as they stand
  std::size_t below(std::size_t n);  // uniform in [0, n), from rng_

  Parameters p_;
  bool wall_;
  std::vector<double> m_, x_, v_, f_;
  std::vector<int> left_, right_;      // disks of contact c (left_ = −1: the wall)
  std::vector<int> lc_, rc_;           // contact left / right of disk i (−1: none)
  std::vector<double> mn_;             // effective normal mass m_n of contact c (17)
  std::vector<double> r_, r_prev_;     // contact forces, and before the sweep
  std::vector<int> order_;             // sweep permutation
  std::mt19937_64 rng_;
  double t_ = 0;
  long steps_ = 0;
};

// (46): the diffusion coefficient factor of the random sweep.
double q_random_sweep();  // (4√e − 5)/2 ≈ 0.797

// Continuum predictions (54), (57), (58), (60) for wave number k (units of d, m, Δt given).
struct SoundPrediction {
  double c, D, omega, tau, k_c;
};
SoundPrediction predict_sound(double q, int n_i, double k, double d, double dt);

}  // namespace granconv::cd
