#include "reference/sundials/serial_vector_kernels.hpp"

#include <algorithm>
#include <cmath>

namespace granconv {

namespace {

// The loops below are plain on purpose: the reductions must sum in index
// order (as the library does) to give the same bits, which excludes Eigen's
// vectorised redux; the element-wise ones are vectorised by the compiler.
using Real = sunrealtype;
using Index = sunindextype;

inline Index len(N_Vector v) { return NV_LENGTH_S(v); }
inline Real* data(N_Vector v) { return NV_DATA_S(v); }

void linear_sum(Real a, N_Vector x, Real b, N_Vector y, N_Vector z) {
  const Index n = len(x);
  Real *xd = data(x), *yd = data(y), *zd = data(z);
  // The library's case analysis, one case per expression it evaluates.
  auto axpy = [n](Real c, const Real* u, Real* w) {  // w += c u
    if (c == 1)
      for (Index i = 0; i < n; ++i) w[i] += u[i];
    else if (c == -1)
      for (Index i = 0; i < n; ++i) w[i] -= u[i];
    else
      for (Index i = 0; i < n; ++i) w[i] += c * u[i];
  };
  if (b == 1 && z == y) return axpy(a, xd, yd);
  if (a == 1 && z == x) return axpy(b, yd, xd);
  if (a == 1 && b == 1) {
    for (Index i = 0; i < n; ++i) zd[i] = xd[i] + yd[i];
    return;
  }
  if ((a == 1 && b == -1) || (a == -1 && b == 1)) {
    const Real* p = a == 1 ? xd : yd;  // p − m
    const Real* m = a == 1 ? yd : xd;
    for (Index i = 0; i < n; ++i) zd[i] = p[i] - m[i];
    return;
  }
  if (a == 1 || b == 1) {  // c·u + w
    const Real c = a == 1 ? b : a;
    const Real* u = a == 1 ? yd : xd;
    const Real* w = a == 1 ? xd : yd;
    for (Index i = 0; i < n; ++i) zd[i] = c * u[i] + w[i];
    return;
  }
  if (a == -1 || b == -1) {  // c·u − w
    const Real c = a == -1 ? b : a;
    const Real* u = a == -1 ? yd : xd;
    const Real* w = a == -1 ? xd : yd;
    for (Index i = 0; i < n; ++i) zd[i] = c * u[i] - w[i];
    return;
  }
  if (a == b) {
    for (Index i = 0; i < n; ++i) zd[i] = a * (xd[i] + yd[i]);
    return;
  }
  if (a == -b) {
    for (Index i = 0; i < n; ++i) zd[i] = a * (xd[i] - yd[i]);
    return;
  }
  for (Index i = 0; i < n; ++i) zd[i] = (a * xd[i]) + (b * yd[i]);
}

void constant(Real c, N_Vector z) {
  Real* zd = data(z);
  for (Index i = 0, n = len(z); i < n; ++i) zd[i] = c;
}

void prod(N_Vector x, N_Vector y, N_Vector z) {
  const Real *xd = data(x), *yd = data(y);
  Real* zd = data(z);
  for (Index i = 0, n = len(x); i < n; ++i) zd[i] = xd[i] * yd[i];
}

void div(N_Vector x, N_Vector y, N_Vector z) {
  const Real *xd = data(x), *yd = data(y);
  Real* zd = data(z);
  for (Index i = 0, n = len(x); i < n; ++i) zd[i] = xd[i] / yd[i];
}

void scale(Real c, N_Vector x, N_Vector z) {
  const Index n = len(x);
  Real *xd = data(x), *zd = data(z);
  if (z == x) {
    for (Index i = 0; i < n; ++i) xd[i] *= c;
  } else if (c == 1) {
    for (Index i = 0; i < n; ++i) zd[i] = xd[i];
  } else if (c == -1) {
    for (Index i = 0; i < n; ++i) zd[i] = -xd[i];
  } else {
    for (Index i = 0; i < n; ++i) zd[i] = c * xd[i];
  }
}

void abs_value(N_Vector x, N_Vector z) {
  const Real* xd = data(x);
  Real* zd = data(z);
  for (Index i = 0, n = len(x); i < n; ++i) zd[i] = std::abs(xd[i]);
}

void inv(N_Vector x, N_Vector z) {
  const Real* xd = data(x);
  Real* zd = data(z);
  for (Index i = 0, n = len(x); i < n; ++i) zd[i] = 1 / xd[i];
}

void add_const(N_Vector x, Real b, N_Vector z) {
  const Real* xd = data(x);
  Real* zd = data(z);
  for (Index i = 0, n = len(x); i < n; ++i) zd[i] = xd[i] + b;
}

Real weighted_square_sum(N_Vector x, N_Vector w) {
  const Real *xd = data(x), *wd = data(w);
  Real sum = 0;
  for (Index i = 0, n = len(x); i < n; ++i) {
    const Real p = xd[i] * wd[i];
    sum += p * p;
  }
  return sum;
}

Real wrms_norm(N_Vector x, N_Vector w) { return std::sqrt(weighted_square_sum(x, w) / len(x)); }

Real max_norm(N_Vector x) {
  const Real* xd = data(x);
  Real m = 0;
  for (Index i = 0, n = len(x); i < n; ++i)
    if (std::abs(xd[i]) > m) m = std::abs(xd[i]);
  return m;
}

Real min_value(N_Vector x) {
  const Real* xd = data(x);
  Real m = xd[0];
  for (Index i = 1, n = len(x); i < n; ++i)
    if (xd[i] < m) m = xd[i];
  return m;
}

void compare(Real c, N_Vector x, N_Vector z) {
  const Real* xd = data(x);
  Real* zd = data(z);
  for (Index i = 0, n = len(x); i < n; ++i) zd[i] = std::abs(xd[i]) >= c ? 1 : 0;
}

// z = Σ c_i X_i, as the library computes it without a fused kernel
// (N_VLinearCombination's fallback: N_VScale(c_0, X_0, z), then
// N_VLinearSum(c_i, X_i, 1, z, z) for i ≥ 1): per element
// (((c_0 x_0 + c_1 x_1) + c_2 x_2) + ...), the same operations in the same
// order, but four terms per pass over z instead of one. The library's special
// cases c = ±1 (x, −x, z + x, z − x) are the same numbers as c·x and z + c·x
// (multiplying by ±1 is exact and nothing is contracted: -ffp-contract=off).
// ERKStep forms every stage this way (up to 14 terms at order 8), so these
// passes, not the arithmetic, set its cost.
//
// Terms k ≥ 1 with c_k = 0 are skipped: a quarter of the erk8 table's
// entries are zero (its A is sparse and b, d vanish on several stages), and
// adding 0 · x changes no finite z, only the sign of a zero sum (−0 + 0 is
// +0) and a non-finite x's NaN, neither of which a stage can use.
//
// Compiled twice, for AVX2 and for the baseline; the loader picks one by the
// CPU. The numbers are the same (element-wise products and sums, nothing
// contracted into an FMA); 4 lanes instead of 2 took 8-10 % off an erk8 solve
// at N = 1000 (side by side, 2026-11-27).
__attribute__((target_clones("avx2", "default"))) int linear_combination(int nvec, Real* c, N_Vector* X, N_Vector z) {
  const Index n = len(z);
  Real* zd = data(z);
  constexpr int kMaxTerms = 64;  // ERKStep passes at most stages + 1
  bool pass_wise = nvec > kMaxTerms;
  for (int i = 1; i < nvec; ++i) pass_wise = pass_wise || X[i] == z;
  // Aliasing beyond the first term (or more terms than the buffers below
  // hold): the library's pass-wise order, which defines the result.
  if (pass_wise) {
    scale(c[0], X[0], z);
    for (int k = 1; k < nvec; ++k) linear_sum(c[k], X[k], 1, z, z);
    return 0;
  }
  Real cs[kMaxTerms];
  const Real* xs[kMaxTerms];
  int m = 0;
  for (int k = 1; k < nvec; ++k)
    if (c[k] != 0) {
      cs[m] = c[k];
      xs[m++] = data(X[k]);
    }
  const Real* x0 = data(X[0]);
  const Real c0 = c[0];
  for (Index i = 0; i < n; ++i) zd[i] = c0 * x0[i];
  int k = 0;
  for (; k + 3 < m; k += 4) {
    const Real *x1 = xs[k], *x2 = xs[k + 1], *x3 = xs[k + 2], *x4 = xs[k + 3];
    const Real c1 = cs[k], c2 = cs[k + 1], c3 = cs[k + 2], c4 = cs[k + 3];
    for (Index i = 0; i < n; ++i) zd[i] = zd[i] + c1 * x1[i] + c2 * x2[i] + c3 * x3[i] + c4 * x4[i];
  }
  for (; k < m; ++k) {
    const Real* xk = xs[k];
    const Real ck = cs[k];
    for (Index i = 0; i < n; ++i) zd[i] = zd[i] + ck * xk[i];
  }
  return 0;
}

}  // namespace

void use_compiled_serial_kernels(N_Vector v) {
  N_Vector_Ops ops = v->ops;
  ops->nvlinearsum = linear_sum;
  ops->nvconst = constant;
  ops->nvprod = prod;
  ops->nvdiv = div;
  ops->nvscale = scale;
  ops->nvabs = abs_value;
  ops->nvinv = inv;
  ops->nvaddconst = add_const;
  ops->nvwrmsnorm = wrms_norm;
  ops->nvwsqrsumlocal = weighted_square_sum;
  ops->nvmaxnorm = max_norm;
  ops->nvmaxnormlocal = max_norm;
  ops->nvmin = min_value;
  ops->nvminlocal = min_value;
  ops->nvcompare = compare;
}

void use_compiled_fused_kernels(N_Vector v) {
  use_compiled_serial_kernels(v);
  v->ops->nvlinearcombination = linear_combination;
}

}  // namespace granconv
