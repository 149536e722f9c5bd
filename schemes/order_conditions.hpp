#pragma once
// Order conditions of a Runge–Kutta tableau from rooted trees (Butcher's
// theory; Hairer–Nørsett–Wanner I, §II.2, Theorem 2.13).
//
// The exact solution and the numerical solution of y' = f(y) are both B-series
// over rooted trees t: y(h) = y0 + Σ_t h^|t|/(σ(t)γ(t))·... F(t)(y0) and the RK
// step the same with 1/γ(t) replaced by the elementary weight Φ(t). Since the
// elementary differentials F(t) are independent for a general f, the method
// has order p iff
//     Φ(t) = 1/γ(t)   for every rooted tree with |t| ≤ p,
// where, recursively over the subtrees t_1, ..., t_m hanging from the root,
//     |t| = 1 + Σ|t_k|,   γ(t) = |t|·Π γ(t_k),
//     σ(t) = Π over distinct subtrees u of m_u!·σ(u)^{m_u} (m_u its multiplicity),
//     Φ(t) = Σ_j b_j Φ_j(t),  Φ_j(τ) = 1,  Φ_j(t) = Π_k (Σ_l a_jl Φ_l(t_k)).
// There are 1, 1, 2, 4, 9, 20 trees of orders 1..6 (37 conditions for order 6;
// OEIS A000081). σ is not needed for the conditions; it is kept for the
// B-series coefficients (error constants) a report may want.
//
// Φ is computed with A·1 for the leaves, i.e. the method applied to an
// autonomous system; the stored c only matters for non-autonomous problems,
// where c = A·1 is the additional requirement (HNW I, (II.1.9)). The result
// carries max|c − A·1| so that a caller can flag a tableau that violates it.
//
// A condition holds when |Φ(t) − 1/γ(t)| ≤ tol·max(1, Φ_|·|(t)), where Φ_|·| is
// Φ evaluated with |A| and |b|: the rounding in Φ is bounded by a few ulps of
// that sum, so large coefficients do not make an exact condition look
// violated. The default tol is 10^(−0.8·digits10) of S: 1e-12 in double, 1e-40
// in cpp_bin_float_50 — far above rounding, far below any genuine defect of a
// tableau given exactly.
//
// This supersedes tableau.hpp's order_condition_residuals / satisfied_order
// (orders ≤ 4, using the stored c); those are kept for their existing users
// (tests/unit/schemes/test_tableau.cpp).
#include <Eigen/Dense>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "schemes/tableau.hpp"

namespace granconv {

struct RootedTree {
  int order = 1;
  std::vector<int> children;  // indices into the tree list, non-decreasing
  std::int64_t sigma = 1;     // symmetry σ(t)
  std::int64_t gamma = 1;     // density γ(t)
  std::string bracket;        // "τ", "[τ]", "[τ,τ]", "[[τ]]", ...
  std::string weight;         // Φ(t) in matrix form: "Σb", "b·c", "b·(c^2)", "b·Ac", ...
};

namespace detail {

inline std::string ipow_string(const std::string& base, int m, bool composite) {
  if (m == 1) return base;
  return (composite ? "(" + base + ")" : base) + "^" + std::to_string(m);
}

// Φ_j(t) as a vector expression in A and c ("1" for τ).
inline std::string stage_weight(const std::vector<RootedTree>& trees, const std::vector<std::string>& g,
                                const std::vector<int>& children) {
  if (children.empty()) return "1";
  std::string out;
  for (std::size_t k = 0; k < children.size();) {
    std::size_t e = k;
    while (e < children.size() && children[e] == children[k]) ++e;
    const int child = children[k];
    const std::string& gc = g[static_cast<std::size_t>(child)];
    // A child with one subtree has a single unpowered factor ("c", "Ac", "A(c^2)").
    const bool simple = trees[static_cast<std::size_t>(child)].children.size() == 1;
    const std::string factor = trees[static_cast<std::size_t>(child)].children.empty()
                                   ? "c"
                                   : "A" + (simple ? gc : "(" + gc + ")");
    if (!out.empty()) out += "∘";
    out += ipow_string(factor, static_cast<int>(e - k), factor != "c");
    k = e;
  }
  return out;
}

}  // namespace detail

// All rooted trees with 1 ≤ |t| ≤ max_order, sorted by order; within an order,
// by their children lists (so τ-rich trees first: [τ,τ] before [[τ]]).
inline std::vector<RootedTree> rooted_trees(int max_order = 6) {
  if (max_order < 1 || max_order > 12) throw std::invalid_argument("rooted_trees: max_order must be in 1..12");
  std::vector<RootedTree> trees;
  std::vector<std::string> g;  // stage-weight expression of each tree
  trees.push_back({1, {}, 1, 1, "τ", "Σb"});
  g.push_back("1");
  for (int n = 2; n <= max_order; ++n) {
    const std::size_t known = trees.size();  // trees of order < n
    std::vector<int> kids;
    std::function<void(std::size_t, int)> extend = [&](std::size_t from, int remaining) {
      if (remaining == 0) {
        RootedTree t;
        t.order = n;
        t.children = kids;
        std::string inner;
        for (std::size_t k = 0; k < kids.size();) {
          std::size_t e = k;
          while (e < kids.size() && kids[e] == kids[k]) ++e;
          const auto& u = trees[static_cast<std::size_t>(kids[k])];
          std::int64_t fact = 1;
          for (std::size_t m = 1; m <= e - k; ++m) {
            fact *= static_cast<std::int64_t>(m);
            t.sigma *= u.sigma;
          }
          t.sigma *= fact;
          k = e;
        }
        t.gamma = n;
        for (std::size_t k = 0; k < kids.size(); ++k) {
          const auto& u = trees[static_cast<std::size_t>(kids[k])];
          t.gamma *= u.gamma;
          inner += (k ? "," : "") + u.bracket;
        }
        t.bracket = "[" + inner + "]";
        const std::string gt = detail::stage_weight(trees, g, kids);
        const bool single = kids.size() == 1;
        t.weight = "b·" + (single ? gt : "(" + gt + ")");
        trees.push_back(t);
        g.push_back(gt);
        return;
      }
      for (std::size_t i = from; i < known; ++i) {
        if (trees[i].order > remaining) break;  // sorted by order
        kids.push_back(static_cast<int>(i));
        extend(i, remaining - trees[i].order);
        kids.pop_back();
      }
    };
    extend(0, n - 1);
  }
  return trees;
}

template <class S>
S default_order_tolerance() {
  const int digits = static_cast<int>(0.8 * std::numeric_limits<S>::digits10 + 0.5);
  S tol(1);
  for (int k = 0; k < digits; ++k) tol /= 10;
  return tol;
}

template <class S>
struct TreeCondition {
  int tree = 0;  // index into OrderConditionReport::trees
  S phi{0};      // Φ(t)
  S residual{0};  // Φ(t) − 1/γ(t)
  S scale{1};     // max(1, Φ_|·|(t)): the tolerance is tol·scale
  bool holds = false;
};

template <class S>
struct OrderConditionReport {
  std::vector<RootedTree> trees;  // all trees up to max_order
  std::vector<TreeCondition<S>> conditions;  // one per tree, same order
  int max_order = 6;
  S tolerance{0};
  // Highest p ≤ max_order such that every condition with |t| ≤ p holds
  // (p = max_order means "at least max_order").
  int order = 0;
  int first_failure = -1;  // index of the first failing condition, −1 if none up to max_order
  S row_sum_defect{0};     // max_i |c_i − (A·1)_i|

  // E.g. "[τ,τ,τ,τ] (order 5, b·(c^4) = 1/5): residual 8.33e-03"; "" if none.
  std::string describe_first_failure() const {
    if (first_failure < 0) return "";
    const auto& c = conditions[static_cast<std::size_t>(first_failure)];
    const auto& t = trees[static_cast<std::size_t>(c.tree)];
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g", static_cast<double>(c.residual));
    return t.bracket + " (order " + std::to_string(t.order) + ", " + t.weight + " = 1/" + std::to_string(t.gamma) +
           "): residual " + buf;
  }
};

template <class S>
OrderConditionReport<S> check_order_conditions(const Tableau<S>& tab, int max_order = 6,
                                               S tol = default_order_tolerance<S>()) {
  using std::abs;
  const int s = static_cast<int>(tab.b.size());
  if (s < 1 || tab.A.rows() != s || tab.A.cols() != s)
    throw std::invalid_argument("check_order_conditions: tableau '" + tab.name + "' has inconsistent sizes");
  OrderConditionReport<S> r;
  r.trees = rooted_trees(max_order);
  r.max_order = max_order;
  r.tolerance = tol;
  const std::size_t n = r.trees.size();
  // u[t] = A·Φ_·(t) (and with |A|), the factor a parent picks up from child t.
  std::vector<std::vector<S>> u(n, std::vector<S>(static_cast<std::size_t>(s))),
      ua(n, std::vector<S>(static_cast<std::size_t>(s)));
  std::vector<S> phi_j(static_cast<std::size_t>(s)), phia_j(static_cast<std::size_t>(s));
  r.order = max_order;
  for (std::size_t t = 0; t < n; ++t) {
    const auto& tree = r.trees[t];
    for (int j = 0; j < s; ++j) {
      S p(1), pa(1);
      for (int child : tree.children) {
        p *= u[static_cast<std::size_t>(child)][static_cast<std::size_t>(j)];
        pa *= ua[static_cast<std::size_t>(child)][static_cast<std::size_t>(j)];
      }
      phi_j[static_cast<std::size_t>(j)] = p;
      phia_j[static_cast<std::size_t>(j)] = pa;
    }
    TreeCondition<S> c;
    c.tree = static_cast<int>(t);
    S phia(0);
    for (int j = 0; j < s; ++j) {
      c.phi += tab.b[j] * phi_j[static_cast<std::size_t>(j)];
      phia += abs(tab.b[j]) * phia_j[static_cast<std::size_t>(j)];
    }
    c.residual = c.phi - S(1) / S(tree.gamma);
    c.scale = phia > 1 ? phia : S(1);
    c.holds = abs(c.residual) <= tol * c.scale;
    if (!c.holds && r.first_failure < 0) {
      r.first_failure = static_cast<int>(t);
      r.order = tree.order - 1;
    }
    r.conditions.push_back(c);
    for (int i = 0; i < s; ++i) {
      S v(0), va(0);
      for (int j = 0; j < s; ++j) {
        v += tab.A(i, j) * phi_j[static_cast<std::size_t>(j)];
        va += abs(tab.A(i, j)) * phia_j[static_cast<std::size_t>(j)];
      }
      u[t][static_cast<std::size_t>(i)] = v;
      ua[t][static_cast<std::size_t>(i)] = va;
    }
  }
  if (tab.c.size() == s)
    for (int i = 0; i < s; ++i) {
      const S d = abs(tab.c[i] - tab.A.row(i).sum());
      if (d > r.row_sum_defect) r.row_sum_defect = d;
    }
  return r;
}

// The highest order p ≤ max_order whose conditions all hold.
template <class S>
int order_from_trees(const Tableau<S>& tab, int max_order = 6, S tol = default_order_tolerance<S>()) {
  return check_order_conditions(tab, max_order, tol).order;
}

}  // namespace granconv
