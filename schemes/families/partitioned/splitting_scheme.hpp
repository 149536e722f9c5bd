#pragma once
// A splitting (composition) method in ARKODE's SPRK convention: stage i is a
// kick with â_i, then a drift with a_i,
//   v ← v + â_i h F(t + C_i h, x, ·),   x ← x + a_i h v,   C_i = a_1 + … + a_{i−1},
// for i = 1..s (docs/scheme-files.md gives the mapping from PETSc's (c, d)).
// For a force that depends on the velocity (a dashpot) the file says which
// velocity the kick uses:
//   start        v1 = v0 + â h F(x, v0)                       explicit;
//   trapezoidal  v1 = v0 + â h/2 (F(x, v0) + F(x, v1))         implicit, symmetric.
// Both are approximations of the kick's exact flow v' = F(x, v) at frozen x,
// of orders 1 and 2: with a dashpot the method has order min(p, 1) with
// `start` and min(p, 2) with `trapezoidal` (docs/scheme-files.md,
// "Velocity-dependent forces"). The trapezoidal kick is solved by fixed-point
// iteration from v0 + â h F(x, v0), at most kMaxStageIterations times to 16 ε
// relative (or until it stops decreasing below 256 ε), and throws
// std::runtime_error naming the step otherwise; without a dashpot both rules
// are the same explicit kick and nothing is iterated.
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "schemes/families/second_order_scheme.hpp"
#include "schemes/families/partitioned/prk_scheme.hpp"
#include "schemes/scheme.hpp"

namespace granconv::partitioned {

enum class KickVelocity { start, trapezoidal };

template <class S>
struct SplittingCoefficients {
  std::string name, label;
  int order = 0;
  std::vector<S> a, ahat;  // drift and kick coefficients, ARKODE's a and ahat
  KickVelocity velocity = KickVelocity::start;
};

// The PRK that is the same method on separable systems x' = f(v), v' = g(x):
// Y_i = x0 + h Σ_{j<i} a_j f(V_j) (the position of kick i), V_i = v0 + h Σ_{j≤i} â_j g(Y_j)
// (the velocity after kick i): A strictly lower with rows a, Â lower with rows â, b = a, b̂ = â.
template <class S>
PrkCoefficients<S> splitting_as_prk(const SplittingCoefficients<S>& m) {
  const int s = static_cast<int>(m.a.size());
  PrkCoefficients<S> p;
  p.name = m.name;
  p.label = m.label;
  p.order = m.order;
  p.A = MatrixS<S>::Zero(s, s);
  p.Ahat = MatrixS<S>::Zero(s, s);
  p.b.resize(s);
  p.bhat.resize(s);
  for (int i = 0; i < s; ++i) {
    p.b[i] = m.a[static_cast<std::size_t>(i)];
    p.bhat[i] = m.ahat[static_cast<std::size_t>(i)];
    for (int j = 0; j < s; ++j) {
      if (j < i) p.A(i, j) = m.a[static_cast<std::size_t>(j)];
      if (j <= i) p.Ahat(i, j) = m.ahat[static_cast<std::size_t>(j)];
    }
  }
  p.c = p.A.rowwise().sum();
  p.chat = p.Ahat.rowwise().sum();
  return p;
}

namespace detail {

template <class S>
void run_splitting(const SplittingCoefficients<S>& m, const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n,
                   const typename Scheme<S>::Observer& obs) {
  using std::abs;
  const int N = sys.beads(), dim = sys.dim();
  const bool iterate = m.velocity == KickVelocity::trapezoidal && velocity_dependent(sys.chain());
  const S eps = std::numeric_limits<S>::epsilon();
  Vec<S> y = y0, f0(dim), f1(dim), w(dim);
  for (long k = 0; k < n; ++k) {
    S t = h * S(k);
    for (std::size_t i = 0; i < m.a.size(); ++i) {
      const S& kick = m.ahat[i];
      if (kick != 0) {
        sys.rhs(t, y, f0);
        if (!iterate) {
          for (int p = 0; p < N; ++p) y[2 * p + 1] += kick * h * f0[2 * p + 1];
        } else {
          w = y;
          for (int p = 0; p < N; ++p) w[2 * p + 1] += kick * h * f0[2 * p + 1];
          const S half = kick * h / 2;
          S previous(-1);
          bool converged = false;
          for (int sweep = 0; sweep < kMaxStageIterations && !converged; ++sweep) {
            sys.rhs(t, w, f1);
            S change(0), scale(1);
            for (int p = 0; p < N; ++p) {
              const S v = y[2 * p + 1] + half * (f0[2 * p + 1] + f1[2 * p + 1]);
              change = std::max<S>(change, abs(v - w[2 * p + 1]));
              scale = std::max<S>(scale, abs(v));
              w[2 * p + 1] = v;
            }
            const S rel = change / scale;
            converged = rel <= 16 * eps || (previous >= 0 && rel >= previous && rel <= 256 * eps);
            previous = rel;
          }
          if (!converged)
            throw std::runtime_error(fmt::format(
                "scheme '{}': the trapezoidal kick {} did not converge in step {} (t = {:.6g}) after {} iterations "
                "(last relative change {:.3g}); the step is too large for the iteration",
                m.name, i + 1, k + 1, static_cast<double>(t), kMaxStageIterations, static_cast<double>(previous)));
          for (int p = 0; p < N; ++p) y[2 * p + 1] = w[2 * p + 1];
        }
      }
      const S& drift = m.a[i];
      if (drift != 0) {
        for (int p = 0; p < N; ++p) y[2 * p] += drift * h * y[2 * p + 1];
        t += drift * h;
      }
    }
    if (obs) obs(k + 1, y);
  }
}

}  // namespace detail

template <class S>
Scheme<S> splitting_scheme(const SplittingCoefficients<S>& m) {
  return second_order_scheme<S>(m.name, m.label.empty() ? m.name : m.label, m.order,
                                m.velocity == KickVelocity::trapezoidal,
                                [m](const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n,
                                    const typename Scheme<S>::Observer& obs) {
                                  detail::run_splitting(m, sys, y0, h, n, obs);
                                });
}

}  // namespace granconv::partitioned
