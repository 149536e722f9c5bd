// Cost of one implicit step against the chain length: the stage system is
// banded, so the time per step must grow linearly in N (reported as the
// fitted complexity), and a step allocates nothing.
#include <benchmark/benchmark.h>

#include "models/scenarios.hpp"
#include "schemes/scheme_catalogue.hpp"

using namespace granconv;

namespace {

void implicit_step(benchmark::State& state, const std::string& scheme, Formulation f) {
  const int n = static_cast<int>(state.range(0));
  auto pr = make_problem<double>("dimer", std::vector<std::string>{"n=" + std::to_string(n)});
  ChainSystem<double> sys(pr.chain, f);
  RungeKutta<double> rk(shipped_tableau<double>(scheme));
  auto ws = rk.make_workspace(sys.dim());
  // Start from a state with the wave inside the chain so contacts are active.
  Vec<double> y = sys.from_xv(pr.y0);
  for (int k = 0; k < 20; ++k) rk.step(sys, 0.05 * k, y, 0.05, ws);
  const Vec<double> y_start = y;
  for (auto _ : state) {
    y = y_start;
    rk.step(sys, 1.0, y, 0.05, ws);
    benchmark::DoNotOptimize(y.data());
  }
  state.SetComplexityN(n);
}

void BM_gl2_xw(benchmark::State& s) { implicit_step(s, "gl2", Formulation::xw); }
void BM_cn_xv(benchmark::State& s) { implicit_step(s, "cn", Formulation::xv); }

}  // namespace

BENCHMARK(BM_gl2_xw)->RangeMultiplier(4)->Range(16, 4096)->Complexity(benchmark::oN);
BENCHMARK(BM_cn_xv)->RangeMultiplier(4)->Range(16, 4096)->Complexity(benchmark::oN);
BENCHMARK_MAIN();
