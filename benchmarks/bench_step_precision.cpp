// One GL2 step in each scalar a sweep can run in (`precision` 16, 32, 50:
// double, DoubleDouble (libqd), Mp50 = cpp_bin_float_50) on the KK trimer of
// jvb-fig2-* in contact and on longer homogeneous chains, with the same
// per-bead counter as bench_step.cpp (seconds per bead and step), so the
// cost ratio of the extended scalars to double is read off one run.
#include <benchmark/benchmark.h>

#include "models/extended_precision.hpp"
#include "models/scenarios.hpp"
#include "schemes/scheme_catalogue.hpp"

using namespace granconv;

namespace {

// N = 3: the trimer-impact problem of the extended-precision claims, stepped
// with h = 1e-3 to t = 0.4 so that its contacts are closed; N > 3: the chain
// of bench_step.cpp (γ = 0.1, h = 0.05, the wave inside the chain).
template <class S>
void gl2_step(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const bool trimer = n == 3;
  const auto pr = trimer ? make_problem<S>("trimer-impact", std::vector<std::string>{})
                         : make_problem<S>("chain", std::vector<std::string>{"n=" + std::to_string(n), "gamma=0.1"});
  const S h = trimer ? S(1) / 1000 : S(1) / 20;
  const int warm = trimer ? 400 : 40;
  ChainSystem<S> sys(pr.chain, Formulation::xw);
  RungeKutta<S> rk(tableaux::gauss_legendre2<S>());
  auto ws = rk.make_workspace(sys.dim());
  Vec<S> y = sys.from_xv(pr.y0);
  for (int k = 0; k < warm; ++k) rk.step(sys, h * S(k), y, h, ws);
  const Vec<S> y_start = y;
  const S t = h * S(warm);
  for (auto _ : state) {
    y = y_start;
    rk.step(sys, t, y, h, ws);
    benchmark::DoNotOptimize(y.data());
  }
  state.counters["per_bead"] = benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate |
                                                                   benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK_TEMPLATE(gl2_step, double)->Name("BM_gl2_step/double")->Arg(3)->Arg(100);
BENCHMARK_TEMPLATE(gl2_step, DoubleDouble)->Name("BM_gl2_step/double-double")->Arg(3)->Arg(100);
BENCHMARK_TEMPLATE(gl2_step, Mp50)->Name("BM_gl2_step/cpp_bin_float_50")->Arg(3)->Arg(100);
