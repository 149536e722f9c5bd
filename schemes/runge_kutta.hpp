#pragma once
// One Runge–Kutta scheme for every Butcher tableau, explicit or fully
// implicit, on any system with the chain interface (rhs, block-tridiagonal
// jacobian, interleaved per-bead state).
//
// Implicit stages are solved for the increments Z_i = h Σ_j a_ij f(y + Z_j)
// by Newton's method. The unknowns are ordered bead by bead (all stages of
// bead 0, then bead 1, ...), so the Newton matrix I − h (a_ij J(y + Z_j)) is
// block tridiagonal (banded with half-bandwidth 4s − 1) and one step costs
// O(N). Simplified Newton runs first, started from the previous step's
// stages (schemes/newton/stage_predictor.hpp): on chains with one Jacobian for
// all stages, transformed to one scalar tridiagonal system and refreshed every
// step (schemes/newton/transformed_stage_solver.hpp); else block tridiagonal,
// kept over steps while the iteration contracts fast. Full Newton, the matrix
// refactorised at every iterate, takes over where it cannot.
//
// Optionally additive: a second tableau (same stages and nodes) for the local
// springs, which the system then supplies separately (local_rhs), as in the
// additive θ method of JVB eq. (34):
//   Z_i = h Σ_j (a_ij f(y + Z_j) + â_ij ℓ(y + Z_j)),  y' = y + h Σ_i (b_i f_i + b̂_i ℓ_i).
#include <Eigen/Dense>
#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/block_tridiagonal.hpp"
#include "schemes/banded_lu.hpp"
#include "schemes/newton/block_tridiagonal_lu.hpp"
#include "schemes/newton_failure.hpp"
#include "schemes/newton/stage_matrix.hpp"
#include "schemes/newton/stage_predictor.hpp"
#include "schemes/newton/transformed_stage_solver.hpp"
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
  // false: full Newton only (the reference the simplified iteration is tested against).
  bool simplified = true;
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
    if (!explicit_) extrapolation_ = stage_extrapolation(tab_.c, first_);
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
    extrapolation_.reset();
    if (!explicit_) extrapolation_ = stage_extrapolation(tab_.c, first_);
  }

  const std::string& name() const { return tab_.name; }
  int classical_order() const { return tab_.classical_order; }
  const Tableau<S>& tableau() const { return tab_; }

  // Everything a step needs for a system size. What the transformed
  // simplified Newton (and an explicit step) uses is allocated here; the
  // storage of the other paths, a Jacobian per stage and the block and
  // banded Newton matrices, by the first step that takes one of them
  // (reserve_newton_storage), and kept: on a chain that is 1.1 KB per bead
  // GL2 never touches (the banded matrix alone 88 doubles per bead), and no
  // step after the first on a path allocates.
  struct Workspace {
    int dim = 0;
    std::vector<Vector> stage_state, stage_rhs, stage_local;
    std::vector<BlockTridiagonal<S>> stage_jac;
    BlockTridiagonal<S> local_jac;
    Vector z, dz, residual;
    BandedLU<S> lu;  // full Newton's matrix (and simplified Newton's beyond 3 implicit stages)
    BlockTridiagonalLU<S> blocks;  // simplified Newton's matrix
    bool newton_storage = false;   // stage_jac, local_jac, lu and blocks sized (reserve_newton_storage)
    // ... or, with one Jacobian for all stages, its transformed form (used
    // when transformed_factored), the Jacobian taken at jacobian_state.
    TransformedStageSolver<S> transformed;
    bool transformed_factored = false;
    Vector jacobian_state;
    // Simplified Newton's factorised matrix, kept from step to step: valid
    // for the step size factored_h.
    bool factored = false;
    S factored_h = S(0);
    // The last step, for the next one's predictor: it ended at next_t, had
    // size previous_h and increment delta = y_n − y_{n−1}; z still holds its stages.
    bool has_previous = false;
    S next_t = S(0), previous_h = S(0);
    Vector delta;
    // Newton's work since the workspace was made, as CVODE's nsetups and
    // nni: what the cost model of an implicit step counts
    // (benchmarks/bench_step_cost.cpp).
    long factorisations = 0, solves = 0;
  };

  Workspace make_workspace(int dim) const {
    const int s = tab_.stages();
    Workspace w;
    w.dim = dim;
    w.stage_state.assign(s, Vector::Zero(dim));
    w.stage_rhs.assign(s, Vector::Zero(dim));
    w.stage_local.assign(local_ ? s : 0, Vector::Zero(dim));
    w.stage_jac.assign(s, BlockTridiagonal<S>());
    const int m = s - first_;  // stages solved by Newton
    w.z = Vector::Zero(m * dim);
    w.dz = Vector::Zero(m * dim);
    w.residual = Vector::Zero(m * dim);
    w.delta = Vector::Zero(explicit_ ? 0 : dim);
    if (!explicit_ && !local_) w.transformed.setup(tab_.A.bottomRightCorner(m, m), dim / 2);
    if (w.transformed.available()) w.stage_jac[first_].resize(dim / 2);  // its one Jacobian
    w.jacobian_state = Vector::Zero(w.transformed.available() && m == 2 ? dim : 0);
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
      w.delta = y;
    }
    for (int i = 0; i < s; ++i) y += (h * tab_.b[i]) * w.stage_rhs[i];
    if (local_)
      for (int i = 0; i < s; ++i) y += (h * local_->b[i]) * w.stage_local[i];
    if (!explicit_) {
      w.delta = y - w.delta;
      w.has_previous = true;
      w.next_t = t + h;
      w.previous_h = h;
    }
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
    const int stride = 2 * (s - first_);
    for (int i = first_; i < s; ++i) {
      const S* z = w.z.data() + 2 * (i - first_);
      S* state = w.stage_state[i].data();
      for (int n = 0; n < beads; ++n) {
        state[2 * n] = y[2 * n] + z[n * stride];
        state[2 * n + 1] = y[2 * n + 1] + z[n * stride + 1];
      }
      sys.rhs(t + tab_.c[i] * h, w.stage_state[i], w.stage_rhs[i]);
      if (local_) sys.local_rhs(t + tab_.c[i] * h, w.stage_state[i], w.stage_local[i]);
    }
  }

  // G(Z) = Z − h (A ⊗ I) F(Z), with F evaluated by evaluate_stages; stage by
  // stage over all beads, the terms subtracted in the order of j.
  void stage_residual(const S& h, Workspace& w) const {
    const int s = tab_.stages(), beads = w.dim / 2, stride = 2 * (s - first_);
    for (int i = first_; i < s; ++i) {
      S* r = w.residual.data() + 2 * (i - first_);
      const S* z = w.z.data() + 2 * (i - first_);
      for (int n = 0; n < beads; ++n) {
        r[n * stride] = z[n * stride];
        r[n * stride + 1] = z[n * stride + 1];
      }
      for (int j = 0; j < s; ++j)
        for (const Tableau<S>* tab : {&tab_, local_ ? &*local_ : nullptr}) {
          if (!tab || tab->A(i, j) == S(0)) continue;
          const S ha = h * tab->A(i, j);
          const S* f = (tab == &tab_ ? w.stage_rhs[j] : w.stage_local[j]).data();
          for (int n = 0; n < beads; ++n) {
            r[n * stride] -= ha * f[2 * n];
            r[n * stride + 1] -= ha * f[2 * n + 1];
          }
        }
    }
  }

  // The storage of the Newton paths beside the transformed one (Workspace).
  void reserve_newton_storage(Workspace& w) const {
    if (w.newton_storage) return;
    const int m = tab_.stages() - first_, beads = w.dim / 2;
    for (auto& J : w.stage_jac) J.resize(beads);
    w.local_jac.resize(beads);
    w.lu.resize(m * w.dim, 4 * m - 1, 4 * m - 1);
    if (m <= 3) w.blocks.resize(beads, 2 * m);
    w.newton_storage = true;
  }

  template <class System>
  void stage_jacobians(const System& sys, const S& t, const S& h, Workspace& w) const {
    reserve_newton_storage(w);
    for (int j = first_; j < tab_.stages(); ++j) sys.jacobian(t + tab_.c[j] * h, w.stage_state[j], w.stage_jac[j]);
    if (local_) sys.local_jacobian(t, w.stage_state[0], w.local_jac);  // linear: the same at every stage
  }
  StageCoupling<S> coupling(const Workspace& w) const {
    return {tab_, local_ ? &*local_ : nullptr, first_, w.stage_jac, w.local_jac};
  }
  template <class System>
  void assemble_newton_matrix(const System& sys, const S& t, const S& h, Workspace& w) const {
    stage_jacobians(sys, t, h, w);
    assemble_banded(coupling(w), h, w.dim / 2, w.lu);
  }

  // Simplified Newton first: the factorised Newton matrix of an earlier
  // iteration (of this step or of an earlier one with the same h) is reused
  // while the iteration contracts fast, and refreshed at the current stages
  // when it does not. It stops once the contraction rate θ (of the same
  // matrix) puts the error left, θ/(1−θ)·‖ΔZ‖, within one ulp of the scale
  // (RADAU5's test with κ·tol = ε·scale), or at the first iteration once the
  // update itself is within one ulp: the stages agree with full Newton's to
  // round-off. Whatever it cannot solve (θ ≥ 1/2 with a fresh
  // matrix, a singular matrix, a non-finite update, too many iterations) is
  // solved again from the predictor by full Newton, which alone decides
  // about failure, so NewtonFailure means what it meant.
  template <class System>
  void solve_stages(const System& sys, const S& t, const Vector& y, const S& h, Workspace& w, long step_index) const {
    using std::abs;
    const bool continues = extrapolation_ && w.has_previous && w.previous_h == h && abs(t - w.next_t) <= abs(h) / 1000;
    w.has_previous = false;
    if (newton_.simplified) {
      predict(sys, t, y, h, w, continues);
      if (simplified_newton(sys, t, y, h, w)) return;
      w.factored = false;
    }
    predict(sys, t, y, h, w, false);
    full_newton(sys, t, y, h, w, step_index);
  }

  // f(t, y): the explicit first stage when there is one; and the predictor,
  // continued from the previous step's stages (schemes/newton/stage_predictor.hpp)
  // or else Z_i = c_i h f(t, y). A continued predictor of a tableau without an
  // explicit first stage does not need f(t, y) (one force evaluation of GL2's 9).
  template <class System>
  void predict(const System& sys, const S& t, const Vector& y, const S& h, Workspace& w, bool continues) const {
    const int s = tab_.stages(), beads = w.dim / 2, m = s - first_;
    if (first_ || !continues) sys.rhs(t, y, w.stage_rhs[0]);
    if (first_) {
      w.stage_state[0] = y;
      if (local_) sys.local_rhs(t, y, w.stage_local[0]);
    }
    if (continues) {
      const auto& E = *extrapolation_;
      w.dz = w.z;
      for (int n = 0; n < beads; ++n)
        for (int i = 0; i < m; ++i)
          for (int c = 0; c < 2; ++c) {
            S acc = -w.delta[2 * n + c];
            for (int j = 0; j < m; ++j) acc += E(i, j) * w.dz[2 * (n * m + j) + c];
            w.z[2 * (n * m + i) + c] = acc;
          }
      return;
    }
    for (int n = 0; n < beads; ++n)
      for (int i = first_; i < s; ++i)
        for (int c = 0; c < 2; ++c) w.z[index(n, i, c)] = tab_.c[i] * h * w.stage_rhs[0][2 * n + c];
  }

  // Returns false when the stages are left to full Newton.
  template <class System>
  bool simplified_newton(const System& sys, const S& t, const Vector& y, const S& h, Workspace& w) const {
    using std::isfinite;
    const S eps = std::numeric_limits<S>::epsilon();
    const S y_norm = y.cwiseAbs().maxCoeff();
    // A transformed matrix is refreshed at every step, at the predicted
    // stages (θ ≈ 3e-5 instead of 1e-3 with a kept matrix on the benchmark's
    // chain: one iteration fewer). The refresh costs more than that iteration
    // (docs/performance.md, "The cost model of an implicit step"); keeping the
    // matrix would change every stored result's last bits.
    bool fresh = false, refactor = !w.factored || w.factored_h != h || w.transformed_factored;
    S previous(-1);
    const int limit = std::min(newton_.max_iterations, kSimplifiedIterations);
    for (int it = 1; it <= limit; ++it) {
      evaluate_stages(sys, t, y, h, w);
      if (refactor) {
        w.factored = false;
        if (!factor_simplified(sys, t, h, w)) return false;
        ++w.factorisations;
        w.factored = true;
        w.factored_h = h;
        fresh = true;
        refactor = false;
        previous = S(-1);  // the rate of the old matrix says nothing about the new one
      }
      stage_residual(h, w);
      w.dz = -w.residual;
      solve_simplified(w);
      ++w.solves;
      w.z += w.dz;
      const S update = w.dz.cwiseAbs().maxCoeff();
      if (!isfinite(static_cast<double>(update))) return false;
      const S scale = y_norm + w.z.cwiseAbs().maxCoeff();
      const S tolerance = S(newton_.tolerance_ulps) * eps * scale;
      if (previous < S(0)) {
        if (update <= tolerance && update <= eps * scale) return finish(sys, t, y, h, w);
        previous = update;
        continue;
      }
      const S theta = update / previous;
      previous = update;
      if (theta < S(0.5)) {
        if (theta * update <= (1 - theta) * eps * scale) return finish(sys, t, y, h, w);
        if (!fresh && theta > S(kRefreshRate)) refactor = true;  // converging, but slowly: refresh
      } else if (update <= tolerance) {
        return finish(sys, t, y, h, w);  // the round-off floor: updates no longer shrink
      } else if (fresh) {
        return false;
      } else {
        refactor = true;
      }
    }
    return false;
  }

  template <class System>
  bool finish(const System& sys, const S& t, const Vector& y, const S& h, Workspace& w) const {
    evaluate_stages(sys, t, y, h, w);  // stage_rhs at the final Z for the update
    return true;
  }

  // Newton with the matrix assembled and factorised at every iterate.
  template <class System>
  void full_newton(const System& sys, const S& t, const Vector& y, const S& h, Workspace& w, long step_index) const {
    const S eps = std::numeric_limits<S>::epsilon();
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
      ++w.factorisations;
      ++w.solves;
      w.z += w.dz;
      const S update = w.dz.cwiseAbs().maxCoeff();
      const S scale = y_norm + w.z.cwiseAbs().maxCoeff();
      const bool converged = update <= S(newton_.tolerance_ulps) * eps * scale;
      const bool stagnated = previous >= S(0) && update >= previous / 2 &&
                             update <= S(newton_.stagnation_ulps) * eps * scale;
      if (converged || stagnated) {
        finish(sys, t, y, h, w);
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

  // Simplified Newton's matrix at the current stages: transformed
  // (schemes/newton/transformed_stage_solver.hpp) where the tableau and the
  // Jacobian's structure allow; else block tridiagonal with blocks of the
  // implicit stages of a bead (up to 3 stages), else banded.
  int block_size() const { return 2 * (tab_.stages() - first_); }

  template <class System>
  bool factor_simplified(const System& sys, const S& t, const S& h, Workspace& w) const {
    w.transformed_factored = w.transformed.available() && factor_transformed(sys, t, h, w);
    if (w.transformed_factored) return true;
    switch (block_size()) {
      case 2: return factor_blocks<2>(sys, t, h, w);
      case 4: return factor_blocks<4>(sys, t, h, w);
      case 6: return factor_blocks<6>(sys, t, h, w);
      default: assemble_newton_matrix(sys, t, h, w); return w.lu.factor();
    }
  }

  void solve_simplified(Workspace& w) const {
    if (w.transformed_factored) return w.transformed.solve(w.dz);
    switch (block_size()) {
      case 2: w.blocks.template solve<2>(w.dz); break;
      case 4: w.blocks.template solve<4>(w.dz); break;
      case 6: w.blocks.template solve<6>(w.dz); break;
      default: w.lu.solve(w.dz);
    }
  }

  // One Jacobian for all stages: at the implicit stage (one), or at the mean
  // of the two implicit stages' states and nodes.
  template <class System>
  bool factor_transformed(const System& sys, const S& t, const S& h, Workspace& w) const {
    auto& J = w.stage_jac[first_];
    if (tab_.stages() - first_ == 1) {
      sys.jacobian(t + tab_.c[first_] * h, w.stage_state[first_], J);
    } else {
      w.jacobian_state = (w.stage_state[first_] + w.stage_state[first_ + 1]) * S(0.5);
      sys.jacobian(t + (tab_.c[first_] + tab_.c[first_ + 1]) * S(0.5) * h, w.jacobian_state, J);
    }
    return w.transformed.factor(J, h);
  }

  template <int B, class System>
  bool factor_blocks(const System& sys, const S& t, const S& h, Workspace& w) const {
    stage_jacobians(sys, t, h, w);
    assemble_blocks<B>(coupling(w), h, w.dim / 2, w.blocks);
    return w.blocks.template factor<B>();
  }

  // Simplified Newton gives up after this many iterations (full Newton then
  // takes over), and refreshes a matrix kept from an earlier step when it
  // contracts more slowly than this rate.
  static constexpr int kSimplifiedIterations = 25;
  static constexpr double kRefreshRate = 0.01;

  Tableau<S> tab_;
  std::optional<Tableau<S>> local_;
  NewtonOptions newton_;
  bool explicit_;
  int first_ = 0;  // 1 when the first stage is explicit (see explicit_first_stage)
  std::optional<typename Tableau<S>::Matrix> extrapolation_;  // the predictor's E
};

}  // namespace granconv
