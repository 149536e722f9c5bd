#include "fit/log_log_slope.hpp"

#include <cmath>
#include <cstddef>
#include <limits>

namespace granconv {

// Centred sums with the means accumulated term by term: the arithmetic the
// stored records were made with (a change of it moves their last bits).
double log_log_slope(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size() || x.size() < 2) return std::numeric_limits<double>::quiet_NaN();
  double mx = 0, my = 0, sxy = 0, sxx = 0;
  const double n = static_cast<double>(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    mx += std::log(x[i]) / n;
    my += std::log(y[i]) / n;
  }
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxy += (std::log(x[i]) - mx) * (std::log(y[i]) - my);
    sxx += (std::log(x[i]) - mx) * (std::log(x[i]) - mx);
  }
  return sxy / sxx;
}

}  // namespace granconv
