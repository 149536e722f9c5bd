#include "schemes/contact_dynamics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace granconv::cd {

GapMode gap_mode_from_string(const std::string& s) {
  if (s == "g_pos") return GapMode::positive;
  if (s == "raw") return GapMode::raw;
  throw std::invalid_argument("unknown contact-dynamics gap mode '" + s + "' (expected g_pos or raw)");
}

StopRule stop_rule_from_string(const std::string& s) {
  if (s == "fixed") return StopRule::fixed_sweeps;
  if (s == "local") return StopRule::local;
  if (s == "global") return StopRule::global;
  throw std::invalid_argument("unknown contact-dynamics stopping rule '" + s + "' (expected fixed, local or global)");
}

const char* to_string(GapMode g) { return g == GapMode::positive ? "g_pos" : "raw"; }
const char* to_string(StopRule s) {
  return s == StopRule::fixed_sweeps ? "fixed" : s == StopRule::local ? "local" : "global";
}

void Parameters::validate() const {
  if (!(dt > 0) || !std::isfinite(dt)) throw std::invalid_argument("contact dynamics: the time step dt must be positive");
  if (!(diameter > 0) || !std::isfinite(diameter))
    throw std::invalid_argument("contact dynamics: the disk diameter must be positive");
  if (sweeps < 1) throw std::invalid_argument("contact dynamics: the number of sweeps N_I must be at least 1");
  if (stop != StopRule::fixed_sweeps && (!(eps > 0) || !(small_force >= 0)))
    throw std::invalid_argument("contact dynamics: the tolerance eps must be positive and the small-force cutoff "
                                "non-negative");
}

double q_random_sweep() { return (4 * std::sqrt(std::exp(1.0)) - 5) / 2; }

SoundPrediction predict_sound(double q, int n_i, double k, double d, double dt) {
  if (!(q > 0) || n_i < 1 || !(k > 0) || !(d > 0) || !(dt > 0))
    throw std::invalid_argument("predict_sound: q, N_I, k, d and dt must be positive");
  SoundPrediction s{};
  s.c = std::sqrt(q * n_i) * d / dt;  // (57)
  s.D = q * n_i * d * d / dt;         // (54)
  const double w2 = s.c * s.c - s.D * s.D * k * k / 4;
  s.omega = w2 > 0 ? k * std::sqrt(w2) : 0;  // (58); 0: overdamped (k > k_c)
  s.tau = 2 / (s.D * k * k);                 // (60)
  s.k_c = 2 * s.c / s.D;                     // (59)
  return s;
}

Chain1D::Chain1D(std::vector<double> masses, std::vector<double> x0, std::vector<double> v0,
                 std::vector<double> force, bool wall, Parameters p)
    : p_(p), wall_(wall), m_(std::move(masses)), x_(std::move(x0)), v_(std::move(v0)), f_(std::move(force)),
      rng_(p.seed) {
  p_.validate();
  const std::size_t n = m_.size();
  if (n < 1 || (!wall && n < 2))
    throw std::invalid_argument("contact dynamics: a chain needs two disks, or one disk and a wall");
  if (x_.size() != n || v_.size() != n)
    throw std::invalid_argument("contact dynamics: positions and velocities must have one entry per disk");
  if (f_.empty()) f_.assign(n, 0.0);
  if (f_.size() != n) throw std::invalid_argument("contact dynamics: external forces must have one entry per disk");
  for (std::size_t i = 0; i < n; ++i) {
    if (!(m_[i] > 0) || !std::isfinite(m_[i])) throw std::invalid_argument("contact dynamics: masses must be positive");
    if (!std::isfinite(x_[i]) || !std::isfinite(v_[i]) || !std::isfinite(f_[i]))
      throw std::invalid_argument("contact dynamics: positions, velocities and forces must be finite");
    if (i > 0 && !(x_[i] > x_[i - 1]))
      throw std::invalid_argument("contact dynamics: disk centres must be strictly increasing (disks cannot pass "
                                  "each other in 1-D)");
  }
  if (wall && !(x_[0] > 0)) throw std::invalid_argument("contact dynamics: disk 0 must be right of the wall at x = 0");

  const int nd = static_cast<int>(n), nc = wall ? nd : nd - 1, shift = wall ? 0 : 1;
  lc_.assign(n, -1);
  rc_.assign(n, -1);
  for (int c = 0; c < nc; ++c) {
    const int r = c + shift, l = r - 1;  // l = −1: the wall
    left_.push_back(l);
    right_.push_back(r);
    lc_[r] = c;
    if (l >= 0) rc_[l] = c;
    mn_.push_back(l < 0 ? m_[r] : 1 / (1 / m_[l] + 1 / m_[r]));  // (17); the wall is immobile (infinite mass)
  }
  r_.assign(nc, 0.0);
  r_prev_.assign(nc, 0.0);
  order_.resize(nc);
}

double Chain1D::gap(int c) const {
  const int l = left_.at(c), r = right_.at(c);
  return l < 0 ? x_[r] - p_.diameter / 2 : x_[r] - x_[l] - p_.diameter;
}

double Chain1D::kinetic_energy() const {
  double e = 0;
  for (int i = 0; i < disks(); ++i) e += m_[i] * v_[i] * v_[i] / 2;
  return e;
}

double Chain1D::update(int c) const {
  const int l = left_[c], r = right_[c];
  const double dt = p_.dt;
  // Velocities after the step without contact c's own force (23).
  double ur = v_[r] + dt * (f_[r] - (rc_[r] >= 0 ? r_[rc_[r]] : 0)) / m_[r];
  double ul = l < 0 ? 0 : v_[l] + dt * (f_[l] + (lc_[l] >= 0 ? r_[lc_[l]] : 0)) / m_[l];
  const double un = ur - ul;
  const double g = gap(c);
  const double gp = p_.gap == GapMode::positive ? std::max(g, 0.0) : g;
  if (un * dt + gp > 0) return 0;  // (25): no contact
  return -mn_[c] * (gp / dt + un) / dt;  // (28) in 1-D: closes the gap, g_new = 0
}

std::size_t Chain1D::below(std::size_t n) {
  // Rejection sampling: accept the 2^64 − (2^64 mod n) smallest draws, so the
  // result is exactly uniform and defined by the engine alone.
  constexpr auto max = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t reject = (max % n + 1) % n;  // 2^64 mod n
  std::uint64_t u;
  do u = rng_();
  while (reject != 0 && u > max - reject);
  return static_cast<std::size_t>(u % n);
}

StepStats Chain1D::step() {
  const int nc = contacts();
  StepStats st;
  st.converged = p_.stop == StopRule::fixed_sweeps;
  for (int s = 0; s < p_.sweeps; ++s) {
    for (int c = 0; c < nc; ++c) order_[c] = c;
    for (int i = nc - 1; i > 0; --i) std::swap(order_[i], order_[below(static_cast<std::size_t>(i) + 1)]);
    std::copy(r_.begin(), r_.end(), r_prev_.begin());
    for (int c : order_) r_[c] = update(c);  // Gauss–Seidel: stored at once, seen by the next contacts
    ++st.sweeps;
    if (p_.stop == StopRule::local) {
      bool ok = true;
      for (int c = 0; c < nc && ok; ++c) ok = std::abs(r_[c] - r_prev_[c]) <= p_.eps * std::abs(r_[c]) + p_.small_force;
      if (ok) {
        st.converged = true;
        break;
      }
    } else if (p_.stop == StopRule::global) {
      double now = 0, before = 0;
      for (int c = 0; c < nc; ++c) {
        now += std::abs(r_[c]);
        before += std::abs(r_prev_[c]);
      }
      if (std::abs(now - before) <= p_.eps * now) {  // averages: the common 1/n cancels
        st.converged = true;
        break;
      }
    }
  }
  for (int i = 0; i < disks(); ++i) {
    const double total = f_[i] + (lc_[i] >= 0 ? r_[lc_[i]] : 0) - (rc_[i] >= 0 ? r_[rc_[i]] : 0);
    v_[i] += p_.dt * total / m_[i];  // (2)
    x_[i] += p_.dt * v_[i];          // (1), with the new velocity
  }
  t_ = static_cast<double>(++steps_) * p_.dt;
  return st;
}

}  // namespace granconv::cd
