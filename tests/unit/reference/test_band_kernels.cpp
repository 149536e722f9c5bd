// The compiled band matrix operations and band LU
// (reference/sundials/band_kernels.hpp) against SUNDIALS's own, bit for bit:
// c·A + I, copies (the same bands, and into wider bands, which the library
// grows), clones, and the factorisation and solve on matrices that pivot, on
// one whose band is narrower than the storage, and on a singular one.
#include <catch2/catch.hpp>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunmatrix/sunmatrix_band.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "reference/sundials/band_kernels.hpp"
#include "reference/sundials/cvode_support.hpp"

using namespace granconv;

namespace {

// The same band system twice: the library's objects and ours.
struct Pair {
  SUNContext ctx = nullptr;
  sunindextype n, mu, ml;
  SUNMatrix lib = nullptr, ours = nullptr;
  N_Vector b = nullptr, x_lib = nullptr, x_ours = nullptr;
  SUNLinearSolver ls_lib = nullptr, ls_ours = nullptr;
  Pair(sunindextype n_, sunindextype mu_, sunindextype ml_) : n(n_), mu(mu_), ml(ml_) {
    cvode_support::create_context(&ctx);
    lib = SUNBandMatrix(n, mu, ml, ctx);
    ours = SUNBandMatrix(n, mu, ml, ctx);
    b = N_VNew_Serial(n, ctx);
    x_lib = N_VClone(b);
    x_ours = N_VClone(b);
    ls_lib = SUNLinSol_Band(b, lib, ctx);
    ls_ours = SUNLinSol_Band(b, ours, ctx);
    use_compiled_band_kernels(ours, ls_ours);
  }
  ~Pair() {
    SUNLinSolFree(ls_lib);
    SUNLinSolFree(ls_ours);
    for (N_Vector v : {b, x_lib, x_ours}) N_VDestroy(v);
    SUNMatDestroy(lib);
    SUNMatDestroy(ours);
    SUNContext_Free(&ctx);
  }
  // Entries of mixed signs and scales inside the band, one zero, and a weak
  // diagonal so that the LU pivots.
  void fill(unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    for (SUNMatrix m : {lib, ours}) SUNMatZero_Band(m);
    for (sunindextype j = 0; j < n; ++j)
      for (sunindextype i = std::max<sunindextype>(0, j - mu); i <= std::min(n - 1, j + ml); ++i) {
        const double v = (i == 2 && j == 3) ? 0.0 : u(rng) * std::pow(10.0, 3 * u(rng)) * (i == j ? 1e-3 : 1.0);
        SM_ELEMENT_B(lib, i, j) = v;
        SM_ELEMENT_B(ours, i, j) = v;
      }
    for (sunindextype i = 0; i < n; ++i) NV_Ith_S(b, i) = u(rng);
  }
  static bool same(SUNMatrix a, SUNMatrix c) {
    return SM_LDATA_B(a) == SM_LDATA_B(c) &&
           std::memcmp(SM_DATA_B(a), SM_DATA_B(c), sizeof(double) * static_cast<std::size_t>(SM_LDATA_B(a))) == 0;
  }
  bool same_solution() const {
    return std::memcmp(N_VGetArrayPointer(x_lib), N_VGetArrayPointer(x_ours), sizeof(double) * n) == 0;
  }
  bool same_pivots() const {
    auto pivots = [](SUNLinearSolver ls) { return static_cast<SUNLinearSolverContent_Band>(ls->content)->pivots; };
    return std::memcmp(pivots(ls_lib), pivots(ls_ours), sizeof(sunindextype) * n) == 0;
  }
};

}  // namespace

TEST_CASE("compiled band matrix operations give SUNDIALS's bits", "[reference][cvode]") {
  Pair p(41, 3, 3);
  for (double c : {1.0, -1.0, 0.0, -0.37, 1e5}) {
    p.fill(3);
    REQUIRE(SUNMatScaleAddI(c, p.lib) == SUNMAT_SUCCESS);
    REQUIRE(SUNMatScaleAddI(c, p.ours) == SUNMAT_SUCCESS);
    INFO("c = " << c);
    CHECK(Pair::same(p.lib, p.ours));
  }
  SUNMatrix clone_lib = SUNMatClone(p.lib), clone_ours = SUNMatClone(p.ours);
  // the clone keeps the compiled operations (CVODE's saved Jacobian is a clone)
  CHECK(clone_ours->ops->copy == p.ours->ops->copy);
  CHECK(clone_ours->ops->copy != clone_lib->ops->copy);
  p.fill(4);
  REQUIRE(SUNMatCopy(p.lib, clone_lib) == SUNMAT_SUCCESS);
  REQUIRE(SUNMatCopy(p.ours, clone_ours) == SUNMAT_SUCCESS);
  CHECK(Pair::same(clone_lib, clone_ours));
  REQUIRE(SUNMatZero(clone_lib) == SUNMAT_SUCCESS);
  REQUIRE(SUNMatZero(clone_ours) == SUNMAT_SUCCESS);
  CHECK(Pair::same(clone_lib, clone_ours));
  SUNMatDestroy(clone_lib);
  SUNMatDestroy(clone_ours);
  // Into narrower bands: the library grows the destination, ours hands it over.
  SUNMatrix narrow_lib = SUNBandMatrix(41, 1, 2, p.ctx), narrow_ours = SUNBandMatrix(41, 1, 2, p.ctx);
  REQUIRE(SUNMatCopy(p.lib, narrow_lib) == SUNMAT_SUCCESS);
  REQUIRE(SUNMatCopy(p.ours, narrow_ours) == SUNMAT_SUCCESS);
  CHECK(SM_UBAND_B(narrow_ours) == 3);
  CHECK(Pair::same(narrow_lib, narrow_ours));
  SUNMatDestroy(narrow_lib);
  SUNMatDestroy(narrow_ours);
}

TEST_CASE("compiled band LU factorises and solves with SUNDIALS's pivots and bits", "[reference][cvode]") {
  // (n, mu, ml): CVODE's chains (equal bands), unequal bands, a band as wide as the matrix, n = 1
  const sunindextype shapes[][3] = {{40, 3, 3}, {37, 1, 4}, {29, 5, 2}, {6, 5, 5}, {1, 0, 0}};
  unsigned seed = 0;
  for (const auto& s : shapes)
    for (int k = 0; k < 4; ++k) {
      Pair p(s[0], s[1], s[2]);
      p.fill(++seed);
      INFO("n = " << s[0] << ", mu = " << s[1] << ", ml = " << s[2] << ", seed " << seed);
      REQUIRE(SUNLinSolSetup(p.ls_lib, p.lib) == SUNLS_SUCCESS);
      REQUIRE(SUNLinSolSetup(p.ls_ours, p.ours) == SUNLS_SUCCESS);
      CHECK(Pair::same(p.lib, p.ours));
      CHECK(p.same_pivots());
      REQUIRE(SUNLinSolSolve(p.ls_lib, p.lib, p.x_lib, p.b, 0.0) == SUNLS_SUCCESS);
      REQUIRE(SUNLinSolSolve(p.ls_ours, p.ours, p.x_ours, p.b, 0.0) == SUNLS_SUCCESS);
      CHECK(p.same_solution());
    }
}

TEST_CASE("compiled band LU reports a zero pivot as SUNDIALS does", "[reference][cvode]") {
  Pair p(12, 2, 2);
  p.fill(99);
  for (sunindextype i = 0; i < 12; ++i)  // column 5 zero: no pivot in it
    if (std::abs(i - 5) <= 2) {
      SM_ELEMENT_B(p.lib, i, 5) = 0.0;
      SM_ELEMENT_B(p.ours, i, 5) = 0.0;
    }
  const int lib = SUNLinSolSetup(p.ls_lib, p.lib), ours = SUNLinSolSetup(p.ls_ours, p.ours);
  CHECK(lib == SUNLS_LUFACT_FAIL);
  CHECK(ours == lib);
  CHECK(SUNLinSolLastFlag(p.ls_ours) == SUNLinSolLastFlag(p.ls_lib));
  CHECK(SUNLinSolLastFlag(p.ls_ours) == 6);
}
