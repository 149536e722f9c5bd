#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "studies/kinds/thesis/mollified_order/mollified_order_claims.hpp"

using namespace granconv;

namespace {

// 20 points per decade, in decreasing h like a study's grid.
std::vector<double> grid(double lo, double hi) {
  std::vector<double> h;
  for (double l = hi; l >= lo - 1e-9; l -= 0.05) h.push_back(std::pow(10.0, l));
  return h;
}

// The three regimes of thesis fig. 4.5: C h² below h0, an oscillating band
// (h0, h1], a monotone band of slope 0.7 above h1 (continuous at h1).
std::vector<double> three_regimes(const std::vector<double>& h, double h0, double h1) {
  std::vector<double> e;
  for (double x : h) {
    if (x <= h0 * (1 + 1e-9))
      e.push_back(x * x);
    else if (x <= h1 * (1 + 1e-9))
      e.push_back(x * x * (1 + 0.8 * std::sin(25 * std::log10(x / h0))));
    else
      e.push_back(h1 * h1 * (1 + 0.8 * std::sin(25 * std::log10(h1 / h0))) * std::pow(x / h1, 0.7));
  }
  return e;
}

}  // namespace

TEST_CASE("h_eps is the top of the clean h^2 range", "[mollified_order]") {
  const auto h = grid(-9, -3);
  const double h0 = std::pow(10.0, -6.0), h1 = std::pow(10.0, -4.5);
  const auto e = three_regimes(h, h0, h1);
  const std::vector<bool> usable(h.size(), true);
  const auto j = hepsilon_index(h, e, usable, {});
  REQUIRE(j);
  // The first oscillating point may still be on the h² side within ±¼ slope.
  CHECK(h[*j] >= h0 * (1 - 1e-9));
  CHECK(h[*j] <= h0 * std::pow(10.0, 0.1) * (1 + 1e-9));
  const auto r = classify_regimes(h, e, usable, *j);
  CHECK(r.oscillating_lo > h[*j]);
  CHECK(r.oscillating_hi <= h1 * std::pow(10.0, 0.05) * (1 + 1e-9));
  CHECK(r.oscillating_hi >= h1 * std::pow(10.0, -0.3));
  CHECK(r.monotone_lo > r.oscillating_hi);
  CHECK(r.monotone_hi == Approx(1e-3));
  // A cap leaves the coarse steps out (there plain KK is not monotone either).
  const auto capped = classify_regimes(h, e, usable, *j, 1e-4);
  CHECK(capped.monotone_hi < 1e-4);
  CHECK(capped.oscillating_hi == r.oscillating_hi);
  CHECK(first_drop(h, e, usable) > h0);
  CHECK(first_drop(h, e, usable) < h1);
}

TEST_CASE("h_eps does not exist for a curve of order 3/2", "[mollified_order]") {
  const auto h = grid(-9, -3);
  std::vector<double> e;
  for (double x : h) e.push_back(std::pow(x, 1.5));
  CHECK_FALSE(hepsilon_index(h, e, std::vector<bool>(h.size(), true), {}));
}

TEST_CASE("h_eps ignores points below the floor and tolerates small noise", "[mollified_order]") {
  const auto h = grid(-9, -3);
  const double h0 = 1e-5;
  auto e = three_regimes(h, h0, 1e-4);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-0.05, 0.05);
  for (auto& x : e) x *= 1 + u(rng);
  std::vector<bool> usable(h.size(), true);
  // Round-off plateau at the fine end, excluded as a study's floor would.
  for (std::size_t i = 0; i < h.size(); ++i)
    if (h[i] < 1e-8) {
      e[i] = 1e-16 * (2 + std::sin(double(i)));
      usable[i] = false;
    }
  const auto j = hepsilon_index(h, e, usable, {});
  REQUIRE(j);
  CHECK(h[*j] >= h0 * std::pow(10.0, -0.1));
  CHECK(h[*j] <= h0 * std::pow(10.0, 0.1));
  // Without the floor the plateau breaks monotonicity at the fine end.
  CHECK_FALSE(hepsilon_index(h, e, std::vector<bool>(h.size(), true), {}));
}

TEST_CASE("h_eps needs min_points and rejects bad input", "[mollified_order]") {
  const auto h = grid(-6, -3);
  const auto e = three_regimes(h, std::pow(10.0, -5.9), 1e-4);  // only 3 points of h²
  CHECK_FALSE(hepsilon_index(h, e, std::vector<bool>(h.size(), true), {}));
  CHECK_THROWS_AS(hepsilon_index(h, e, std::vector<bool>(h.size() - 1, true), {}), std::invalid_argument);
  HEpsilonOptions bad;
  bad.band = 0;
  CHECK_THROWS_AS(hepsilon_index(h, e, std::vector<bool>(h.size(), true), bad), std::invalid_argument);
}
