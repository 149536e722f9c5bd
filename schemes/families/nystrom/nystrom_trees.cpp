#include "schemes/families/nystrom/nystrom_trees.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "schemes/families/file_fields.hpp"

namespace granconv {

namespace {

// A tree: its root's colour and its sons (indices into the list, nondecreasing,
// so that each unordered tree appears once). The B-series of the numerical
// stages (X_i, h V_i') expands over these trees; with φ'_j(u) = Π over the
// sons c of u of W_j(c), where W_j(c) is the stage weight of c's colour:
//   meagre leaf          W_j = c_j            (X_j = x + c_j h v + ...)
//   meagre [u]           W_j = (Ā φ'(u))_j
//   fat u                W_j = (A φ'(u))_j    (0 under the "start" rule)
// the method's weights are 1 for the meagre leaf, b̄·φ'(u) for [u] meagre and
// b·φ'(u) for u fat, and the exact flow's 1/γ(t) with the density
// γ(t) = |t| Π γ(sons).
struct Tree {
  bool fat = false;
  std::vector<int> sons;
  int order = 1;
  Mp50 density = 1;
  bool velocity_free = true;  // no fat vertex has a fat son
  std::vector<Mp50> phi, weight;  // φ' (fat trees) and the stage weight W
};

std::string describe(const std::vector<Tree>& trees, int t) {
  const Tree& tr = trees[static_cast<std::size_t>(t)];
  std::string s = tr.fat ? "v" : "x";
  if (tr.sons.empty()) return s;
  s += "[";
  for (std::size_t i = 0; i < tr.sons.size(); ++i) s += (i ? "," : "") + describe(trees, tr.sons[i]);
  return s + "]";
}

// Every multiset of trees (indices ≥ first) of total order `remaining`, as sons of a fat root.
void son_sets(const std::vector<Tree>& trees, const std::vector<int>& by_order_end, int remaining, int first,
              std::vector<int>& current, std::vector<std::vector<int>>& out) {
  if (remaining == 0) {
    out.push_back(current);
    return;
  }
  const int end = by_order_end[static_cast<std::size_t>(remaining)];
  for (int t = first; t < end; ++t) {
    const int o = trees[static_cast<std::size_t>(t)].order;
    if (o > remaining) continue;
    current.push_back(t);
    son_sets(trees, by_order_end, remaining - o, t, current, out);
    current.pop_back();
  }
}

}  // namespace

FamilyOrderReport nystrom_order_conditions(const NystromCoefficients<Mp50>& k, int max_order) {
  if (max_order < 1 || max_order > 8) throw std::invalid_argument("nystrom_order_conditions: max_order in 1..8");
  const int s = k.stages();
  const auto times = [&](bool bar, const std::vector<Mp50>& v) {
    std::vector<Mp50> out(static_cast<std::size_t>(s), Mp50(0));
    for (int i = 0; i < s; ++i)
      for (int j = 0; j < s; ++j)
        out[static_cast<std::size_t>(i)] += (bar ? k.abar_at(i, j) : k.a_at(i, j)) * v[static_cast<std::size_t>(j)];
    return out;
  };
  const auto dot = [&](const std::vector<Mp50>& w, const std::vector<Mp50>& v) {
    Mp50 r = 0;
    for (int i = 0; i < s; ++i) r += w[static_cast<std::size_t>(i)] * v[static_cast<std::size_t>(i)];
    return r;
  };
  std::vector<Tree> trees;
  // by_order_end[o]: one past the last tree of order ≤ o (trees are built by increasing order).
  std::vector<int> by_order_end(static_cast<std::size_t>(max_order + 1), 0);
  struct Condition {
    int tree;
    Mp50 residual;
  };
  std::vector<std::vector<Condition>> conditions(static_cast<std::size_t>(max_order + 1));
  const auto add_tree = [&](Tree t) {
    if (t.fat) {
      t.phi.assign(static_cast<std::size_t>(s), Mp50(1));
      for (int son : t.sons) {
        const Tree& c = trees[static_cast<std::size_t>(son)];
        for (int i = 0; i < s; ++i) t.phi[static_cast<std::size_t>(i)] *= c.weight[static_cast<std::size_t>(i)];
      }
      t.weight = times(false, t.phi);
    }
    const int index = static_cast<int>(trees.size());
    Mp50 method;
    if (!t.fat && t.sons.empty()) method = 1;
    else if (!t.fat) method = dot(k.bbar, trees[static_cast<std::size_t>(t.sons[0])].phi);
    else method = dot(k.b, t.phi);
    conditions[static_cast<std::size_t>(t.order)].push_back({index, method - 1 / t.density});
    trees.push_back(std::move(t));
  };
  for (int order = 1; order <= max_order; ++order) {
    const int before = static_cast<int>(trees.size());
    if (order == 1) {
      Tree leaf;  // meagre leaf
      leaf.weight = k.c;
      add_tree(leaf);
      Tree fat_leaf;
      fat_leaf.fat = true;
      add_tree(fat_leaf);
    } else {
      // Meagre roots with one fat son of order − 1.
      for (int t = 0; t < before; ++t) {
        const Tree& u = trees[static_cast<std::size_t>(t)];
        if (!u.fat || u.order != order - 1) continue;
        Tree m;
        m.sons = {t};
        m.order = order;
        m.density = Mp50(order) * u.density;
        m.velocity_free = u.velocity_free;
        m.weight = times(true, u.phi);
        add_tree(m);
      }
      // Fat roots with any sons of total order − 1.
      std::vector<std::vector<int>> sets;
      std::vector<int> current;
      son_sets(trees, by_order_end, order - 1, 0, current, sets);
      for (auto& set : sets) {
        Tree f;
        f.fat = true;
        f.order = order;
        f.density = order;
        for (int son : set) {
          const Tree& c = trees[static_cast<std::size_t>(son)];
          f.density *= c.density;
          f.velocity_free = f.velocity_free && c.velocity_free && !c.fat;
        }
        f.sons = std::move(set);
        add_tree(std::move(f));
      }
    }
    by_order_end[static_cast<std::size_t>(order)] = static_cast<int>(trees.size());
  }
  const auto report = [&](bool velocity_free_only) {
    FamilyOrderReport r;
    r.max_order = max_order;
    r.theory = velocity_free_only ? "Nyström trees without fat sons of fat vertices (x'' = F(t, x)), HNW I sect. II.14"
                                  : "Nyström trees for x'' = F(t, x, v) (Hairer, Nørsett & Wanner I, sect. II.14)";
    bool holding = true;
    for (int order = 1; order <= max_order; ++order) {
      OrderConditionRow row;
      row.order = order;
      for (const auto& c : conditions[static_cast<std::size_t>(order)]) {
        const Tree& t = trees[static_cast<std::size_t>(c.tree)];
        if (velocity_free_only && !t.velocity_free) continue;
        ++row.conditions;
        row.largest_residual = std::max(row.largest_residual, static_cast<double>(abs(c.residual)));
        if (row.first_failure.empty() && !file_fields::exactly_zero(c.residual))
          row.first_failure = std::string(t.fat ? "b·Φ(" : "b̄·Φ(") + describe(trees, c.tree) + ") = 1/" +
                              std::to_string(static_cast<long long>(t.density)) + " (residual " +
                              file_fields::short_number(c.residual) + ")";
      }
      if (holding && row.first_failure.empty()) r.order = order;
      if (holding && !row.first_failure.empty()) {
        holding = false;
        r.first_failure = row.first_failure;
      }
      r.rows.push_back(row);
    }
    return r;
  };
  FamilyOrderReport general = report(false);
  general.variants.emplace_back("x'' = F(t, x) (a force that does not depend on v)", report(true));
  return general;
}

}  // namespace granconv
