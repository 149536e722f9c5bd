#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include <boost/math/statistics/linear_regression.hpp>
#include <boost/math/statistics/univariate_statistics.hpp>

#include "fit/sample_statistics.hpp"

using namespace granconv;

TEST_CASE("mean and standard deviation agree with Boost.Math's", "[sample_statistics]") {
  const std::vector<double> v{0.81, 0.79, 0.835, 0.802, 0.77, 0.8125};
  const auto s = mean_sd(v);
  CHECK(s.mean == Approx(boost::math::statistics::mean(v)).epsilon(1e-14));
  CHECK(s.sd == Approx(std::sqrt(boost::math::statistics::sample_variance(v))).epsilon(1e-13));
  CHECK(mean_sd({3.0}).sd == 0);
}

TEST_CASE("the 95% interval of a mean uses Student's t with n - 1 degrees of freedom", "[sample_statistics]") {
  CHECK(student_t95(1) == Approx(12.7062047362).epsilon(1e-9));
  CHECK(student_t95(7) == Approx(2.36462425159).epsilon(1e-9));
  const auto [lo, hi] = mean_ci95(MeanSd{2.0, 0.5}, 8);
  CHECK(hi - 2.0 == Approx(2.36462425159 * 0.5 / std::sqrt(8.0)).epsilon(1e-9));
  CHECK(2.0 - lo == Approx(hi - 2.0));
  const auto [l1, h1] = mean_ci95(MeanSd{2.0, 0.5}, 1);
  CHECK(l1 == 2.0);
  CHECK(h1 == 2.0);
}

TEST_CASE("least-squares slopes agree with Boost.Math's regression", "[sample_statistics]") {
  const std::vector<double> x{1, 2, 4, 8, 16, 32}, y{3.1, 4.4, 6.2, 8.9, 12.5, 17.8};
  const auto [c0, c1] = boost::math::statistics::simple_ordinary_least_squares(x, y);
  CHECK(least_squares_slope(x, y) == Approx(c1).epsilon(1e-13));
  std::vector<double> lx, ly;
  for (std::size_t i = 0; i < x.size(); ++i) lx.push_back(std::log(x[i])), ly.push_back(std::log(y[i]));
  const auto [d0, d1] = boost::math::statistics::simple_ordinary_least_squares(lx, ly);
  CHECK(log_log_slope(x, y) == Approx(d1).epsilon(1e-13));
  const auto line = least_squares_line(x, y);
  CHECK(line.slope == Approx(c1).epsilon(1e-13));
  CHECK(line.intercept == Approx(c0).epsilon(1e-13));
  CHECK(line.ci_lo < line.intercept);
  CHECK(line.ci_hi > line.intercept);
}

TEST_CASE("an exact line has a zero-width intercept interval", "[sample_statistics]") {
  const std::vector<double> x{0.5, 1, 1.5, 2}, y{2, 2.5, 3, 3.5};
  const auto line = least_squares_line(x, y);
  CHECK(line.slope == Approx(1));
  CHECK(line.intercept == Approx(1.5));
  CHECK(line.ci_hi - line.ci_lo == Approx(0).margin(1e-12));
}
