#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "fit/order_fit.hpp"

using namespace granconv;

namespace {

std::vector<double> logspace(double lo, double hi, int n) {
  std::vector<double> h(n);
  for (int i = 0; i < n; ++i) h[i] = std::pow(10.0, lo + (hi - lo) * i / (n - 1));
  return h;
}

std::vector<bool> all(std::size_t n) { return std::vector<bool>(n, true); }

FitOptions declared(double lo, double hi, FitKind k = FitKind::least_squares) {
  FitOptions o;
  o.window = FitWindow{lo, hi};
  o.kind = k;
  return o;
}

}  // namespace

TEST_CASE("exact power law recovers the order to round-off", "[order_fit]") {
  const auto h = logspace(-4, -1, 30);
  for (double p : {1.5, 2.5, 4.0}) {
    std::vector<double> e;
    for (double hh : h) e.push_back(3.7 * std::pow(hh, p));
    for (auto kind : {FitKind::least_squares, FitKind::upper_envelope}) {
      const auto f = fit_order(h, e, all(h.size()), declared(1e-4, 1e-1, kind));
      REQUIRE(f.ok);
      CHECK(f.order == Approx(p).margin(1e-12));
      CHECK(f.intercept == Approx(std::log10(3.7)).margin(1e-10));
      CHECK(f.ci_lo <= p + 1e-12);
      CHECK(f.ci_hi >= p - 1e-12);
      CHECK(f.window_source == "declared");
    }
    const auto f = fit_order(h, e, all(h.size()), declared(1e-4, 1e-1));
    CHECK(f.points == 30);  // bounds inclusive despite rounding in pow()
    CHECK(f.kind == "least-squares");
    const auto fe = fit_order(h, e, all(h.size()), declared(1e-4, 1e-1, FitKind::upper_envelope));
    CHECK(fe.kind == "upper-envelope");
    CHECK(fe.points == 12);  // 3 decades, 4 bins per decade (h_min sits on the last bin edge)
  }
}

TEST_CASE("declared window restricts the regression", "[order_fit]") {
  const auto h = logspace(-4, -1, 31);  // 10 per decade, exact decade points
  std::vector<double> e;
  for (double hh : h) e.push_back(hh < 1e-2 ? hh * hh : 1e2 * std::pow(hh, 3));
  const auto f = fit_order(h, e, all(h.size()), declared(1e-4, 1e-2));
  REQUIRE(f.ok);
  CHECK(f.points == 21);
  CHECK(f.order == Approx(2.0).margin(1e-12));
  CHECK(f.h_min == 1e-4);
  CHECK(f.h_max == 1e-2);
}

TEST_CASE("95% CI covers the true slope under lognormal noise", "[order_fit]") {
  const auto h = logspace(-4, -1, 30);
  for (double p : {1.5, 2.5, 4.0}) {
    int covered = 0;
    const int reps = 200;
    for (int r = 0; r < reps; ++r) {
      std::mt19937_64 rng(1000 * static_cast<unsigned>(p * 10) + r);
      std::normal_distribution<double> n01(0.0, 0.1);  // sigma 0.1 in log10
      std::vector<double> e;
      for (double hh : h) e.push_back(2.0 * std::pow(hh, p) * std::pow(10.0, n01(rng)));
      const auto f = fit_order(h, e, all(h.size()), declared(1e-4, 1e-1));
      REQUIRE(f.ok);
      REQUIRE(std::isfinite(f.order));
      if (f.ci_lo <= p && p <= f.ci_hi) ++covered;
    }
    INFO("p = " << p << ", covered " << covered << " / " << reps);
    CHECK(covered >= 180);
    CHECK(covered <= 199);  // a 95% interval should not be trivially wide
  }
}

TEST_CASE("CI width shrinks with more points", "[order_fit]") {
  auto mean_width = [](int npts) {
    const auto h = logspace(-4, -1, npts);
    double w = 0;
    for (int r = 0; r < 50; ++r) {
      std::mt19937_64 rng(77 + r);
      std::normal_distribution<double> n01(0.0, 0.1);
      std::vector<double> e;
      for (double hh : h) e.push_back(std::pow(hh, 2.5) * std::pow(10.0, n01(rng)));
      const auto f = fit_order(h, e, all(h.size()), declared(1e-4, 1e-1));
      w += f.ci_hi - f.ci_lo;
    }
    return w / 50;
  };
  const double w10 = mean_width(10), w30 = mean_width(30), w120 = mean_width(120);
  CHECK(w30 < w10);
  CHECK(w120 < w30);
  CHECK(w120 < 0.6 * w30);  // ~ 1/sqrt(n)
}

TEST_CASE("upper envelope recovers the order of oscillating errors", "[order_fit]") {
  const auto h = logspace(-4, -1, 120);
  for (double p : {1.5, 2.5, 4.0}) {
    std::vector<double> e;
    for (double hh : h) e.push_back(0.3 * std::pow(hh, p) * (1 + 0.5 * std::sin(40 * std::log(hh))));
    const auto fe = fit_order(h, e, all(h.size()), declared(1e-4, 1e-1, FitKind::upper_envelope));
    REQUIRE(fe.ok);
    CHECK(fe.order == Approx(p).margin(0.1));
    CHECK(fe.points == 12);
    // The envelope sits on the maxima: its line lies above the least-squares one.
    const auto fl = fit_order(h, e, all(h.size()), declared(1e-4, 1e-1));
    REQUIRE(fl.ok);
    CHECK(fe.intercept + fe.order * -2.5 > fl.intercept + fl.order * -2.5);
  }
}

TEST_CASE("floor exclusion restores the order", "[order_fit]") {
  const auto h = logspace(-4, -1, 30);
  std::vector<double> e, floor(h.size(), 1e-13);
  for (double hh : h) e.push_back(std::max(0.1 * std::pow(hh, 4), 1e-13));  // floor reached at h = 1e-3
  const auto u = above_floor(e, floor, 10.0);
  int excluded = 0;
  for (bool b : u) excluded += !b;
  CHECK(excluded > 5);
  const auto with = fit_order(h, e, u, declared(1e-4, 1e-1));
  REQUIRE(with.ok);
  CHECK(with.order == Approx(4.0).margin(1e-9));
  const auto without = fit_order(h, e, all(h.size()), declared(1e-4, 1e-1));
  REQUIRE(without.ok);
  CHECK(without.order < 3.5);
  CHECK(with.points + excluded == 30);
}

TEST_CASE("above_floor marks non-finite, non-positive and floored points", "[order_fit]") {
  const std::vector<double> e{1.0, 0.0, -1.0, NAN, INFINITY, 1e-14, 1e-11};
  const std::vector<double> fl{1e-13, 1e-13, 1e-13, 1e-13, 1e-13, 1e-13, NAN};
  const auto u = above_floor(e, fl, 10.0);
  CHECK(u == std::vector<bool>{true, false, false, false, false, false, false});
  CHECK(above_floor(e, {}, 10.0) == std::vector<bool>{true, false, false, false, false, true, true});
  CHECK_THROWS_AS(above_floor(e, {1.0}, 10.0), std::invalid_argument);
}

TEST_CASE("detection finds the asymptotic window of a two-regime curve", "[order_fit]") {
  // E = h^4 + 1e-6 h^1.5: slope 1.5 as h -> 0, slope 4 for coarse h; the
  // crossover is at h^2.5 = 1e-6, h = 10^-2.4. Grid: 1e-6 .. 1, 10 per decade.
  const auto h = logspace(-6, 0, 61);
  std::vector<double> e;
  for (double hh : h) e.push_back(std::pow(hh, 4) + 1e-6 * std::pow(hh, 1.5));
  FitOptions o;  // detect
  const auto f = fit_order(h, e, all(h.size()), o);
  REQUIRE(f.ok);
  INFO("window [" << f.h_min << ", " << f.h_max << "], order " << f.order);
  CHECK(f.window_source == "detected");
  CHECK(f.h_min == Approx(1e-6));                 // anchored at the asymptotic end
  CHECK(f.h_max <= std::pow(10.0, -2.4));         // entirely below the crossover
  CHECK(std::log10(f.h_max / f.h_min) >= 2.0);    // and wide
  CHECK(f.order == Approx(1.5).margin(0.1));
  // The declared-window fit over the whole range is far off.
  const auto g = fit_order(h, e, all(h.size()), declared(1e-6, 1));
  CHECK(g.order > 2.0);

  // With lognormal noise (sigma 0.05) detection still stays in the asymptotic range.
  std::mt19937_64 rng(5);
  std::normal_distribution<double> n01(0.0, 0.05);
  for (auto& v : e) v *= std::pow(10.0, n01(rng));
  const auto fn = fit_order(h, e, all(h.size()), o);
  REQUIRE(fn.ok);
  CHECK(fn.h_min == Approx(1e-6));
  CHECK(fn.h_max <= std::pow(10.0, -2.0));
  CHECK(fn.ci_lo <= 1.5 + 0.1);
  CHECK(fn.order == Approx(1.5).margin(0.15));
}

TEST_CASE("detection skips floored points and works with the envelope", "[order_fit]") {
  const auto h = logspace(-5, -1, 81);
  std::vector<double> e;
  for (double hh : h)
    e.push_back(std::max(std::pow(hh, 2.5) * (1 + 0.5 * std::sin(40 * std::log(hh))), 1e-12));
  const auto u = above_floor(e, std::vector<double>(h.size(), 1e-12), 10.0);
  FitOptions o;
  o.kind = FitKind::upper_envelope;
  const auto f = fit_order(h, e, u, o);
  REQUIRE(f.ok);
  CHECK(f.window_source == "detected");
  CHECK(f.h_min > 1e-5);
  CHECK(f.order == Approx(2.5).margin(0.1));
}

TEST_CASE("degenerate inputs give ok == false", "[order_fit]") {
  const std::vector<double> h{1e-3, 1e-2, 1e-1}, e{1e-6, 1e-4, 1e-2};
  SECTION("size mismatch") {
    const auto f = fit_order(h, {1e-6, 1e-4}, all(3), declared(1e-3, 1e-1));
    CHECK_FALSE(f.ok);
    CHECK_FALSE(f.message.empty());
    CHECK(fit_order(h, e, all(2), declared(1e-3, 1e-1)).ok == false);
  }
  SECTION("fewer than 3 usable points") {
    const auto f = fit_order(h, e, {true, false, true}, declared(1e-3, 1e-1));
    CHECK_FALSE(f.ok);
    CHECK(f.message.find("fewer than 3") != std::string::npos);
    CHECK_FALSE(fit_order(h, {1e-6, 0.0, NAN}, all(3), declared(1e-3, 1e-1)).ok);
    CHECK_FALSE(fit_order(h, e, all(3), declared(5e-3, 1e-1)).ok);
    CHECK_FALSE(fit_order({}, {}, {}, declared(1e-3, 1e-1)).ok);
  }
  SECTION("exactly 3 points is enough") {
    const auto f = fit_order(h, e, all(3), declared(1e-3, 1e-1));
    CHECK(f.ok);
    CHECK(f.order == Approx(2.0));
  }
  SECTION("no spread in h") {
    const auto f = fit_order({1e-2, 1e-2, 1e-2}, {1e-4, 2e-4, 3e-4}, all(3), declared(1e-3, 1e-1));
    CHECK_FALSE(f.ok);
  }
  SECTION("invalid window") {
    CHECK_FALSE(fit_order(h, e, all(3), declared(1e-1, 1e-3)).ok);
    CHECK_FALSE(fit_order(h, e, all(3), declared(0.0, 1e-1)).ok);
  }
  SECTION("detection without enough points") {
    const auto f = fit_order(h, e, all(3), FitOptions{});
    CHECK_FALSE(f.ok);
    CHECK(f.window_source == "detected");
  }
  SECTION("envelope with fewer than 3 bins") {
    const std::vector<double> hh{1e-2, 1.2e-2, 1.5e-2, 2e-2}, ee{1e-4, 1.44e-4, 2.25e-4, 4e-4};
    const auto f = fit_order(hh, ee, all(4), declared(1e-2, 2e-2, FitKind::upper_envelope));
    CHECK_FALSE(f.ok);
  }
}

TEST_CASE("local slopes", "[order_fit]") {
  const std::vector<double> h{1e-1, 1e-3, 1e-2, 1e-4};  // unsorted on purpose
  const std::vector<double> e{1e-1, 1e-6, 1e-4, 1e-8};
  const auto s = local_slopes(h, e, {true, true, true, false});
  REQUIRE(s.size() == 2);
  CHECK(s[0].first == Approx(std::sqrt(1e-5)));
  CHECK(s[0].second == Approx(2.0));
  CHECK(s[1].first == Approx(std::sqrt(1e-3)));
  CHECK(s[1].second == Approx(3.0));
}

TEST_CASE("sliding slopes follow a two-regime curve", "[studies][fit]") {
  // E = h^2 above h = 1e-2 and a continuous h^{3/2} branch below it.
  std::vector<double> h, e;
  for (int i = 0; i <= 60; ++i) {
    const double hi = std::pow(10.0, -4.0 + 3.0 * i / 60.0);
    h.push_back(hi);
    e.push_back(hi >= 1e-2 ? hi * hi : 1e-1 * std::pow(hi, 1.5));
  }
  const std::vector<bool> usable(h.size(), true);
  const auto s = granconv::sliding_slopes(h, e, usable, 0.25);
  REQUIRE(s.size() == h.size());
  for (const auto& [hi, p] : s) {
    if (hi < 5e-3) CHECK(p == Approx(1.5).margin(1e-9));
    if (hi > 2e-2) CHECK(p == Approx(2.0).margin(1e-9));
  }
}
