#include "reference/sundials/erk_reference.hpp"

#include <arkode/arkode_erkstep.h>
#include <fmt/core.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_config.h>

#include <chrono>
#include <cstdlib>
#include <utility>
#include <stdexcept>

#include "reference/sundials/erk_tables.hpp"
#include "reference/sundials/cvode_support.hpp"
#include "reference/sundials/serial_vector_kernels.hpp"
#include "reference/sundials/sundials_chain.hpp"

namespace granconv {

namespace {

using sundials_chain::UserData;

std::string arkode_flag_name(long flag) {
  std::string s;
  char* name = ERKStepGetReturnFlagName(flag);
  if (name) {
    s = name;
    std::free(name);
  }
  return s.empty() ? fmt::format("flag {}", flag) : s;
}

// An ARKODE failure, with the flag's name (ARK_TOO_MUCH_ACC: the caller
// estimates the error another way).
struct ArkodeError : std::runtime_error {
  ArkodeError(const std::string& what, std::string flag_name) : std::runtime_error(what), flag(std::move(flag_name)) {}
  std::string flag;
};

// Solver objects of one run (y_step: where a step holding an event is redone
// from), freed in reverse order of creation.
struct Arkode : cvode_support::SolverObjects<ERKStepFree> {
  ARKodeButcherTable table = nullptr;
  ~Arkode() {
    if (table) ARKodeButcherTable_Free(table);
  }
};

// One row per explicit method: its table (erk_tables.hpp) and its name for the provenance.
struct ExplicitTable {
  const char* method;
  ARKodeButcherTable (*make)();
  const char* name;
};
const ExplicitTable& explicit_table(const std::string& method) {
  static const ExplicitTable rows[] = {{kExplicitReferenceMethod, erk8_table, "Verner 8(7) table + FSAL stage"},
                                       {kExplicitReferenceMethod9, erk9_table, "Verner 9(8) table + FSAL stage"}};
  for (const auto& r : rows)
    if (method == r.method) return r;
  throw std::logic_error("erk_reference: no table for method '" + method + "'");
}

sundials_chain::Run run_erk(const Problem<double>& problem, const std::string& method, const std::vector<double>& times,
                             double rtol, double atol, const ReferenceOptions& opt,
                             std::chrono::steady_clock::time_point started,
                             const std::atomic<bool>* stop = nullptr) {
  const double bound = blow_up_bound(problem.y0);
  const auto deadline = sundials_chain::deadline(started, opt.max_seconds);
  // Gap coordinates where the chain allows (models/chain_gaps.hpp): 7 times
  // fewer steps on the N = 1000 chain at rtol 1e-13.
  UserData ud(problem.chain, gap_form_applies(problem.chain));
  const int dim = ud.sys.dim();
  const int nroots = sundials_chain::root_count(ud);
  const Vec<double> w0 = ud.from_xv(problem.y0);
  const double t0 = 0.0, t_end = times.back();

  sundials_chain::Run out;
  out.gap_coordinates = ud.gaps;
  out.states.reserve(times.size());
  Arkode ak;
  const std::string who = fmt::format("ARKODE reference ({}, {})", problem.scenario, method);
  const cvode_support::Checks<ArkodeError> check{who, "ARKODE reference", &ud.last_message, arkode_flag_name};
  cvode_support::create_context(ak.ctx, check);
  ak.y = cvode_support::new_vector(ak.ctx, dim, check, w0.data());
  use_compiled_fused_kernels(ak.y);  // ERKStep's workspace is cloned from y: it inherits them
  ak.y_step = N_VClone(ak.y);
  check.created(ak.y_step, "N_VClone");
  sunrealtype* yp = N_VGetArrayPointer(ak.y);

  ak.mem = ERKStepCreate(ud.gaps ? sundials_chain::rhs_gaps_fn : sundials_chain::rhs_fn, t0, ak.y, ak.ctx);
  check.created(ak.mem, "ERKStepCreate");
#if SUNDIALS_VERSION_MAJOR < 7
  check(ERKStepSetErrHandlerFn(ak.mem, cvode_support::keep_message, &ud.last_message), "ERKStepSetErrHandlerFn", t0);
#endif
  ak.table = explicit_table(method).make();
  check.created(ak.table, "the Butcher table");
  check(ERKStepSetTable(ak.mem, ak.table), "ERKStepSetTable", t0);
  check(ERKStepSStolerances(ak.mem, rtol, atol), "ERKStepSStolerances", t0);
  check(ERKStepSetUserData(ak.mem, &ud), "ERKStepSetUserData", t0);
  check(ERKStepSetMaxNumSteps(ak.mem, opt.max_steps), "ERKStepSetMaxNumSteps", t0);
  check(ERKStepSetMaxHnilWarns(ak.mem, 1), "ERKStepSetMaxHnilWarns", t0);
  auto roots_on = [&](double t) {
    if (nroots > 0) check(ERKStepRootInit(ak.mem, nroots, sundials_chain::root_fn), "ERKStepRootInit", t);
  };
  // Cubic Hermite dense output, which needs no right-hand side. The library
  // (6.4.1; 7.x reads the same) leaves its "root found in the last step" flag
  // set after a root return that is followed by ERKStepReset, as every event
  // here is; from the first event on, each call then interpolates at the old
  // root (a quintic costs 4 right-hand sides) and throws it away. At N = 1000
  // that was 26433 of 112090 evaluations. Roots are located on the cubic, less
  // closely (trimer-impact, rtol 1e-11: the first event 1.2e-10 off, 1.9e-11
  // with the quintic), so a restart more often falls short of the crossing
  // (one event all the same, below); the states are the method's own either way.
  check(ERKStepSetInterpolantDegree(ak.mem, 3), "ERKStepSetInterpolantDegree", t0);
  roots_on(t0);

  Vec<double> wbuf(dim);
  std::size_t next = 0;
  auto emit_upto = [&](double t) {  // y is the method's state at t
    while (next < times.size() && times[next] <= t) {
      if (t == t0) {
        out.states.push_back(problem.y0);  // verbatim: positions rebuilt from gaps carry a sum's rounding
      } else {
        std::copy(yp, yp + dim, wbuf.data());
        out.states.push_back(ud.to_xv(wbuf));
      }
      ++next;
    }
  };
  auto stop_at_next_time = [&](double t) {
    if (next < times.size()) check(ERKStepSetStopTime(ak.mem, times[next]), "ERKStepSetStopTime", t);
  };
  // The start of the step in progress: (t_step, y_step) is where a step
  // holding an event is redone from.
  double t_step = t0;
  auto step_done = [&](double t) {
    t_step = t;
    N_VScale(1.0, ak.y, ak.y_step);
  };
  emit_upto(t0);
  step_done(t0);
  stop_at_next_time(t0);

  std::vector<int> roots(std::max(nroots, 1)), last_roots;
  long calls = 0, same_time_events = 0, ignored_without_progress = 0;
  double seg_start = t0, last_ignored = t0;
  bool short_of_crossing = false;  // the last event's restart state had not crossed yet
  cvode_support::DeadBandRestarts dead_band_restarts;
  while (next < times.size()) {
    sunrealtype tret = t_step;
    const int flag = ERKStepEvolve(ak.mem, t_end, ak.y, &tret, ARK_ONE_STEP);
    if (flag < 0) ERKStepGetCurrentTime(ak.mem, &tret);  // some failures return before setting tret
    check(flag, "ERKStepEvolve", tret);
    if (++calls > opt.max_steps)
      check(ARK_TOO_MUCH_WORK, fmt::format("ERKStepEvolve (more than {} steps)", opt.max_steps).c_str(), tret);
    sundials_chain::check_bound(problem, "ARKODE", yp, dim, bound, tret);
    if ((calls & 63) == 0) {
      sundials_chain::check_budget(problem, "ARKODE", deadline, opt.max_seconds, tret, t_end);
      sundials_chain::check_stop(stop);
    }
    if (flag == ARK_ROOT_RETURN) {
      // y is the interpolant at the root: good enough to tell an event.
      check(ERKStepGetRootInfo(ak.mem, roots.data()), "ERKStepGetRootInfo", tret);
      const bool event = sundials_chain::resolved_root(ud, roots, yp, rtol, atol);
      if (!event) {
        ++out.ignored_roots;
        ignored_without_progress = (tret <= last_ignored) ? ignored_without_progress + 1 : 0;
        last_ignored = tret;
        if (ignored_without_progress > 1000)
          throw std::runtime_error(fmt::format(
              "ARKODE reference ({}): unresolved roots repeat at t = {:.17g} (root loop)", problem.scenario, tret));
        // ARKODE continues within the current step on the next call, unless
        // the root function stays at zero there (restarted below, not an event).
        if (!sundials_chain::root_in_dead_band(ud, roots, yp)) continue;
        dead_band_restarts.at(tret, who);
      }
      // ARKODE locates a root on its interpolant; the method's own state at
      // that time (below) can still be short of the crossing (by ulps, or by
      // the interpolant's error: 1e-11 to 4e-9 in time on the N = 1000
      // chain), and the same gaps then cross in the same direction soon after.
      // A gap cannot cross twice one way without crossing back: one event, not
      // two, and its time is the later root's, where the crossing is.
      const bool same_event = roots == last_roots &&
                              (short_of_crossing || tret - seg_start <= 1e-12 * std::max(1.0, std::abs(tret)));
      last_roots = roots;
      if (event && !same_event) out.event_times.push_back(tret);
      if (event && same_event && short_of_crossing && !out.event_times.empty()) out.event_times.back() = tret;
      if (static_cast<long>(out.event_times.size()) > sundials_chain::kMaxEvents)
        throw std::runtime_error(fmt::format("ARKODE reference ({}): more than {} contact events by t = {:.17g}; "
                                             "root loop suspected",
                                             problem.scenario, sundials_chain::kMaxEvents, tret));
      same_time_events = (tret <= seg_start) ? same_time_events + 1 : 0;
      if (same_time_events > 50)
        throw std::runtime_error(fmt::format(
            "ARKODE reference ({}): {} consecutive contact events at t = {:.17g} without progress (root loop)",
            problem.scenario, same_time_events, tret));
      // Redo the step from its start to the root, without root functions,
      // so that the restart state is the method's (ERKStepReset keeps the
      // step size and the counters).
      N_VScale(1.0, ak.y_step, ak.y);
      if (tret > t_step) {
        check(ERKStepReset(ak.mem, t_step, ak.y_step), "ERKStepReset", t_step);
        check(ERKStepRootInit(ak.mem, 0, nullptr), "ERKStepRootInit", t_step);
        check(ERKStepSetStopTime(ak.mem, tret), "ERKStepSetStopTime", t_step);
        sunrealtype tr = t_step;
        check(ERKStepEvolve(ak.mem, tret, ak.y, &tr, ARK_NORMAL), "ERKStepEvolve (to the event)", t_step);
        sundials_chain::check_bound(problem, "ARKODE", yp, dim, bound, tret);
      }
      short_of_crossing = event && !sundials_chain::reached_side(ud, roots, yp);
      emit_upto(tret);
      // Restart from the root so that the next segment is smooth.
      check(ERKStepReset(ak.mem, tret, ak.y), "ERKStepReset", tret);
      roots_on(tret);
      step_done(tret);
      stop_at_next_time(tret);
      seg_start = tret;
      continue;
    }
    // A completed step; at a requested time (the stop time) y is there.
    emit_upto(tret);
    step_done(tret);
    if (flag == ARK_TSTOP_RETURN) stop_at_next_time(tret);
  }
  check(ERKStepGetNumSteps(ak.mem, &out.steps), "ERKStepGetNumSteps", t_end);
  out.dead_band_restarts = dead_band_restarts.total();
  return out;
}

}  // namespace

ReferenceSolution erk_reference(const Problem<double>& problem, const std::vector<double>& times,
                                 const ReferenceOptions& opt) {
  sundials_chain::check_request(problem, times, opt);
  const std::string method = resolved_reference_method(problem, opt);
  if (!is_explicit_reference_method(method))
    throw std::invalid_argument("erk_reference: method '" + method + "' is CVODE's (cvode_reference runs it)");
  resolved_reference_nonlinear_solver(problem, opt);  // refuses a nonlinear solver

  const auto started = std::chrono::steady_clock::now();
  const double rtol2 = opt.rtol / 10, atol2 = opt.atol / 10;
  using sundials_chain::Estimate;
  const auto estimate = [&](const std::atomic<bool>* stop) -> Estimate {
    try {
      return {run_erk(problem, method, times, rtol2, atol2, opt, started, stop).states,
              fmt::format("max |Δ| vs rerun ({}, {}) at rtol {:g}, atol {:g}", method, explicit_table(method).name,
                          rtol2, atol2)};
    } catch (const ArkodeError& e) {
      // Typically ARK_TOO_MUCH_ACC: rtol/10 is below what double allows. The
      // other estimate is CVODE (Adams) at the same tolerances.
      ReferenceOptions adams = opt;
      adams.method = "adams";
      adams.estimate_error = false;
      adams.max_seconds =
          opt.max_seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      if (!(adams.max_seconds > 0)) throw;
      return {cvode_reference(problem, times, adams, stop).states,
              fmt::format("max |Δ| vs CVODE adams at rtol {:g}, atol {:g} (ARKODE refused rtol {:g}, atol {:g}: {})",
                          opt.rtol, opt.atol, rtol2, atol2, e.flag)};
    }
  };
  return sundials_chain::with_error_estimate(
      opt,
      [&] {
        return sundials_chain::solution_of(run_erk(problem, method, times, opt.rtol, opt.atol, opt, started), times,
                                           "ARKODE", method, "", opt.rtol, opt.atol);
      },
      estimate);
}

}  // namespace granconv
