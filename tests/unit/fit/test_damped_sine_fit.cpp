// The damped-sine fit (fit/damped_sine_fit.hpp), which the cd-* claims fit to a
// wave record.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "fit/damped_sine_fit.hpp"

using namespace granconv;

TEST_CASE("damped-sine fit recovers the parameters of noisy synthetic data", "[fit]") {
  std::mt19937_64 rng(3);
  std::normal_distribution<double> noise(0, 1e-3);
  std::vector<double> t, x;
  for (int i = 0; i <= 300; ++i) {
    t.push_back(100 + i);
    x.push_back(49.4 + 0.8 * std::exp(-t.back() / 60.0) * std::sin(0.18 * t.back() + 1.0) + noise(rng));
  }
  const auto f = fit_damped_sine(t, x);
  CHECK(f.omega == Approx(0.18).epsilon(1e-3));
  CHECK(f.tau == Approx(60).epsilon(1e-2));
  CHECK(f.x0 == Approx(49.4).epsilon(1e-5));
  CHECK(std::abs(f.omega - 0.18) < 4 * f.se_omega + 1e-12);
  CHECK(std::abs(f.tau - 60) < 4 * f.se_tau);
  CHECK(f(150.0) == Approx(49.4 + 0.8 * std::exp(-2.5) * std::sin(28.0)).margin(5e-3));
  // Exact data: to round-off.
  for (std::size_t i = 0; i < t.size(); ++i) x[i] = 1 + 0.3 * std::exp(-t[i] / 40) * std::sin(0.3 * t[i] - 2);
  const auto g = fit_damped_sine(t, x);
  CHECK(g.omega == Approx(0.3).epsilon(1e-9));
  CHECK(g.tau == Approx(40).epsilon(1e-8));
  CHECK_THROWS_WITH(fit_damped_sine({1, 2, 3}, {1, 2, 3}), Catch::Contains("at least 8"));
  std::vector<double> flat(t.size(), 1.0);
  for (std::size_t i = 0; i < t.size(); ++i) flat[i] = 1 + 1e-3 * i;
  CHECK_THROWS_WITH(fit_damped_sine(t, flat), Catch::Contains("no oscillation"));
}
