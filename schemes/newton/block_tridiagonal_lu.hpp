#pragma once
// Block LU of a block-tridiagonal matrix with B×B blocks (the block Thomas
// algorithm), for the stage systems of implicit Runge–Kutta steps on a chain:
// ordered bead by bead, the Newton matrix I − h (A ⊗ J) has blocks of size
// B = 2 × (implicit stages) coupling each bead to its two neighbours only.
//
// The pivots are chosen inside each diagonal block (partial pivoting of the
// Schur complements), not across blocks as the banded LU does: the matrix is
// I plus a perturbation of size h‖J‖, so the Schur complements stay far from
// singular where the simplified Newton iteration that uses this converges at
// all; where it does not, the caller falls back to the banded LU with full
// partial pivoting. Per bead a solve is three B×B products on fixed-size
// blocks, which vectorise, instead of the long dependency chains of a banded
// back substitution of half-bandwidth 2B − 1.
//
// Storage is allocated once by resize(); factor() and solve() allocate
// nothing. Generic in the scalar; B is a template argument of factor and
// solve so that the blocks are fixed-size Eigen matrices.
#include <Eigen/Dense>
#include <cmath>
#include <vector>

namespace granconv {

template <class S>
class BlockTridiagonalLU {
 public:
  template <int B>
  using Block = Eigen::Matrix<S, B, B>;
  template <int B>
  using BlockMap = Eigen::Map<Block<B>>;

  void resize(int blocks, int block_size) {
    n_ = blocks;
    b_ = block_size;
    data_.assign(static_cast<std::size_t>(3) * n_ * b_ * b_, S(0));
  }
  int blocks() const { return n_; }
  int block_size() const { return b_; }

  // The blocks of row n: lower (coupling to n − 1), diagonal, upper (to n + 1).
  // Before factor() they hold the matrix; afterwards the factors.
  template <int B>
  BlockMap<B> lower(int n) { return BlockMap<B>(at(0, n)); }
  template <int B>
  BlockMap<B> diag(int n) { return BlockMap<B>(at(1, n)); }
  template <int B>
  BlockMap<B> upper(int n) { return BlockMap<B>(at(2, n)); }

  // Replaces diag(n) by the inverse of the Schur complement S_n = D_n −
  // L_n S_{n−1}⁻¹ U_{n−1}, lower(n) by S_n⁻¹ L_n and upper(n) by S_n⁻¹ U_n
  // (so that each sweep of solve() has one product on its critical path).
  // Returns false if a Schur complement has a zero or non-finite pivot.
  template <int B>
  bool factor() {
    using std::abs;
    for (int n = 0; n < n_; ++n) {
      auto d = diag<B>(n);
      if (n > 0) d.noalias() -= lower<B>(n) * upper<B>(n - 1);
      const Eigen::PartialPivLU<Block<B>> lu{Block<B>(d)};
      const auto& f = lu.matrixLU();
      for (int i = 0; i < B; ++i) {
        const double p = static_cast<double>(abs(f(i, i)));
        if (!(p > 0) || !std::isfinite(p)) return false;
      }
      d = lu.inverse();
      if (n > 0) {
        auto l = lower<B>(n);
        l = (d * l).eval();
      }
      if (n + 1 < n_) {
        auto u = upper<B>(n);
        u = (d * u).eval();
      }
    }
    return true;
  }

  // Solves A x = rhs in place, after factor(); x has blocks() · B entries.
  template <int B, class V>
  void solve(V& x) {
    using Piece = Eigen::Matrix<S, B, 1>;
    Piece g = Piece::Zero();
    for (int n = 0; n < n_; ++n) {
      auto xn = x.template segment<B>(n * B);
      Piece r;
      r.noalias() = diag<B>(n) * xn;
      if (n > 0) r.noalias() -= lower<B>(n) * g;
      g = r;
      xn = g;
    }
    for (int n = n_ - 2; n >= 0; --n) {
      auto xn = x.template segment<B>(n * B);
      xn.noalias() -= upper<B>(n) * x.template segment<B>((n + 1) * B);
    }
  }

 private:
  S* at(int part, int n) { return data_.data() + (static_cast<std::size_t>(part) * n_ + n) * b_ * b_; }

  int n_ = 0, b_ = 0;
  std::vector<S> data_;
};

}  // namespace granconv
