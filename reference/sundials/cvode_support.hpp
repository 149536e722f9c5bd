#pragma once
// What every SUNDIALS driver in reference/ (CVODE, ARKODE and bi-stiffness)
// needs: readable flag names, an error type that keeps the flag, the checks
// of a call's flag and of a created object, the context, owned solver
// objects, an error handler that keeps the solver's last message for the
// exception text (SUNDIALS < 7 prints it otherwise), and the parts of a run
// the drivers share: CVODE's set-up, its restarts, the step limit, and the
// output at the requested times.
#include <cvode/cvode.h>
#include <fmt/core.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_nonlinearsolver.h>
#include <sundials/sundials_config.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunmatrix/sunmatrix_band.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/sundials/band_kernels.hpp"
#include "reference/sundials/serial_vector_kernels.hpp"

namespace granconv::cvode_support {

inline std::string flag_name(long flag) {
  std::string s;
#if SUNDIALS_VERSION_MAJOR < 7
  char* name = CVodeGetReturnFlagName(flag);
  if (name) {
    s = name;
    std::free(name);
  }
#else
  const char* name = CVodeGetReturnFlagName(flag);
  if (name) s = name;
#endif
  return s.empty() ? fmt::format("flag {}", flag) : s;
}

// A CVODE failure, with the flag's name for callers that want to react to it.
struct CvodeError : std::runtime_error {
  CvodeError(const std::string& what, std::string flag_name) : std::runtime_error(what), flag(std::move(flag_name)) {}
  std::string flag;
};

// Throws Error("<who>: <what> failed with <flag> at t = ...[: <last message>]")
// when a SUNDIALS call returned a negative flag; `name` spells the flag
// (CVODE and ARKODE each have their own names).
template <class Error>
void check_flag(long flag, const std::string& who, const char* what, double t, const std::string& last_message,
                std::string (*name)(long)) {
  if (flag >= 0) return;
  std::string msg = fmt::format("{}: {} failed with {} at t = {:.17g}", who, what, name(flag), t);
  if (!last_message.empty()) msg += ": " + last_message;
  throw Error(msg, name(flag));
}

// A constructor of SUNDIALS objects returns null when it fails.
inline void check_created(const void* p, const char* who, const char* what) {
  if (!p) throw std::runtime_error(fmt::format("{}: {} failed (out of memory?)", who, what));
}

// SUNContext_Create without a communicator (spelled differently from SUNDIALS 7 on).
inline int create_context(SUNContext* ctx) {
#if SUNDIALS_VERSION_MAJOR < 7
  return SUNContext_Create(nullptr, ctx);
#else
  return SUNContext_Create(SUN_COMM_NULL, ctx);
#endif
}

// The checks of one run's calls: a negative flag throws Error naming the run
// (`who`), the call, the flag (spelled by `name`), the time and the solver's
// last message; a null object throws naming `creator`.
template <class Error>
struct Checks {
  std::string who;
  const char* creator;
  const std::string* last_message;
  std::string (*name)(long);
  void operator()(long flag, const char* what, double t) const {
    check_flag<Error>(flag, who, what, t, *last_message, name);
  }
  void created(const void* p, const char* what) const { check_created(p, creator, what); }
};

// Solver objects of one run, freed in reverse order of creation; FreeMem is
// the integrator's own (CVodeFree, ERKStepFree).
template <void (*FreeMem)(void**)>
struct SolverObjects {
  SUNContext ctx = nullptr;
  void* mem = nullptr;
  N_Vector y = nullptr, atol = nullptr, dky = nullptr, y_step = nullptr;
  SUNMatrix A = nullptr;
  SUNLinearSolver LS = nullptr;
  SUNNonlinearSolver NLS = nullptr;
  SolverObjects() = default;
  SolverObjects(const SolverObjects&) = delete;
  SolverObjects& operator=(const SolverObjects&) = delete;
  ~SolverObjects() {
    if (NLS) SUNNonlinSolFree(NLS);
    if (LS) SUNLinSolFree(LS);
    if (A) SUNMatDestroy(A);
    for (N_Vector v : {y_step, dky, atol, y})
      if (v) N_VDestroy(v);
    if (mem) FreeMem(&mem);
    if (ctx) SUNContext_Free(&ctx);
  }
};
using Cvode = SolverObjects<CVodeFree>;

// The context, then a serial vector of `dim` entries with the compiled
// kernels (serial_vector_kernels.hpp), holding y0 when given.
template <class C>
void create_context(SUNContext& ctx, const C& check) {
  check(create_context(&ctx), "SUNContext_Create", 0.0);
}
template <class C>
N_Vector new_vector(SUNContext ctx, int dim, const C& check, const double* y0 = nullptr) {
  N_Vector v = N_VNew_Serial(dim, ctx);
  check.created(v, "N_VNew_Serial");
  use_compiled_serial_kernels(v);
  if (y0) std::copy(y0, y0 + dim, N_VGetArrayPointer(v));
  return v;
}

#if SUNDIALS_VERSION_MAJOR < 7
// CVodeSetErrHandlerFn(mem, keep_message, &message): the last message goes
// into `message` (a std::string) instead of stderr.
inline void keep_message(int /*code*/, const char* module, const char* function, char* msg, void* message) {
  *static_cast<std::string*>(message) =
      fmt::format("{} ({} in {})", msg ? msg : "", module ? module : "", function ? function : "");
}
#endif

// Restarts at a root whose function the dead band holds at exactly zero (not
// events; reference/sundials/sundials_chain.hpp). Each moves time forward, but
// many within round-off of one time are a loop: ended here, not by the step
// or time budget.
class DeadBandRestarts {
 public:
  void at(double t, const std::string& who) {
    count_ = (t - last_ <= 1e-12 * std::max(1.0, std::abs(t))) ? count_ + 1 : 0;
    last_ = t;
    ++total_;
    if (count_ > 50)
      throw std::runtime_error(
          fmt::format("{}: {} restarts at roots held at zero near t = {:.17g} (root loop)", who, count_, t));
  }
  long total() const { return total_; }

 private:
  double last_ = -std::numeric_limits<double>::infinity();
  long count_ = 0, total_ = 0;
};

// CVODE on cv.y from t = 0: method (CV_ADAMS, CV_BDF), right-hand side and
// root functions, tolerances (per component when cv.atol is set, else the
// scalar atol), the step limit, one warning of a step below round-off at the
// most, and the stop time.
struct CvodeSettings {
  int method;
  CVRhsFn rhs;
  CVRootFn roots;
  int nroots;
  void* user;
  std::string* last_message;
  double rtol, atol;
  long max_steps;
  double tstop;
};
template <class C>
void start_cvode(Cvode& cv, const CvodeSettings& s, const C& check) {
  const double t0 = 0.0;
  cv.mem = CVodeCreate(s.method, cv.ctx);
  check.created(cv.mem, "CVodeCreate");
#if SUNDIALS_VERSION_MAJOR < 7
  check(CVodeSetErrHandlerFn(cv.mem, keep_message, s.last_message), "CVodeSetErrHandlerFn", t0);
#else
  (void)s.last_message;
#endif
  check(CVodeInit(cv.mem, s.rhs, t0, cv.y), "CVodeInit", t0);
  if (cv.atol)
    check(CVodeSVtolerances(cv.mem, s.rtol, cv.atol), "CVodeSVtolerances", t0);
  else
    check(CVodeSStolerances(cv.mem, s.rtol, s.atol), "CVodeSStolerances", t0);
  check(CVodeSetUserData(cv.mem, s.user), "CVodeSetUserData", t0);
  check(CVodeSetMaxNumSteps(cv.mem, s.max_steps), "CVodeSetMaxNumSteps", t0);
  check(CVodeSetMaxHnilWarns(cv.mem, 1), "CVodeSetMaxHnilWarns", t0);
  check(CVodeSetStopTime(cv.mem, s.tstop), "CVodeSetStopTime", t0);
  if (s.nroots > 0) check(CVodeRootInit(cv.mem, s.nroots, s.roots), "CVodeRootInit", t0);
}

// Newton's linear systems by banded LU with the analytic Jacobian.
template <class C>
void use_band_solver(Cvode& cv, int dim, int bandwidth, CVLsJacFn jac, const C& check) {
  const double t0 = 0.0;
  cv.A = SUNBandMatrix(dim, bandwidth, bandwidth, cv.ctx);
  check.created(cv.A, "SUNBandMatrix");
  cv.LS = SUNLinSol_Band(cv.y, cv.A, cv.ctx);
  check.created(cv.LS, "SUNLinSol_Band");
  use_compiled_band_kernels(cv.A, cv.LS);
  check(CVodeSetLinearSolver(cv.mem, cv.LS, cv.A), "CVodeSetLinearSolver", t0);
  check(CVodeSetJacFn(cv.mem, jac), "CVodeSetJacFn", t0);
}

// CVODE's steps so far added to `steps`.
template <class C>
void add_steps(const Cvode& cv, double t, long& steps, const C& check) {
  long nst = 0;
  check(CVodeGetNumSteps(cv.mem, &nst), "CVodeGetNumSteps", t);
  steps += nst;
}

// CVODE restarted at t from cv.y (after an event, so that the next segment
// is smooth); the steps of the segment that ends are added to `steps`.
template <class C>
void restart_cvode(Cvode& cv, double t, double tstop, long& steps, const C& check) {
  add_steps(cv, t, steps, check);
  check(CVodeReInit(cv.mem, t, cv.y), "CVodeReInit", t);
  check(CVodeSetStopTime(cv.mem, tstop), "CVodeSetStopTime", t);
}

// One step of CVODE towards tstop from `tret`, which it sets to the time
// reached (also on failure). The solver's own limit counts steps per call,
// one in one-step mode: the limit on the total is `calls` against max_steps.
template <class C>
int cvode_step(Cvode& cv, double tstop, double& tret, long& calls, long max_steps, const C& check) {
  sunrealtype t = tret;
  const int flag = CVode(cv.mem, tstop, cv.y, &t, CV_ONE_STEP);
  if (flag < 0) CVodeGetCurrentTime(cv.mem, &t);  // some failures return before setting it
  tret = t;
  check(flag, "CVode", tret);
  if (++calls > max_steps) check(CV_TOO_MUCH_WORK, fmt::format("CVode (more than {} steps)", max_steps).c_str(), tret);
  return flag;
}

// The requested times of a CVODE run (ascending) in order, each state passed
// to `emit` (a pointer to dim values): at the start the initial state, inside
// a step CVODE's interpolant, at the stop time the state itself. `times` is a
// vector, or any sequence with size() and [] (a grid computed on demand, so
// that a streamed reference keeps nothing per output time).
template <class Emit, class C, class Times = std::vector<double>>
class CvodeOutput {
 public:
  CvodeOutput(const Times& times, const Cvode& cv, Emit emit, const C& check)
      : times_(times), cv_(cv), emit_(emit), check_(check) {}
  bool pending() const { return next_ < times_.size(); }
  // The times at or before t0, from y(t0).
  void initial(double t0) {
    while (pending() && times_[next_] <= t0) emit_now();
  }
  // The times at or before t, from the interpolant of the last step.
  void interpolated_upto(double t) {
    while (pending() && times_[next_] <= t) emit_interpolated();
  }
  // At the stop time tret: the times before it from the interpolant, every
  // remaining time (≤ tstop = tret) from y there.
  void finish(double tret) {
    while (pending() && times_[next_] < tret) emit_interpolated();
    while (pending()) emit_now();
  }

 private:
  void emit_now() {
    emit_(N_VGetArrayPointer(cv_.y));
    ++next_;
  }
  void emit_interpolated() {
    check_(CVodeGetDky(cv_.mem, times_[next_], 0, cv_.dky), "CVodeGetDky", times_[next_]);
    emit_(N_VGetArrayPointer(cv_.dky));
    ++next_;
  }
  const Times& times_;
  const Cvode& cv_;
  Emit emit_;
  const C& check_;
  std::size_t next_ = 0;
};

}  // namespace granconv::cvode_support
