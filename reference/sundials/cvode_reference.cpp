#include "reference/sundials/cvode_reference.hpp"
#include "reference/streamed_reference.hpp"

#include <cvode/cvode.h>
#include <fmt/core.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_config.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <utility>
#include <stdexcept>

#include "models/blow_up.hpp"
#include "reference/sundials/cvode_support.hpp"
#include "reference/sundials/sundials_chain.hpp"

namespace granconv {

namespace {

using cvode_support::Cvode;
using cvode_support::CvodeError;
using cvode_support::flag_name;
using sundials_chain::UserData;
using sundials_chain::kMaxEvents;
using sundials_chain::rhs_fn;
using sundials_chain::root_fn;

constexpr int kBandwidth = 3;  // interleaved (x_i, u_i): bead i couples to i±1 ⇒ |row − col| ≤ 3

int jac_fn(sunrealtype t, N_Vector y, N_Vector /*fy*/, SUNMatrix J, void* user, N_Vector, N_Vector, N_Vector) {
  auto* d = static_cast<UserData*>(user);
  const sunrealtype* yp = N_VGetArrayPointer(y);
  std::copy(yp, yp + d->y.size(), d->y.data());
  d->sys.jacobian(t, d->y, d->jac);
  SUNMatZero(J);
  const int n = d->sys.beads();
  auto put_block = [&](int bead_row, int bead_col, const BlockTridiagonal<double>::Block& b) {
    for (int c = 0; c < 2; ++c) {
      const sunindextype col = 2 * bead_col + c;
      sunrealtype* colj = SUNBandMatrix_Column(J, col);
      for (int r = 0; r < 2; ++r) {
        const sunindextype row = 2 * bead_row + r;
        SM_COLUMN_ELEMENT_B(colj, row, col) = b(r, c);
      }
    }
  };
  for (int i = 0; i < n; ++i) {
    put_block(i, i, d->jac.diag[i]);
    if (i > 0) put_block(i, i - 1, d->jac.lower[i]);
    if (i + 1 < n) put_block(i, i + 1, d->jac.upper[i]);
  }
  return 0;
}

// The states at `times` (a vector, or UniformTimes) in order to
// on_state(xv), which keeps them or hands them on and returns the time it
// waited (added to the deadline: a streamed reference runs in turns with its
// consumer, and the budget is the reference's own time).
template <class Times, class OnState>
sundials_chain::Run run_cvode(const Problem<double>& problem, const Times& times, OnState&& on_state,
                              const std::string& method, const std::string& nonlinear_solver, double rtol, double atol,
                              long max_steps, const ReferenceOptions& opt,
                              std::chrono::steady_clock::time_point started,
                              const std::atomic<bool>* stop = nullptr) {
  const double bound = blow_up_bound(problem.y0);
  auto deadline = sundials_chain::deadline(started, opt.max_seconds);
  UserData ud(problem.chain);
  const int dim = ud.sys.dim();
  const int nroots = sundials_chain::root_count(ud);
  const Vec<double> w0 = ud.sys.from_xv(problem.y0);

  sundials_chain::Run out;
  const double t0 = 0.0, tstop = times.back();

  Cvode cv;
  const std::string who = fmt::format("CVODE reference ({}, {})", problem.scenario, method);
  const cvode_support::Checks<CvodeError> check{who, "CVODE reference", &ud.last_message, flag_name};
  cvode_support::create_context(cv.ctx, check);
  cv.y = cvode_support::new_vector(cv.ctx, dim, check, w0.data());
  sunrealtype* yp = N_VGetArrayPointer(cv.y);
  cvode_support::start_cvode(cv,
                             {method == "bdf" ? CV_BDF : CV_ADAMS, rhs_fn, root_fn, nroots, &ud, &ud.last_message, rtol,
                              atol, max_steps, tstop},
                             check);
  if (nonlinear_solver == "fixed-point") {
    // Adams on a non-stiff chain: functional iteration needs one right-hand
    // side per iteration and no Jacobian, LU or back-substitution.
    cv.NLS = SUNNonlinSol_FixedPoint(cv.y, 0, cv.ctx);
    check.created(cv.NLS, "SUNNonlinSol_FixedPoint");
    check(CVodeSetNonlinearSolver(cv.mem, cv.NLS), "CVodeSetNonlinearSolver", t0);
  } else {
    cvode_support::use_band_solver(cv, dim, kBandwidth, jac_fn, check);
  }
  cv.dky = cvode_support::new_vector(cv.ctx, dim, check);

  // (x, w) state in CVODE's interpolant → (x, v) output.
  Vec<double> wbuf(dim), xv(dim);
  auto emit = [&](const sunrealtype* w) {
    std::copy(w, w + dim, wbuf.data());
    ud.sys.to_xv(wbuf, xv);
    deadline += on_state(xv);
  };
  cvode_support::CvodeOutput output(times, cv, emit, check);
  output.initial(t0);
  std::vector<int> roots(std::max(nroots, 1));
  auto resolved_root = [&](double t) {
    check(CVodeGetRootInfo(cv.mem, roots.data()), "CVodeGetRootInfo", t);
    return sundials_chain::resolved_root(ud, roots, yp, rtol, atol);
  };
  double seg_start = t0;
  long same_time_events = 0, calls = 0, ignored_without_progress = 0;
  double last_ignored = t0;
  cvode_support::DeadBandRestarts dead_band_restarts;
  auto restart_at = [&](double t) {
    cvode_support::restart_cvode(cv, t, tstop, out.steps, check);
    seg_start = t;
  };
  while (output.pending()) {
    double tret = seg_start;
    const int flag = cvode_support::cvode_step(cv, tstop, tret, calls, max_steps, check);
    sundials_chain::check_bound(problem, "CVODE", yp, dim, bound, tret);
    if ((calls & 63) == 0) {
      sundials_chain::check_budget(problem, "CVODE", deadline, opt.max_seconds, tret, tstop);
      sundials_chain::check_stop(stop);
    }
    if (flag == CV_ROOT_RETURN && !resolved_root(tret)) {
      output.interpolated_upto(tret);
      ++out.ignored_roots;
      ignored_without_progress = (tret <= last_ignored) ? ignored_without_progress + 1 : 0;
      last_ignored = tret;
      if (ignored_without_progress > 1000)
        throw std::runtime_error(fmt::format("CVODE reference ({}): unresolved roots repeat at t = {:.17g} (root loop)",
                                             problem.scenario, tret));
      // Otherwise CVODE continues within the current step on the next call.
      if (sundials_chain::root_in_dead_band(ud, roots, yp)) {
        dead_band_restarts.at(tret, who);
        restart_at(tret);
      }
      continue;
    }
    if (flag == CV_ROOT_RETURN) {
      output.interpolated_upto(tret);
      out.event_times.push_back(tret);
      if (static_cast<long>(out.event_times.size()) > kMaxEvents)
        throw std::runtime_error(fmt::format("CVODE reference ({}): more than {} contact events by t = {:.17g}; "
                                             "root loop suspected",
                                             problem.scenario, kMaxEvents, tret));
      same_time_events = (tret <= seg_start) ? same_time_events + 1 : 0;
      if (same_time_events > 50)
        throw std::runtime_error(fmt::format(
            "CVODE reference ({}): {} consecutive contact events at t = {:.17g} without progress (root loop)",
            problem.scenario, same_time_events, tret));
      restart_at(tret);  // so that the next segment is smooth
      continue;
    }
    if (flag == CV_TSTOP_RETURN || tret >= tstop) {
      output.finish(tret);
      break;
    }
    output.interpolated_upto(tret);
  }
  cvode_support::add_steps(cv, tstop, out.steps, check);
  out.dead_band_restarts = dead_band_restarts.total();
  return out;
}

// run_cvode keeping every state.
sundials_chain::Run run_cvode(const Problem<double>& problem, const std::vector<double>& times,
                              const std::string& method, const std::string& nonlinear_solver, double rtol, double atol,
                              long max_steps, const ReferenceOptions& opt,
                              std::chrono::steady_clock::time_point started,
                              const std::atomic<bool>* stop = nullptr) {
  std::vector<Vec<double>> states;
  states.reserve(times.size());
  auto run = run_cvode(
      problem, times,
      [&](const Vec<double>& xv) {
        states.push_back(xv);
        return std::chrono::steady_clock::duration::zero();
      },
      method, nonlinear_solver, rtol, atol, max_steps, opt, started, stop);
  run.states = std::move(states);
  return run;
}

}  // namespace

// Newton for both methods. Fixed-point iteration (opt-in) is 1.6x faster on
// the KK chain at N = 1000 but changes the references within their error
// estimates, and on th-mollified-verlet (binary mollified KK in SI units,
// stiff at its tolerance) that moved the reference floor enough to turn the
// verdict from inconclusive to fail: it is not the default until each
// scenario's references have been checked with it.
std::string default_nonlinear_solver(const std::string& /*method*/) { return "newton"; }

std::string resolved_reference_nonlinear_solver(const Problem<double>& problem, const ReferenceOptions& opt) {
  const std::string method = resolved_reference_method(problem, opt);
  if (is_explicit_reference_method(method)) {
    if (!opt.nonlinear_solver.empty())
      throw std::invalid_argument("the nonlinear solver '" + opt.nonlinear_solver + "' does not apply to reference method " +
                                  method + " (explicit Runge-Kutta: it solves no equations)");
    return "";
  }
  if (opt.nonlinear_solver.empty()) return default_nonlinear_solver(method);
  if (opt.nonlinear_solver != "fixed-point" && opt.nonlinear_solver != "newton")
    throw std::invalid_argument("unknown CVODE nonlinear solver '" + opt.nonlinear_solver +
                                "' (expected fixed-point or newton)");
  return opt.nonlinear_solver;
}

std::string resolved_reference_method(const Problem<double>& problem, const ReferenceOptions& opt) {
  std::string m = !opt.method.empty()                ? opt.method
                  : !problem.reference_method.empty() ? problem.reference_method
                                                      : scenario_info(problem.scenario).reference_method;
  if (m != "adams" && m != "bdf" && !is_explicit_reference_method(m))
    throw std::invalid_argument("unknown reference method '" + m + "' (expected adams, bdf, erk8 or erk9)");
  return m;
}

ReferenceSolution cvode_reference(const Problem<double>& problem, const std::vector<double>& times,
                                  const ReferenceOptions& opt) {
  return cvode_reference(problem, times, opt, nullptr);
}

ReferenceSolution cvode_reference(const Problem<double>& problem, const std::vector<double>& times,
                                  const ReferenceOptions& opt, const std::atomic<bool>* stop) {
  sundials_chain::check_request(problem, times, opt);
  const std::string method = resolved_reference_method(problem, opt);
  if (is_explicit_reference_method(method))
    throw std::invalid_argument("cvode_reference: " + method + " is ARKODE's method (compute_reference runs it)");
  const std::string nonlinear_solver = resolved_reference_nonlinear_solver(problem, opt);

  const auto started = std::chrono::steady_clock::now();
  const double rtol2 = opt.rtol / 10, atol2 = opt.atol / 10;
  using sundials_chain::Estimate;
  const auto estimate = [&](const std::atomic<bool>* stop_estimate) -> Estimate {
    const EstimateRerun first = first_estimate_rerun(problem, opt);
    try {
      return {run_cvode(problem, times, method, nonlinear_solver, rtol2, atol2, opt.max_steps, opt, started,
                        stop_estimate)
                  .states,
              first.method_words};
    } catch (const CvodeError&) {
      // Typically CV_TOO_MUCH_ACC: rtol/10 is below what double allows.
      const std::exception_ptr refused = std::current_exception();
      const EstimateRerun other = fallback_estimate_rerun(problem, opt, refused);
      try {
        return {run_cvode(problem, times, other.options.method, other.options.nonlinear_solver, opt.rtol, opt.atol,
                          opt.max_steps, opt, started, stop_estimate)
                    .states,
                other.method_words};
      } catch (const CvodeError&) {
        throw_estimate_failed(problem, opt, refused, std::current_exception());
      }
    }
  };
  return sundials_chain::with_error_estimate(
      opt,
      [&] {
        return sundials_chain::solution_of(
            run_cvode(problem, times, method, nonlinear_solver, opt.rtol, opt.atol, opt.max_steps, opt, started, stop),
            times, "CVODE", method, nonlinear_solver, opt.rtol, opt.atol);
      },
      estimate);
}

namespace {
// Both streamed forms after their own checks of the request: the solve, its
// states handed to `sink`, none kept.
template <class Times>
Provenance streamed_run(const Problem<double>& problem, const Times& times, const ReferenceOptions& opt,
                        const ReferenceSink& sink) {
  const std::string method = resolved_reference_method(problem, opt);
  if (is_explicit_reference_method(method))
    throw std::invalid_argument("cvode_reference_streamed: " + method + " is ARKODE's method, not streamed");
  const std::string nonlinear_solver = resolved_reference_nonlinear_solver(problem, opt);
  const auto started = std::chrono::steady_clock::now();
  return sundials_chain::solution_of(run_cvode(problem, times, sink, method, nonlinear_solver, opt.rtol, opt.atol,
                                               opt.max_steps, opt, started),
                                     {}, "CVODE", method, nonlinear_solver, opt.rtol, opt.atol)
      .provenance;
}
}  // namespace

Provenance cvode_reference_streamed(const Problem<double>& problem, const UniformTimes& times,
                                    const ReferenceOptions& opt, const ReferenceSink& sink) {
  if (opt.estimate_error)
    throw std::invalid_argument("cvode_reference_streamed: the error estimate's rerun needs the states kept");
  if (times.n < 1 || !(times.t_end > 0) || times.t_end != problem.t_end)
    throw std::invalid_argument("cvode_reference_streamed: the grid must be n >= 1 steps over [0, t_end]");
  sundials_chain::check_request(problem, {0.0, times.t_end}, opt);
  return streamed_run(problem, times, opt, sink);
}

Provenance cvode_reference_streamed(const Problem<double>& problem, const std::vector<double>& times,
                                    const ReferenceOptions& opt, const ReferenceSink& sink) {
  if (opt.estimate_error)
    throw std::invalid_argument("cvode_reference_streamed: the error estimate's rerun needs the states kept");
  sundials_chain::check_request(problem, times, opt);
  return streamed_run(problem, times, opt, sink);
}

EstimateRerun first_estimate_rerun(const Problem<double>& problem, const ReferenceOptions& opt) {
  EstimateRerun r{opt, ""};
  r.options.method = resolved_reference_method(problem, opt);
  r.options.nonlinear_solver = resolved_reference_nonlinear_solver(problem, opt);
  r.options.rtol = opt.rtol / 10;
  r.options.atol = opt.atol / 10;
  r.options.estimate_error = false;
  r.method_words = fmt::format("max |Δ| vs rerun ({}) at rtol {:g}, atol {:g}", r.options.method, r.options.rtol,
                               r.options.atol);
  return r;
}

EstimateRerun fallback_estimate_rerun(const Problem<double>& problem, const ReferenceOptions& opt,
                                      const std::exception_ptr& failure) {
  try {
    std::rethrow_exception(failure);
  } catch (const CvodeError& e) {
    const std::string method = resolved_reference_method(problem, opt);
    const std::string other = method == "adams" ? "bdf" : "adams";
    EstimateRerun r{opt, ""};
    r.options.method = other;
    r.options.nonlinear_solver = default_nonlinear_solver(other);
    r.options.estimate_error = false;
    r.method_words = fmt::format("max |Δ| vs rerun ({}) at rtol {:g}, atol {:g} (CVODE refused rtol {:g}, atol {:g}: {})",
                                 other, opt.rtol, opt.atol, opt.rtol / 10, opt.atol / 10, e.flag);
    return r;
  }
}

void throw_estimate_failed(const Problem<double>& problem, const ReferenceOptions& opt,
                           const std::exception_ptr& first, const std::exception_ptr& fallback) {
  const auto what = [](const std::exception_ptr& e) -> std::string {
    try {
      std::rethrow_exception(e);
    } catch (const CvodeError& c) {
      return c.what();
    }
  };
  const std::string first_words = what(first);
  std::string fallback_words;
  try {
    fallback_words = what(fallback);
  } catch (...) {
    throw;  // not CVODE refusing: as it is
  }
  const std::string other = resolved_reference_method(problem, opt) == "adams" ? "bdf" : "adams";
  throw std::runtime_error(fmt::format("CVODE reference ({}): error estimate failed: rerun at rtol {:g}: {}; rerun "
                                       "with {}: {}",
                                       problem.scenario, opt.rtol / 10, first_words, other, fallback_words));
}

}  // namespace granconv
