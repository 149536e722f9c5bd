// The ARKODE references erk8 and erk9 (reference/sundials/erk_reference.hpp): the tables
// are of orders 8 and 9 (SUNDIALS 6.4.1's built-in order-8 one is not); the reference agrees with
// CVODE within the two error estimates, keeps the reference contract (input
// checks, flag names, blow-up bound, budget) and is told apart from CVODE in
// the cache key and the provenance.
#include <arkode/arkode_erkstep.h>
#include <catch2/catch.hpp>
#include <nvector/nvector_serial.h>

#include <cmath>
#include <iostream>

#include "models/chain_gaps.hpp"
#include "reference/sundials/cvode_support.hpp"
#include "reference/sundials/erk_reference.hpp"
#include "reference/sundials/erk_tables.hpp"
#include "reference/cache/reference_cache.hpp"

using namespace granconv;

namespace {

// Max-norm error at t = 8 of x'' = -x, x(0) = 1, v(0) = 0 with `steps` fixed steps of `table`.
double oscillator_error(ARKodeButcherTable table, int steps) {
  SUNContext ctx = nullptr;
  cvode_support::create_context(&ctx);
  N_Vector y = N_VNew_Serial(2, ctx);
  NV_Ith_S(y, 0) = 1;
  NV_Ith_S(y, 1) = 0;
  auto f = [](sunrealtype, N_Vector u, N_Vector du, void*) {
    NV_Ith_S(du, 0) = NV_Ith_S(u, 1);
    NV_Ith_S(du, 1) = -NV_Ith_S(u, 0);
    return 0;
  };
  void* mem = ERKStepCreate(f, 0.0, y, ctx);
  REQUIRE(ERKStepSetTable(mem, table) == ARK_SUCCESS);
  REQUIRE(ERKStepSetFixedStep(mem, 8.0 / steps) == ARK_SUCCESS);
  REQUIRE(ERKStepSetStopTime(mem, 8.0) == ARK_SUCCESS);
  sunrealtype t = 0;
  REQUIRE(ERKStepEvolve(mem, 8.0, y, &t, ARK_NORMAL) >= 0);
  const double e = std::max(std::abs(NV_Ith_S(y, 0) - std::cos(8.0)), std::abs(NV_Ith_S(y, 1) + std::sin(8.0)));
  ERKStepFree(&mem);
  N_VDestroy(y);
  SUNContext_Free(&ctx);
  return e;
}

// Observed order from 16 and 32 steps (h = 1/2, 1/4: errors well above round-off).
double observed_order(ARKodeButcherTable table) {
  return std::log2(oscillator_error(table, 16) / oscillator_error(table, 32));
}

}  // namespace

// Rival: order 7, what SUNDIALS 6.4.1 makes of a table whose last stage has
// c = 1 without being the solution (erk_tables.hpp), as its built-in Fehlberg
// 7(8) pair. Tolerance (a-priori): half the distance to the rival.
TEST_CASE("the erk8 table is of order 8", "[reference][arkode]") {
  ARKodeButcherTable ours = erk8_table();
  REQUIRE(ours);
  const double p = observed_order(ours);
  ARKodeButcherTable_Free(ours);
  ARKodeButcherTable builtin = ARKodeButcherTable_LoadERK(ARKODE_FEHLBERG_13_7_8);
  const double p_builtin = observed_order(builtin);
  ARKodeButcherTable_Free(builtin);
  std::cout << "[erk8 order] FSAL-completed Verner 8(7): " << p << "; built-in ARKODE_FEHLBERG_13_7_8 (SUNDIALS "
            << SUNDIALS_VERSION << "): " << p_builtin << "\n";
  CHECK(std::abs(p - 8) < 0.5);
#if SUNDIALS_VERSION_MAJOR < 7
  // The reason for the completed table: the library's own order-8 table, with
  // the same kind of last stage, is not of order 8 there.
  CHECK(p_builtin < 7.5);
#endif
}

// Rival: order 8, the embedded order (what a table mixed up with its
// embedding, or the library's FSAL reading of stage 16, would show).
// Tolerance (a-priori): half the distance to the rival.
TEST_CASE("the erk9 table is of order 9", "[reference][arkode]") {
  ARKodeButcherTable ours = erk9_table();
  REQUIRE(ours);
  const double p = observed_order(ours);
  // The table without its completing stage: ERKStep then reuses f at
  // stage 16, which is not the solution.
  ARKodeButcherTable bare = ARKodeButcherTable_Alloc(16, SUNTRUE);
  REQUIRE(bare);
  for (int i = 0; i < 16; ++i) {
    bare->b[i] = ours->b[i];
    bare->d[i] = ours->d[i];
    bare->c[i] = ours->c[i];
    for (int j = 0; j < 16; ++j) bare->A[i][j] = ours->A[i][j];
  }
  bare->q = 9;
  bare->p = 8;
  const double p_bare = observed_order(bare);
  ARKodeButcherTable_Free(bare);
  ARKodeButcherTable_Free(ours);
  std::cout << "[erk9 order] FSAL-completed Verner 9(8): " << p << "; without the completing stage (SUNDIALS "
            << SUNDIALS_VERSION << "): " << p_bare << "\n";
  CHECK(std::abs(p - 9) < 0.5);
#if SUNDIALS_VERSION_MAJOR < 7
  CHECK(p_bare < 8.5);
#endif
}

// The two references are independent (other method, other solver, other
// event handling): their difference must lie within twice the sum of their
// own error estimates, at every grid time. Factor 2 (a-priori): a rerun at
// rtol/10 measures |e(rtol) - e(rtol/10)|, which is 0.5-0.9 of the error
// e(rtol) when the error scales like rtol^0.3 to rtol^1 (CVODE's near
// contact openings scales slower). The rival, a wrong event restart or the
// library's Fehlberg table, is off by 10-1000 times the estimates
// (erk_tables.hpp).
TEST_CASE("erk8, erk9 and CVODE references agree within their error estimates on a chain", "[reference][arkode]") {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=40", "gamma=0.06", "t_end=40"});
  std::vector<double> times;
  for (int k = 0; k <= 20; ++k) times.push_back(2.0 * k);
  ReferenceOptions opt;
  opt.rtol = 1e-12;
  opt.atol = 1e-15;
  const auto cv = compute_reference(pr, times, opt);
  for (const char* method : {kExplicitReferenceMethod, kExplicitReferenceMethod9}) {
  INFO(method);
  opt.method = method;
  const auto erk = compute_reference(pr, times, opt);
  REQUIRE(erk.states.size() == times.size());
  double worst = 0;
  for (std::size_t i = 0; i < times.size(); ++i)
    worst = std::max(worst, (erk.states[i] - cv.states[i]).cwiseAbs().maxCoeff());
  const auto &pe = erk.provenance, &pc = cv.provenance;
  std::cout << "[" << method << " vs CVODE] chain n = 40, rtol 1e-12: max |Δ| = " << worst << "; estimates "
            << method << " " << pe.error_estimate << " (" << pe.steps << " steps, " << pe.events << " events), CVODE "
            << pc.error_estimate << " (" << pc.steps << " steps, " << pc.events << " events)\n";
  CHECK(pe.solver == "ARKODE");
  CHECK(pe.method == method);
  CHECK(pe.nonlinear_solver.empty());
  CHECK(pe.error_estimate > 0);
  CHECK(pe.error_estimate_method.find("rerun") != std::string::npos);
  CHECK(worst <= 2 * (pe.error_estimate + pc.error_estimate));
  }
}

TEST_CASE("erk8 reference validates its input and names ARKODE's flag", "[reference][arkode]") {
  const auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  ReferenceOptions opt;
  opt.method = kExplicitReferenceMethod;
  opt.estimate_error = false;
  CHECK_THROWS_AS(erk_reference(pr, {0.0, 2.0, 1.0}, opt), std::invalid_argument);
  CHECK_THROWS_AS(erk_reference(pr, {0.0, pr.t_end + 1e-9}, opt), std::invalid_argument);
  CHECK_THROWS_AS(erk_reference(pr, {}, opt), std::invalid_argument);
  opt.nonlinear_solver = "newton";
  CHECK_THROWS_WITH(compute_reference(pr, {1.0}, opt), Catch::Contains("does not apply to reference method erk8"));
  opt.nonlinear_solver.clear();
  CHECK_THROWS_WITH(cvode_reference(pr, {1.0}, opt), Catch::Contains("ARKODE"));
  // Duplicates and t = 0, t = t_end are fine; every state is a step's end.
  const auto ref = erk_reference(pr, {0.0, 0.0, 1.0, 1.0, pr.t_end, pr.t_end}, opt);
  REQUIRE(ref.states.size() == 6);
  CHECK(ref.states[0] == pr.y0);
  CHECK(ref.states[2] == ref.states[3]);
  CHECK(ref.states[4] == ref.states[5]);
  // t = 0 is the initial state itself, also where the gaps are not zero (its
  // positions rebuilt from gap coordinates would be ulps off).
  const auto nobreak = make_problem<double>("trimer-nobreak", std::vector<std::string>{});
  CHECK(erk_reference(nobreak, {0.0, 1.0}, opt).states[0] == nobreak.y0);
  opt.max_steps = 10;
  CHECK_THROWS_WITH(erk_reference(pr, {pr.t_end}, opt), Catch::Contains("ARK_TOO_MUCH_WORK") && Catch::Contains("t = "));
}

TEST_CASE("erk8 reference stops at the blow-up bound and at its wall-clock budget", "[reference][arkode]") {
  auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  for (auto& g : pr.chain.gamma) g = -1;
  ReferenceOptions opt;
  opt.method = kExplicitReferenceMethod;
  opt.estimate_error = false;
  CHECK_THROWS_WITH(erk_reference(pr, {0.0, pr.t_end}, opt), Catch::Contains("blow-up bound"));
  const auto slow = make_problem<double>("chain", std::vector<std::string>{"n=1000", "t_end=1000000"});
  opt.max_seconds = 1e-9;
  CHECK_THROWS_WITH(erk_reference(slow, {0.0, slow.t_end}, opt), Catch::Contains("wall-clock budget of 1e-09 s"));
}

TEST_CASE("the cache key and the provenance tell erk8 from CVODE", "[reference][arkode][cache]") {
  const auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  const std::vector<double> times{0.0, 1.0};
  ReferenceOptions adams;
  adams.method = "adams";
  ReferenceOptions erk = adams;
  erk.method = kExplicitReferenceMethod;
  const std::string ka = reference_cache_key(pr, times, adams), ke = reference_cache_key(pr, times, erk);
  CHECK(ka != ke);
  ReferenceOptions erk9 = erk;
  erk9.method = kExplicitReferenceMethod9;
  CHECK(reference_cache_key(pr, times, erk9) != ke);
  CHECK(reference_cache_file_name(ka) != reference_cache_file_name(ke));
  CHECK(ke.find("\"solver\":\"ARKODE\"") != std::string::npos);
  CHECK(ka.find("\"solver\":\"CVODE\"") != std::string::npos);
  erk.estimate_error = false;
  const auto p = erk_reference(pr, times, erk).provenance;
  const auto back = Provenance::from_json(p.to_json());
  CHECK(back.solver == "ARKODE");
  CHECK(back.method == "erk8");
  // A free trimer is integrated in gap coordinates (models/chain_gaps.hpp),
  // the cradle, whose local springs act on positions, in positions; CVODE
  // always in positions.
  CHECK(back.coordinates == "gaps");
  const auto cradle = make_problem<double>("cradle", std::vector<std::string>{});
  REQUIRE_FALSE(gap_form_applies(cradle.chain));
  CHECK(erk_reference(cradle, {0.0, 1.0}, erk).provenance.coordinates == "positions");
  adams.estimate_error = false;
  CHECK(cvode_reference(pr, times, adams).provenance.coordinates == "positions");
}

// Rival: a restart that falls short of the crossing (the root located on
// ARKODE's cubic interpolant, the method's state there not yet across), after
// which the same gap crosses the same way again and is counted twice: before
// the fix, erk8 counted 4 events on trimer-impact at these tolerances, the
// first of each pair up to 2e-9 early. The count is exact; the times must be
// within 1e-9 of CVODE's at rtol 1e-15 (the crosscheck's bound for event times).
TEST_CASE("erk8 and erk9 count each contact event once, at the crossing", "[reference][arkode]") {
  const auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  const std::vector<double> times{0.0, 5.0};
  ReferenceOptions tight;
  tight.estimate_error = false;
  const auto cv = compute_reference(pr, times, tight).provenance;
  REQUIRE(cv.events == 2);
  for (const char* method : {kExplicitReferenceMethod, kExplicitReferenceMethod9})
    for (double rtol : {1e-9, 1e-10, 1e-11}) {
      ReferenceOptions opt;
      opt.method = method;
      opt.rtol = rtol;
      opt.atol = 1e-12;
      opt.estimate_error = false;
      const auto p = compute_reference(pr, times, opt).provenance;
      INFO(method << " rtol " << rtol);
      REQUIRE(p.events == 2);
      for (int e = 0; e < 2; ++e) CHECK(std::abs(p.event_times[e] - cv.event_times[e]) < 1e-9);
    }
}
