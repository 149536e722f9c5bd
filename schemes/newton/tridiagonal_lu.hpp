#pragma once
// LU of a scalar tridiagonal matrix without pivoting (the Thomas algorithm),
// over a field F: the real scalar or ComplexPair of it
// (schemes/newton/complex_pair.hpp). Used for the Schur complements of the
// transformed stage systems (schemes/newton/transformed_stage_solver.hpp),
// I plus small terms where simplified Newton converges; a zero or non-finite
// pivot is reported and the caller takes a pivoting solver instead.
//
// The factors are stored so that each sweep of solve() has one multiply-add
// on its critical path per row. Storage is allocated by resize() only.
#include <cmath>
#include <vector>

#include "schemes/newton/complex_pair.hpp"

namespace granconv {

template <class F>
class TridiagonalLU {
 public:
  void resize(int n) {
    sub_.assign(n, F{});
    inv_.assign(n, F{});
    sup_.assign(n, F{});
  }
  int size() const { return static_cast<int>(inv_.size()); }

  // Row n: sub couples to n − 1, sup to n + 1 (ignored at the ends).
  void set_row(int n, const F& sub, const F& diag, const F& sup) {
    sub_[n] = sub;
    inv_[n] = diag;
    sup_[n] = sup;
  }

  // In place: inv_n = 1 / p_n with the pivot p_n = d_n − sub_n sup_{n−1} / p_{n−1};
  // sub_n and sup_n are divided by p_n. False at a zero or non-finite pivot.
  bool factor() {
    const int n = size();
    for (int i = 0; i < n; ++i) {
      F p = inv_[i];
      if (i > 0) p = p - sub_[i] * sup_[i - 1];
      const double size = magnitude(p);
      if (!(size > 0) || !std::isfinite(size)) return false;
      inv_[i] = inverse(p);
      sub_[i] = i > 0 ? sub_[i] * inv_[i] : F{};
      sup_[i] = i + 1 < n ? sup_[i] * inv_[i] : F{};
    }
    return true;
  }

  // Solves in place; x has size() entries.
  void solve(F* x) const {
    const int n = size();
    F g{};
    for (int i = 0; i < n; ++i) x[i] = g = forward(i, x[i], g);
    for (int i = n - 2; i >= 0; --i) x[i] = back(i, x[i], x[i + 1]);
  }
  // The sweeps' steps, for callers that fuse other work into them: row i of
  // the forward sweep from its right-hand side and row i − 1's result, and of
  // the back substitution from the forward result and row i + 1's solution.
  F forward(int i, const F& rhs, const F& previous) const { return rhs * inv_[i] - sub_[i] * previous; }
  F back(int i, const F& forward_result, const F& next) const { return forward_result - sup_[i] * next; }

 private:
  std::vector<F> sub_, inv_, sup_;
};

}  // namespace granconv
