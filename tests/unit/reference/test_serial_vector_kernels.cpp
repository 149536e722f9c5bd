// The compiled serial N_Vector kernels (reference/sundials/serial_vector_kernels.hpp)
// against SUNDIALS's own, bit for bit: every special case of a·x + b·y, with
// the output aliased to either input or to neither, and the reductions whose
// summation order decides the last bit of CVODE's error norms.
#include <catch2/catch.hpp>
#include <sundials/sundials_context.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "reference/sundials/cvode_support.hpp"
#include "reference/sundials/serial_vector_kernels.hpp"

using namespace granconv;

namespace {

struct Vectors {
  static constexpr int n = 37;  // odd: the vectorised loops' remainder is exercised
  SUNContext ctx = nullptr;
  std::vector<N_Vector> lib, ours;  // x, y, z, w in each
  Vectors() {
    cvode_support::create_context(&ctx);
    N_Vector a = N_VNew_Serial(n, ctx), b = N_VNew_Serial(n, ctx);
    use_compiled_serial_kernels(b);
    lib = {a, N_VClone(a), N_VClone(a), N_VClone(a)};
    ours = {b, N_VClone(b), N_VClone(b), N_VClone(b)};  // the clones inherit the kernels
    fill(7);
  }
  ~Vectors() {
    for (auto v : lib) N_VDestroy(v);
    for (auto v : ours) N_VDestroy(v);
    SUNContext_Free(&ctx);
  }
  // The same pseudo-random contents (mixed signs and scales, one zero) in both sets.
  void fill(unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    for (std::size_t k = 0; k < lib.size(); ++k)
      for (int i = 0; i < n; ++i) {
        const double v = i == 3 ? 0.0 : u(rng) * std::pow(10.0, 8 * u(rng));
        NV_Ith_S(lib[k], i) = v;
        NV_Ith_S(ours[k], i) = v;
      }
  }
  bool same() const {
    for (std::size_t k = 0; k < lib.size(); ++k)
      if (std::memcmp(N_VGetArrayPointer(lib[k]), N_VGetArrayPointer(ours[k]), n * sizeof(double)) != 0) return false;
    return true;
  }
};

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("compiled N_Vector kernels give SUNDIALS's bits in every case of a x + b y", "[reference][cvode]") {
  Vectors v;
  const double coefficients[] = {1.0, -1.0, 0.0, 0.5, -0.5, 3.0, 1.0 / 3};
  // (x, y, z) index triples: z distinct, z aliasing x, z aliasing y.
  const int slots[][3] = {{0, 1, 2}, {0, 1, 0}, {0, 1, 1}};
  int cases = 0;
  for (double a : coefficients)
    for (double b : coefficients)
      for (const auto& s : slots) {
        v.fill(static_cast<unsigned>(++cases));
        N_VLinearSum(a, v.lib[s[0]], b, v.lib[s[1]], v.lib[s[2]]);
        N_VLinearSum(a, v.ours[s[0]], b, v.ours[s[1]], v.ours[s[2]]);
        INFO("a = " << a << ", b = " << b << ", slots " << s[0] << s[1] << s[2]);
        REQUIRE(v.same());
      }
  for (double c : coefficients)
    for (int z : {0, 2}) {  // in place and out of place
      v.fill(static_cast<unsigned>(++cases));
      N_VScale(c, v.lib[0], v.lib[z]);
      N_VScale(c, v.ours[0], v.ours[z]);
      INFO("c = " << c << ", z slot " << z);
      REQUIRE(v.same());
    }
}

TEST_CASE("compiled N_Vector element-wise kernels and reductions give SUNDIALS's bits", "[reference][cvode]") {
  Vectors v;
  auto both = [&](auto op) {
    op(v.lib);
    op(v.ours);
    return v.same();
  };
  CHECK(both([](auto& s) { N_VConst(0.25, s[2]); }));
  CHECK(both([](auto& s) { N_VProd(s[0], s[1], s[2]); }));
  CHECK(both([](auto& s) { N_VDiv(s[0], s[1], s[2]); }));
  CHECK(both([](auto& s) { N_VAbs(s[0], s[2]); }));
  CHECK(both([](auto& s) { N_VInv(s[1], s[2]); }));
  CHECK(both([](auto& s) { N_VAddConst(s[0], 1e-3, s[2]); }));
  CHECK(both([](auto& s) { N_VCompare(0.5, s[0], s[2]); }));
  v.fill(11);
  CHECK(same_bits(N_VWrmsNorm(v.lib[0], v.lib[1]), N_VWrmsNorm(v.ours[0], v.ours[1])));
  CHECK(same_bits(N_VMaxNorm(v.lib[0]), N_VMaxNorm(v.ours[0])));
  CHECK(same_bits(N_VMin(v.lib[0]), N_VMin(v.ours[0])));
  // The kernels are installed (a test that could be false: the library's
  // N_VLinearSum would leave the table's entry at N_VLinearSum_Serial).
  CHECK(v.ours[1]->ops->nvlinearsum != N_VLinearSum_Serial);
  CHECK(v.lib[1]->ops->nvlinearsum == N_VLinearSum_Serial);
}

// N_VLinearCombination, ERKStep's stage operation: the fused kernel
// (use_compiled_fused_kernels) against the library's unfused fallback (one
// N_VLinearSum per term), bit for bit but for the sign of zero, on vectors longer than its block of
// 512 elements (and not a multiple of it), with 1 to 15 terms, coefficients
// ±1, 0 and others, and z distinct from the terms or aliasing the first or a
// later one.
TEST_CASE("fused N_VLinearCombination gives the library's unfused bits", "[reference][arkode]") {
  constexpr int n = 1037, terms = 15;
  SUNContext ctx = nullptr;
  cvode_support::create_context(&ctx);
  N_Vector a = N_VNew_Serial(n, ctx), b = N_VNew_Serial(n, ctx);
  use_compiled_fused_kernels(b);
  CHECK(a->ops->nvlinearcombination == nullptr);  // the library's default: the fallback
  CHECK(b->ops->nvlinearcombination != nullptr);
  std::vector<N_Vector> lib{a}, ours{b};
  for (int k = 1; k <= terms; ++k) {
    lib.push_back(N_VClone(a));
    ours.push_back(N_VClone(b));
  }
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1, 1);
  auto fill = [&] {
    for (std::size_t k = 0; k < lib.size(); ++k)
      for (int i = 0; i < n; ++i) {
        const double v = i == 3 ? 0.0 : u(rng) * std::pow(10.0, 8 * u(rng));
        NV_Ith_S(lib[k], i) = NV_Ith_S(ours[k], i) = v;
      }
  };
  const double pool[] = {1.0, -1.0, 0.0, 0.5, -1.0 / 3, 7.25e-3, 3.0};
  int cases = 0;
  for (int nvec = 1; nvec <= terms; ++nvec)
    for (int z : {0, 1, nvec}) {  // z aliasing X[0], X[1] (when a term), or distinct (slot nvec)
      if (z == 1 && nvec < 2) continue;
      fill();
      std::vector<double> c(nvec);
      for (int k = 0; k < nvec; ++k) c[k] = pool[(k * 3 + nvec + cases) % 7];
      ++cases;
      N_VLinearCombination(nvec, c.data(), lib.data(), lib[z]);
      N_VLinearCombination(nvec, c.data(), ours.data(), ours[z]);
      INFO("terms " << nvec << ", z slot " << z);
      // == is bit-identity for every value but zero, whose sign may differ
      // (the kernel skips terms with c = 0, and −0 + 0 is +0).
      for (std::size_t k = 0; k < lib.size(); ++k)
        for (int i = 0; i < n; ++i) REQUIRE(NV_Ith_S(lib[k], i) == NV_Ith_S(ours[k], i));
    }
  for (auto v : lib) N_VDestroy(v);
  for (auto v : ours) N_VDestroy(v);
  SUNContext_Free(&ctx);
}
