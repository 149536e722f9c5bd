#pragma once
// A partitioned Runge–Kutta method (A, b, c) for the positions and (Â, b̂, ĉ)
// for the velocities, applied to x' = v, v' = F(t, x, v) (the chain in (x, v),
// Formulation::xv; docs/scheme-files.md):
//   Y_i = x0 + h Σ_j a_ij V_j,   V_i = v0 + h Σ_j â_ij F(t + c_j h, Y_j, V_j),
//   x1  = x0 + h Σ_j b_j V_j,    v1  = v0 + h Σ_j b̂_j F(t + c_j h, Y_j, V_j).
// Whether the stages can be computed one after the other depends on the
// tableaux' pattern and on whether F depends on v (a dashpot): Y_i needs the
// V_j with a_ij ≠ 0, V_i the forces K_j with â_ij ≠ 0, K_i needs Y_i and, with
// a dashpot, V_i. If these dependencies have no cycle, each stage quantity is
// computed once in their order (Störmer–Verlet as Lobatto IIIA–IIIB with an
// undamped chain: two force evaluations, no iteration). Otherwise the stages
// are solved by fixed-point iteration (Gauss–Seidel over the stages), at most
// kMaxStageIterations sweeps, until a sweep changes them by at most 16 ε
// relative to the largest stage value (or stops decreasing below 256 ε, the
// round-off level); a step where it does not converge throws
// std::runtime_error naming the step. The iteration contracts when
// h·max(|a|,|â|)·s·|∂F| < 1, roughly, so it bounds the step; Newton would not,
// but the methods of this family that granular codes use are explicit for
// undamped chains and the iteration only meets the (small) damping term.
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <fmt/format.h>

#include "schemes/families/second_order_scheme.hpp"
#include "schemes/scheme.hpp"

namespace granconv::partitioned {

inline constexpr int kMaxStageIterations = 100;

template <class S>
using MatrixS = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;

template <class S>
struct PrkCoefficients {
  std::string name, label;
  int order = 0;
  MatrixS<S> A, Ahat;
  Vec<S> b, bhat, c, chat;
};

// The order in which to compute the stage quantities Y_i (node i), V_i (s + i)
// and K_i (2s + i) once each; nullopt if they depend on each other in a cycle.
template <class S>
std::optional<std::vector<int>> stage_order(const PrkCoefficients<S>& m, bool velocity_dependent) {
  const int s = static_cast<int>(m.b.size());
  std::vector<std::vector<int>> needs(static_cast<std::size_t>(3 * s));
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j) {
      if (m.A(i, j) != 0) needs[static_cast<std::size_t>(i)].push_back(s + j);
      if (m.Ahat(i, j) != 0) needs[static_cast<std::size_t>(s + i)].push_back(2 * s + j);
    }
  for (int i = 0; i < s; ++i) {
    needs[static_cast<std::size_t>(2 * s + i)].push_back(i);
    if (velocity_dependent) needs[static_cast<std::size_t>(2 * s + i)].push_back(s + i);
  }
  std::vector<int> order, state(static_cast<std::size_t>(3 * s), 0);  // 0 new, 1 visiting, 2 done
  bool cycle = false;
  // Depth at most 3s ≤ 48 (the file limits s).
  auto visit = [&](auto&& self, int node) -> void {
    auto& st = state[static_cast<std::size_t>(node)];
    if (st == 2 || cycle) return;
    if (st == 1) {
      cycle = true;
      return;
    }
    st = 1;
    for (const int d : needs[static_cast<std::size_t>(node)]) self(self, d);
    st = 2;
    order.push_back(node);
  };
  for (int node = 0; node < 3 * s; ++node) visit(visit, node);
  if (cycle) return std::nullopt;
  return order;
}

template <class S>
bool velocity_dependent(const Chain<S>& chain) {
  for (const auto& g : chain.gamma)
    if (g != 0) return true;
  return false;
}

namespace detail {

template <class S>
void run_prk(const PrkCoefficients<S>& m, const std::optional<std::vector<int>>& plan_undamped,
             const std::optional<std::vector<int>>& plan_damped, const ChainSystem<S>& sys, const Vec<S>& y0,
             const S& h, long n, const typename Scheme<S>::Observer& obs) {
  using std::abs;
  const int s = static_cast<int>(m.b.size()), N = sys.beads(), dim = sys.dim();
  const auto& plan = velocity_dependent(sys.chain()) ? plan_damped : plan_undamped;
  std::vector<Vec<S>> W(static_cast<std::size_t>(s), Vec<S>(dim)), K(static_cast<std::size_t>(s), Vec<S>(dim));
  Vec<S> y = y0;
  S t(0);
  S change(0);
  auto position = [&](int i) {
    auto& w = W[static_cast<std::size_t>(i)];
    for (int p = 0; p < N; ++p) {
      S sum(0);
      for (int j = 0; j < s; ++j)
        if (m.A(i, j) != 0) sum += m.A(i, j) * W[static_cast<std::size_t>(j)][2 * p + 1];
      const S x = y[2 * p] + h * sum;
      change = std::max<S>(change, abs(x - w[2 * p]));
      w[2 * p] = x;
    }
  };
  auto velocity = [&](int i) {
    auto& w = W[static_cast<std::size_t>(i)];
    for (int p = 0; p < N; ++p) {
      S sum(0);
      for (int j = 0; j < s; ++j)
        if (m.Ahat(i, j) != 0) sum += m.Ahat(i, j) * K[static_cast<std::size_t>(j)][2 * p + 1];
      const S v = y[2 * p + 1] + h * sum;
      change = std::max<S>(change, abs(v - w[2 * p + 1]));
      w[2 * p + 1] = v;
    }
  };
  auto force = [&](int i) { sys.rhs(t + m.c[i] * h, W[static_cast<std::size_t>(i)], K[static_cast<std::size_t>(i)]); };
  const S eps = std::numeric_limits<S>::epsilon();
  for (long k = 0; k < n; ++k) {
    t = h * S(k);
    for (auto& w : W) w = y;
    if (plan) {
      for (const int node : *plan) {
        if (node < s) position(node);
        else if (node < 2 * s) velocity(node - s);
        else force(node - 2 * s);
      }
    } else {
      // Predictor: the stages at (x0 + c_i h v0, v0) with the force at the step's start.
      sys.rhs(t, y, K[0]);
      for (int i = 0; i < s; ++i) {
        K[static_cast<std::size_t>(i)] = K[0];
        for (int p = 0; p < N; ++p) W[static_cast<std::size_t>(i)][2 * p] += m.c[i] * h * y[2 * p + 1];
      }
      S previous(-1);
      bool converged = false;
      int sweep = 0;
      for (; sweep < kMaxStageIterations && !converged; ++sweep) {
        change = S(0);
        for (int i = 0; i < s; ++i) {
          position(i);
          velocity(i);
          force(i);
        }
        S scale(1);
        for (const auto& w : W) scale = std::max<S>(scale, w.cwiseAbs().maxCoeff());
        const S rel = change / scale;
        converged = rel <= 16 * eps || (previous >= 0 && rel >= previous && rel <= 256 * eps);
        previous = rel;
      }
      if (!converged)
        throw std::runtime_error(fmt::format(
            "scheme '{}': the stage fixed-point iteration did not converge in step {} (t = {:.6g}) after {} "
            "sweeps (last relative change {:.3g}); the step is too large for the iteration",
            m.name, k + 1, static_cast<double>(t), kMaxStageIterations, static_cast<double>(previous)));
    }
    for (int p = 0; p < N; ++p) {
      S dx(0), dv(0);
      for (int j = 0; j < s; ++j) {
        if (m.b[j] != 0) dx += m.b[j] * W[static_cast<std::size_t>(j)][2 * p + 1];
        if (m.bhat[j] != 0) dv += m.bhat[j] * K[static_cast<std::size_t>(j)][2 * p + 1];
      }
      y[2 * p] += h * dx;
      y[2 * p + 1] += h * dv;
    }
    if (obs) obs(k + 1, y);
  }
}

}  // namespace detail

template <class S>
Scheme<S> prk_scheme(const PrkCoefficients<S>& m) {
  const auto undamped = stage_order(m, false), damped = stage_order(m, true);
  return second_order_scheme<S>(m.name, m.label.empty() ? m.name : m.label, m.order, !damped.has_value(),
                                [m, undamped, damped](const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n,
                                                      const typename Scheme<S>::Observer& obs) {
                                  detail::run_prk(m, undamped, damped, sys, y0, h, n, obs);
                                });
}

}  // namespace granconv::partitioned
