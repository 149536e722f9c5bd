#pragma once
// Linear multistep predictor–correctors in PECE mode (Adams–Bashforth–
// Moulton as phasicFlow uses them; Hairer–Nørsett–Wanner I, III.1 and
// III.2; Lambert 1991, ch. 4) on the first-order system y = (x, v),
// y' = f(t, y) = (v, F(t, x, v)). Each method is nodepy's (α, β) pair,
//   Σ_{j=0}^{k} α_j y_{n+j} = h Σ_{j=0}^{k} β_j f_{n+j},
// normalised here to α_k = 1. The predictor is explicit (β_k = 0). With K
// the larger step count (the shorter method padded with leading zeros):
//   P  y^p_{n+K} = −Σ_{j<K} α^p_j y_{n+j} + h Σ_{j<K} β^p_j f_{n+j}
//   E  f^p = f(t_{n+K}, y^p)
//   C  y_{n+K}  = −Σ_{j<K} α^c_j y_{n+j} + h (β^c_K f^p + Σ_{j<K} β^c_j f_{n+j})
//   E  f_{n+K} = f(t_{n+K}, y_{n+K}).
// Start: the first K − 1 steps are classical RK4 steps (rk4_starter.hpp),
// start errors O(h^5), enough for PECE orders up to 5.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "schemes/families/second_order_scheme.hpp"
#include "schemes/families/multistep/rk4_starter.hpp"
#include "schemes/scheme.hpp"

namespace granconv::multistep {

// Both methods padded to K + 1 coefficients and normalised to α_K = 1.
template <class S>
struct PeceMethod {
  std::vector<S> alpha_p, beta_p, alpha_c, beta_c;
  int steps() const { return int(alpha_c.size()) - 1; }
};

template <class S>
void run_pece(const ChainSystem<S>& sys, const PeceMethod<S>& m, const Vec<S>& y0, const S& h, long n,
              const typename Scheme<S>::Observer& obs) {
  const int dim = sys.dim(), K = m.steps();
  // Ring buffers of the K last values: slot (first + j) % K holds y_{n+j}.
  std::vector<Vec<S>> y(K, Vec<S>(dim)), f(K, Vec<S>(dim));
  Vec<S> yp(dim), fp(dim), next(dim);
  Rk4Work<S> work(dim);
  y[0] = y0;
  sys.rhs(S(0), y[0], f[0]);
  long done = 0;
  for (int j = 1; j < K && done < n; ++j, ++done) {
    rk4_step(sys, h * S(j - 1), y[j - 1], h, work, y[j]);
    sys.rhs(h * S(j), y[j], f[j]);
    if (obs) obs(j, y[j]);
  }
  int first = 0;
  for (; done < n; ++done) {
    const S t = h * S(done + 1);
    yp.setZero();
    next.setZero();
    for (int j = 0; j < K; ++j) {
      const int slot = (first + j) % K;
      yp += h * m.beta_p[j] * f[slot] - m.alpha_p[j] * y[slot];
      next += h * m.beta_c[j] * f[slot] - m.alpha_c[j] * y[slot];
    }
    sys.rhs(t, yp, fp);
    next += h * m.beta_c[K] * fp;
    // y_{n+K} replaces the oldest value y_n.
    y[first] = next;
    sys.rhs(t, y[first], f[first]);
    if (obs) obs(done + 1, y[first]);
    first = (first + 1) % K;
  }
}

template <class S>
Scheme<S> pece_scheme(const PeceMethod<S>& m, const std::string& name, const std::string& label, int order) {
  return second_order_scheme<S>(name, label, order, false,
                                [m](const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n,
                                    const typename Scheme<S>::Observer& obs) { run_pece(sys, m, y0, h, n, obs); });
}

// One step of size Ω on x'' + 2ζx' + x = 0 on the state (y_n, ..., y_{n+K−1}),
// y = (x, v), oldest first: the newest x and v are entries 2K − 2 and 2K − 1.
// f_j = A y_j exactly (the last E of PECE), so the past values are the whole state.
template <class S>
void pece_oscillator_step(const PeceMethod<S>& m, const S& omega, const S& zeta, const std::vector<S>& in,
                          std::vector<S>& out) {
  const int K = m.steps();
  auto f = [&](const S& x, const S& v, S& fx, S& fv) {
    fx = v;
    fv = -x - 2 * zeta * v;
  };
  S px(0), pv(0), cx(0), cv(0);
  for (int j = 0; j < K; ++j) {
    S fx, fv;
    f(in[2 * j], in[2 * j + 1], fx, fv);
    px += omega * m.beta_p[j] * fx - m.alpha_p[j] * in[2 * j];
    pv += omega * m.beta_p[j] * fv - m.alpha_p[j] * in[2 * j + 1];
    cx += omega * m.beta_c[j] * fx - m.alpha_c[j] * in[2 * j];
    cv += omega * m.beta_c[j] * fv - m.alpha_c[j] * in[2 * j + 1];
  }
  S fx, fv;
  f(px, pv, fx, fv);
  out.assign(2 * K, S(0));
  for (int j = 0; j + 1 < K; ++j) {
    out[2 * j] = in[2 * j + 2];
    out[2 * j + 1] = in[2 * j + 3];
  }
  out[2 * K - 2] = cx + omega * m.beta_c[K] * fx;
  out[2 * K - 1] = cv + omega * m.beta_c[K] * fv;
}

}  // namespace granconv::multistep
