#pragma once
// One Runge–Kutta scheme for every Butcher tableau, explicit or fully
// implicit, on any system with the chain interface (rhs, block-tridiagonal
// jacobian, interleaved per-bead state).
//
// Implicit stages are solved for the increments Z_i = h Σ_j a_ij f(y + Z_j)
// by Newton's method. The unknowns are ordered bead by bead (all stages of
// bead 0, then bead 1, ...), so the Newton matrix I − h (a_ij J(y + Z_j)) is
// banded with half-bandwidth 4s − 1 and one step costs O(N).
//
// Optionally additive: a second tableau (same stages and nodes) for the local
// springs, which the system then supplies separately (local_rhs), as in the
// additive θ method of JVB eq. (34):
//   Z_i = h Σ_j (a_ij f(y + Z_j) + â_ij ℓ(y + Z_j)),  y' = y + h Σ_i (b_i f_i + b̂_i ℓ_i).
#include <Eigen/Dense>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/block_tridiagonal.hpp"
#include "schemes/banded_lu.hpp"
#include "schemes/newton_failure.hpp"
#include "schemes/tableau.hpp"

namespace granconv {

struct NewtonOptions {
  int max_iterations = 50;
  // Converged when the update is below tolerance_ulps · ε · (‖y‖∞ + ‖Z‖∞):
  // a few units in the last place of the state, whatever its scale.
  double tolerance_ulps = 10;
  // An update that stops shrinking while already below stagnation_ulps · ε ·
  // scale is round-off, not divergence: accept it.
  double stagnation_ulps = 1e4;
};

template <class S>
class RungeKutta {
 public:
  using Scalar = S;
  using Vector = Eigen::Matrix<S, Eigen::Dynamic, 1>;

  explicit RungeKutta(Tableau<S> tableau, NewtonOptions newton = {})
      : tab_(std::move(tableau)), newton_(newton), explicit_(false) {
    tab_.validate();
    explicit_ = tab_.explicit_method();
    first_ = explicit_first_stage() ? 1 : 0;
  }

  // The additive variant; `local` must have the stages and nodes of `tableau`.
  RungeKutta(Tableau<S> tableau, Tableau<S> local, NewtonOptions newton = {})
      : RungeKutta(std::move(tableau), newton) {
    local.validate();
    if (local.stages() != tab_.stages() || local.c != tab_.c)
      throw std::invalid_argument("additive tableau '" + local.name + "' must share the stages and nodes of '" +
                                  tab_.name + "'");
    local_ = std::move(local);
    explicit_ = explicit_ && local_->explicit_method();
    first_ = explicit_first_stage() ? 1 : 0;
  }

  const std::string& name() const { return tab_.name; }
  int classical_order() const { return tab_.classical_order; }
  const Tableau<S>& tableau() const { return tab_; }

  // Everything a step needs, allocated once for a system size.
  struct Workspace {
    int dim = 0;
    std::vector<Vector> stage_state, stage_rhs, stage_local;
    std::vector<BlockTridiagonal<S>> stage_jac;
    BlockTridiagonal<S> local_jac;
    Vector z, dz, residual;
    BandedLU<S> lu;
  };

  Workspace make_workspace(int dim) const {
    const int s = tab_.stages();
    Workspace w;
    w.dim = dim;
    w.stage_state.assign(s, Vector::Zero(dim));
    w.stage_rhs.assign(s, Vector::Zero(dim));
    w.stage_local.assign(local_ ? s : 0, Vector::Zero(dim));
    w.stage_jac.assign(s, BlockTridiagonal<S>(dim / 2));
    w.local_jac.resize(dim / 2);
    const int m = s - first_;  // stages solved by Newton
    w.z = Vector::Zero(m * dim);
    w.dz = Vector::Zero(m * dim);
    w.residual = Vector::Zero(m * dim);
    if (!explicit_) w.lu.resize(m * dim, 4 * m - 1, 4 * m - 1);
    return w;
  }

  // Advances y from t to t + h in place. `step_index` only labels errors.
  template <class System>
  void step(const System& sys, const S& t, Vector& y, const S& h, Workspace& w, long step_index = -1) const {
    const int s = tab_.stages();
    if (explicit_) {
      for (int i = 0; i < s; ++i) {
        w.stage_state[i] = y;
        for (int j = 0; j < i; ++j) {
          if (tab_.A(i, j) != S(0)) w.stage_state[i] += (h * tab_.A(i, j)) * w.stage_rhs[j];
          if (local_ && local_->A(i, j) != S(0)) w.stage_state[i] += (h * local_->A(i, j)) * w.stage_local[j];
        }
        sys.rhs(t + tab_.c[i] * h, w.stage_state[i], w.stage_rhs[i]);
        if (local_) sys.local_rhs(t + tab_.c[i] * h, w.stage_state[i], w.stage_local[i]);
      }
    } else {
      solve_stages(sys, t, y, h, w, step_index);
    }
    for (int i = 0; i < s; ++i) y += (h * tab_.b[i]) * w.stage_rhs[i];
    if (local_)
      for (int i = 0; i < s; ++i) y += (h * local_->b[i]) * w.stage_local[i];
  }

 private:
  // An implicit tableau whose first stage is explicit (c_1 = 0, first row of
  // A zero: Lobatto IIIA, Crank–Nicolson, the θ method) has Z_1 = 0 and
  // F_1 = f(y): only the other stages are Newton unknowns, which halves
  // Crank–Nicolson's stage system.
  bool explicit_first_stage() const {
    if (explicit_ || tab_.c[0] != S(0)) return false;
    for (int j = 0; j < tab_.stages(); ++j)
      if (tab_.A(0, j) != S(0) || (local_ && local_->A(0, j) != S(0))) return false;
    return true;
  }

  // Index of (bead n, stage i ≥ first_, component c) in the stage unknowns.
  int index(int n, int i, int c) const { return n * 2 * (tab_.stages() - first_) + 2 * (i - first_) + c; }

  template <class System>
  void evaluate_stages(const System& sys, const S& t, const Vector& y, const S& h, Workspace& w) const {
    const int s = tab_.stages(), beads = w.dim / 2;
    for (int i = first_; i < s; ++i) {
      for (int n = 0; n < beads; ++n)
        for (int c = 0; c < 2; ++c) w.stage_state[i][2 * n + c] = y[2 * n + c] + w.z[index(n, i, c)];
      sys.rhs(t + tab_.c[i] * h, w.stage_state[i], w.stage_rhs[i]);
      if (local_) sys.local_rhs(t + tab_.c[i] * h, w.stage_state[i], w.stage_local[i]);
    }
  }

  // G(Z) = Z − h (A ⊗ I) F(Z), with F evaluated by evaluate_stages.
  void stage_residual(const S& h, Workspace& w) const {
    const int s = tab_.stages(), beads = w.dim / 2;
    for (int n = 0; n < beads; ++n)
      for (int i = first_; i < s; ++i)
        for (int c = 0; c < 2; ++c) {
          S acc = w.z[index(n, i, c)];
          for (int j = 0; j < s; ++j) {
            if (tab_.A(i, j) != S(0)) acc -= h * tab_.A(i, j) * w.stage_rhs[j][2 * n + c];
            if (local_ && local_->A(i, j) != S(0)) acc -= h * local_->A(i, j) * w.stage_local[j][2 * n + c];
          }
          w.residual[index(n, i, c)] = acc;
        }
  }

  template <class System>
  void assemble_newton_matrix(const System& sys, const S& t, const S& h, Workspace& w) const {
    const int s = tab_.stages(), beads = w.dim / 2;
    for (int j = first_; j < s; ++j) sys.jacobian(t + tab_.c[j] * h, w.stage_state[j], w.stage_jac[j]);
    if (local_) sys.local_jacobian(t, w.stage_state[0], w.local_jac);  // linear: the same at every stage
    w.lu.set_zero();
    for (int n = 0; n < beads; ++n)
      for (int i = first_; i < s; ++i)
        for (int c = 0; c < 2; ++c) {
          const int row = index(n, i, c);
          w.lu(row, row) += S(1);
          for (int j = first_; j < s; ++j) {
            if (tab_.A(i, j) != S(0)) add_coupling(w, n, i, c, j, h * tab_.A(i, j), w.stage_jac[j]);
            if (local_ && local_->A(i, j) != S(0)) add_coupling(w, n, i, c, j, h * local_->A(i, j), w.local_jac);
          }
        }
  }

  // Row (n, i, c) of the Newton matrix: −h a_ij ∂f/∂y at stage j, for the
  // neighbouring beads n−1, n, n+1.
  void add_coupling(Workspace& w, int n, int i, int c, int j, const S& ha, const BlockTridiagonal<S>& J) const {
    const int beads = w.dim / 2, row = index(n, i, c);
    for (int c2 = 0; c2 < 2; ++c2) {
      w.lu(row, index(n, j, c2)) -= ha * J.diag[n](c, c2);
      if (n > 0) w.lu(row, index(n - 1, j, c2)) -= ha * J.lower[n](c, c2);
      if (n + 1 < beads) w.lu(row, index(n + 1, j, c2)) -= ha * J.upper[n](c, c2);
    }
  }

  template <class System>
  void solve_stages(const System& sys, const S& t, const Vector& y, const S& h, Workspace& w, long step_index) const {
    using std::abs;
    const int s = tab_.stages(), beads = w.dim / 2;
    const S eps = std::numeric_limits<S>::epsilon();
    // f(t, y): the explicit first stage when there is one, else only the
    // predictor Z_i = c_i h f(t, y).
    sys.rhs(t, y, w.stage_rhs[0]);
    if (first_) {
      w.stage_state[0] = y;
      if (local_) sys.local_rhs(t, y, w.stage_local[0]);
    }
    for (int n = 0; n < beads; ++n)
      for (int i = first_; i < s; ++i)
        for (int c = 0; c < 2; ++c) w.z[index(n, i, c)] = tab_.c[i] * h * w.stage_rhs[0][2 * n + c];
    const S y_norm = y.cwiseAbs().maxCoeff();
    S previous(-1);
    double residual_norm = 0;
    for (int it = 1; it <= newton_.max_iterations; ++it) {
      evaluate_stages(sys, t, y, h, w);
      stage_residual(h, w);
      residual_norm = static_cast<double>(w.residual.cwiseAbs().maxCoeff());
      assemble_newton_matrix(sys, t, h, w);
      if (!w.lu.factor())
        throw NewtonFailure(step_index, static_cast<double>(t), static_cast<double>(h), residual_norm, it,
                            "singular Newton matrix");
      w.dz = -w.residual;
      w.lu.solve(w.dz);
      w.z += w.dz;
      const S update = w.dz.cwiseAbs().maxCoeff();
      const S scale = y_norm + w.z.cwiseAbs().maxCoeff();
      const bool converged = update <= S(newton_.tolerance_ulps) * eps * scale;
      const bool stagnated = previous >= S(0) && update >= previous / 2 &&
                             update <= S(newton_.stagnation_ulps) * eps * scale;
      if (converged || stagnated) {
        evaluate_stages(sys, t, y, h, w);  // stage_rhs at the final Z for the update
        return;
      }
      using std::isfinite;
      if (!isfinite(static_cast<double>(update)))
        throw NewtonFailure(step_index, static_cast<double>(t), static_cast<double>(h), residual_norm, it,
                            "non-finite Newton update");
      previous = update;
    }
    throw NewtonFailure(step_index, static_cast<double>(t), static_cast<double>(h), residual_norm,
                        newton_.max_iterations, "iteration limit reached");
  }

  Tableau<S> tab_;
  std::optional<Tableau<S>> local_;
  NewtonOptions newton_;
  bool explicit_;
  int first_ = 0;  // 1 when the first stage is explicit (see explicit_first_stage)
};

}  // namespace granconv
