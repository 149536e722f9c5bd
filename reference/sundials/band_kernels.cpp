#include "reference/sundials/band_kernels.hpp"

#include <sunlinsol/sunlinsol_band.h>
#include <sunmatrix/sunmatrix_band.h>

#include <algorithm>
#include <cmath>

namespace granconv {

namespace {

using Real = sunrealtype;
using Index = sunindextype;

Index& last_flag(SUNLinearSolver S) { return static_cast<SUNLinearSolverContent_Band>(S->content)->last_flag; }
Index* pivots(SUNLinearSolver S) { return static_cast<SUNLinearSolverContent_Band>(S->content)->pivots; }

int zero(SUNMatrix A) {
  if (SUNMatGetID(A) != SUNMATRIX_BAND) return SUNMAT_ILL_INPUT;
  std::fill(SM_DATA_B(A), SM_DATA_B(A) + SM_LDATA_B(A), Real(0));
  return SUNMAT_SUCCESS;
}

int copy(SUNMatrix A, SUNMatrix B) {
  // Anything but two band matrices of one size, B's bands at least A's: the
  // library's checks, and its growth of B.
  if (SUNMatGetID(A) != SUNMATRIX_BAND || SUNMatGetID(B) != SUNMATRIX_BAND || SM_ROWS_B(A) != SM_ROWS_B(B) ||
      SM_COLUMNS_B(A) != SM_COLUMNS_B(B) || SM_UBAND_B(A) > SM_UBAND_B(B) || SM_LBAND_B(A) > SM_LBAND_B(B))
    return SUNMatCopy_Band(A, B);
  zero(B);
  const Index mu = SM_UBAND_B(A), ml = SM_LBAND_B(A);
  for (Index j = 0; j < SM_COLUMNS_B(B); ++j) {
    const Real* a = SM_COLUMN_B(A, j);
    Real* b = SM_COLUMN_B(B, j);
    for (Index i = -mu; i <= ml; ++i) b[i] = a[i];
  }
  return SUNMAT_SUCCESS;
}

// A = c·A + I
int scale_add_identity(Real c, SUNMatrix A) {
  if (SUNMatGetID(A) != SUNMATRIX_BAND) return SUNMAT_ILL_INPUT;
  const Index mu = SM_UBAND_B(A), ml = SM_LBAND_B(A);
  for (Index j = 0; j < SM_COLUMNS_B(A); ++j) {
    Real* a = SM_COLUMN_B(A, j);
    for (Index i = -mu; i <= ml; ++i) a[i] *= c;
    a[0] += Real(1);  // SM_ELEMENT_B(A, j, j)
  }
  return SUNMAT_SUCCESS;
}

// SUNDlsMat_bandGBTRF: LU with partial pivoting in band storage, a(i, j) at
// a[j][i - j + smu]; returns 0, or k + 1 for a zero pivot in column k.
Index gbtrf(Real** a, Index n, Index mu, Index ml, Index smu, Index* p) {
  // the first smu - mu rows of every column (fill-in room) start at zero
  if (smu > mu)
    for (Index c = 0; c < n; ++c) std::fill(a[c], a[c] + (smu - mu), Real(0));
  for (Index k = 0; k < n - 1; ++k, ++p) {
    Real* col_k = a[k];
    Real* diag_k = col_k + smu;
    Real* sub_diag_k = diag_k + 1;
    const Index last_row_k = std::min(n - 1, k + ml);
    Index l = k;
    Real max = std::abs(*diag_k);
    for (Index i = k + 1; i <= last_row_k; ++i)
      if (std::abs(sub_diag_k[i - k - 1]) > max) {
        l = i;
        max = std::abs(sub_diag_k[i - k - 1]);
      }
    Index storage_l = l - k + smu;
    *p = l;
    if (col_k[storage_l] == Real(0)) return k + 1;
    const bool swap = l != k;
    if (swap) {
      const Real temp = col_k[storage_l];
      col_k[storage_l] = *diag_k;
      *diag_k = temp;
    }
    const Real mult = -Real(1) / (*diag_k);
    for (Index i = k + 1; i <= last_row_k; ++i) sub_diag_k[i - k - 1] *= mult;
    const Index last_col_k = std::min(k + smu, n - 1);
    for (Index j = k + 1; j <= last_col_k; ++j) {
      Real* col_j = a[j];
      storage_l = l - j + smu;
      const Index storage_k = k - j + smu;
      const Real a_kj = col_j[storage_l];
      if (swap) {
        col_j[storage_l] = col_j[storage_k];
        col_j[storage_k] = a_kj;
      }
      if (a_kj != Real(0)) {
        Real* jptr = col_j + (k + 1 - j + smu);
        for (Index i = 0; i < last_row_k - k; ++i) jptr[i] += a_kj * sub_diag_k[i];
      }
    }
  }
  *p = n - 1;
  if (a[n - 1][smu] == Real(0)) return n;
  return 0;
}

// SUNDlsMat_bandGBTRS: solves with gbtrf's factors, b overwritten by x.
void gbtrs(Real** a, Index n, Index smu, Index ml, const Index* p, Real* b) {
  for (Index k = 0; k < n - 1; ++k) {  // L y = P b
    const Index l = p[k];
    const Real mult = b[l];
    if (l != k) {
      b[l] = b[k];
      b[k] = mult;
    }
    const Real* diag_k = a[k] + smu;
    const Index last_row_k = std::min(n - 1, k + ml);
    for (Index i = k + 1; i <= last_row_k; ++i) b[i] += mult * diag_k[i - k];
  }
  for (Index k = n - 1; k >= 0; --k) {  // U x = y
    const Real* diag_k = a[k] + smu;
    const Index first_row_k = std::max<Index>(0, k - smu);
    b[k] /= (*diag_k);
    const Real mult = -b[k];
    for (Index i = first_row_k; i <= k - 1; ++i) b[i] += mult * diag_k[i - k];
  }
}

// SUNLinSolSetup_Band
int setup(SUNLinearSolver S, SUNMatrix A) {
  if (A == nullptr || S == nullptr) return SUNLS_MEM_NULL;
  if (SUNMatGetID(A) != SUNMATRIX_BAND) {
    last_flag(S) = SUNLS_ILL_INPUT;
    return SUNLS_ILL_INPUT;
  }
  Real** cols = SM_COLS_B(A);
  Index* p = pivots(S);
  if (cols == nullptr || p == nullptr) {
    last_flag(S) = SUNLS_MEM_FAIL;
    return SUNLS_MEM_FAIL;
  }
  if (SM_SUBAND_B(A) < std::min(SM_COLUMNS_B(A) - 1, SM_UBAND_B(A) + SM_LBAND_B(A))) {
    last_flag(S) = SUNLS_MEM_FAIL;
    return SUNLS_MEM_FAIL;
  }
  last_flag(S) = gbtrf(cols, SM_COLUMNS_B(A), SM_UBAND_B(A), SM_LBAND_B(A), SM_SUBAND_B(A), p);
  return last_flag(S) > 0 ? SUNLS_LUFACT_FAIL : SUNLS_SUCCESS;
}

// SUNLinSolSolve_Band
int solve(SUNLinearSolver S, SUNMatrix A, N_Vector x, N_Vector b, Real /*tol*/) {
  if (A == nullptr || S == nullptr || x == nullptr || b == nullptr) return SUNLS_MEM_NULL;
  N_VScale(Real(1), b, x);
  Real** cols = SUNBandMatrix_Cols(A);
  Real* xd = N_VGetArrayPointer(x);
  Index* p = pivots(S);
  if (cols == nullptr || xd == nullptr || p == nullptr) {
    last_flag(S) = SUNLS_MEM_FAIL;
    return SUNLS_MEM_FAIL;
  }
  gbtrs(cols, SM_COLUMNS_B(A), SM_SUBAND_B(A), SM_LBAND_B(A), p, xd);
  last_flag(S) = SUNLS_SUCCESS;
  return SUNLS_SUCCESS;
}

void install_matrix_ops(SUNMatrix A);

// The library's clone takes the library's operations; CVODE clones its saved
// Jacobian from A and copies it back with the clone's copy.
SUNMatrix clone(SUNMatrix A) {
  SUNMatrix B = SUNMatClone_Band(A);
  if (B != nullptr) install_matrix_ops(B);
  return B;
}

void install_matrix_ops(SUNMatrix A) {
  A->ops->clone = clone;
  A->ops->zero = zero;
  A->ops->copy = copy;
  A->ops->scaleaddi = scale_add_identity;
}

}  // namespace

void use_compiled_band_kernels(SUNMatrix A, SUNLinearSolver LS) {
  install_matrix_ops(A);
  LS->ops->setup = setup;
  LS->ops->solve = solve;
}

}  // namespace granconv
