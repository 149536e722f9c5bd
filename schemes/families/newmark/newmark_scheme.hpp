#pragma once
// The Newmark family for x'' = F(t, x, v) on a chain (docs/scheme-files.md,
// "Newmark family"): Newmark-β, HHT-α and generalized-α in Chung & Hulbert's
// (1993) notation, as Tempus and Siconos write them. State (x, v, a); with
// t_{n+1−α_f} = t_n + (1 − α_f) h and y_{n+1−α_f} = (1 − α_f) y_{n+1} + α_f y_n,
//
//   x_{n+1} = x_n + h v_n + h² ((1/2 − β) a_n + β a_{n+1})
//   v_{n+1} = v_n + h ((1 − γ) a_n + γ a_{n+1})
//   (1 − α_m) a_{n+1} + α_m a_n = F(t_{n+1−α_f}, x_{n+1−α_f}, v_{n+1−α_f})
//
// and a_0 = F(0, x_0, v_0). The last line is solved for a_{n+1} by Newton
// (per unit mass; F_x, F_v its Jacobian blocks at the interpolated state):
//   [(1 − α_m) I − (1 − α_f)(γ h F_v + β h² F_x)] Δa = F − (1 − α_m) a_{n+1} − α_m a_n,
// a tridiagonal matrix on a chain (bead i couples to i ± 1 only), factored
// without pivoting (schemes/newton/tridiagonal_lu.hpp): it is (1 − α_m) I
// plus (1 − α_f) β h² times the stiffness, positive definite for a chain's
// springs, and a zero pivot is reported as a failed step.
//
// The force sees the same interpolated velocity as the position: with β = 0
// (central difference) x_{n+1} is explicit, but a velocity-dependent force
// makes a_{n+1} implicit through v_{n+1}; the chain's forces are linear in v
// at fixed x, so Newton then takes one solve with I − γ h F_v. Evaluating F at
// a predicted velocity instead would make the step explicit at the cost of
// order 1 under damping (as velocity Verlet, schemes/dem_schemes.hpp).
//
// Newton stops when max|Δa| ≤ 64 ε (1 + max|a|) and fails with
// std::runtime_error naming the step after 50 iterations. Every vector is
// allocated before the loop; a step allocates nothing.
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "models/block_tridiagonal.hpp"
#include "schemes/families/second_order_scheme.hpp"
#include "schemes/newton/tridiagonal_lu.hpp"
#include "schemes/scheme.hpp"

namespace granconv {

template <class S>
struct NewmarkCoefficients {
  S beta, gamma, alpha_m, alpha_f;
};

namespace newmark_detail {

constexpr int max_newton_iterations = 50;

template <class S>
void run(const std::string& name, const NewmarkCoefficients<S>& k, const ChainSystem<S>& sys, const Vec<S>& y0,
         const S& h, long n, const typename Scheme<S>::Observer& obs) {
  using std::abs;
  const int N = sys.beads();
  const S one(1), half = S(1) / 2;
  const S wm = one - k.alpha_m, wf = one - k.alpha_f;
  const S cv = wf * k.gamma * h, cx = wf * k.beta * h * h;
  const S tol = 64 * std::numeric_limits<S>::epsilon();
  Vec<S> y = y0, y_new(sys.dim()), y_alpha(sys.dim()), f(sys.dim()), a(N), a_new(N), delta(N);
  BlockTridiagonal<S> J(N);
  TridiagonalLU<S> lu;
  lu.resize(N);
  sys.rhs(S(0), y, f);
  for (int i = 0; i < N; ++i) a[i] = f[2 * i + 1];
  for (long step = 0; step < n; ++step) {
    const S t_alpha = h * S(step) + wf * h;
    a_new = a;
    bool converged = false;
    for (int it = 0; it < max_newton_iterations && !converged; ++it) {
      for (int i = 0; i < N; ++i) {
        const S x0 = y[2 * i], v0 = y[2 * i + 1];
        y_new[2 * i] = x0 + h * v0 + h * h * ((half - k.beta) * a[i] + k.beta * a_new[i]);
        y_new[2 * i + 1] = v0 + h * ((one - k.gamma) * a[i] + k.gamma * a_new[i]);
        y_alpha[2 * i] = wf * y_new[2 * i] + k.alpha_f * x0;
        y_alpha[2 * i + 1] = wf * y_new[2 * i + 1] + k.alpha_f * v0;
      }
      sys.rhs(t_alpha, y_alpha, f);
      sys.jacobian(t_alpha, y_alpha, J);
      for (int i = 0; i < N; ++i) {
        delta[i] = f[2 * i + 1] - wm * a_new[i] - k.alpha_m * a[i];
        const S sub = i > 0 ? S(-(cv * J.lower[i](1, 1) + cx * J.lower[i](1, 0))) : S(0);
        const S sup = i + 1 < N ? S(-(cv * J.upper[i](1, 1) + cx * J.upper[i](1, 0))) : S(0);
        lu.set_row(i, sub, wm - (cv * J.diag[i](1, 1) + cx * J.diag[i](1, 0)), sup);
      }
      if (!lu.factor())
        throw std::runtime_error(fmt::format("scheme '{}': the Newton matrix is singular at step {} (t = {:.6g})",
                                             name, step + 1, static_cast<double>(h) * double(step + 1)));
      lu.solve(delta.data());
      S size(0), scale(0);
      for (int i = 0; i < N; ++i) {
        a_new[i] += delta[i];
        size = std::max<S>(size, abs(delta[i]));
        scale = std::max<S>(scale, abs(a_new[i]));
      }
      if (!(abs(size) < std::numeric_limits<S>::max()))
        throw DivergedError(fmt::format("scheme '{}' diverged at step {} (t = {:.6g}): the Newton update is not finite",
                                        name, step + 1, static_cast<double>(h) * double(step + 1)),
                            step + 1, static_cast<double>(h) * double(step + 1));
      converged = size <= tol * (one + scale);
    }
    if (!converged)
      throw std::runtime_error(fmt::format("scheme '{}': Newton did not converge in {} iterations at step {} (t = {:.6g})",
                                           name, max_newton_iterations, step + 1,
                                           static_cast<double>(h) * double(step + 1)));
    for (int i = 0; i < N; ++i) {
      const S x0 = y[2 * i], v0 = y[2 * i + 1];
      y[2 * i] = x0 + h * v0 + h * h * ((half - k.beta) * a[i] + k.beta * a_new[i]);
      y[2 * i + 1] = v0 + h * ((one - k.gamma) * a[i] + k.gamma * a_new[i]);
    }
    a.swap(a_new);
    if (obs) obs(step + 1, y);
  }
}

}  // namespace newmark_detail

// One step of the family on x'' + 2ζx' + x = 0 with h = Ω, state (x, v, a):
// the linear equation for a_{n+1} solved in closed form.
template <class S>
void newmark_oscillator_step(const NewmarkCoefficients<S>& k, const S& h, const S& zeta, const S* in, S* out) {
  const S x0 = in[0], v0 = in[1], a0 = in[2];
  const S one(1), half = S(1) / 2, wf = one - k.alpha_f;
  // x_{n+1} = px + β h² a, v_{n+1} = pv + γ h a with the predictors px, pv.
  const S px = x0 + h * v0 + h * h * (half - k.beta) * a0, pv = v0 + h * (one - k.gamma) * a0;
  // (1 − α_m) a + α_m a0 = −(wf x_{n+1} + α_f x0) − 2ζ (wf v_{n+1} + α_f v0)
  const S lhs = (one - k.alpha_m) + wf * k.beta * h * h + 2 * zeta * wf * k.gamma * h;
  const S rhs = -k.alpha_m * a0 - (wf * px + k.alpha_f * x0) - 2 * zeta * (wf * pv + k.alpha_f * v0);
  const S a1 = rhs / lhs;
  out[0] = px + k.beta * h * h * a1;
  out[1] = pv + k.gamma * h * a1;
  out[2] = a1;
}

template <class S>
Scheme<S> newmark_scheme(const NewmarkCoefficients<S>& k, const std::string& name, const std::string& label,
                         int order, bool implicit) {
  return second_order_scheme<S>(name, label, order, implicit,
                                [k, name](const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n,
                                          const typename Scheme<S>::Observer& obs) {
                                  newmark_detail::run(name, k, sys, y0, h, n, obs);
                                });
}

}  // namespace granconv
