// Cost of one implicit step against the chain length, and of the JVB Table 1
// runs end to end. The stage systems are banded, so the time per step must
// grow linearly in N: the reported complexity is O(N) and the per-bead
// counter (`per_bead`, seconds per bead and step) stays flat.
#include <benchmark/benchmark.h>

#include "models/scenarios.hpp"
#include "schemes/scheme_catalogue.hpp"

using namespace granconv;

namespace {

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
  for (auto _ : state) {
    y = y_start;
    rk.step(sys, 2.0, y, 0.05, ws);
    benchmark::DoNotOptimize(y.data());
  }
  state.SetComplexityN(n);
  state.counters["per_bead"] = benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate |
                                                                   benchmark::Counter::kInvert);
}

void BM_step_cn_xw(benchmark::State& s) { step_cost(s, tableaux::crank_nicolson<double>(), Formulation::xw); }
void BM_step_gl2_xw(benchmark::State& s) { step_cost(s, tableaux::gauss_legendre2<double>(), Formulation::xw); }
void BM_step_irk_tailored(benchmark::State& s) {
  // The tailored IRK steps the undamped chain; C11 = γ/(2h) = 1 for γ = 0.1, h = 0.05.
  step_cost(s, tableaux::tailored_irk<double>(1.0), Formulation::xv);
}

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
BENCHMARK(BM_table1_irk_h1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_table1_irk_h01)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_table1_theta_h01)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_table1_leapfrog_h001)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_table1_damped_verlet_h001)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
