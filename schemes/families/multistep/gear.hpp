#pragma once
// Gear's predictor–corrector in Nordsieck form for x'' = F(t, x, v)
// (Gear 1971, ch. 9; Allen & Tildesley, Computer Simulation of Liquids,
// 1987, ch. 3 and app. E). The state is the Nordsieck vector of k values
//   r_j = h^j/j! · x^{(j)},  j = 0..k−1   (r_0 = x, r_1 = h v, r_2 = h²/2 a, ...)
// and one step is
//   predict   r^p = P r           (P the Pascal matrix: the Taylor polynomial moved by h)
//   evaluate  a = F(t+h, r_0^p, r_1^p/h)
//   correct   r = r^p + c Δ,  Δ = h²/2 · a − r_2^p   (c the corrector vector, c_2 = 1).
// The "velocity" rule says which velocity the force sees:
//   predicted  one evaluation with the predicted velocity r_1^p/h (what DEM
//              and MD codes do);
//   corrected  a second evaluation at the corrected (x, v), and the
//              correction applied again from r^p with that force (PECEC).
// docs/scheme-files.md derives the order (k − 1 from a start accurate to
// O(h^k) in every r_j) and what each rule costs.
//
// Start (the Nordsieck array needs x'', x''', ... at t = 0):
//   runge-kutta  k − 3 classical RK4 steps give the accelerations at
//                t = 0, h, ..., (k−3)h; their interpolating polynomial's
//                derivatives at 0 give r_2 .. r_{k−1}, each to O(h^k)
//                (the RK4 values to O(h^5), enough for k ≤ 7). The RK4
//                steps only serve the start: the run begins at t = 0.
//   zero         r_2 = h²/2 F(0, x_0, v_0) and r_j = 0 for j ≥ 3, as DEM
//                codes start: an O(h³) error in r_3 that costs the order
//                down to 2.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "schemes/families/second_order_scheme.hpp"
#include "schemes/families/multistep/rk4_starter.hpp"
#include "schemes/scheme.hpp"

namespace granconv::multistep {

enum class GearVelocity { predicted, corrected };
enum class GearStart { runge_kutta, zero };

template <class S>
struct GearMethod {
  std::vector<S> c;  // the corrector vector, c.size() = k values, c[2] = 1
  GearVelocity velocity = GearVelocity::predicted;
  GearStart start = GearStart::runge_kutta;
  int values() const { return int(c.size()); }
};

// r ← P r in place: the Pascal matrix as k − 1 sweeps of additions.
template <class S>
void nordsieck_predict(std::vector<Vec<S>>& r) {
  const int k = int(r.size());
  for (int j = 0; j + 1 < k; ++j)
    for (int i = k - 2; i >= j; --i) r[i] += r[i + 1];
}

// The coefficients of u^j in the binomials C(u, s), s, j ≤ m: the Newton
// forward-difference polynomial in monomial form.
template <class S>
std::vector<std::vector<S>> binomial_monomials(int m) {
  std::vector<std::vector<S>> b(m + 1, std::vector<S>(m + 1, S(0)));
  b[0][0] = S(1);
  for (int s = 1; s <= m; ++s)
    for (int j = 0; j <= s; ++j) {
      const S shifted = j > 0 ? b[s - 1][j - 1] : S(0);  // u · C(u, s−1)
      b[s][j] = (shifted - S(s - 1) * b[s - 1][j]) / S(s);
    }
  return b;
}

// The Nordsieck vector at t = 0 from y0 = (x_0, v_0) interleaved (see the start rules above).
template <class S>
void gear_start(const ChainSystem<S>& sys, const GearMethod<S>& g, const Vec<S>& y0, const S& h,
                std::vector<Vec<S>>& r) {
  const int N = sys.beads(), dim = sys.dim(), k = g.values();
  const int m = g.start == GearStart::zero ? 0 : k - 3;  // accelerations at t = 0..m h
  std::vector<Vec<S>> acc(m + 1, Vec<S>(N));
  Vec<S> y = y0, next(dim), f(dim);
  Rk4Work<S> work(dim);
  for (int i = 0; i <= m; ++i) {
    sys.rhs(h * S(i), y, f);
    for (int b = 0; b < N; ++b) acc[i][b] = f[2 * b + 1];
    if (i < m) {
      rk4_step(sys, h * S(i), y, h, work, next);
      y = next;
    }
  }
  for (int b = 0; b < N; ++b) {
    r[0][b] = y0[2 * b];
    r[1][b] = h * y0[2 * b + 1];
  }
  for (int j = 2; j < k; ++j) r[j].setZero();
  // Forward differences Δ^s a_0 in place, then the polynomial's coefficients.
  for (int s = 1; s <= m; ++s)
    for (int i = m; i >= s; --i) acc[i] -= acc[i - 1];
  const auto binom = binomial_monomials<S>(m);
  const S h2 = h * h;
  for (int j = 0; j <= m && j + 2 < k; ++j) {
    Vec<S> coef = Vec<S>::Zero(N);
    for (int s = j; s <= m; ++s) coef += binom[s][j] * acc[s];
    r[j + 2] = (h2 / S((j + 1) * (j + 2))) * coef;  // h^{j+2}/(j+2)! a^{(j)}(0), with d/du = h d/dt
  }
}

template <class S>
void run_gear(const ChainSystem<S>& sys, const GearMethod<S>& g, const Vec<S>& y0, const S& h, long n,
              const typename Scheme<S>::Observer& obs) {
  const int N = sys.beads(), dim = sys.dim(), k = g.values();
  std::vector<Vec<S>> r(k, Vec<S>(N)), rp(k, Vec<S>(N));
  Vec<S> y(dim), f(dim);
  gear_start(sys, g, y0, h, r);
  const S half_h2 = h * h / 2;
  auto load = [&](const std::vector<Vec<S>>& from) {
    for (int b = 0; b < N; ++b) {
      y[2 * b] = from[0][b];
      y[2 * b + 1] = from[1][b] / h;
    }
  };
  // r = base + c Δ with Δ = h²/2 F − base_2, F the force in f.
  auto correct = [&](const std::vector<Vec<S>>& base) {
    for (int b = 0; b < N; ++b) {
      const S delta = half_h2 * f[2 * b + 1] - base[2][b];
      for (int j = 0; j < k; ++j) r[j][b] = base[j][b] + g.c[j] * delta;
    }
  };
  for (long s = 0; s < n; ++s) {
    const S t1 = h * S(s + 1);
    nordsieck_predict(r);
    for (int j = 0; j < k; ++j) rp[j] = r[j];
    load(rp);
    sys.rhs(t1, y, f);
    correct(rp);
    if (g.velocity == GearVelocity::corrected) {
      load(r);
      sys.rhs(t1, y, f);
      correct(rp);
    }
    load(r);
    if (obs) obs(s + 1, y);
  }
}

// The Scheme<S>: x'' = F(t, x, v) in the (x, v) formulation only.
template <class S>
Scheme<S> gear_scheme(const GearMethod<S>& g, const std::string& name, const std::string& label, int order) {
  return second_order_scheme<S>(name, label, order, false,
                                [g](const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n,
                                    const typename Scheme<S>::Observer& obs) { run_gear(sys, g, y0, h, n, obs); });
}

// One step of size Ω on x'' + 2ζx' + x = 0 on the state (x, v, r_2, ..., r_{k−1}):
// x and v as entries 0 and 1, the higher values scaled as in the Nordsieck
// vector (unscaled derivatives would spread the matrix's entries over Ω^{±k}
// and spoil its eigenvalues in double).
template <class S>
void gear_oscillator_step(const GearMethod<S>& g, const S& omega, const S& zeta, const std::vector<S>& in,
                          std::vector<S>& out) {
  const int k = g.values();
  if (omega == 0) {
    out = in;
    return;
  }
  std::vector<S> r = in;
  r[1] = omega * in[1];
  for (int j = 0; j + 1 < k; ++j)
    for (int i = k - 2; i >= j; --i) r[i] += r[i + 1];
  const std::vector<S> rp = r;
  auto correct = [&](const S& x, const S& hv) {
    const S a = -x - 2 * zeta * hv / omega;
    const S delta = omega * omega / 2 * a - rp[2];
    for (int j = 0; j < k; ++j) r[j] = rp[j] + g.c[j] * delta;
  };
  correct(rp[0], rp[1]);
  if (g.velocity == GearVelocity::corrected) correct(S(r[0]), S(r[1]));
  out = r;
  out[1] = r[1] / omega;
}

}  // namespace granconv::multistep
