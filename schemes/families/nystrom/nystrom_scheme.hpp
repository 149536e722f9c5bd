#pragma once
// Explicit Runge–Kutta–Nyström methods for x'' = F(t, x, v) on a chain
// (docs/scheme-files.md, "Nyström methods (RKN)"), in the (Ā, b̄, b, c) form of
// Hairer, Nørsett & Wanner I, sect. II.14, with s stages:
//
//   X_i = x_n + c_i h v_n + h² Σ_j ā_ij K_j,   K_i = F(t_n + c_i h, X_i, V_i),
//   x_{n+1} = x_n + h v_n + h² Σ_i b̄_i K_i,    v_{n+1} = v_n + h Σ_i b_i K_i,
//
// and the stage velocities by the file's rule:
//   "A"      V_i = v_n + h Σ_j a_ij K_j (the general RKN for y'' = f(t, y, y'));
//   "start"  V_i = v_n (the force sees the step's starting velocity: order 1
//            under damping whatever the method, see nystrom_trees.cpp).
// Ā and A strictly lower triangular (explicit; checked at load). Every vector
// is allocated before the loop; a step allocates nothing.
#include <stdexcept>
#include <string>
#include <vector>

#include "schemes/families/second_order_scheme.hpp"
#include "schemes/scheme.hpp"

namespace granconv {

template <class S>
struct NystromCoefficients {
  // Row-major s × s; a is empty under the "start" rule.
  std::vector<S> abar, a, bbar, b, c;
  int stages() const { return static_cast<int>(c.size()); }
  S abar_at(int i, int j) const { return abar[static_cast<std::size_t>(i * stages() + j)]; }
  S a_at(int i, int j) const { return a.empty() ? S(0) : a[static_cast<std::size_t>(i * stages() + j)]; }
};

namespace nystrom_detail {

template <class S>
void run(const NystromCoefficients<S>& k, const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n,
         const typename Scheme<S>::Observer& obs) {
  const int N = sys.beads(), s = k.stages();
  Vec<S> y = y0, stage(sys.dim()), f(sys.dim());
  std::vector<Vec<S>> K(static_cast<std::size_t>(s), Vec<S>(N));
  for (long step = 0; step < n; ++step) {
    const S t = h * S(step);
    for (int i = 0; i < s; ++i) {
      for (int q = 0; q < N; ++q) {
        S dx(0), dv(0);
        for (int j = 0; j < i; ++j) {
          dx += k.abar_at(i, j) * K[static_cast<std::size_t>(j)][q];
          dv += k.a_at(i, j) * K[static_cast<std::size_t>(j)][q];
        }
        stage[2 * q] = y[2 * q] + h * (k.c[static_cast<std::size_t>(i)] * y[2 * q + 1] + h * dx);
        stage[2 * q + 1] = y[2 * q + 1] + h * dv;
      }
      sys.rhs(t + k.c[static_cast<std::size_t>(i)] * h, stage, f);
      for (int q = 0; q < N; ++q) K[static_cast<std::size_t>(i)][q] = f[2 * q + 1];
    }
    for (int q = 0; q < N; ++q) {
      S dx(0), dv(0);
      for (int i = 0; i < s; ++i) {
        dx += k.bbar[static_cast<std::size_t>(i)] * K[static_cast<std::size_t>(i)][q];
        dv += k.b[static_cast<std::size_t>(i)] * K[static_cast<std::size_t>(i)][q];
      }
      y[2 * q] += h * (y[2 * q + 1] + h * dx);
      y[2 * q + 1] += h * dv;
    }
    if (obs) obs(step + 1, y);
  }
}

}  // namespace nystrom_detail

// One step on x'' + 2ζx' + x = 0 with h = Ω, state (x, v).
template <class S>
void nystrom_oscillator_step(const NystromCoefficients<S>& k, const S& h, const S& zeta, const S* in, S* out) {
  const int s = k.stages();
  std::vector<S> K(static_cast<std::size_t>(s));
  for (int i = 0; i < s; ++i) {
    S dx(0), dv(0);
    for (int j = 0; j < i; ++j) {
      dx += k.abar_at(i, j) * K[static_cast<std::size_t>(j)];
      dv += k.a_at(i, j) * K[static_cast<std::size_t>(j)];
    }
    const S X = in[0] + h * (k.c[static_cast<std::size_t>(i)] * in[1] + h * dx), V = in[1] + h * dv;
    K[static_cast<std::size_t>(i)] = -X - 2 * zeta * V;
  }
  S dx(0), dv(0);
  for (int i = 0; i < s; ++i) {
    dx += k.bbar[static_cast<std::size_t>(i)] * K[static_cast<std::size_t>(i)];
    dv += k.b[static_cast<std::size_t>(i)] * K[static_cast<std::size_t>(i)];
  }
  out[0] = in[0] + h * (in[1] + h * dx);
  out[1] = in[1] + h * dv;
}

template <class S>
Scheme<S> nystrom_scheme(const NystromCoefficients<S>& k, const std::string& name, int order) {
  return second_order_scheme<S>(name, name, order, false,
                                [k](const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n,
                                    const typename Scheme<S>::Observer& obs) { nystrom_detail::run(k, sys, y0, h, n, obs); });
}

}  // namespace granconv
