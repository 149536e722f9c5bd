#include "schemes/families/partitioned/bicoloured_trees.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "schemes/families/file_fields.hpp"

namespace granconv::partitioned {

const char* problem_class_name(ProblemClass c) {
  switch (c) {
    case ProblemClass::general: return "general partitioned system y' = f(y, z), z' = g(y, z)";
    case ProblemClass::damped_second_order: return "second-order system x' = v, v' = F(x, v)";
    case ProblemClass::second_order: return "second-order system x' = v, v' = F(x)";
    case ProblemClass::separable: return "separable system x' = f(v), v' = g(x)";
  }
  return "?";
}

namespace {

// Whether a vertex of colour `parent_v` may take one more child (it has `count`).
bool may_take_child(ProblemClass c, bool parent_v, std::size_t count) {
  const bool linear_x = c == ProblemClass::damped_second_order || c == ProblemClass::second_order;
  return parent_v || !linear_x || count < 1;
}

bool child_allowed(ProblemClass c, bool parent_v, bool child_v) {
  switch (c) {
    case ProblemClass::general: return true;
    case ProblemClass::damped_second_order: return parent_v || child_v;
    case ProblemClass::second_order:
    case ProblemClass::separable: return parent_v != child_v;
  }
  return false;
}

}  // namespace

std::vector<BicolouredTree> bicoloured_trees(ProblemClass c, int max_order) {
  if (max_order < 1 || max_order > 9) throw std::invalid_argument("bicoloured_trees: max_order must be in 1..9");
  std::vector<BicolouredTree> trees;
  std::vector<int> chosen;
  for (int n = 1; n <= max_order; ++n) {
    const int lower = static_cast<int>(trees.size());  // the trees of order < n
    for (const bool v_root : {false, true}) {
      // The children of a new root: a non-decreasing index sequence of total order n − 1.
      std::function<void(int, int)> choose = [&](int first, int remaining) {
        if (remaining == 0) {
          BicolouredTree t;
          t.velocity_root = v_root;
          t.order = n;
          t.children = chosen;
          t.gamma = n;
          t.name = v_root ? "v" : "x";
          if (!chosen.empty()) {
            t.name += "[";
            for (std::size_t k = 0; k < chosen.size(); ++k) {
              const auto& u = trees[static_cast<std::size_t>(chosen[k])];
              t.gamma *= u.gamma;
              t.name += (k ? "," : "") + u.name;
            }
            t.name += "]";
          }
          trees.push_back(std::move(t));
          return;
        }
        if (!may_take_child(c, v_root, chosen.size())) return;
        for (int k = first; k < lower; ++k) {
          const auto& u = trees[static_cast<std::size_t>(k)];
          if (u.order > remaining) break;
          if (!child_allowed(c, v_root, u.velocity_root)) continue;
          chosen.push_back(k);
          choose(k, remaining - u.order);
          chosen.pop_back();
        }
      };
      choose(0, n - 1);
    }
  }
  return trees;
}

FamilyOrderReport prk_order_conditions(const PrkTableauMp& t, ProblemClass c, int max_order,
                                          const Mp50& precision) {
  const auto trees = bicoloured_trees(c, max_order);
  const Eigen::Index s = t.b.size();
  const MatrixMp A_abs = t.A.cwiseAbs(), Ahat_abs = t.Ahat.cwiseAbs();
  const VectorMp b_abs = t.b.cwiseAbs(), bhat_abs = t.bhat.cwiseAbs();
  // M_u Φ(u) for each tree u, the factor it contributes to its parent's stages.
  std::vector<VectorMp> factor(trees.size()), factor_abs(trees.size());
  FamilyOrderReport report;
  report.theory = std::string("bi-coloured trees (P-series), ") + problem_class_name(c);
  report.max_order = max_order;
  for (int p = 1; p <= max_order; ++p) report.rows.push_back({p, 0, 0.0, ""});
  for (std::size_t k = 0; k < trees.size(); ++k) {
    const auto& tree = trees[k];
    VectorMp phi = VectorMp::Ones(s), phi_abs = VectorMp::Ones(s);
    for (const int u : tree.children) {
      phi = phi.cwiseProduct(factor[static_cast<std::size_t>(u)]);
      phi_abs = phi_abs.cwiseProduct(factor_abs[static_cast<std::size_t>(u)]);
    }
    factor[k] = tree.velocity_root ? VectorMp(t.Ahat * phi) : VectorMp(t.A * phi);
    factor_abs[k] = tree.velocity_root ? VectorMp(Ahat_abs * phi_abs) : VectorMp(A_abs * phi_abs);
    const Mp50 weight = tree.velocity_root ? t.bhat.dot(phi) : t.b.dot(phi);
    const Mp50 weight_abs = tree.velocity_root ? bhat_abs.dot(phi_abs) : b_abs.dot(phi_abs);
    const Mp50 exact = Mp50(1) / Mp50(tree.gamma);
    const Mp50 residual = abs(weight - exact);
    const Mp50 tol = Mp50("1e-40") + 4 * tree.order * precision;
    auto& row = report.rows[static_cast<std::size_t>(tree.order - 1)];
    ++row.conditions;
    row.largest_residual = std::max(row.largest_residual, static_cast<double>(residual));
    if (residual > tol * (weight_abs > 1 ? weight_abs : Mp50(1)) && row.first_failure.empty())
      row.first_failure = tree.name + ": Φ = " + file_fields::short_number(weight) + ", 1/γ = 1/" +
                          std::to_string(tree.gamma);
  }
  for (const auto& row : report.rows) {
    if (!row.first_failure.empty()) {
      report.first_failure = "order " + std::to_string(row.order) + ": " + row.first_failure;
      break;
    }
    report.order = row.order;
  }
  return report;
}

}  // namespace granconv::partitioned
