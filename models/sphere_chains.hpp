#pragma once
// Chains of elastic spheres in SI units (Nguyen & Brogliato 2011, §3):
// masses m = ρ (4/3) π R³ and Hertz stiffnesses, eqs. (33)–(35) with the
// radical where it belongs (the printed (4/3) √(R* E*) is dimensionally wrong):
//   K = (4/3) E* √R*,  1/R* = 1/R_i + 1/R_{i+1},  1/E* = (1−ν_i²)/E_i + (1−ν_{i+1}²)/E_{i+1},
// and against a rigid wall R* = R_N, 1/E* = (1−ν²)/E + (1−ν_w²)/E_w.
//
// The bodies are, left to right: an optional left striker, the beads, an
// optional right striker. The state is the usual Chain<S> one: displacements
// from the rest positions where neighbours (and the wall) just touch, so a
// gap δ_j = x_j − x_{j+1} > 0 is an overlap. A striker may start a distance
// `gap` away from the chain (x_0 = −gap for a left striker).
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/chain.hpp"

namespace granconv {

struct SphereMaterial {
  double rho = 7780;    // kg/m³
  double E = 203e9;     // Pa
  double nu = 0.3;
};

struct Striker {
  enum class Side { left, right };
  Side side = Side::left;
  double radius = 0;  // m
  double speed = 0;   // m/s towards the chain (> 0)
  double gap = 0;     // m between the striker and the chain end at t = 0
};

struct SphereChainSpec {
  std::vector<double> radii;  // the beads, left to right (m)
  SphereMaterial material;    // beads and strikers
  bool wall = false;          // a rigid wall right of the last bead (no right striker then)
  double wall_E = 0, wall_nu = -1;  // wall material; defaults (0, −1) mean the beads' material
  std::vector<Striker> strikers;    // at most one per side
};

template <class S>
struct SphereChain {
  Chain<S> chain;              // gamma = 0, twice_alpha = 3: plain Hertz
  std::vector<double> radii;   // per body, strikers included, left to right
  Vec<S> y0;                   // (x, v) interleaved, strikers moving, beads at rest
  int first_bead = 0;          // index of the first bead (1 with a left striker)
  int n_beads = 0;
};

inline double sphere_mass(double radius, double rho) {
  return rho * 4.0 / 3.0 * std::numbers::pi * radius * radius * radius;
}

// E* of two bodies, eq. (34)/(35).
inline double effective_modulus(double E1, double nu1, double E2, double nu2) {
  return 1.0 / ((1 - nu1 * nu1) / E1 + (1 - nu2 * nu2) / E2);
}

// K = (4/3) E* √R*, eq. (33) corrected; r2 = 0 means a flat wall (R* = r1).
inline double hertz_stiffness(double r1, double r2, double E_star) {
  const double r_star = r2 > 0 ? r1 * r2 / (r1 + r2) : r1;
  return 4.0 / 3.0 * E_star * std::sqrt(r_star);
}

// R_1 = r1, R_i = (1 − q) R_{i−1}: radii that decrease along the chain for
// q > 0. The printed "R_{i−1} = (1 − q) R_i" of App. A.2.2 makes them grow; it
// is q = 1 − 1/0.95 here (negative q are allowed to show that it is not the
// paper's chain).
inline std::vector<double> tapered_radii(int n, double r1, double q) {
  if (n < 1 || !(r1 > 0) || !(q > -1 && q < 1))
    throw std::invalid_argument("tapered radii need n ≥ 1, r1 > 0 and -1 < q < 1");
  std::vector<double> r(n);
  r[0] = r1;
  for (int i = 1; i < n; ++i) r[i] = (1 - q) * r[i - 1];
  return r;
}

template <class S = double>
SphereChain<S> make_sphere_chain(const SphereChainSpec& spec) {
  const auto& mat = spec.material;
  if (spec.radii.empty()) throw std::invalid_argument("a sphere chain needs at least one bead");
  for (double r : spec.radii)
    if (!(r > 0) || !std::isfinite(r)) throw std::invalid_argument("bead radii must be positive and finite");
  if (!(mat.rho > 0) || !(mat.E > 0) || !(mat.nu > -1 && mat.nu < 0.5))
    throw std::invalid_argument("sphere material needs rho > 0, E > 0 and -1 < nu < 0.5");
  const Striker* left = nullptr;
  const Striker* right = nullptr;
  for (const auto& s : spec.strikers) {
    if (!(s.radius > 0) || !(s.speed > 0) || !(s.gap >= 0))
      throw std::invalid_argument("a striker needs radius > 0, speed > 0 and gap ≥ 0");
    const Striker*& slot = s.side == Striker::Side::left ? left : right;
    if (slot) throw std::invalid_argument("at most one striker per chain end");
    slot = &s;
  }
  if (spec.wall && right) throw std::invalid_argument("a chain against a wall cannot have a right striker");
  const double wall_E = spec.wall_E > 0 ? spec.wall_E : mat.E;
  const double wall_nu = spec.wall_nu >= 0 ? spec.wall_nu : mat.nu;
  if (spec.wall && !(wall_nu < 0.5)) throw std::invalid_argument("wall Poisson ratio must be below 0.5");

  SphereChain<S> out;
  if (left) out.radii.push_back(left->radius);
  out.first_bead = static_cast<int>(out.radii.size());
  out.radii.insert(out.radii.end(), spec.radii.begin(), spec.radii.end());
  out.n_beads = static_cast<int>(spec.radii.size());
  if (right) out.radii.push_back(right->radius);
  const int n = static_cast<int>(out.radii.size());

  const double e_star = effective_modulus(mat.E, mat.nu, mat.E, mat.nu);
  Chain<S> c;
  c.law = contact_law_info("hertz").law<S>();
  for (int i = 0; i < n; ++i) c.m.push_back(S(sphere_mass(out.radii[i], mat.rho)));
  c.K.assign(n, S(0));
  for (int j = 0; j + 1 < n; ++j) c.k.push_back(S(hertz_stiffness(out.radii[j], out.radii[j + 1], e_star)));
  if (spec.wall) {
    c.wall = true;
    c.k.push_back(S(hertz_stiffness(out.radii[n - 1], 0, effective_modulus(mat.E, mat.nu, wall_E, wall_nu))));
  }
  c.gamma.assign(c.k.size(), S(0));
  c.validate();
  out.chain = std::move(c);

  out.y0 = Vec<S>::Zero(2 * n);
  if (left) {
    out.y0[0] = S(-left->gap);
    out.y0[1] = S(left->speed);
  }
  if (right) {
    out.y0[2 * (n - 1)] = S(right->gap);
    out.y0[2 * (n - 1) + 1] = S(-right->speed);
  }
  return out;
}

// Compiled once, in scenarios.cpp (see make_problem there).
extern template SphereChain<double> make_sphere_chain<double>(const SphereChainSpec&);

}  // namespace granconv
