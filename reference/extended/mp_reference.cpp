#include "reference/extended/mp_reference.hpp"

#include <algorithm>
#include <future>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace granconv {

namespace {

template <class S>
double sup_of(const std::vector<Vec<S>>& states) {
  S s(0);
  for (const auto& x : states)
    for (int i = 0; i < x.size(); ++i) s = std::max<S>(s, abs(x[i]));
  return static_cast<double>(s);
}

template <class S>
std::vector<S> even_times(const Problem<S>& problem, long n) {
  std::vector<S> times(n + 1);
  for (long k = 0; k <= n; ++k) times[k] = k == n ? problem.t_end : problem.t_end * S(k) / S(n);
  return times;
}

template <class S>
ExtendedReference<S> extended_reference(const Problem<S>& problem, const std::vector<S>& times, const S& tolerance,
                                        const char* name, double max_seconds) {
  ExtendedReference<S> r;
  Provenance& p = r.provenance;
  if (problem.exact) {
    r.states.reserve(times.size());
    for (const auto& t : times) r.states.push_back(problem.exact(t));
    p.solver = fmt::format("exact ({})", name);
    p.method = problem.exact_method;
    return r;
  }
  MpStats stats;
  r.states = multiprecision_reference(problem, times, tolerance, &stats, max_seconds);
  p.solver = fmt::format("odeint-rkf78/{}", name);
  p.method = fmt::format("rkf78, (x, w) formulation, events located to {}; where a step holds more than {} output "
                         "times, they come from the degree-{} Chebyshev interpolant through steps to its nodes "
                         "if it agrees with direct steps to the tolerance at three points between them",
                         std::numeric_limits<S>::digits10 >= 50 ? "1e-40 in time" : "4 ulps of t_end",
                         kDenseOutputDegree + 3, kDenseOutputDegree);
  p.rtol = p.atol = static_cast<double>(tolerance);
  p.steps = stats.steps;
  p.events = stats.events;
  p.event_times = stats.event_times;
  return r;
}

// Closed forms and the tanh-sinh quadrature + Newton are good to a few ulps:
// 4 in a correctly rounded binary type, 16 in double-double, whose exp, log
// and sums are each good to a few of its eps (the singular-q solution is
// within 10 eps of the 50-digit one, tests/unit/models/test_singular_power.cpp).
template <class S>
double exact_ulps() {
  return std::numeric_limits<S>::digits <= 2 * std::numeric_limits<double>::digits ? 16 : 4;
}

template <class S>
void exact_error(const Problem<S>& problem, Provenance& p, const char* name) {
  std::vector<Vec<S>> states;
  for (const auto& t : even_times(problem, 1000)) states.push_back(problem.exact(t));
  p.solver = fmt::format("exact ({})", name);
  p.method = problem.exact_method;
  p.error_estimate = exact_ulps<S>() * static_cast<double>(std::numeric_limits<S>::epsilon()) * sup_of(states);
  p.error_estimate_method = fmt::format("a few ulps of {} times the solution's sup norm (exact solution)", name);
}

}  // namespace

MpReference mp_reference(const Problem<Mp50>& problem, const std::vector<Mp50>& times, double max_seconds) {
  return extended_reference(problem, times, mp_reference_tolerance(), "cpp_bin_float_50", max_seconds);
}

ExtendedReference<DoubleDouble> double_double_reference(const Problem<DoubleDouble>& problem, const std::vector<DoubleDouble>& times, double max_seconds) {
  return extended_reference(problem, times, double_double_reference_tolerance(), "double-double", max_seconds);
}

namespace {

Mp50 max_difference(const std::vector<Vec<Mp50>>& a, const std::vector<Vec<Mp50>>& b) {
  Mp50 d(0);
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max<Mp50>(d, (a[i] - b[i]).cwiseAbs().maxCoeff());
  return d;
}

// The estimate of the tolerance-1e-30 run `coarse` from its 100x tighter rerun
// `fine`. Round-off of 50 digits as a lower bound: an exact agreement is no proof.
void set_mp_estimate(Provenance& p, const std::vector<Vec<Mp50>>& coarse, const std::vector<Vec<Mp50>>& fine) {
  p.error_estimate = std::max(static_cast<double>(max_difference(coarse, fine)),
                              4 * static_cast<double>(std::numeric_limits<Mp50>::epsilon()) * sup_of(coarse));
  p.error_estimate_method = "max difference at 1001 evenly spaced times from a rerun at tolerance 1e-32 (100x tighter)";
}

}  // namespace

void mp_reference_error(const Problem<Mp50>& problem, Provenance& p, double max_seconds) {
  if (problem.exact) return exact_error(problem, p, "cpp_bin_float_50");
  const auto times = even_times(problem, 1000);
  MpReference coarse = mp_reference(problem, times, max_seconds);
  const auto fine = multiprecision_reference(problem, times, mp_reference_tolerance() / 100, nullptr, max_seconds);
  p = std::move(coarse.provenance);  // solver, steps and events are those of every run of this problem
  set_mp_estimate(p, coarse.states, fine);
}

void double_double_reference_error(const Problem<DoubleDouble>& problem, const Problem<Mp50>& twin, Provenance& p, int jobs,
                          double max_seconds) {
  if (problem.exact) return exact_error(problem, p, "double-double");
  const auto times_q = even_times(problem, 1000);
  // The DoubleDouble output times, exactly (Mp50 holds every DoubleDouble): both references
  // are compared at the same instants.
  std::vector<Mp50> times_m(times_q.size());
  for (std::size_t i = 0; i < times_q.size(); ++i) times_m[i] = std::min<Mp50>(static_cast<Mp50>(times_q[i]), twin.t_end);
  ExtendedReference<DoubleDouble> quad;
  MpReference coarse;
  std::vector<Vec<Mp50>> fine;
  // The fine 50-digit run is the slowest: with two jobs it runs beside the
  // other two (each run writes only its own result, so the outcome does not
  // depend on the job count).
  auto fine_run = [&] { fine = multiprecision_reference(twin, times_m, mp_reference_tolerance() / 100, nullptr, max_seconds); };
  std::future<void> fine_done;
  if (jobs >= 2) fine_done = std::async(std::launch::async, fine_run);
  else fine_run();
  coarse = mp_reference(twin, times_m, max_seconds);
  quad = double_double_reference(problem, times_q, max_seconds);
  if (fine_done.valid()) fine_done.get();  // rethrows a failure of the fine run
  Provenance certifier = coarse.provenance;
  set_mp_estimate(certifier, coarse.states, fine);
  std::vector<Vec<Mp50>> quad_wide(quad.states.size());
  for (std::size_t i = 0; i < quad.states.size(); ++i) quad_wide[i] = quad.states[i].cast<Mp50>();
  const double d = std::max(static_cast<double>(max_difference(quad_wide, coarse.states)),
                            4 * static_cast<double>(std::numeric_limits<DoubleDouble>::epsilon()) * sup_of(quad.states));
  p = std::move(quad.provenance);  // solver, steps and events are those of every DoubleDouble run of this problem
  p.error_estimate = d + certifier.error_estimate;
  p.error_estimate_method = fmt::format(
      "max difference at 1001 evenly spaced times from the cpp_bin_float_50 reference (tolerance 1e-30), {:.3g}, plus "
      "that reference's own estimate (max difference from its rerun at 1e-32), {:.3g}",
      d, certifier.error_estimate);
}

}  // namespace granconv
