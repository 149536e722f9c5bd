#include "studies/support/streamed_grid_errors.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <optional>
#include <stdexcept>

#include "reference/streamed_reference.hpp"
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
                                                      const ReferenceOptions& opt) {
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
  // an exact solution, or no estimate asked). The first solve's failure
  // propagates, so it is the one reported, as when it runs first; the
  // rerun's is returned, the first solve streamed to its end unless the
  // failure is a refusal that the fallback rerun will replace (which streams
  // the first solve again).
  const auto pass = [&](const EstimateRerun* rerun, bool may_fall_back) -> std::exception_ptr {
    ReferenceStream a(produce(first), count, width, slots);
    std::optional<ReferenceStream> b;
    if (rerun) b.emplace(produce(rerun->options), count, width, slots);
    std::exception_ptr b_failed;
    double scale = 0;
    for (long k = 0; k < count; ++k) {
      const Vec<double>& ra = a.at(k);
      scale = std::max(scale, ra.cwiseAbs().maxCoeff());
      if (!b || b_failed) continue;
      try {
        diff.add(ra, b->at(k));
      } catch (...) {
        b_failed = std::current_exception();
        if (may_fall_back && refused(b_failed)) return b_failed;
      }
    }
    out.provenance = a.finish();
    out.scale = scale;
    if (b && !b_failed) try {
        b->finish();
      } catch (...) {
        b_failed = std::current_exception();
      }
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

GridErrors grid_errors_streamed(const Scheme<double>& scheme, const Problem<double>& pr, Formulation f, long n,
                                const ReferenceOptions& opt) {
  ReferenceOptions o = opt;
  o.estimate_error = false;
  const std::size_t width = static_cast<std::size_t>(pr.y0.size());
  ReferenceStream ref(pr, n, o, reference_stream_slots(width, n));
  double ex = 0, ev = 0;
  // As grid_errors' measure, grid_max, in double.
  const auto measure = [&](long k, const Vec<double>& xv) {
    const Vec<double>& r = ref.at(k);
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
  ref.finish();
  return {ex, ev, false, 0, 0, {}};
}

}  // namespace granconv
