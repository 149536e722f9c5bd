#pragma once
// LU factorisation with partial pivoting of a banded matrix (the unblocked
// algorithm of LAPACK's gbtf2), generic in the scalar type so that the same
// Newton solver runs in double and in Boost.Multiprecision. Storage and
// workspaces are allocated once by resize(); factor() and solve() allocate
// nothing.
#include <Eigen/Dense>
#include <algorithm>
#include <stdexcept>
#include <vector>

namespace granconv {

template <class S>
class BandedLU {
 public:
  BandedLU() = default;
  BandedLU(int n, int kl, int ku) { resize(n, kl, ku); }

  void resize(int n, int kl, int ku) {
    n_ = n;
    kl_ = kl;
    ku_ = ku;
    ab_.setZero(2 * kl + ku + 1, n);
    pivots_.assign(n, 0);
  }
  int size() const { return n_; }
  int lower_bandwidth() const { return kl_; }
  int upper_bandwidth() const { return ku_; }

  void set_zero() { ab_.setZero(); }
  // Entry (i, j) of the matrix; |i - j| must lie within the band.
  S& operator()(int i, int j) { return ab_(kl_ + ku_ + i - j, j); }
  const S& operator()(int i, int j) const { return ab_(kl_ + ku_ + i - j, j); }
  bool in_band(int i, int j) const { return i - j <= kl_ && j - i <= ku_; }

  // Returns false if an exactly zero pivot is met (singular matrix).
  bool factor() {
    using std::abs;
    const int kv = kl_ + ku_;
    int ju = 0;
    for (int j = 0; j < n_; ++j) {
      const int km = std::min(kl_, n_ - 1 - j);
      int jp = 0;
      S best = abs(ab_(kv, j));
      for (int i = 1; i <= km; ++i) {
        const S a = abs(ab_(kv + i, j));
        if (a > best) {
          best = a;
          jp = i;
        }
      }
      pivots_[j] = j + jp;
      if (ab_(kv + jp, j) == S(0)) return false;
      ju = std::max(ju, std::min(j + ku_ + jp, n_ - 1));
      if (jp != 0)
        for (int c = j; c <= ju; ++c) std::swap(ab_(kv + jp - (c - j), c), ab_(kv - (c - j), c));
      if (km > 0) {
        const S inv = S(1) / ab_(kv, j);
        for (int i = 1; i <= km; ++i) ab_(kv + i, j) *= inv;
        for (int c = j + 1; c <= ju; ++c) {
          const S u = ab_(kv - (c - j), c);
          if (u == S(0)) continue;
          for (int i = 1; i <= km; ++i) ab_(kv + i - (c - j), c) -= ab_(kv + i, j) * u;
        }
      }
    }
    return true;
  }

  // Solves A x = rhs in place, after factor().
  template <class V>
  void solve(V& x) const {
    const int kv = kl_ + ku_;
    for (int j = 0; j < n_; ++j) {
      const int p = pivots_[j];
      if (p != j) std::swap(x[j], x[p]);
      const int km = std::min(kl_, n_ - 1 - j);
      for (int i = 1; i <= km; ++i) x[j + i] -= ab_(kv + i, j) * x[j];
    }
    for (int j = n_ - 1; j >= 0; --j) {
      x[j] /= ab_(kv, j);
      const int top = std::min(kv, j);
      for (int i = 1; i <= top; ++i) x[j - i] -= ab_(kv - i, j) * x[j];
    }
  }

 private:
  int n_ = 0, kl_ = 0, ku_ = 0;
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic> ab_;
  std::vector<int> pivots_;
};

}  // namespace granconv
