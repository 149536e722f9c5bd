#include "reference/streamed_reference.hpp"

#include "reference/exact_reference.hpp"

#include <algorithm>
#include <stdexcept>

namespace granconv {

bool can_stream_reference(const Problem<double>& problem, const ReferenceOptions& opt) {
  if (problem.exact) return true;
  return !opt.estimate_error && !is_explicit_reference_method(resolved_reference_method(problem, opt));
}

Provenance stream_reference(const Problem<double>& problem, long n, const ReferenceOptions& opt,
                            const ReferenceSink& sink) {
  if (!can_stream_reference(problem, opt))
    throw std::invalid_argument("stream_reference: this reference is not streamed (an ARKODE method or an error "
                                "estimate): cached_reference stores it");
  const UniformTimes times{problem.t_end, n};
  if (!problem.exact) return cvode_reference_streamed(problem, times, opt, sink);
  if (n < 1) throw std::invalid_argument("stream_reference: the grid must have at least one step");
  // As exact_reference (reference/exact_reference.hpp), one time at a time.
  double scale = 0;
  for (std::size_t k = 0; k < times.size(); ++k) {
    const Vec<double> xv = problem.exact(times[k]);
    scale = std::max(scale, xv.cwiseAbs().maxCoeff());
    sink(xv);
  }
  return exact_provenance(problem, scale);
}

Provenance stream_reference_at(const Problem<double>& problem, const std::vector<double>& times,
                               const ReferenceOptions& opt, const ReferenceSink& sink) {
  if (!can_stream_reference(problem, opt))
    throw std::invalid_argument("stream_reference_at: this reference is not streamed (an ARKODE method or an error "
                                "estimate): cached_reference stores it");
  if (!problem.exact) return cvode_reference_streamed(problem, times, opt, sink);
  double scale = 0;
  for (double t : times) {
    const Vec<double> xv = problem.exact(t);
    scale = std::max(scale, xv.cwiseAbs().maxCoeff());
    sink(xv);
  }
  return exact_provenance(problem, scale);
}

}  // namespace granconv
