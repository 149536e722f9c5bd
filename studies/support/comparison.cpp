#include "studies/support/comparison.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "reference/cache/reference_cache.hpp"
#include "schemes/blow_up_guard.hpp"
#include "studies/support/step_grid.hpp"

namespace granconv {

Comparison compare_with_reference(const Problem<double>& pr, const Scheme<double>& scheme, Formulation f, double h,
                                  const ComparisonOptions& opt) {
  if (!(h > 0) || !std::isfinite(h)) throw std::invalid_argument("the step size h must be positive");
  const double t_end = pr.t_end;
  const long n = std::lround(t_end / h);
  if (n < 1 || std::abs(double(n) * h - t_end) > 1e-9 * t_end)
    throw std::invalid_argument(fmt::format("T = {} is not an integer multiple of h = {}", t_end, h));
  Comparison c;
  c.steps = n;
  c.h = t_end / double(n);
  // One flat buffer for the whole trajectory, allocated before the clock
  // starts: a vector per step cost more than the explicit steps themselves.
  const std::size_t width = static_cast<std::size_t>(pr.y0.size());
  // The scheme's and the reference's trajectories are both kept, so bound them
  // before allocating rather than fail with bad_alloc halfway.
  constexpr double kMaxStoredValues = 1e9;  // 8 GB each
  if (double(width) * (double(n) + 1) > kMaxStoredValues)
    throw std::invalid_argument(fmt::format(
        "{} steps of {} state values need {:.3g} GB for each of the scheme's and the reference's trajectories, "
        "above the 8 GB limit: use a larger h or a shorter T",
        n, width, double(width) * (double(n) + 1) * 8e-9));
  std::vector<double> states(width * (static_cast<std::size_t>(n) + 1));
  std::copy(pr.y0.data(), pr.y0.data() + width, states.begin());
  long stored = 1;
  const auto start = std::chrono::steady_clock::now();
  try {
    scheme.run(
        pr.chain, f, pr.y0, c.h, n,
        [&](long, const Vec<double>& xv) {
          std::copy(xv.data(), xv.data() + width, states.begin() + static_cast<std::ptrdiff_t>(width * stored++));
        },
        pr.exact);
  } catch (const DivergedError& d) {
    if (opt.keep_states) throw;  // the caller wants the trajectory, and there is none
    c.diverged = true;
    c.diverged_reason = d.what();
  }
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::vector<double> times;
  for (long k = 0; k <= n; ++k) times.push_back(grid_time(t_end, k, n));
  const auto ref = cached_reference(pr, times, opt.reference, opt.cache_dir);
  c.reference_provenance = ref.provenance.to_json();
  // Rows x and v of the interleaved states. They are finite (the scheme is
  // guarded, the reference checked), so the vectorised maxima are exact and
  // independent of the order.
  using Rows = Eigen::Map<const Eigen::Array<double, 2, Eigen::Dynamic>>;
  const int beads = pr.chain.beads();
  for (long k = 0; k < stored; ++k) {
    const Rows y(states.data() + width * static_cast<std::size_t>(k), 2, beads);
    const Rows r(ref.states[static_cast<std::size_t>(k)].data(), 2, beads);
    const Eigen::Array2d error = (y - r).abs().rowwise().maxCoeff(), sup = r.abs().rowwise().maxCoeff();
    c.max_error_x = std::max(c.max_error_x, error[0]);
    c.max_error_v = std::max(c.max_error_v, error[1]);
    c.ref_sup_x = std::max(c.ref_sup_x, sup[0]);
    c.ref_sup_v = std::max(c.ref_sup_v, sup[1]);
  }
  if (c.diverged) {
    c.max_error_x = c.max_error_v = std::numeric_limits<double>::infinity();
  } else {
    c.final_xv = Eigen::Map<const Vec<double>>(states.data() + width * static_cast<std::size_t>(n),
                                               static_cast<Eigen::Index>(width));
    c.final_error = (c.final_xv - ref.states.back()).cwiseAbs().maxCoeff();
  }
  if (opt.keep_states) {
    c.t = std::move(times);
    c.scheme_xv.reserve(static_cast<std::size_t>(stored));
    for (long k = 0; k < stored; ++k)
      c.scheme_xv.push_back(Eigen::Map<const Vec<double>>(states.data() + width * static_cast<std::size_t>(k),
                                                          static_cast<Eigen::Index>(width)));
    c.reference_xv = ref.states;
  }
  return c;
}

}  // namespace granconv
