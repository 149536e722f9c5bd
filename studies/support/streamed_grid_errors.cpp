#include "studies/support/streamed_grid_errors.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <optional>
#include <stdexcept>

#include "models/memory_budget.hpp"
#include "reference/streamed_reference.hpp"
#include "studies/support/reference_broadcast.hpp"
#include "studies/support/reference_stream.hpp"

namespace granconv {
namespace {

// The differences of two streams at the same times, as set_error_estimate
// (reference/sundials/sundials_chain.hpp) takes them from two stored runs.
struct Differences {
  double whole = 0, x = 0, v = 0;
  void add(const Vec<double>& a, const Vec<double>& b) {
    for (Eigen::Index j = 0; j < a.size(); ++j) {
      const double d = std::abs(a[j] - b[j]);
      (j % 2 == 0 ? x : v) = std::max(j % 2 == 0 ? x : v, d);
    }
    whole = std::max(whole, (a - b).cwiseAbs().maxCoeff());
  }
};

}  // namespace

StreamedReferenceSummary summarise_streamed_reference(const Problem<double>& pr, const std::vector<double>& times,
                                                      const ReferenceOptions& opt, int running) {
  ReferenceOptions first = opt;
  first.estimate_error = false;
  if (!can_stream_reference(pr, first))
    throw std::invalid_argument("summarise_streamed_reference: this reference is not streamed (an ARKODE method)");
  const long count = static_cast<long>(times.size());
  const Eigen::Index width = pr.y0.size();
  const std::size_t slots = reference_stream_slots(static_cast<std::size_t>(width), count - 1);
  const auto produce = [&pr, &times](const ReferenceOptions& o) {
    return [&pr, &times, o](const ReferenceSink& sink) { return stream_reference_at(pr, times, o, sink); };
  };
  StreamedReferenceSummary out;
  Differences diff;
  // Whether a rerun's failure is CVODE refusing its tolerance (then it falls back).
  const auto refused = [&](const std::exception_ptr& e) {
    try {
      fallback_estimate_rerun(pr, opt, e);
      return true;
    } catch (...) {
      return false;
    }
  };
  // One pass over the union: the first solve, and beside it the rerun (none:
  // an exact solution, or no estimate asked), read by one reader that takes
  // the differences: the first solve on a thread of its own, the rerun in
  // turns with the reader, so that with two threads computing the two solves
  // run at once. The first solve's failure propagates, so it is the one
  // reported, as when it runs first; the rerun's is returned, the first solve
  // streamed to its end unless the failure is a refusal that the fallback
  // rerun will replace (which streams the first solve again).
  const auto pass = [&](const EstimateRerun* rerun, bool may_fall_back) -> std::exception_ptr {
    std::exception_ptr b_failed;
    double scale = 0;
    bool left_early = false;
    const ReferenceBroadcast::Consumer differences = [&](ReferenceBroadcast::Reader& a) {
      std::optional<ReferenceStream> b;
      if (rerun) b.emplace(produce(rerun->options), count, width, slots);
      for (long k = 0; k < count; ++k) {
        const Vec<double>& ra = a.at(k);
        scale = std::max(scale, ra.cwiseAbs().maxCoeff());
        if (!b || b_failed) continue;
        try {
          diff.add(ra, b->at(k));
        } catch (...) {
          b_failed = std::current_exception();
          if (may_fall_back && refused(b_failed)) {
            left_early = true;
            return;
          }
        }
      }
      if (b && !b_failed) try {
          b->finish();
        } catch (...) {
          b_failed = std::current_exception();
        }
    };
    const ReferenceBroadcast::Outcome a = ReferenceBroadcast::run(produce(first), count, width, slots, running, {differences});
    if (a.failures[0]) std::rethrow_exception(a.failures[0]);
    if (left_early) return b_failed;
    if (a.reference_failure) std::rethrow_exception(a.reference_failure);
    out.provenance = a.provenance;
    out.scale = scale;
    return b_failed;
  };
  if (!opt.estimate_error || pr.exact) {
    pass(nullptr, false);
    return out;
  }
  EstimateRerun rerun = first_estimate_rerun(pr, opt);
  if (const std::exception_ptr failed = pass(&rerun, true)) {
    if (!refused(failed)) std::rethrow_exception(failed);
    rerun = fallback_estimate_rerun(pr, opt, failed);
    diff = Differences{};
    if (const std::exception_ptr failed_too = pass(&rerun, false)) throw_estimate_failed(pr, opt, failed, failed_too);
  }
  out.provenance.error_estimate = diff.whole;
  out.provenance.error_estimate_x = diff.x;
  out.provenance.error_estimate_v = diff.v;
  out.provenance.error_estimate_method = rerun.method_words;
  return out;
}

namespace {

// grid_errors (grid_max) of one run of n steps against `state_at(k)`, the
// reference at its k-th grid time; a diverged run returns at once.
template <class StateAt>
GridErrors grid_errors_against(const Scheme<double>& scheme, const Problem<double>& pr, Formulation f, long n,
                               StateAt&& state_at) {
  double ex = 0, ev = 0;
  // As grid_errors' measure, grid_max, in double.
  const auto measure = [&](long k, const Vec<double>& xv) {
    const Vec<double>& r = state_at(k);
    for (int i = 0; i < pr.chain.beads(); ++i) {
      ex = std::max<double>(ex, std::abs(xv[2 * i] - r[2 * i]));
      ev = std::max<double>(ev, std::abs(xv[2 * i + 1] - r[2 * i + 1]));
    }
  };
  measure(0, pr.y0);
  try {
    scheme.run(pr.chain, f, pr.y0, pr.t_end / double(n), n, measure, pr.exact);
  } catch (const DivergedError& d) {
    const double inf = std::numeric_limits<double>::infinity();
    return {inf, inf, true, d.step, d.time, d.what()};
  }
  return {ex, ev, false, 0, 0, {}};
}

}  // namespace

GridErrors grid_errors_streamed(const Scheme<double>& scheme, const Problem<double>& pr, Formulation f, long n,
                                const ReferenceOptions& opt) {
  ReferenceOptions o = opt;
  o.estimate_error = false;
  const std::size_t width = static_cast<std::size_t>(pr.y0.size());
  ReferenceStream ref(pr, n, o, reference_stream_slots(width, n));
  const GridErrors e = grid_errors_against(scheme, pr, f, n, [&ref](long k) -> const Vec<double>& { return ref.at(k); });
  if (!e.diverged) ref.finish();
  return e;
}

std::vector<GridErrors> grid_errors_broadcast(const Scheme<double>& scheme, const Problem<double>& pr, Formulation f,
                                              const std::vector<long>& steps, const ReferenceOptions& opt,
                                              int running) {
  ReferenceOptions o = opt;
  o.estimate_error = false;
  const std::vector<double> times = all_grid_times(pr.t_end, steps);
  const long count = static_cast<long>(times.size());
  const Eigen::Index width = pr.y0.size();
  std::vector<GridErrors> errors(steps.size());
  std::vector<ReferenceBroadcast::Consumer> consumers;
  for (std::size_t j = 0; j < steps.size(); ++j)
    consumers.push_back([&, j](ReferenceBroadcast::Reader& reader) {
      const UniformTimes grid{pr.t_end, steps[j]};
      std::size_t u = 0;  // the union's index of the last grid time asked
      errors[j] = grid_errors_against(scheme, pr, f, steps[j], [&](long k) -> const Vec<double>& {
        const double t = grid[static_cast<std::size_t>(k)];
        while (u < times.size() && times[u] < t) ++u;
        if (u == times.size() || times[u] != t)
          throw std::logic_error("grid_errors_broadcast: a grid time missing from the union");
        return reader.at(static_cast<long>(u));
      });
    });
  const ReferenceBroadcast::Outcome outcome = ReferenceBroadcast::run(
      [&](const ReferenceSink& sink) { return stream_reference_at(pr, times, o, sink); }, count, width,
      reference_stream_slots(static_cast<std::size_t>(width), count - 1), running, consumers);
  // As grid_errors_streamed: a run that went to its end fails with the
  // reference's failure (its finish()), a diverged one does not.
  for (std::size_t j = 0; j < steps.size(); ++j) {
    if (outcome.failures[j]) std::rethrow_exception(outcome.failures[j]);
    if (outcome.reference_failure && !errors[j].diverged) std::rethrow_exception(outcome.reference_failure);
  }
  return errors;
}

std::size_t stream_group_size(double beads, double bytes) {
  const double reference = beads * kStreamReferenceBytesPerBead + kStreamReferenceFixedBytes;
  const double run = beads * kStreamRunBytesPerBead + kStreamRunFixedBytes;
  const double fit = std::floor((bytes - reference) / run);
  return fit >= 1 ? static_cast<std::size_t>(std::min(fit, double(kMaxRunsPerStream))) : 1;
}

std::vector<std::vector<std::size_t>> stream_groups(std::size_t m, std::size_t size, std::size_t at_least) {
  if (m == 0) return {};
  const std::size_t groups = std::min(m, std::max((m + std::max<std::size_t>(size, 1) - 1) / std::max<std::size_t>(size, 1), at_least));
  std::vector<std::vector<std::size_t>> out(groups);
  // The first m mod groups groups hold one index more.
  std::size_t i = 0;
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t c = 0; c < m / groups + (g < m % groups ? 1 : 0); ++c) out[g].push_back(i++);
  return out;
}

}  // namespace granconv
