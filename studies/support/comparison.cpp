#include "studies/support/comparison.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "reference/reference_cache.hpp"
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
  // The reference keeps its whole trajectory (and the scheme's, with
  // keep_states), so bound it before allocating rather than fail with
  // bad_alloc halfway.
  const double values = double(pr.y0.size()) * (double(n) + 1);
  constexpr double kMaxStoredValues = 1e9;  // 8 GB
  if (values > kMaxStoredValues)
    throw std::invalid_argument(fmt::format(
        "{} steps of {} state values need {:.3g} GB for the reference's trajectory, above the 8 GB limit: use a "
        "larger h or a shorter T",
        n, pr.y0.size(), values * 8e-9));
  // The reference first, so that the scheme's states are compared as they
  // come: storing the whole trajectory for a comparison afterwards doubled
  // the memory and cost more than an explicit step (16 B per bead-step of
  // stores into a buffer of hundreds of MB).
  std::vector<double> times;
  times.reserve(static_cast<std::size_t>(n) + 1);
  for (long k = 0; k <= n; ++k) times.push_back(grid_time(t_end, k, n));
  const auto ref = [&] {
    try {
      return cached_reference(pr, times, opt.reference, opt.cache_dir);
    } catch (const std::exception&) {
      // Where both fail, the scheme's failure (Newton, divergence) is the one
      // reported: it is what a user testing a scheme needs to know.
      scheme.run(pr.chain, f, pr.y0, c.h, n, [](long, const Vec<double>&) {}, pr.exact);
      throw;
    }
  }();
  c.reference_provenance = ref.provenance.to_json();
  const int beads = pr.chain.beads();
  const std::size_t width = static_cast<std::size_t>(pr.y0.size());
  // With keep_states, one flat buffer allocated before the clock starts: a
  // vector per step cost more than the explicit steps themselves.
  std::vector<double> kept(opt.keep_states ? width * (static_cast<std::size_t>(n) + 1) : 0);
  long compared = 0;
  const auto compare = [&](const Vec<double>& y) {
    if (compared > n) throw std::logic_error("the scheme reported more states than steps");
    // Rows x and v of the interleaved states. The states are finite (the
    // scheme is guarded, the reference checked), so the vectorised maximum
    // is exact and independent of the order.
    using Rows = Eigen::Map<const Eigen::Array<double, 2, Eigen::Dynamic>>;
    const Rows e(y.data(), 2, beads), r(ref.states[static_cast<std::size_t>(compared)].data(), 2, beads);
    const Eigen::Array2d worst = (e - r).abs().rowwise().maxCoeff();
    c.max_error_x = std::max(c.max_error_x, worst[0]);
    c.max_error_v = std::max(c.max_error_v, worst[1]);
    if (opt.keep_states) std::copy(y.data(), y.data() + width, kept.begin() + static_cast<std::ptrdiff_t>(width * compared));
    ++compared;
  };
  compare(pr.y0);
  const auto start = std::chrono::steady_clock::now();
  try {
    scheme.run(
        pr.chain, f, pr.y0, c.h, n,
        [&](long, const Vec<double>& xv) {
          compare(xv);
          if (compared == n + 1) c.final_xv = xv;
        },
        pr.exact);
  } catch (const DivergedError& d) {
    if (opt.keep_states) throw;  // the caller wants the trajectory, and there is none
    c.diverged = true;
    c.diverged_reason = d.what();
  }
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  for (long k = 0; k < compared; ++k) {
    const auto& r = ref.states[static_cast<std::size_t>(k)];
    for (int i = 0; i < beads; ++i) {
      c.ref_sup_x = std::max(c.ref_sup_x, std::abs(r[2 * i]));
      c.ref_sup_v = std::max(c.ref_sup_v, std::abs(r[2 * i + 1]));
    }
  }
  if (c.diverged) c.max_error_x = c.max_error_v = std::numeric_limits<double>::infinity();
  if (!c.diverged) c.final_error = (c.final_xv - ref.states.back()).cwiseAbs().maxCoeff();
  if (opt.keep_states) {
    c.t = std::move(times);
    c.scheme_xv.reserve(static_cast<std::size_t>(compared));
    for (long k = 0; k < compared; ++k)
      c.scheme_xv.push_back(Eigen::Map<const Vec<double>>(kept.data() + width * static_cast<std::size_t>(k),
                                                          static_cast<Eigen::Index>(width)));
    c.reference_xv = ref.states;
  }
  return c;
}

}  // namespace granconv
