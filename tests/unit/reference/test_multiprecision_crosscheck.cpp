// Acceptance test of the reference: the CVODE reference (default tolerances)
// agrees with the cpp_bin_float_50 reference (RKF 7(8), tolerance 1e-30, exact
// event location) to 1e-12 in every component at every grid time; so does the
// ARKODE erk8 reference (reference/sundials/erk_reference.hpp).
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <random>

#include "reference/sundials/cvode_reference.hpp"
#include "reference/extended/multiprecision_reference.hpp"
#include "reference/cache/reference_cache.hpp"

using namespace granconv;
using Mp = boost::multiprecision::cpp_bin_float_50;

namespace {
void crosscheck(const std::string& scenario, int n, const std::string& method = "") {
  const auto pd = make_problem<double>(scenario, std::vector<std::string>{});
  const auto pm = make_problem<Mp>(scenario, std::vector<std::string>{});
  std::vector<double> td(n + 1);
  std::vector<Mp> tm(n + 1);
  for (int k = 0; k <= n; ++k) {
    tm[k] = Mp(k) * pm.t_end / n;
    td[k] = static_cast<double>(tm[k]);
  }
  using clock = std::chrono::steady_clock;
  const auto c0 = clock::now();
  ReferenceOptions opt;
  opt.method = method;  // "": the scenario's (CVODE)
  const auto ref = compute_reference(pd, td, opt);
  const auto c1 = clock::now();
  MpStats stats;
  const auto mp = multiprecision_reference(pm, tm, Mp(1e-30), &stats);
  const auto c2 = clock::now();
  REQUIRE(mp.size() == td.size());
  REQUIRE(ref.states.size() == td.size());
  double worst = 0, worst_t = 0;
  for (std::size_t i = 0; i < td.size(); ++i) {
    for (int c = 0; c < pd.y0.size(); ++c) {
      const double d = std::abs(ref.states[i][c] - static_cast<double>(mp[i][c]));
      if (d > worst) worst = d, worst_t = td[i];
    }
  }
  const auto& p = ref.provenance;
  std::cout << "[crosscheck] " << scenario << " (n = " << n << "): max |" << p.solver << " - MP| = " << worst
            << " at t = " << worst_t << "\n  " << p.solver << " " << p.method << " rtol " << p.rtol << " atol " << p.atol << ": " << p.steps << " steps, "
            << p.events << " events at";
  for (double t : p.event_times) std::cout << ' ' << std::setprecision(17) << t << std::setprecision(6);
  std::cout << "; own error estimate " << p.error_estimate << " (" << p.error_estimate_method << "), "
            << std::chrono::duration<double>(c1 - c0).count() << " s\n  MP RKF78/cpp_bin_float_50 tol 1e-30: "
            << stats.steps << " steps, " << stats.events << " events at";
  for (double t : stats.event_times) std::cout << ' ' << std::setprecision(17) << t << std::setprecision(6);
  std::cout << "; " << std::chrono::duration<double>(c2 - c1).count() << " s\n";
  INFO(scenario << ": max |" << p.solver << " " << p.method << " - MP| = " << worst << " at t = " << worst_t
                << ", " << p.solver << " events " << p.events
                << ", MP events " << stats.events);
  CHECK(p.events == stats.events);
  for (std::size_t e = 0; e < std::min(p.event_times.size(), stats.event_times.size()); ++e)
    CHECK(std::abs(p.event_times[e] - stats.event_times[e]) < 1e-9);
  CHECK(worst <= 1e-12);
}
}  // namespace

// Issue 12: like the CVODE reference, the 50-digit one stops at the blow-up
// bound and at its wall-clock budget instead of grinding on.
TEST_CASE("multiprecision reference stops at the blow-up bound and at its wall-clock budget", "[reference][mp]") {
  // x'' = a (1 + sin t) with a = 1e12: |v| passes 1e8 · max(1, |y0|) = 1e8 near t = 1e-4.
  auto forced = make_problem<Mp>("forced-particle", std::vector<std::string>{});
  forced.chain.drive = Mp(1e12);
  CHECK_THROWS_WITH(multiprecision_reference(forced, {Mp(0), forced.t_end}), Catch::Contains("blow-up bound"));
  const auto pr = make_problem<Mp>("trimer-impact", std::vector<std::string>{});
  CHECK_THROWS_WITH(multiprecision_reference(pr, {Mp(0), pr.t_end}, Mp(1e-30), nullptr, 1e-9),
                    Catch::Contains("wall-clock budget of 1e-09 s used up at t = "));
  CHECK_THROWS_AS(multiprecision_reference(pr, {Mp(0), pr.t_end}, Mp(1e-30), nullptr, std::nan("")),
                  std::invalid_argument);
}

// The reference's sums skip zero factors and unit products (detail::MpOperations):
// the same bits as odeint's default_operations, in both scalars.
template <class S>
void check_sparse_sums_match_odeint() {
  namespace odeint = boost::numeric::odeint;
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  auto value = [&] { return S(u(rng)) + S(u(rng)) * S(1e-20); };
  for (int trial = 0; trial < 243; ++trial) {
    // Every pattern of zero, one and general factors over five terms (the digits of trial in base 3).
    std::array<S, 5> a, x;
    for (int i = 0, digits = trial; i < 5; ++i, digits /= 3) {
      const int kind = digits % 3;
      a[i] = kind == 0 ? S(0) : kind == 1 ? S(1) : value();
      x[i] = value();
    }
    S dense(7), sparse(7);
    odeint::default_operations::scale_sum5<S>(a[0], a[1], a[2], a[3], a[4])(dense, x[0], x[1], x[2], x[3], x[4]);
    detail::MpOperations::scale_sum5<S>(a[0], a[1], a[2], a[3], a[4])(sparse, x[0], x[1], x[2], x[3], x[4]);
    CHECK(sparse == dense);
  }
}

TEST_CASE("the multiprecision reference's sparse sums give odeint's bits", "[reference][mp]") {
  check_sparse_sums_match_odeint<Mp>();
  check_sparse_sums_match_odeint<DoubleDouble>();
}

// Dense output (chebyshev_segment.hpp): on a grid fine enough that nearly
// every step holds dozens of output times, the interpolated states agree with
// direct RKF 7(8) steps to the same times (the same run with the dense output
// off) within the reference's tolerance at every time of the grid, the steps
// before and after the contact events included.
template <class S>
void check_dense_output(const std::string& scenario, const S& tolerance) {
  const auto pr = make_problem<S>(scenario, std::vector<std::string>{});
  MpStats coarse_stats;
  multiprecision_reference(pr, {S(0), pr.t_end}, tolerance, &coarse_stats);
  const long n = 30 * coarse_stats.steps;  // ~30 times a step
  std::vector<S> times(n + 1);
  for (long k = 0; k <= n; ++k) times[k] = k == n ? pr.t_end : pr.t_end * S(k) / S(n);
  MpStats dense_stats, direct_stats;
  const auto dense = multiprecision_reference(pr, times, tolerance, &dense_stats);
  const auto direct = multiprecision_reference(pr, times, tolerance, &direct_stats, kDefaultReferenceBudget, false);
  double worst = 0;  // |dense − direct| / (1 + |direct|) in (x, v), in units of the tolerance
  for (std::size_t i = 0; i < times.size(); ++i)
    for (int c = 0; c < pr.y0.size(); ++c) {
      using std::abs;
      const S ref = direct[i][c];
      worst = std::max(worst, static_cast<double>(abs(dense[i][c] - ref) / (1 + abs(ref)) / tolerance));
    }
  INFO(scenario << " in " << std::numeric_limits<S>::digits10 << " digits: " << dense_stats.dense_steps << " of "
                << dense_stats.steps << " steps interpolated, " << dense_stats.dense_refused << " refused; worst "
                << worst << " tolerances");
  std::cout << "[dense output] " << scenario << ", " << std::numeric_limits<S>::digits10 << " digits, " << times.size()
            << " times: " << dense_stats.dense_steps << " of " << dense_stats.steps << " steps interpolated, "
            << dense_stats.dense_refused << " refused; worst difference from direct steps " << worst
            << " tolerances\n";
  CHECK(dense_stats.steps == direct_stats.steps);  // output times do not move the steps
  CHECK(direct_stats.dense_steps + direct_stats.dense_refused == 0);
  CHECK(dense_stats.dense_steps >= 0.8 * dense_stats.steps);
  CHECK(dense_stats.events == 2);  // trimer-impact: both contacts' events are in the grid
  CHECK(worst <= 1);
}

TEST_CASE("the extended reference's dense output agrees with direct steps", "[reference][mp]") {
  check_dense_output<DoubleDouble>("trimer-impact", DoubleDouble(1e-24));
  check_dense_output<Mp>("trimer-impact", Mp(1e-16));
}

TEST_CASE("CVODE reference agrees with the multiprecision reference: trimer-impact", "[reference][crosscheck]") {
  crosscheck("trimer-impact", 1000);
}

TEST_CASE("CVODE reference agrees with the multiprecision reference: trimer-nobreak", "[reference][crosscheck]") {
  crosscheck("trimer-nobreak", 300);
}

TEST_CASE("CVODE reference agrees with the multiprecision reference: binary-kk", "[reference][crosscheck]") {
  crosscheck("binary-kk", 200);
}

TEST_CASE("erk8 reference agrees with the multiprecision reference: trimer-impact", "[reference][crosscheck][arkode]") {
  crosscheck("trimer-impact", 1000, kExplicitReferenceMethod);
}

TEST_CASE("erk8 reference agrees with the multiprecision reference: trimer-nobreak", "[reference][crosscheck][arkode]") {
  crosscheck("trimer-nobreak", 300, kExplicitReferenceMethod);
}

TEST_CASE("erk9 reference agrees with the multiprecision reference: trimer-impact", "[reference][crosscheck][arkode]") {
  crosscheck("trimer-impact", 1000, kExplicitReferenceMethod9);
}

TEST_CASE("erk9 reference agrees with the multiprecision reference: trimer-nobreak", "[reference][crosscheck][arkode]") {
  crosscheck("trimer-nobreak", 300, kExplicitReferenceMethod9);
}
