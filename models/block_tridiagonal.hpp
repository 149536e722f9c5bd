#pragma once
// Jacobian of a chain with interleaved per-bead state (x_i, u_i): bead i only
// couples to beads i-1 and i+1, so the 2N×2N Jacobian is block tridiagonal
// with 2×2 blocks. Schemes and the CVODE reference assemble their own banded
// matrices from these blocks.
#include <Eigen/Dense>
#include <vector>

namespace granconv {

template <class S>
struct BlockTridiagonal {
  using Block = Eigen::Matrix<S, 2, 2>;
  std::vector<Block> lower;  // lower[i]: ∂f_i/∂y_{i-1}, i ≥ 1 (lower[0] unused)
  std::vector<Block> diag;   // diag[i]:  ∂f_i/∂y_i
  std::vector<Block> upper;  // upper[i]: ∂f_i/∂y_{i+1}, i ≤ N-2 (upper[N-1] unused)

  explicit BlockTridiagonal(int beads = 0) { resize(beads); }
  void resize(int beads) {
    lower.assign(beads, Block::Zero());
    diag.assign(beads, Block::Zero());
    upper.assign(beads, Block::Zero());
  }
  int beads() const { return static_cast<int>(diag.size()); }
  void set_zero() {
    for (auto& b : lower) b.setZero();
    for (auto& b : diag) b.setZero();
    for (auto& b : upper) b.setZero();
  }
  // Dense copy, for tests and small problems only.
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic> dense() const {
    const int n = beads();
    Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic> J =
        Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>::Zero(2 * n, 2 * n);
    for (int i = 0; i < n; ++i) {
      J.template block<2, 2>(2 * i, 2 * i) = diag[i];
      if (i > 0) J.template block<2, 2>(2 * i, 2 * i - 2) = lower[i];
      if (i + 1 < n) J.template block<2, 2>(2 * i, 2 * i + 2) = upper[i];
    }
    return J;
  }
};

}  // namespace granconv
