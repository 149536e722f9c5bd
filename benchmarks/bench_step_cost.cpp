// The cost model of an implicit step: how many force evaluations, Jacobians,
// factorisations and linear solves a Crank–Nicolson or GL2 (x, w) step takes
// on the chain of bench_step.cpp, and what each of those costs alone. The
// model's prediction Σ count × unit cost is set against the step's measured
// cost (BM_step_cn_xw, BM_step_gl2_xw of the same binary, so that the ratio
// is read off one run); what the model leaves out is the stage residual, the
// update of y and the predictor's vector work. docs/performance.md quotes it.
#include <benchmark/benchmark.h>

#include "models/scenarios.hpp"
#include "schemes/scheme_catalogue.hpp"

using namespace granconv;

namespace {

// The chain's system with its force evaluations and Jacobians counted: the
// step is a template on the system, so these hide ChainSystem's own.
struct CountingChain : ChainSystem<double> {
  using ChainSystem<double>::ChainSystem;
  mutable long rhs_calls = 0, jacobian_calls = 0;
  void rhs(const double& t, const Vec<double>& y, Vec<double>& dy) const {
    ++rhs_calls;
    ChainSystem<double>::rhs(t, y, dy);
  }
  void jacobian(const double& t, const Vec<double>& y, BlockTridiagonal<double>& J) const {
    ++jacobian_calls;
    ChainSystem<double>::jacobian(t, y, J);
  }
};

constexpr int kBeads = 1000, kCostRunSteps = 20;
constexpr double kH = 0.05;

// The chain of bench_step's step_cost at t = 2 (wave inside, contacts active).
struct Setup {
  Problem<double> pr = make_problem<double>("chain", std::vector<std::string>{"n=" + std::to_string(kBeads), "gamma=0.1"});
  CountingChain sys{pr.chain, Formulation::xw};
  RungeKutta<double> rk;
  RungeKutta<double>::Workspace w;
  Vec<double> y;
  explicit Setup(const Tableau<double>& tableau) : rk(tableau), w(rk.make_workspace(sys.dim())) {
    y = sys.from_xv(pr.y0);
    for (int k = 0; k < 40; ++k) rk.step(sys, kH * k, y, kH, w);
  }
};

void per_bead(benchmark::State& state, double calls_per_iteration) {
  state.counters["per_bead"] = benchmark::Counter(double(kBeads) * calls_per_iteration,
                                                  benchmark::Counter::kIsIterationInvariantRate |
                                                      benchmark::Counter::kInvert);
}

// Counts per step over kCostRunSteps steps from the benchmark's state: the
// counters are per step, not rates; the timing is the same run as step_cost.
void step_counts(benchmark::State& state, const Tableau<double>& tableau) {
  Setup s(tableau);
  const Vec<double> y_start = s.y;
  long rhs = 0, jac = 0, fact = 0, solves = 0, steps = 0;
  for (auto _ : state) {
    s.y = y_start;
    const long r0 = s.sys.rhs_calls, j0 = s.sys.jacobian_calls, f0 = s.w.factorisations, v0 = s.w.solves;
    for (int k = 0; k < kCostRunSteps; ++k) s.rk.step(s.sys, 2.0 + kH * k, s.y, kH, s.w);
    rhs += s.sys.rhs_calls - r0;
    jac += s.sys.jacobian_calls - j0;
    fact += s.w.factorisations - f0;
    solves += s.w.solves - v0;
    steps += kCostRunSteps;
    benchmark::DoNotOptimize(s.y.data());
  }
  state.counters["rhs"] = double(rhs) / double(steps);
  state.counters["jacobians"] = double(jac) / double(steps);
  state.counters["factorisations"] = double(fact) / double(steps);
  state.counters["solves"] = double(solves) / double(steps);
  per_bead(state, kCostRunSteps);
}

// One force evaluation (the right-hand side) at the benchmark's state.
void unit_rhs(benchmark::State& state, const Tableau<double>& tableau) {
  Setup s(tableau);
  Vec<double> dy(s.sys.dim());
  for (auto _ : state) {
    s.sys.ChainSystem<double>::rhs(2.0, s.y, dy);
    benchmark::DoNotOptimize(dy.data());
  }
  per_bead(state, 1);
}

void unit_jacobian(benchmark::State& state, const Tableau<double>& tableau) {
  Setup s(tableau);
  BlockTridiagonal<double> J(kBeads);
  for (auto _ : state) {
    s.sys.ChainSystem<double>::jacobian(2.0, s.y, J);
    benchmark::DoNotOptimize(&J);
  }
  per_bead(state, 1);
}

// One factorisation, and one solve, of the transformed stage system.
void unit_factor(benchmark::State& state, const Tableau<double>& tableau) {
  Setup s(tableau);
  BlockTridiagonal<double> J(kBeads);
  s.sys.ChainSystem<double>::jacobian(2.0, s.y, J);
  if (!s.w.transformed.available()) return state.SkipWithError("no transformed solver for this tableau");
  for (auto _ : state) benchmark::DoNotOptimize(s.w.transformed.factor(J, kH));
  per_bead(state, 1);
}

void unit_solve(benchmark::State& state, const Tableau<double>& tableau) {
  Setup s(tableau);
  BlockTridiagonal<double> J(kBeads);
  s.sys.ChainSystem<double>::jacobian(2.0, s.y, J);
  if (!s.w.transformed.available() || !s.w.transformed.factor(J, kH))
    return state.SkipWithError("no transformed solver for this tableau");
  Vec<double> dz = Vec<double>::Constant(s.w.z.size(), 1e-6);
  for (auto _ : state) {
    s.w.transformed.solve(dz);
    benchmark::DoNotOptimize(dz.data());
  }
  per_bead(state, 1);
}

void BM_cost_cn_counts(benchmark::State& s) { step_counts(s, tableaux::crank_nicolson<double>()); }
void BM_cost_gl2_counts(benchmark::State& s) { step_counts(s, tableaux::gauss_legendre2<double>()); }
void BM_cost_rhs(benchmark::State& s) { unit_rhs(s, tableaux::gauss_legendre2<double>()); }
void BM_cost_jacobian(benchmark::State& s) { unit_jacobian(s, tableaux::gauss_legendre2<double>()); }
void BM_cost_cn_factor(benchmark::State& s) { unit_factor(s, tableaux::crank_nicolson<double>()); }
void BM_cost_gl2_factor(benchmark::State& s) { unit_factor(s, tableaux::gauss_legendre2<double>()); }
void BM_cost_cn_solve(benchmark::State& s) { unit_solve(s, tableaux::crank_nicolson<double>()); }
void BM_cost_gl2_solve(benchmark::State& s) { unit_solve(s, tableaux::gauss_legendre2<double>()); }

}  // namespace

BENCHMARK(BM_cost_cn_counts);
BENCHMARK(BM_cost_gl2_counts);
BENCHMARK(BM_cost_rhs);
BENCHMARK(BM_cost_jacobian);
BENCHMARK(BM_cost_cn_factor);
BENCHMARK(BM_cost_gl2_factor);
BENCHMARK(BM_cost_cn_solve);
BENCHMARK(BM_cost_gl2_solve);
