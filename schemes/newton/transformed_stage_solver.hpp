#pragma once
// Simplified Newton's linear solve with one Jacobian J for all stages, after
// Hairer–Wanner IV.8 (RADAU5): for A = V Λ V⁻¹,
//   I − h A ⊗ J = (V ⊗ I)(I − h Λ ⊗ J)(V⁻¹ ⊗ I).
// One implicit stage (Crank–Nicolson): the one system I − h a J. Two with a
// complex-conjugate pair λ, λ̄ (Gauss–Legendre 2, Radau IIA 2, the tailored
// IRK): the stage residuals r_i combine to q = Σ_i w_i r_i (w the row of V⁻¹
// for λ), one complex system (I − hλJ) u = q is solved, and the increments
// are ΔZ_i = v_i u + conj(v_i u) = 2 Re(v_i u): the second system is the
// conjugate of the first.
//
// On a chain, J's 2×2 bead blocks are [[P, 1], [R, 0]] in the (x, w)
// formulation (w' depends on x only, JVB eqs. (10)-(11)) and [[0, 1], [R, T]]
// in (x, v) (x' = v), with P, R, T tridiagonal across beads. With μ = hλ,
// (I − μJ)(a, b) = (q_a, q_b) then reduces by a Schur complement to one
// scalar tridiagonal system of size N:
//   (x, w): (I − μP − μ²R) a = q_a + μ q_b,   b = q_b + μ R a;
//   (x, v): (I − μT − μ²R) b = q_b + μ R q_a, a = q_a + μ b;
// a Thomas solve of a few operations per bead instead of the dependent B×B
// block products of the block-tridiagonal LU. factor() detects the structure
// in J (exact zeros and ones, as the chain's Jacobian writes them) and
// returns false where it does not hold; the caller then keeps the block path.
//
// Storage is allocated by resize(); factor() and solve() allocate nothing.
#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "models/block_tridiagonal.hpp"
#include "schemes/newton/complex_pair.hpp"
#include "schemes/newton/tridiagonal_lu.hpp"

namespace granconv {

template <class S>
class TransformedStageSolver {
 public:
  using Complex = ComplexPair<S>;
  using Matrix = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;

  // A: the block of the implicit stages. Nothing is available for more than
  // two stages or two real eigenvalues (the block path then serves).
  void setup(const Matrix& A, int beads) {
    using std::sqrt;
    kind_ = Kind::none;
    if (A.rows() == 1 && A(0, 0) != S(0)) {
      kind_ = Kind::real;
      lambda_ = Complex(A(0, 0));
      real_lu_.resize(beads);
      ra_.assign(beads, S(0));
      rb_.assign(beads, S(0));
    } else if (A.rows() == 2) {
      const S a = A(0, 0), b = A(0, 1), c = A(1, 0), d = A(1, 1);
      const S half = (a - d) / 2, disc = half * half + b * c;
      if (!(disc < S(0)) || b == S(0)) return;
      kind_ = Kind::complex_pair;
      lambda_ = Complex((a + d) / 2, sqrt(-disc));
      const Complex v1(b), v2 = lambda_ - Complex(a);  // (A − λ) v = 0
      const Complex det_inv = inverse(v1 * conj(v2) - conj(v1) * v2);
      w_[0] = conj(v2) * det_inv;
      w_[1] = (Complex() - conj(v1)) * det_inv;
      twice_v_[0] = v1 * S(2);
      twice_v_[1] = v2 * S(2);
      complex_lu_.resize(beads);
      ca_.assign(beads, Complex());
      cb_.assign(beads, Complex());
    }
    if (kind_ != Kind::none) {
      r_sub_.assign(beads, S(0));
      r_diag_.assign(beads, S(0));
      r_sup_.assign(beads, S(0));
    }
  }
  bool available() const { return kind_ != Kind::none; }

  // Factorises for the Jacobian J (one for all stages) and step size h.
  // False where J lacks the structure above or a pivot vanishes.
  bool factor(const BlockTridiagonal<S>& J, const S& h) {
    if (kind_ == Kind::none) return false;
    if (has_form(J, 1)) {
      eliminated_ = 1;  // (x, w): T = 0, the w component is eliminated
    } else if (has_form(J, 0)) {
      eliminated_ = 0;  // (x, v): P = 0, the x component is eliminated
    } else {
      return false;
    }
    const int n = J.beads(), e = 1 - eliminated_;  // e: P's or T's diagonal position
    for (int i = 0; i < n; ++i) {
      r_sub_[i] = i > 0 ? J.lower[i](1, 0) : S(0);
      r_diag_[i] = J.diag[i](1, 0);
      r_sup_[i] = i + 1 < n ? J.upper[i](1, 0) : S(0);
    }
    auto fill = [&](auto& lu, const auto& mu) {
      const auto mu2 = mu * mu;
      using F = std::decay_t<decltype(mu)>;
      for (int i = 0; i < n; ++i) {
        const S e_sub = i > 0 ? J.lower[i](e, e) : S(0), e_sup = i + 1 < n ? J.upper[i](e, e) : S(0);
        lu.set_row(i, F(S(0)) - mu * e_sub - mu2 * r_sub_[i], F(S(1)) - mu * J.diag[i](e, e) - mu2 * r_diag_[i],
                   F(S(0)) - mu * e_sup - mu2 * r_sup_[i]);
      }
      return lu.factor();
    };
    if (kind_ == Kind::real) {
      real_mu_ = h * lambda_.re;
      return fill(real_lu_, real_mu_);
    }
    complex_mu_ = lambda_ * h;
    return fill(complex_lu_, complex_mu_);
  }

  // Solves (I − h A ⊗ J) dz = rhs in place, after factor(); dz is ordered
  // bead by bead (both components of stage 1, then of stage 2, per bead).
  template <class V>
  void solve(V& dz) {
    if (kind_ == Kind::real) {
      auto load = [&](int i) {
        ra_[i] = dz[2 * i];
        rb_[i] = dz[2 * i + 1];
      };
      auto store = [&](int i) {
        dz[2 * i] = ra_[i];
        dz[2 * i + 1] = rb_[i];
      };
      return solve_reduced(real_lu_, real_mu_, ra_.data(), rb_.data(), load, store);
    }
    auto load = [&](int i) {  // q = w_1 r_1 + w_2 r_2
      ca_[i] = w_[0] * dz[4 * i] + w_[1] * dz[4 * i + 2];
      cb_[i] = w_[0] * dz[4 * i + 1] + w_[1] * dz[4 * i + 3];
    };
    auto store = [&](int i) {  // ΔZ_s = 2 Re(v_s u)
      for (int s = 0; s < 2; ++s) {
        const Complex& v = twice_v_[s];
        dz[4 * i + 2 * s] = v.re * ca_[i].re - v.im * ca_[i].im;
        dz[4 * i + 2 * s + 1] = v.re * cb_[i].re - v.im * cb_[i].im;
      }
    };
    solve_reduced(complex_lu_, complex_mu_, ca_.data(), cb_.data(), load, store);
  }

 private:
  enum class Kind { none, real, complex_pair };

  // eliminated = 1: every bead block is [[P, 1], [R, 0]] (the second
  // column is the identity's); 0: [[0, 1], [R, T]] (the first row is).
  static bool has_form(const BlockTridiagonal<S>& J, int eliminated) {
    const int n = J.beads();
    for (int i = 0; i < n; ++i) {
      const auto &d = J.diag[i], &l = J.lower[i], &u = J.upper[i];
      if (d(0, 1) != S(1)) return false;
      const bool off_zero = eliminated == 1
                                ? d(1, 1) == S(0) && l(0, 1) == S(0) && l(1, 1) == S(0) && u(0, 1) == S(0) && u(1, 1) == S(0)
                                : d(0, 0) == S(0) && l(0, 0) == S(0) && l(0, 1) == S(0) && u(0, 0) == S(0) && u(0, 1) == S(0);
      if (!off_zero) return false;
    }
    return true;
  }

  // (R x)_i, for a vector x of n entries.
  template <class F>
  F r_times(const F* x, int i, int n) const {
    F acc = r_diag_[i] * x[i];
    if (i > 0) acc = acc + r_sub_[i] * x[i - 1];
    if (i + 1 < n) acc = acc + r_sup_[i] * x[i + 1];
    return acc;
  }

  // (I − μJ)(a, b) = (a, b) in place by the Schur complement above, with
  // load(i) setting bead i's (a_i, b_i) and store(i) taking its solution.
  // (x, w): fused into the two sweeps of the Thomas solve, whose dependency
  // chains leave room for the rest; b_i is final once a_{i−1..i+1} are.
  template <class F, class Load, class Store>
  void solve_reduced(const TridiagonalLU<F>& lu, const F& mu, F* a, F* b, Load load, Store store) const {
    const int n = lu.size();
    if (n == 0) return;
    if (eliminated_ == 1) {
      F g{};
      for (int i = 0; i < n; ++i) {
        load(i);
        a[i] = g = lu.forward(i, a[i] + mu * b[i], g);
      }
      auto finish = [&](int i) {
        b[i] = b[i] + mu * r_times(a, i, n);
        store(i);
      };
      for (int i = n - 2; i >= 0; --i) {
        a[i] = lu.back(i, a[i], a[i + 1]);
        finish(i + 1);
      }
      finish(0);
      return;
    }
    for (int i = 0; i < n; ++i) load(i);
    for (int i = 0; i < n; ++i) b[i] = b[i] + mu * r_times(a, i, n);
    lu.solve(b);
    for (int i = 0; i < n; ++i) {
      a[i] = a[i] + mu * b[i];
      store(i);
    }
  }

  Kind kind_ = Kind::none;
  int eliminated_ = 1;
  Complex lambda_;
  Complex w_[2], twice_v_[2];
  S real_mu_{0};
  Complex complex_mu_;
  std::vector<S> r_sub_, r_diag_, r_sup_;  // R's rows
  TridiagonalLU<S> real_lu_;
  TridiagonalLU<Complex> complex_lu_;
  std::vector<S> ra_, rb_;
  std::vector<Complex> ca_, cb_;
};

}  // namespace granconv
