// Cost of one implicit step against the chain length, and of the JVB Table 1
// runs end to end. The stage systems are banded, so the time per step must
// grow linearly in N: the reported complexity is O(N) and the per-bead
// counter (`per_bead`, seconds per bead and step) stays flat. The explicit
// DEM steps run on the same chains in the same binary, so that the
// implicit/explicit ratio is read off one run; `allocs` counts heap
// allocations per timed iteration (a step must make none).
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>

#include <unistd.h>

#include "models/scenarios.hpp"
#include "schemes/dem_methods.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/support/comparison.hpp"

using namespace granconv;

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

// Every heap allocation of this binary is counted: malloc is interposed
// (operator new and Eigen's aligned allocations both end there) and handed
// on to glibc's allocator.
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* malloc(std::size_t n) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(n);
}
void* calloc(std::size_t n, std::size_t size) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t n) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(p, n);
}
}

namespace {

// Steps per timed iteration: a run of consecutive steps from the same state,
// so that whatever a scheme keeps from one step to the next (a factorised
// Newton matrix) is paid for where the state has moved away from it.
constexpr int kRunSteps = 20;
constexpr int kDemSteps = 100;  // the DEM runs allocate their few vectors once per run

void count_per_bead(benchmark::State& state, int n, int steps, long allocations) {
  state.SetComplexityN(n);
  state.counters["per_bead"] = benchmark::Counter(double(n) * steps, benchmark::Counter::kIsIterationInvariantRate |
                                                                          benchmark::Counter::kInvert);
  state.counters["allocs"] = benchmark::Counter(double(allocations), benchmark::Counter::kAvgIterations);
}

// One step of `tableau` on a homogeneous KK chain of N beads with the wave
// inside the chain (contacts active), in formulation f.
void step_cost(benchmark::State& state, const Tableau<double>& tableau, Formulation f) {
  const int n = static_cast<int>(state.range(0));
  auto pr = make_problem<double>("chain", std::vector<std::string>{"n=" + std::to_string(n), "gamma=0.1"});
  ChainSystem<double> sys(pr.chain, f);
  RungeKutta<double> rk(tableau);
  auto ws = rk.make_workspace(sys.dim());
  Vec<double> y = sys.from_xv(pr.y0);
  for (int k = 0; k < 40; ++k) rk.step(sys, 0.05 * k, y, 0.05, ws);
  const Vec<double> y_start = y;
  const long before = g_allocations.load();
  for (auto _ : state) {
    y = y_start;
    for (int k = 0; k < kRunSteps; ++k) rk.step(sys, 2.0 + 0.05 * k, y, 0.05, ws);
    benchmark::DoNotOptimize(y.data());
  }
  count_per_bead(state, n, kRunSteps, g_allocations.load() - before);
}

void BM_step_cn_xw(benchmark::State& s) { step_cost(s, tableaux::crank_nicolson<double>(), Formulation::xw); }
void BM_step_gl2_xw(benchmark::State& s) { step_cost(s, tableaux::gauss_legendre2<double>(), Formulation::xw); }
void BM_step_irk_tailored(benchmark::State& s) {
  // The tailored IRK steps the undamped chain; C11 = γ/(2h) = 1 for γ = 0.1, h = 0.05.
  step_cost(s, tableaux::tailored_irk<double>(1.0), Formulation::xv);
}

// The explicit DEM steps on the chain of step_cost in (x, v), h = 0.01, the
// stepping loop alone (no observer): `run` is dem::detail::run_leapfrog or
// run_velocity_verlet, and one iteration is kDemSteps steps.
template <class Run>
void dem_step_cost(benchmark::State& state, Run run) {
  const int n = static_cast<int>(state.range(0));
  auto pr = make_problem<double>("chain", std::vector<std::string>{"n=" + std::to_string(n), "gamma=0.1"});
  ChainSystem<double> sys(pr.chain, Formulation::xv);
  Vec<double> y = pr.y0;
  const dem::detail::Observer<double> none;
  // To t = 2, the wave inside the chain as in step_cost.
  dem::detail::run_velocity_verlet(sys, pr.y0, 0.01, 200, [&](long, const Vec<double>& xv) { y = xv; });
  const long before = g_allocations.load();
  for (auto _ : state) {
    run(sys, y, none);
    benchmark::DoNotOptimize(y.data());
  }
  count_per_bead(state, n, kDemSteps, g_allocations.load() - before);
}
void BM_dem_leapfrog(benchmark::State& s) {
  dem_step_cost(s, [](const ChainSystem<double>& sys, const Vec<double>& y, const dem::detail::Observer<double>& o) {
    dem::detail::run_leapfrog(sys, dem::Start::v0, y, 0.01, kDemSteps, o, {});
  });
}
void BM_dem_velocity_verlet(benchmark::State& s) {
  dem_step_cost(s, [](const ChainSystem<double>& sys, const Vec<double>& y, const dem::detail::Observer<double>& o) {
    dem::detail::run_velocity_verlet(sys, y, 0.01, kDemSteps, o);
  });
}

// What `granconv solve` adds to a DEM step, timed as `solve` times it: the
// scheme from its catalogue (the blow-up guard checks every state) run by
// compare_with_reference, whose observer stores each state (16 B per bead and
// step) for the comparison with the reference after the run. The scheme's run
// alone is timed (Comparison::seconds, manual time); the reference is computed
// once into a temporary cache and read back by every iteration, outside the
// clock. Chain of step_cost, h = 0.01,
// T = 30 (3000 steps, from the impact).
void solve_path(benchmark::State& state, const std::string& scheme_name) {
  const int n = static_cast<int>(state.range(0));
  auto pr = make_problem<double>("chain", std::vector<std::string>{"n=" + std::to_string(n), "gamma=0.1"});
  pr.t_end = 30;
  const auto scheme = make_scheme<double>(scheme_name);
  const auto cache = std::filesystem::temp_directory_path() / ("granconv-bench-solve-" + std::to_string(::getpid()));
  ComparisonOptions co;
  co.reference.estimate_error = false;
  co.cache_dir = cache;
  long steps = 0;
  for (auto _ : state) {
    const auto c = compare_with_reference(pr, scheme, Formulation::xv, 0.01, co);
    steps = c.steps;
    state.SetIterationTime(c.seconds);
  }
  std::filesystem::remove_all(cache);
  state.SetComplexityN(n);
  state.counters["per_bead"] = benchmark::Counter(double(n) * double(steps),
                                                  benchmark::Counter::kIsIterationInvariantRate |
                                                      benchmark::Counter::kInvert);
}
void BM_solve_path_leapfrog(benchmark::State& s) { solve_path(s, "leapfrog"); }
void BM_solve_path_velocity_verlet(benchmark::State& s) { solve_path(s, "velocity-verlet"); }

// JVB Table 1 end to end (scheme only; the paper's Scilab times are 0.18 s,
// 1.8 s and 0.53 s).
void table1_run(benchmark::State& state, const std::string& scheme, double h) {
  const auto pr = make_problem<double>("dimer", std::vector<std::string>{});
  const auto s = make_scheme<double>(scheme);
  const long n = std::lround(30.0 / h);
  for (auto _ : state) {
    double last = 0;
    s.run(pr.chain, Formulation::xv, pr.y0, h, n, [&](long, const Vec<double>& xv) { last = xv[0]; }, {});
    benchmark::DoNotOptimize(last);
  }
}
void BM_table1_irk_h1(benchmark::State& s) { table1_run(s, "irk-tailored", 1.0); }
void BM_table1_irk_h01(benchmark::State& s) { table1_run(s, "irk-tailored", 0.1); }
void BM_table1_theta_h01(benchmark::State& s) { table1_run(s, "theta", 0.1); }
// The explicit DEM schemes on the same run: one (leapfrog) and two (damped
// Verlet) force evaluations per step, no Newton.
void BM_table1_leapfrog_h001(benchmark::State& s) { table1_run(s, "leapfrog", 0.01); }
void BM_table1_damped_verlet_h001(benchmark::State& s) { table1_run(s, "damped-verlet", 0.01); }

}  // namespace

BENCHMARK(BM_step_cn_xw)->Arg(10)->Arg(100)->Arg(1000)->Arg(10000)->Complexity(benchmark::oN);
BENCHMARK(BM_step_gl2_xw)->Arg(10)->Arg(100)->Arg(1000)->Arg(10000)->Complexity(benchmark::oN);
BENCHMARK(BM_step_irk_tailored)->Arg(10)->Arg(100)->Arg(1000)->Arg(10000)->Complexity(benchmark::oN);
BENCHMARK(BM_dem_leapfrog)->Arg(10)->Arg(100)->Arg(1000)->Arg(10000)->Arg(100000)->Complexity(benchmark::oN);
BENCHMARK(BM_dem_velocity_verlet)
    ->Arg(10)->Arg(100)->Arg(800)->Arg(1000)->Arg(10000)->Arg(100000)->Complexity(benchmark::oN);
BENCHMARK(BM_solve_path_leapfrog)->Arg(1000)->Arg(3000)->UseManualTime();
BENCHMARK(BM_solve_path_velocity_verlet)->Arg(1000)->Arg(3000)->UseManualTime();
BENCHMARK(BM_table1_irk_h1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_table1_irk_h01)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_table1_theta_h01)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_table1_leapfrog_h001)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_table1_damped_verlet_h001)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
