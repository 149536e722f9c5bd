#pragma once
// A reference handed over state by state as the solver passes the output
// times, none kept: what a comparison on a long chain compares while stepping
// (studies/support/comparison.cpp), in O(N) memory whatever the number of
// steps. The same bits as the stored reference at those times.
#include <chrono>
#include <cstddef>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "models/scenarios.hpp"
#include "reference/provenance.hpp"
#include "reference/sundials/cvode_reference.hpp"

namespace granconv {

// The grid of n steps over [0, T], t_k = T k / n and t_n = T exactly, computed
// on demand: the same doubles as studies' grid_time (studies/support/step_grid.hpp).
struct UniformTimes {
  double t_end = 0;
  long n = 1;
  std::size_t size() const { return static_cast<std::size_t>(n) + 1; }
  double operator[](std::size_t k) const {
    return static_cast<long>(k) == n ? t_end : t_end * double(k) / double(n);
  }
  double back() const { return t_end; }
};

// Takes the state (x, v) at the next output time; returns the time it spent
// waiting on its consumer, which the reference's wall-clock budget does not count.
using ReferenceSink = std::function<std::chrono::steady_clock::duration(const Vec<double>& xv)>;

// Whether stream_reference serves `problem` under `opt`: an exact solution, or
// CVODE (adams, bdf) without the error estimate, whose rerun would need its
// own states beside. Otherwise the reference is stored (cached_reference).
bool can_stream_reference(const Problem<double>& problem, const ReferenceOptions& opt);

// The states at t_0 .. t_n of UniformTimes{problem.t_end, n}, in order, to
// `sink`; returns the provenance. Throws std::invalid_argument where
// can_stream_reference is false, and whatever the solver or the sink throw.
Provenance stream_reference(const Problem<double>& problem, long n, const ReferenceOptions& opt,
                            const ReferenceSink& sink);

// The same at any sorted `times` within [0, t_end] (an order sweep's union of
// grid times, studies/support/streamed_grid_errors.hpp): the same bits as
// cached_reference at those times, the error estimate left out.
Provenance stream_reference_at(const Problem<double>& problem, const std::vector<double>& times,
                               const ReferenceOptions& opt, const ReferenceSink& sink);

// The CVODE part of stream_reference and stream_reference_at (reference/sundials/cvode_reference.cpp).
Provenance cvode_reference_streamed(const Problem<double>& problem, const UniformTimes& times,
                                    const ReferenceOptions& opt, const ReferenceSink& sink);
Provenance cvode_reference_streamed(const Problem<double>& problem, const std::vector<double>& times,
                                    const ReferenceOptions& opt, const ReferenceSink& sink);

// The error estimate's rerun of a CVODE reference (cvode_reference's), for a
// caller that streams it beside the first solve and takes the differences
// itself: the options of the rerun (no estimate of its own) and the words of
// Provenance::error_estimate_method.
struct EstimateRerun {
  ReferenceOptions options;
  std::string method_words;
};
// The rerun cvode_reference tries first: the same method at rtol/10, atol/10.
EstimateRerun first_estimate_rerun(const Problem<double>& problem, const ReferenceOptions& opt);
// After the first rerun failed with `failure`: the rerun cvode_reference falls
// back to where CVODE refused the tolerance (the other method at rtol, atol);
// any other failure is rethrown.
EstimateRerun fallback_estimate_rerun(const Problem<double>& problem, const ReferenceOptions& opt,
                                      const std::exception_ptr& failure);
// After the fallback failed too: throws what cvode_reference throws then.
[[noreturn]] void throw_estimate_failed(const Problem<double>& problem, const ReferenceOptions& opt,
                                        const std::exception_ptr& first, const std::exception_ptr& fallback);

}  // namespace granconv
