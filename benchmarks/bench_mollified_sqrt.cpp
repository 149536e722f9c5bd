// Cost of the mollified square root √_ε (models/mollified_sqrt.hpp): the
// double table per region of u = x/ε (exponential-factored (0, 0.5), Chebyshev
// pieces [0.5, 10], series above), value alone and value with derivative, and
// the direct tanh-sinh quadrature it replaces.
#include <benchmark/benchmark.h>

#include <vector>

#include "models/mollified_sqrt.hpp"

using namespace granconv;

namespace {

std::vector<double> points(double lo, double hi, double eps) {
  std::vector<double> x(1024);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = eps * (lo + (hi - lo) * ((i * 617) % 1024 + 0.5) / 1024);
  return x;
}

void table_value(benchmark::State& state, double lo, double hi) {
  const double eps = 5e-6;
  const MollifiedSqrt<double> m(eps);
  const auto x = points(lo, hi, eps);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(m(x[i++ & 1023]));
  }
}

void table_value_and_derivative(benchmark::State& state, double lo, double hi) {
  const double eps = 5e-6;
  const MollifiedSqrt<double> m(eps);
  const auto x = points(lo, hi, eps);
  std::size_t i = 0;
  for (auto _ : state) {
    double v, d;
    m.value_and_derivative(x[i++ & 1023], v, d);
    benchmark::DoNotOptimize(v);
    benchmark::DoNotOptimize(d);
  }
}

void quadrature_value(benchmark::State& state, double lo, double hi) {
  const double eps = 5e-6;
  const auto x = points(lo, hi, eps);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(mollified_sqrt_quadrature(x[i++ & 1023], eps));
  }
}

}  // namespace

BENCHMARK_CAPTURE(table_value, u_0_to_0p5, 0.0, 0.5);
BENCHMARK_CAPTURE(table_value, u_0p5_to_10, 0.5, 10.0);
BENCHMARK_CAPTURE(table_value, u_10_to_100, 10.0, 100.0);
BENCHMARK_CAPTURE(table_value_and_derivative, u_0_to_0p5, 0.0, 0.5);
BENCHMARK_CAPTURE(table_value_and_derivative, u_0p5_to_10, 0.5, 10.0);
BENCHMARK_CAPTURE(table_value_and_derivative, u_10_to_100, 10.0, 100.0);
BENCHMARK_CAPTURE(quadrature_value, u_0p5_to_10, 0.5, 10.0);

BENCHMARK_MAIN();
