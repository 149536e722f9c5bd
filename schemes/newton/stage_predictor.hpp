#pragma once
// The starting guess of an implicit step's stage increments from those of the
// step before, as in Hairer–Wanner's RADAU5: the polynomial P of degree m
// through (0, 0) and (c_j, Z_j) over the m implicit stages of the previous
// step (its collocation polynomial, for collocation methods, minus y_{n−1})
// is continued to the new nodes 1 + c_i:
//   Z_i ≈ P(1 + c_i) − (y_n − y_{n−1}) = Σ_j E_ij Z_j − (y_n − y_{n−1}),
// with E_ij = L_j(1 + c_i) for the Lagrange basis L_j of the nodes 0, c_j.
// An O(h^{m+1}) guess instead of the O(h²) of Z_i = c_i h f(y_n): fewer Newton
// iterations, the same solution (the stopping test does not change).
#include <Eigen/Dense>
#include <optional>

namespace granconv {

// E for the nodes c[first..], or nothing where the nodes do not define P
// (a zero or repeated node).
template <class S>
std::optional<Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>> stage_extrapolation(
    const Eigen::Matrix<S, Eigen::Dynamic, 1>& c, int first) {
  const int m = static_cast<int>(c.size()) - first;
  for (int j = first; j < c.size(); ++j) {
    if (c[j] == S(0)) return std::nullopt;
    for (int k = first; k < j; ++k)
      if (c[k] == c[j]) return std::nullopt;
  }
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic> E(m, m);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      const S tau = 1 + c[first + i], cj = c[first + j];
      S l = tau / cj;
      for (int k = 0; k < m; ++k)
        if (k != j) l *= (tau - c[first + k]) / (cj - c[first + k]);
      E(i, j) = l;
    }
  return E;
}

}  // namespace granconv
