#include "studies/mp_reference.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace granconv {

namespace {

double sup_of(const std::vector<Vec<Mp50>>& states) {
  Mp50 s(0);
  for (const auto& x : states)
    for (int i = 0; i < x.size(); ++i) s = std::max<Mp50>(s, abs(x[i]));
  return static_cast<double>(s);
}

}  // namespace

MpReference mp_reference(const Problem<Mp50>& problem, const std::vector<Mp50>& times, double max_seconds) {
  MpReference r;
  Provenance& p = r.provenance;
  if (problem.exact) {
    r.states.reserve(times.size());
    for (const auto& t : times) r.states.push_back(problem.exact(t));
    p.solver = "exact (cpp_bin_float_50)";
    p.method = problem.exact_method;
    return r;
  }
  MpStats stats;
  r.states = multiprecision_reference(problem, times, mp_reference_tolerance(), &stats, max_seconds);
  p.solver = "odeint-rkf78/cpp_bin_float_50";
  p.method = "rkf78, (x, w) formulation, events located to 1e-40 in time";
  p.rtol = p.atol = static_cast<double>(mp_reference_tolerance());
  p.steps = stats.steps;
  p.events = stats.events;
  p.event_times = stats.event_times;
  return r;
}

void mp_reference_error(const Problem<Mp50>& problem, Provenance& p, double max_seconds) {
  const long n = 1000;
  std::vector<Mp50> times(n + 1);
  for (long k = 0; k <= n; ++k) times[k] = k == n ? problem.t_end : problem.t_end * Mp50(k) / Mp50(n);
  if (problem.exact) {
    // Closed forms and the tanh-sinh quadrature + Newton are good to a few ulps.
    std::vector<Vec<Mp50>> states;
    for (const auto& t : times) states.push_back(problem.exact(t));
    p.solver = "exact (cpp_bin_float_50)";
    p.method = problem.exact_method;
    p.error_estimate = 4 * static_cast<double>(std::numeric_limits<Mp50>::epsilon()) * sup_of(states);
    p.error_estimate_method = "a few ulps of cpp_bin_float_50 times the solution's sup norm (exact solution)";
    return;
  }
  MpReference coarse = mp_reference(problem, times, max_seconds);
  const auto fine = multiprecision_reference(problem, times, mp_reference_tolerance() / 100, nullptr, max_seconds);
  Mp50 d(0);
  for (std::size_t i = 0; i < times.size(); ++i)
    d = std::max<Mp50>(d, (coarse.states[i] - fine[i]).cwiseAbs().maxCoeff());
  p = std::move(coarse.provenance);  // solver, steps and events are those of every run of this problem
  // Round-off of 50 digits as a lower bound: an exact agreement is no proof.
  p.error_estimate = std::max(static_cast<double>(d), 4 * static_cast<double>(std::numeric_limits<Mp50>::epsilon()) *
                                                         sup_of(coarse.states));
  p.error_estimate_method = "max difference at 1001 evenly spaced times from a rerun at tolerance 1e-32 (100x tighter)";
}

}  // namespace granconv
