// The h_ε / regime classification of an error curve (declared in
// mollified_order_claims.hpp, unit-tested in tests/test_mollified_order.cpp).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "fit/sample_statistics.hpp"
#include "studies/kinds/thesis/mollified_order/mollified_order_detail.hpp"

namespace granconv {

namespace mollified_order {

std::vector<std::size_t> usable_sorted(const std::vector<double>& h, const std::vector<double>& e,
                                       const std::vector<bool>& usable) {
  if (h.size() != e.size() || h.size() != usable.size())
    throw std::invalid_argument("h, error and usable must have the same size");
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < h.size(); ++i)
    if (usable[i] && std::isfinite(h[i]) && h[i] > 0 && std::isfinite(e[i]) && e[i] > 0) idx.push_back(i);
  std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return h[a] < h[b]; });
  return idx;
}

}  // namespace mollified_order

using mollified_order::usable_sorted;

std::optional<std::size_t> hepsilon_index(const std::vector<double>& h, const std::vector<double>& e,
                                          const std::vector<bool>& usable, const HEpsilonOptions& opt) {
  if (!(opt.band > 0 && opt.half_width_decades > 0 && opt.min_points >= 3))
    throw std::invalid_argument("h_eps options need band > 0, half_width_decades > 0 and min_points >= 3");
  const auto idx = usable_sorted(h, e, usable);
  std::vector<double> lh, le;
  for (std::size_t i : idx) {
    lh.push_back(std::log10(h[i]));
    le.push_back(std::log10(e[i]));
  }
  std::optional<std::size_t> best;
  for (std::size_t j = 0; j < idx.size(); ++j) {
    // Monotonicity is a condition on all points below the candidate: once it
    // fails, no larger candidate can satisfy it.
    if (j > 0 && !(le[j] > le[j - 1])) break;
    if (j + 1 < std::size_t(opt.min_points)) continue;
    bool ok = true;
    for (std::size_t i = 0; i <= j && ok; ++i) {
      std::vector<double> x, y;
      for (std::size_t k = 0; k <= j; ++k)
        if (std::abs(lh[k] - lh[i]) <= opt.half_width_decades * (1 + 1e-12)) {
          x.push_back(lh[k]);
          y.push_back(le[k]);
        }
      if (x.size() >= 3) ok = std::abs(least_squares_slope(x, y) - opt.order) <= opt.band;
    }
    // Clipping the windows at the candidate makes a larger candidate able to
    // pass where a smaller one failed: keep the largest that passes.
    if (ok) best = idx[j];
  }
  return best;
}

double first_drop(const std::vector<double>& h, const std::vector<double>& e, const std::vector<bool>& usable) {
  const auto idx = usable_sorted(h, e, usable);
  for (std::size_t k = 1; k < idx.size(); ++k)
    if (!(e[idx[k]] > e[idx[k - 1]])) return h[idx[k]];
  return INFINITY;
}

Regimes classify_regimes(const std::vector<double>& h, const std::vector<double>& e, const std::vector<bool>& usable,
                         std::size_t hepsilon, double h_cap) {
  auto idx = usable_sorted(h, e, usable);
  idx.erase(std::remove_if(idx.begin(), idx.end(), [&](std::size_t i) { return !(h[i] < h_cap) && i != hepsilon; }),
            idx.end());
  const auto at = std::find(idx.begin(), idx.end(), hepsilon);
  if (at == idx.end()) throw std::invalid_argument("h_eps is not a usable point");
  const std::size_t j = std::size_t(at - idx.begin());
  std::size_t last_drop = j;  // largest position where the error drops as h grows
  for (std::size_t k = j + 1; k < idx.size(); ++k)
    if (!(e[idx[k]] > e[idx[k - 1]])) last_drop = k;
  Regimes r;
  if (last_drop > j) {
    r.oscillating_lo = h[idx[j + 1]];
    r.oscillating_hi = h[idx[last_drop]];
  }
  if (last_drop + 1 < idx.size()) {
    r.monotone_lo = h[idx[last_drop + 1]];
    r.monotone_hi = h[idx.back()];
  }
  return r;
}

}  // namespace granconv
