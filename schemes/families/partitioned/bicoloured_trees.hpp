#pragma once
// Order conditions of a partitioned Runge–Kutta method from bi-coloured
// rooted trees (P-series; Hairer–Lubich–Wanner, Geometric Numerical
// Integration, III.2.1; Hairer–Nørsett–Wanner I, II.15).
//
// For y' = f(y, z), z' = g(y, z) the exact and the numerical solution are
// P-series over rooted trees whose vertices are coloured x (an f, the
// position part) or v (a g, the velocity part); the root's colour says which
// component. A vertex's children are the partial derivatives of its function:
// an x child is a ∂/∂y, a v child a ∂/∂z. The PRK
//   Y_i = y0 + h Σ a_ij f(Y_j, Z_j),   Z_i = z0 + h Σ â_ij g(Y_j, Z_j),
//   y1 = y0 + h Σ b_i f(Y_i, Z_i),     z1 = z0 + h Σ b̂_i g(Y_i, Z_i)
// has the elementary weights, recursively over the children u of t,
//   Φ_i(t) = Π_u (M_u Φ(u))_i,  M_u = A if u is an x vertex, Â if a v vertex,
//   Φ(t) = b·Φ(t) (root x) or b̂·Φ(t) (root v),
// and order p iff Φ(t) = 1/γ(t) for every tree with |t| ≤ p of the problem
// class, γ(t) the density of the uncoloured tree.
//
// A problem class keeps the trees whose elementary differentials do not vanish
// identically on it (the others are independent, so the class's conditions are
// exactly these):
//  - general: y' = f(y, z), z' = g(y, z), every bi-coloured tree;
//  - damped second order: x' = v, v' = F(x, v): f = z is linear in z and free
//    of y, so an x vertex has at most one child, a v vertex; v vertices are free;
//  - second order: x' = v, v' = F(x): as above, and g has no z, so the children
//    of a v vertex are x vertices (colours alternate; Nyström's trees, HNW II.14);
//  - separable: x' = f(v), v' = g(x) (T(p) + V(q)): colours alternate, any number
//    of children.
// A condition holds when |Φ(t) − 1/γ(t)| ≤ tol(t) · max(1, Φ_|·|(t)), Φ_|·| the
// weight with |A|, |Â|, |b|, |b̂| (the size of the sum whose rounding is
// measured), tol(t) = 1e-40 for exact coefficients and, for coefficients
// printed to a relative precision δ (the file's "precision"), 1e-40 + 4|t|δ:
// a product of |t| coefficients each off by δ is off by |t|δ relatively.
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "models/extended_precision.hpp"
#include "schemes/families/scheme_file.hpp"

namespace granconv::partitioned {

using MatrixMp = Eigen::Matrix<Mp50, Eigen::Dynamic, Eigen::Dynamic>;
using VectorMp = Eigen::Matrix<Mp50, Eigen::Dynamic, 1>;

// A PRK in 50 digits: (A, b) for the position part, (Â, b̂) for the velocity part.
struct PrkTableauMp {
  MatrixMp A, Ahat;
  VectorMp b, bhat;
};

enum class ProblemClass { general, damped_second_order, second_order, separable };
const char* problem_class_name(ProblemClass c);

struct BicolouredTree {
  bool velocity_root = false;  // colour of the root: false x, true v
  int order = 1;
  std::vector<int> children;  // indices into the list, non-decreasing
  long long gamma = 1;
  std::string name;  // e.g. "x[v[x]]"
};

// The trees of a class up to max_order, sorted by order (each tree after its subtrees).
std::vector<BicolouredTree> bicoloured_trees(ProblemClass c, int max_order);

FamilyOrderReport prk_order_conditions(const PrkTableauMp& t, ProblemClass c, int max_order,
                                          const Mp50& precision);

}  // namespace granconv::partitioned
