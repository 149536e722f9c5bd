#pragma once
// The blow-up bound: a state entry (position, velocity or generalized
// velocity) above kBlowUpFactor · max(1, |y0|∞) means the run diverged. The
// chains only lose energy to damping (or gain a bounded drive), so no
// physical trajectory of the shipped scenarios comes within orders of
// magnitude of it; the reference and every scheme stop there instead of
// producing inf/NaN or grinding on.
#include <algorithm>
#include <cmath>

#include "models/chain.hpp"

namespace granconv {

inline constexpr double kBlowUpFactor = 1e8;

template <class S>
double blow_up_bound(const Vec<S>& y0) {
  double scale = 1;
  for (Eigen::Index i = 0; i < y0.size(); ++i) scale = std::max(scale, std::abs(static_cast<double>(y0[i])));
  return kBlowUpFactor * scale;
}

}  // namespace granconv
