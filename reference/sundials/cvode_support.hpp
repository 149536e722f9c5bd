#pragma once
// What every SUNDIALS driver in reference/ needs: readable flag names, an
// error type that keeps the flag, the checks of a call's flag and of a
// created object, the context, owned CVODE handles, and an error handler that
// keeps the solver's last message for the exception text (SUNDIALS < 7 prints
// it otherwise).
#include <cvode/cvode.h>
#include <fmt/core.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_nonlinearsolver.h>
#include <sundials/sundials_config.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

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

// Solver objects of one run, freed in reverse order of creation.
struct Cvode {
  SUNContext ctx = nullptr;
  void* mem = nullptr;
  N_Vector y = nullptr, atol = nullptr, dky = nullptr;
  SUNMatrix A = nullptr;
  SUNLinearSolver LS = nullptr;
  SUNNonlinearSolver NLS = nullptr;
  Cvode() = default;
  Cvode(const Cvode&) = delete;
  Cvode& operator=(const Cvode&) = delete;
  ~Cvode() {
    if (NLS) SUNNonlinSolFree(NLS);
    if (LS) SUNLinSolFree(LS);
    if (A) SUNMatDestroy(A);
    if (dky) N_VDestroy(dky);
    if (atol) N_VDestroy(atol);
    if (y) N_VDestroy(y);
    if (mem) CVodeFree(&mem);
    if (ctx) SUNContext_Free(&ctx);
  }
};

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

}  // namespace granconv::cvode_support
