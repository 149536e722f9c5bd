#include "studies/support/comparison.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>

#include <fmt/format.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "reference/cache/reference_cache.hpp"
#include "schemes/blow_up_guard.hpp"
#include "studies/support/grid_budget.hpp"
#include "studies/support/reference_stream.hpp"
#include "studies/support/step_grid.hpp"

namespace granconv {
namespace {

// The scheme's trajectory, 16 B per bead and step: hundreds of MB on long
// chains, allocated for every comparison. Not value-initialised (every value
// read has been stored first), and a large one asks for transparent huge
// pages: zeroing it and faulting it in as 4 KB pages took 9-11 ns per
// bead-step at N = 1000, three leapfrog steps, against 1.5-1.8 on huge pages.
// Every page is touched here, so that no fault falls inside the scheme's clock
// (1.1-1.4 ns per bead-step there even on huge pages); without huge pages this
// is where the small ones are faulted.
class Trajectory {
 public:
  explicit Trajectory(std::size_t values) {
    constexpr std::size_t kHugePage = std::size_t(2) << 20, kLine = 64;
    const std::size_t bytes = values * sizeof(double);
    const std::size_t align = bytes >= kHugePage ? kHugePage : kLine;
    const std::size_t size = (bytes + align - 1) / align * align;  // aligned_alloc's rule
    data_.reset(static_cast<double*>(std::aligned_alloc(align, size)));
    if (!data_) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    if (align == kHugePage) madvise(data_.get(), size, MADV_HUGEPAGE);  // advice: small pages if refused
#endif
    constexpr std::size_t kSmallPage = 4096 / sizeof(double);
    for (std::size_t i = 0; i < values; i += kSmallPage) data_[i] = 0;
  }
  double* row(std::size_t k, std::size_t width) const { return data_.get() + k * width; }

 private:
  struct Free {
    void operator()(double* p) const { std::free(p); }
  };
  std::unique_ptr<double[], Free> data_;
};

// A state into the trajectory with streaming stores where SSE2 has them: the
// trajectory is read only after the run, and a store through the cache would
// first read each line from memory (0.5-0.6 ns per bead-step at N = 1000).
// They are weakly ordered: finish_stores() orders them before whatever
// follows the run.
void store(const double* from, std::size_t n, double* to) {
#if defined(__SSE2__)
  std::size_t i = 0;
  if (n > 0 && reinterpret_cast<std::uintptr_t>(to) % 16 != 0) {  // _mm_stream_pd needs 16 B alignment
    to[0] = from[0];
    i = 1;
  }
  for (; i + 2 <= n; i += 2) _mm_stream_pd(to + i, _mm_loadu_pd(from + i));
  for (; i < n; ++i) to[i] = from[i];
#else
  std::copy(from, from + n, to);
#endif
}

void finish_stores() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

bool streams(const Problem<double>& pr, const ComparisonOptions& opt, double values) {
  const bool can = !opt.keep_states && can_stream_reference(pr, opt.reference);
  switch (opt.mode) {
    case ComparisonMode::stored: return false;
    case ComparisonMode::streamed:
      if (!can)
        throw std::invalid_argument("a streamed comparison keeps no states and needs a reference that streams "
                                    "(CVODE without an error estimate, or an exact solution)");
      return true;
    case ComparisonMode::automatic: break;
  }
  return can && (opt.cache_dir.empty() || values > kStreamAboveValues);
}

// The same maxima as the stored comparison below, state by state as the
// scheme reports them (max is exact, so the order does not matter).
void compare_streamed(const Problem<double>& pr, const Scheme<double>& scheme, Formulation f, long n,
                      const ComparisonOptions& opt, Comparison& c) {
  const std::size_t width = static_cast<std::size_t>(pr.y0.size());
  const int beads = pr.chain.beads();
  ReferenceStream ref(pr, n, opt.reference, reference_stream_slots(width, n));
  using Rows = Eigen::Map<const Eigen::Array<double, 2, Eigen::Dynamic>>;
  long seen = 0;
  c.final_xv.resize(static_cast<Eigen::Index>(width));
  // A failing reference lets the scheme run on, uncompared, so that the
  // scheme's own failure is the one reported, as when the scheme ran first.
  std::exception_ptr reference_failure;
  const auto compare = [&](const Vec<double>& xv) {
    if (seen > n) throw std::logic_error("compare_with_reference: the scheme reported more than n states");
    const Vec<double>* at = nullptr;
    if (!reference_failure) try {
        at = &ref.at(seen);
      } catch (...) {
        reference_failure = std::current_exception();
      }
    if (!at) {
      ++seen;
      return;
    }
    const Vec<double>& r = *at;
    const Rows y(xv.data(), 2, beads), rows(r.data(), 2, beads);
    const Eigen::Array2d error = (y - rows).abs().rowwise().maxCoeff(), sup = rows.abs().rowwise().maxCoeff();
    c.max_error_x = std::max(c.max_error_x, error[0]);
    c.max_error_v = std::max(c.max_error_v, error[1]);
    c.ref_sup_x = std::max(c.ref_sup_x, sup[0]);
    c.ref_sup_v = std::max(c.ref_sup_v, sup[1]);
    if (seen == n) {
      c.final_xv = xv;  // sized above: no allocation
      c.final_error = (c.final_xv - r).cwiseAbs().maxCoeff();
    }
    ++seen;
  };
  const auto start = std::chrono::steady_clock::now();
  try {
    compare(pr.y0);
    scheme.run(pr.chain, f, pr.y0, c.h, n, [&](long, const Vec<double>& xv) { compare(xv); }, pr.exact);
    if (seen != n + 1)
      throw std::logic_error(fmt::format("compare_with_reference: the scheme reported {} of {} states", seen, n + 1));
  } catch (const DivergedError& d) {
    c.diverged = true;
    c.diverged_reason = d.what();
  }
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start - ref.waited()).count();
  if (reference_failure) std::rethrow_exception(reference_failure);
  if (c.diverged) {
    // The provenance of the whole reference, as the stored comparison records it.
    for (long k = seen; k <= n; ++k) ref.at(k);
    c.max_error_x = c.max_error_v = std::numeric_limits<double>::infinity();
    c.final_xv = Vec<double>();
    c.final_error = 0;
  }
  c.reference_provenance = ref.finish().to_json();
}

}  // namespace

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
  const double values = double(width) * (double(n) + 1);
  if (values > kMaxComparedValues)
    throw std::invalid_argument(fmt::format("{} steps of {} state values compare {:.3g} values, above the limit of "
                                            "{:.3g}: use a larger h or a shorter T",
                                            n, width, values, kMaxComparedValues));
  if (streams(pr, opt, values)) {
    c.streamed = true;
    compare_streamed(pr, scheme, f, n, opt, c);
    return c;
  }
  // The scheme's and the reference's trajectories are both kept, so bound them
  // before allocating rather than fail with bad_alloc halfway.
  constexpr double kMaxStoredValues = 1e9;  // 8 GB each
  if (double(width) * (double(n) + 1) > kMaxStoredValues)
    throw std::invalid_argument(fmt::format(
        "{} steps of {} state values need {:.3g} GB for each of the scheme's and the reference's trajectories, "
        "above the 8 GB limit: use a larger h or a shorter T",
        n, width, double(width) * (double(n) + 1) * 8e-9));
  const Trajectory states(width * (static_cast<std::size_t>(n) + 1));
  std::copy(pr.y0.data(), pr.y0.data() + width, states.row(0, width));
  long stored = 1;
  const auto start = std::chrono::steady_clock::now();
  try {
    scheme.run(
        pr.chain, f, pr.y0, c.h, n,
        [&](long, const Vec<double>& xv) {
          // The buffer holds n + 1 states and is not zeroed: a scheme that
          // reported more, or fewer without diverging, is a bug to name.
          if (stored > n) throw std::logic_error("compare_with_reference: the scheme reported more than n states");
          store(xv.data(), width, states.row(std::size_t(stored++), width));
        },
        pr.exact);
    finish_stores();
    if (stored != n + 1)
      throw std::logic_error(fmt::format("compare_with_reference: the scheme reported {} of {} states", stored, n + 1));
  } catch (const DivergedError& d) {
    finish_stores();
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
    const Rows y(states.row(std::size_t(k), width), 2, beads);
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
    c.final_xv = Eigen::Map<const Vec<double>>(states.row(std::size_t(n), width), static_cast<Eigen::Index>(width));
    c.final_error = (c.final_xv - ref.states.back()).cwiseAbs().maxCoeff();
  }
  if (opt.keep_states) {
    c.t = std::move(times);
    c.scheme_xv.reserve(static_cast<std::size_t>(stored));
    for (long k = 0; k < stored; ++k)
      c.scheme_xv.push_back(
          Eigen::Map<const Vec<double>>(states.row(std::size_t(k), width), static_cast<Eigen::Index>(width)));
    c.reference_xv = ref.states;
  }
  return c;
}

}  // namespace granconv
