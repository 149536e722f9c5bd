#pragma once
// A Runge–Kutta step for a small generic ODE system y' = f(t, y): any type
// with dim(), rhs(t, y, dy) and dense_jacobian(t, y). It is the stepping path
// for systems whose state is not the (x, v)-per-bead layout RungeKutta<S>
// (schemes/runge_kutta.hpp) builds its banded Newton matrix on — e.g. the
// bi-stiffness law's (x, v, z) per bead (models/bistiffness_chain.hpp).
//
// Explicit tableaux are evaluated stage by stage. Implicit ones solve the
// stage increments Z_i = h Σ_j a_ij f(y + Z_j) by simplified Newton: the
// Jacobian J is taken once per step at (t, y) and I − h A ⊗ J is factored
// once (dense LU with partial pivoting); the iteration stops with the test of
// NewtonOptions (a few ulps of the state, or round-off stagnation). Where
// RungeKutta<S> refreshes J at every iteration, this one keeps it: both
// converge to the same stage values within the tolerance, which is all the
// step's result depends on.
//
// Allocation-free per step once make_workspace has sized everything, provided
// the system offers the sparse interface jacobian(t, y, put(row, col, value))
// (BistiffnessChain does): it is written into the workspace's matrix. With
// dense_jacobian only, the returned matrix is one allocation per step.
#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "schemes/newton_failure.hpp"
#include "schemes/runge_kutta.hpp"  // NewtonOptions
#include "schemes/tableau.hpp"

namespace granconv {

template <class S>
class DenseRungeKutta {
 public:
  using Scalar = S;
  using Vector = Eigen::Matrix<S, Eigen::Dynamic, 1>;
  using Matrix = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;

  explicit DenseRungeKutta(Tableau<S> tableau, NewtonOptions newton = {})
      : tab_(std::move(tableau)), newton_(newton) {
    tab_.validate();
    explicit_ = tab_.explicit_method();
    first_ = explicit_first_stage() ? 1 : 0;
  }

  const std::string& name() const { return tab_.name; }
  int classical_order() const { return tab_.classical_order; }
  const Tableau<S>& tableau() const { return tab_; }

  struct Workspace {
    int dim = 0;
    std::vector<Vector> stage_state, stage_rhs;
    Matrix jac, newton;  // J(t, y) and I − h A ⊗ J over the Newton stages
    Vector z, dz, residual;
    Eigen::PartialPivLU<Matrix> lu;
  };

  Workspace make_workspace(int dim) const {
    if (dim < 1) throw std::invalid_argument("dense Runge–Kutta: the system dimension must be positive");
    const int s = tab_.stages(), m = (s - first_) * dim;
    Workspace w;
    w.dim = dim;
    w.stage_state.assign(s, Vector::Zero(dim));
    w.stage_rhs.assign(s, Vector::Zero(dim));
    if (!explicit_) {
      w.jac = Matrix::Zero(dim, dim);
      w.newton = Matrix::Zero(m, m);
      w.z = Vector::Zero(m);
      w.dz = Vector::Zero(m);
      w.residual = Vector::Zero(m);
      w.lu = Eigen::PartialPivLU<Matrix>(m);
    }
    return w;
  }

  // Advances y from t to t + h in place. `step_index` only labels errors.
  template <class System>
  void step(const System& sys, const S& t, Vector& y, const S& h, Workspace& w, long step_index = -1) const {
    if (y.size() != w.dim || sys.dim() != w.dim)
      throw std::invalid_argument("dense Runge–Kutta: state, system and workspace sizes differ");
    const int s = tab_.stages();
    if (explicit_) {
      for (int i = 0; i < s; ++i) {
        w.stage_state[i] = y;
        for (int j = 0; j < i; ++j)
          if (tab_.A(i, j) != S(0)) w.stage_state[i] += (h * tab_.A(i, j)) * w.stage_rhs[j];
        sys.rhs(t + tab_.c[i] * h, w.stage_state[i], w.stage_rhs[i]);
      }
    } else {
      solve_stages(sys, t, y, h, w, step_index);
    }
    for (int i = 0; i < s; ++i) y += (h * tab_.b[i]) * w.stage_rhs[i];
  }

 private:
  // As RungeKutta<S>: a first stage with c_1 = 0 and a zero first row of A
  // (Crank–Nicolson, Lobatto IIIA) is f(t, y) itself, no Newton unknown.
  bool explicit_first_stage() const {
    if (explicit_ || tab_.c[0] != S(0)) return false;
    for (int j = 0; j < tab_.stages(); ++j)
      if (tab_.A(0, j) != S(0)) return false;
    return true;
  }

  struct NoPut {
    void operator()(int, int, const S&) const {}
  };

  template <class System>
  void jacobian(const System& sys, const S& t, const Vector& y, Workspace& w) const {
    if constexpr (requires(NoPut put) { sys.jacobian(t, y, put); }) {
      w.jac.setZero();
      sys.jacobian(t, y, [&](int r, int c, const S& v) { w.jac(r, c) += v; });
    } else {
      w.jac = sys.dense_jacobian(t, y);
      if (w.jac.rows() != w.dim || w.jac.cols() != w.dim)
        throw std::invalid_argument("dense Runge–Kutta: dense_jacobian has the wrong size");
    }
  }

  // Stage unknowns are stage-major: Z_i occupies [(i − first_) dim, ...).
  template <class System>
  void evaluate_stages(const System& sys, const S& t, const Vector& y, const S& h, Workspace& w) const {
    const int s = tab_.stages(), d = w.dim;
    for (int i = first_; i < s; ++i) {
      w.stage_state[i] = y + w.z.segment((i - first_) * d, d);
      sys.rhs(t + tab_.c[i] * h, w.stage_state[i], w.stage_rhs[i]);
    }
  }

  // G(Z) = Z − h (A ⊗ I) F(Z).
  void stage_residual(const S& h, Workspace& w) const {
    const int s = tab_.stages(), d = w.dim;
    w.residual = w.z;
    for (int i = first_; i < s; ++i)
      for (int j = 0; j < s; ++j)
        if (tab_.A(i, j) != S(0)) w.residual.segment((i - first_) * d, d) -= (h * tab_.A(i, j)) * w.stage_rhs[j];
  }

  template <class System>
  void solve_stages(const System& sys, const S& t, const Vector& y, const S& h, Workspace& w, long step_index) const {
    using std::isfinite;
    const int s = tab_.stages(), d = w.dim;
    const S eps = std::numeric_limits<S>::epsilon();
    sys.rhs(t, y, w.stage_rhs[0]);
    if (first_) w.stage_state[0] = y;
    // Predictor Z_i = c_i h f(t, y), as RungeKutta<S>.
    for (int i = first_; i < s; ++i) w.z.segment((i - first_) * d, d) = (tab_.c[i] * h) * w.stage_rhs[0];

    jacobian(sys, t, y, w);
    w.newton.setZero();
    for (int i = first_; i < s; ++i) {
      w.newton.block((i - first_) * d, (i - first_) * d, d, d).diagonal().array() += S(1);
      for (int j = first_; j < s; ++j)
        if (tab_.A(i, j) != S(0)) w.newton.block((i - first_) * d, (j - first_) * d, d, d) -= (h * tab_.A(i, j)) * w.jac;
    }
    w.lu.compute(w.newton);
    auto fail = [&](double residual, int it, const std::string& why) {
      throw NewtonFailure(step_index, static_cast<double>(t), static_cast<double>(h), residual, it, why);
    };
    // PartialPivLU does not report singularity; a zero pivot shows as a
    // vanishing determinant (the matrix is I + O(h), so this is a real failure).
    if (!isfinite(static_cast<double>(w.lu.determinant())) || w.lu.determinant() == S(0))
      fail(0, 0, "singular Newton matrix");

    const S y_norm = y.cwiseAbs().maxCoeff();
    S previous(-1);
    int stalled = 0;
    double residual_norm = 0;
    for (int it = 1; it <= newton_.max_iterations; ++it) {
      evaluate_stages(sys, t, y, h, w);
      stage_residual(h, w);
      residual_norm = static_cast<double>(w.residual.cwiseAbs().maxCoeff());
      w.dz.noalias() = w.lu.solve(w.residual);
      w.z -= w.dz;
      const S update = w.dz.cwiseAbs().maxCoeff();
      if (!isfinite(static_cast<double>(update))) fail(residual_norm, it, "non-finite Newton update");
      const S scale = y_norm + w.z.cwiseAbs().maxCoeff();
      const bool converged = update <= S(newton_.tolerance_ulps) * eps * scale;
      const bool stagnated =
          previous >= S(0) && update >= previous / 2 && update <= S(newton_.stagnation_ulps) * eps * scale;
      if (converged || stagnated) {
        evaluate_stages(sys, t, y, h, w);  // stage_rhs at the final Z for the update
        return;
      }
      // Simplified Newton contracts linearly. Updates that fail to shrink by
      // 10 % five times running (above round-off, see `stagnated`) diverge or
      // cycle: h too large for the frozen Jacobian, or stage equations with
      // no solution (a right-hand side that jumps, e.g. ż of the bi-stiffness
      // law at the end of expansion: implicit Euler on ż = −1{z > 0} has none).
      stalled = previous >= S(0) && update > S(0.9) * previous ? stalled + 1 : 0;
      if (stalled >= 5) fail(residual_norm, it, "not contracting (the update did not shrink five times running)");
      previous = update;
    }
    fail(residual_norm, newton_.max_iterations, "iteration limit reached");
  }

  Tableau<S> tab_;
  NewtonOptions newton_;
  bool explicit_ = false;
  int first_ = 0;
};

}  // namespace granconv
