#pragma once
// The error of one scheme run against a reference sampled at the run's grid
// times: shared by the claim studies (studies/core/study.cpp), the order atlas
// (studies/atlas/atlas.cpp) and anything else that fits orders (validate), so that
// every convergence number in the report is measured the same way.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <stdexcept>
#include <vector>

#include "models/scenarios.hpp"
#include "reference/reference_solution.hpp"
#include "schemes/blow_up_guard.hpp"
#include "schemes/scheme.hpp"
#include "studies/support/step_grid.hpp"

namespace granconv {

// A run that diverged (schemes/blow_up_guard.hpp) has infinite errors, so that
// no fit uses it, and carries the step, time and reason for the record.
struct GridErrors {
  double x = 0, v = 0;
  bool diverged = false;
  long diverged_step = 0;
  double diverged_time = 0;
  std::string diverged_reason;
};

// grid_max: max over the grid times kh of the sup norms of the position and
// velocity errors; final_time: the same at t_end only; final_overlap: the
// final-time error of the first contact's overlap x_0 − x_1 (and its rate).
enum class ErrorMeasure { grid_max, final_time, final_overlap };

// grid_time in the scalar of the run (double: exactly grid_time), so that
// the scheme's observer and the reference's output times agree bit for bit.
template <class S>
S grid_time_in(const S& t_end, long k, long n) {
  return k == n ? t_end : t_end * S(k) / S(n);
}

namespace detail {
// The first element ≥ t of the sorted range [from, end), every element
// before `from` being < t: probes from, from + 1, from + 3, from + 7, ...,
// then bisects the last gap, so a nearby answer costs a few reads nearby.
template <class It, class T>
It gallop_lower_bound(It from, It end, const T& t) {
  It hi = from;
  for (std::ptrdiff_t stride = 1; hi != end && *hi < t; stride *= 2) {
    from = hi + 1;
    hi = stride < end - hi ? hi + stride : end;
  }
  return std::lower_bound(from, hi, t);
}
}  // namespace detail

// One run of n steps of h = t_end/n in the scalar S (double, or Mp50 for
// `--precision 50`); `times`/`states` (the reference, times sorted) must hold
// every grid time (or, for the final-time measures, t_end) exactly. The
// errors are taken in S and rounded to double once, at the end.
template <class S>
GridErrors grid_errors(const Scheme<S>& scheme, const Problem<S>& pr, Formulation f, long n,
                       const std::vector<S>& times, const std::vector<Vec<S>>& states, ErrorMeasure measure_kind) {
  using std::abs;
  const S t_end = pr.t_end;
  const bool final_only = measure_kind != ErrorMeasure::grid_max;
  const bool overlap = measure_kind == ErrorMeasure::final_overlap;
  S ex(0), ev(0);
  // The grid times rise with k, so each lookup starts where the last one
  // ended (gallop_lower_bound) instead of a binary search over the union of
  // every run's grid. And the reference states of the next two grid times
  // are prefetched (the header of k + 2, the data of k + 1): a fine run reads
  // a state per step that nothing else has touched, and waiting for them
  // took half the time of an atlas. Same index found, same arithmetic.
  const auto begin = times.begin(), end = times.end();
  auto cursor = begin, ahead = begin;
  auto measure = [&](long k, const Vec<S>& xv) {
    if (final_only && k != n) return;
    const S t = grid_time_in(t_end, k, n);
    if (cursor != begin && !(*(cursor - 1) < t)) cursor = begin;  // an observer going back
    const auto it = detail::gallop_lower_bound(cursor, end, t);
    if (it == end || *it != t) throw std::logic_error("reference lacks grid time");
    cursor = it;
    if (!final_only && k + 2 <= n) {
      const S t2 = grid_time_in(t_end, k + 2, n);
      if (ahead < it || (ahead != begin && !(*(ahead - 1) < t2))) ahead = it;
      if (ahead > it && ahead != end) __builtin_prefetch(states[static_cast<std::size_t>(ahead - begin)].data());
      ahead = detail::gallop_lower_bound(ahead, end, t2);
      if (ahead != end) __builtin_prefetch(&states[static_cast<std::size_t>(ahead - begin)]);
    }
    const Vec<S>& r = states[static_cast<std::size_t>(it - times.begin())];
    if (overlap) {
      ex = abs((xv[0] - xv[2]) - (r[0] - r[2]));
      ev = abs((xv[1] - xv[3]) - (r[1] - r[3]));
      return;
    }
    for (int i = 0; i < pr.chain.beads(); ++i) {
      ex = std::max<S>(ex, abs(xv[2 * i] - r[2 * i]));
      ev = std::max<S>(ev, abs(xv[2 * i + 1] - r[2 * i + 1]));
    }
  };
  measure(0, pr.y0);
  try {
    scheme.run(pr.chain, f, pr.y0, t_end / S(n), n, measure, pr.exact);
  } catch (const DivergedError& d) {
    const double inf = std::numeric_limits<double>::infinity();
    return {inf, inf, true, d.step, d.time, d.what()};
  }
  return {static_cast<double>(ex), static_cast<double>(ev), false, 0, 0, {}};
}

inline GridErrors grid_errors(const Scheme<double>& scheme, const Problem<double>& pr, Formulation f, long n,
                              const ReferenceSolution& ref, ErrorMeasure measure_kind) {
  return grid_errors<double>(scheme, pr, f, n, ref.times, ref.states, measure_kind);
}

// The sorted union of the grid times of every step count (one reference serves all runs).
template <class S>
std::vector<S> all_grid_times(const S& t_end, const std::vector<long>& steps) {
  std::vector<S> times;
  for (long n : steps)
    for (long k = 0; k <= n; ++k) times.push_back(grid_time_in(t_end, k, n));
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

}  // namespace granconv
