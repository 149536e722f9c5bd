#pragma once
// A Butcher tableau (A, b, c) in scalar type S, with the classical order its
// author declares and the order conditions it actually satisfies.
#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace granconv {

// More stages than any practical method has; the 50-digit analyses
// (order conditions, stability, modified equation) grow steeply with s.
inline constexpr int kMaxStages = 16;

template <class S>
struct Tableau {
  using Matrix = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;
  using Vector = Eigen::Matrix<S, Eigen::Dynamic, 1>;
  std::string name;
  Matrix A;
  Vector b, c;
  int classical_order = 0;

  int stages() const { return static_cast<int>(b.size()); }

  bool explicit_method() const {
    for (int i = 0; i < stages(); ++i)
      for (int j = i; j < stages(); ++j)
        if (A(i, j) != S(0)) return false;
    return true;
  }

  void validate() const {
    const auto s = b.size();
    if (s < 1) throw std::invalid_argument("tableau '" + name + "': b is empty");
    if (s > kMaxStages)
      throw std::invalid_argument("tableau '" + name + "' has " + std::to_string(s) + " stages, more than the limit of " +
                                  std::to_string(kMaxStages));
    if (A.rows() != s || A.cols() != s)
      throw std::invalid_argument("tableau '" + name + "': A must be " + std::to_string(s) + "×" +
                                  std::to_string(s) + " to match b");
    if (c.size() != s) throw std::invalid_argument("tableau '" + name + "': c has the wrong length");
    using std::abs;
    using std::isfinite;
    for (int i = 0; i < s; ++i) {
      for (int j = 0; j < s; ++j)
        if (!isfinite(static_cast<double>(A(i, j))))
          throw std::invalid_argument("tableau '" + name + "': A has a non-finite entry");
      if (!isfinite(static_cast<double>(b[i])) || !isfinite(static_cast<double>(c[i])))
        throw std::invalid_argument("tableau '" + name + "': b or c has a non-finite entry");
    }
  }
};

// Residuals of the order conditions for the rooted trees up to order 4
// (Hairer–Nørsett–Wanner I, Table II.2.1), with c = A·1 assumed as usual.
template <class S>
Eigen::Matrix<S, Eigen::Dynamic, 1> order_condition_residuals(const Tableau<S>& t, int order) {
  using V = Eigen::Matrix<S, Eigen::Dynamic, 1>;
  const V& b = t.b;
  const V& c = t.c;
  const auto& A = t.A;
  std::vector<S> r;
  if (order >= 1) r.push_back(b.sum() - S(1));
  if (order >= 2) r.push_back(b.dot(c) - S(1) / 2);
  if (order >= 3) {
    r.push_back(b.dot(c.cwiseProduct(c)) - S(1) / 3);
    r.push_back(b.dot(A * c) - S(1) / 6);
  }
  if (order >= 4) {
    const V c2 = c.cwiseProduct(c);
    r.push_back(b.dot(c2.cwiseProduct(c)) - S(1) / 4);
    r.push_back(b.dot(c.cwiseProduct(A * c)) - S(1) / 8);
    r.push_back(b.dot(A * c2) - S(1) / 12);
    r.push_back(b.dot(A * (A * c)) - S(1) / 24);
  }
  V out(static_cast<Eigen::Index>(r.size()));
  for (std::size_t i = 0; i < r.size(); ++i) out[static_cast<Eigen::Index>(i)] = r[i];
  return out;
}

// Highest p ≤ 4 whose conditions hold to `tol`.
template <class S>
int satisfied_order(const Tableau<S>& t, const S& tol) {
  int p = 0;
  for (int q = 1; q <= 4; ++q) {
    if (order_condition_residuals(t, q).cwiseAbs().maxCoeff() > tol) break;
    p = q;
  }
  return p;
}

namespace tableaux {

// Crank–Nicolson as the 2-stage Lobatto IIIA tableau: the stage at c = 0 is
// explicit (it equals f(y_n)), so the stage system is that of eq. (12).
template <class S>
Tableau<S> crank_nicolson() {
  Tableau<S> t{"cn", {}, {}, {}, 2};
  t.A.resize(2, 2);
  t.A << S(0), S(0), S(1) / 2, S(1) / 2;
  t.b.resize(2);
  t.b << S(1) / 2, S(1) / 2;
  t.c.resize(2);
  t.c << S(0), S(1);
  return t;
}

// Gauss–Legendre 2-stage, eq. (15).
template <class S>
Tableau<S> gauss_legendre2() {
  using std::sqrt;
  const S r3 = sqrt(S(3));
  Tableau<S> t{"gl2", {}, {}, {}, 4};
  t.A.resize(2, 2);
  t.A << S(1) / 4, S(1) / 4 - r3 / 6, S(1) / 4 + r3 / 6, S(1) / 4;
  t.b.resize(2);
  t.b << S(1) / 2, S(1) / 2;
  t.c.resize(2);
  t.c << S(1) / 2 - r3 / 6, S(1) / 2 + r3 / 6;
  return t;
}

template <class S>
Tableau<S> radau_iia2() {
  Tableau<S> t{"radau2", {}, {}, {}, 3};
  t.A.resize(2, 2);
  t.A << S(5) / 12, -S(1) / 12, S(3) / 4, S(1) / 4;
  t.b.resize(2);
  t.b << S(3) / 4, S(1) / 4;
  t.c.resize(2);
  t.c << S(1) / 3, S(1);
  return t;
}

template <class S>
Tableau<S> rk4() {
  Tableau<S> t{"rk4", {}, {}, {}, 4};
  t.A = Tableau<S>::Matrix::Zero(4, 4);
  t.A(1, 0) = S(1) / 2;
  t.A(2, 1) = S(1) / 2;
  t.A(3, 2) = S(1);
  t.b.resize(4);
  t.b << S(1) / 6, S(1) / 3, S(1) / 3, S(1) / 6;
  t.c.resize(4);
  t.c << S(0), S(1) / 2, S(1) / 2, S(1);
  return t;
}

}  // namespace tableaux
}  // namespace granconv
