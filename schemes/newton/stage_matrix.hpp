#pragma once
// The Newton matrix of an implicit Runge–Kutta stage system on a chain,
// I − h Σ_j (a_ij J_j) (plus the additive local part â_ij J_ℓ), from the
// Jacobians J_j at the stages, with the unknowns ordered bead by bead (all
// implicit stages of bead 0, then bead 1, ...). Two storages: the banded
// matrix of full Newton (schemes/banded_lu.hpp) and the block-tridiagonal
// one of simplified Newton (schemes/newton/block_tridiagonal_lu.hpp); the entries
// are the same.
#include <vector>

#include "models/block_tridiagonal.hpp"
#include "schemes/banded_lu.hpp"
#include "schemes/newton/block_tridiagonal_lu.hpp"
#include "schemes/tableau.hpp"

namespace granconv {

template <class S>
struct StageCoupling {
  const Tableau<S>& tab;
  const Tableau<S>* local;  // the additive part, or null
  int first;                // stages before this one are explicit (not unknowns)
  const std::vector<BlockTridiagonal<S>>& stage_jac;
  const BlockTridiagonal<S>& local_jac;

  int implicit_stages() const { return tab.stages() - first; }
  // Index of (bead n, stage i ≥ first, component c) in the stage unknowns.
  int index(int n, int i, int c) const { return n * 2 * implicit_stages() + 2 * (i - first) + c; }
  // Calls add(i, j, h a, J) for every nonzero coupling of stage i to stage j.
  template <class Add>
  void for_each(const S& h, Add&& add) const {
    for (int i = first; i < tab.stages(); ++i)
      for (int j = first; j < tab.stages(); ++j) {
        if (tab.A(i, j) != S(0)) add(i, j, h * tab.A(i, j), stage_jac[j]);
        if (local && local->A(i, j) != S(0)) add(i, j, h * local->A(i, j), local_jac);
      }
  }
};

template <class S>
void assemble_banded(const StageCoupling<S>& k, const S& h, int beads, BandedLU<S>& lu) {
  lu.set_zero();
  for (int n = 0; n < beads; ++n) {
    for (int i = k.first; i < k.tab.stages(); ++i)
      for (int c = 0; c < 2; ++c) lu(k.index(n, i, c), k.index(n, i, c)) += S(1);
    k.for_each(h, [&](int i, int j, const S& ha, const BlockTridiagonal<S>& J) {
      for (int c = 0; c < 2; ++c)
        for (int c2 = 0; c2 < 2; ++c2) {
          const int row = k.index(n, i, c);
          lu(row, k.index(n, j, c2)) -= ha * J.diag[n](c, c2);
          if (n > 0) lu(row, k.index(n - 1, j, c2)) -= ha * J.lower[n](c, c2);
          if (n + 1 < beads) lu(row, k.index(n + 1, j, c2)) -= ha * J.upper[n](c, c2);
        }
    });
  }
}

// B = 2 × (implicit stages).
template <int B, class S>
void assemble_blocks(const StageCoupling<S>& k, const S& h, int beads, BlockTridiagonalLU<S>& m) {
  for (int n = 0; n < beads; ++n) {
    auto lower = m.template lower<B>(n);
    auto diag = m.template diag<B>(n);
    auto upper = m.template upper<B>(n);
    lower.setZero();
    diag.setIdentity();
    upper.setZero();
    k.for_each(h, [&](int i, int j, const S& ha, const BlockTridiagonal<S>& J) {
      const int r = 2 * (i - k.first), c = 2 * (j - k.first);
      diag.template block<2, 2>(r, c) -= ha * J.diag[n];
      if (n > 0) lower.template block<2, 2>(r, c) -= ha * J.lower[n];
      if (n + 1 < beads) upper.template block<2, 2>(r, c) -= ha * J.upper[n];
    });
  }
}

}  // namespace granconv
