#include "reference/sundials/bistiffness_reference.hpp"

#include <cvode/cvode.h>
#include <fmt/core.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_config.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "models/blow_up.hpp"
#include "reference/sundials/cvode_support.hpp"

namespace granconv {

const char* to_string(BistiffnessEvent::Kind k) {
  switch (k) {
    case BistiffnessEvent::Kind::peak: return "peak";
    case BistiffnessEvent::Kind::reload: return "reload";
    case BistiffnessEvent::Kind::engage: return "engage";
    case BistiffnessEvent::Kind::release: return "release";
    case BistiffnessEvent::Kind::close: return "close";
    case BistiffnessEvent::Kind::open: return "open";
  }
  return "?";
}

// Named as well as anonymous: a unity build (GRANCONV_UNITY) puts this file
// beside cvode_reference.cpp, whose callbacks have the same names.
namespace bistiffness_cvode {
namespace {

using cvode_support::Cvode;
using cvode_support::CvodeError;
using cvode_support::flag_name;

constexpr int kBandwidth = 2;  // (x_i, v_i, z_i): see models/bistiffness_chain.hpp
constexpr long kMaxEvents = 1'000'000;
// Root values below this are zero: ahead of a solitary wave gaps, rates and
// indentations are ~1e-100 and flip sign by round-off, which CVODE would
// report again and again; the non-smoothness they carry is of that size.
constexpr double kDeadBand = 1e-30;
double dead(double v) { return std::abs(v) < kDeadBand ? 0.0 : v; }



struct UserData {
  UserData(const BistiffnessChain<double>& c, double rt, double ax, double av)
      : chain(c), rtol(rt), atol_x(ax), atol_v(av), y(c.dim()), dy(c.dim()) {}
  const BistiffnessChain<double>& chain;
  double rtol, atol_x, atol_v;
  Vec<double> y, dy;
  std::string last_message;
};

void load(UserData* d, N_Vector y) {
  const sunrealtype* yp = N_VGetArrayPointer(y);
  std::copy(yp, yp + d->y.size(), d->y.data());
}

int rhs_fn(sunrealtype t, N_Vector y, N_Vector ydot, void* user) {
  auto* d = static_cast<UserData*>(user);
  load(d, y);
  d->chain.rhs(t, d->y, d->dy);
  std::copy(d->dy.data(), d->dy.data() + d->dy.size(), N_VGetArrayPointer(ydot));
  return 0;
}

int jac_fn(sunrealtype t, N_Vector y, N_Vector /*fy*/, SUNMatrix J, void* user, N_Vector, N_Vector, N_Vector) {
  auto* d = static_cast<UserData*>(user);
  load(d, y);
  SUNMatZero(J);
  d->chain.jacobian(t, d->y, [&](int r, int c, double v) { SM_ELEMENT_B(J, r, c) += v; });
  return 0;
}

// Roots 3j, 3j + 1, 3j + 2: u_j, z_j, δ_j (constant 1 without gap memory).
int root_fn(sunrealtype /*t*/, N_Vector yv, sunrealtype* g, void* user) {
  auto* d = static_cast<UserData*>(user);
  load(d, yv);
  const auto& c = d->chain;
  for (int j = 0; j < c.links(); ++j) {
    g[3 * j] = dead(c.approach(d->y, j));
    g[3 * j + 1] = dead(d->y[c.iz(j)]);
    g[3 * j + 2] = c.memory == ContactMemory::gap ? dead(c.gap(d->y, j)) : 1.0;
  }
  return 0;
}



struct Run {
  std::vector<Vec<double>> states;
  std::vector<BistiffnessEvent> events;
  std::vector<Vec<double>> event_states;
  std::vector<double> restarts;
  long steps = 0, unresolved = 0;
};

Run run_cvode(const BistiffnessChain<double>& chain, const Vec<double>& y0, const std::vector<double>& times,
              const BistiffnessReferenceOptions& opt, double rtol, double atol_x, double atol_v) {
  UserData ud(chain, rtol, atol_x, atol_v);
  const int dim = chain.dim(), nc = chain.links(), nroots = 3 * nc;
  const double t0 = 0.0, tstop = times.back();
  const double bound = blow_up_bound(y0);
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(opt.max_seconds));
  Run out;
  out.states.reserve(times.size());
  Cvode cv;
  const std::string who = fmt::format("CVODE bi-stiffness reference ({})", opt.method);
  const cvode_support::Checks<CvodeError> check{who, "CVODE bi-stiffness reference", &ud.last_message, flag_name};
  cvode_support::create_context(cv.ctx, check);
  cv.y = cvode_support::new_vector(cv.ctx, dim, check, y0.data());
  cv.atol = cvode_support::new_vector(cv.ctx, dim, check);
  cv.dky = cvode_support::new_vector(cv.ctx, dim, check);
  sunrealtype* yp = N_VGetArrayPointer(cv.y);
  sunrealtype* ap = N_VGetArrayPointer(cv.atol);
  for (int i = 0; i < chain.beads(); ++i) {
    ap[chain.ix(i)] = atol_x;
    ap[chain.iv(i)] = atol_v;
    ap[chain.iz(i)] = atol_x;
  }
  cvode_support::start_cvode(cv,
                             {opt.method == "bdf" ? CV_BDF : CV_ADAMS, rhs_fn, root_fn, nroots, &ud, &ud.last_message,
                              rtol, atol_x, opt.max_steps, tstop},
                             check);
  cvode_support::use_band_solver(cv, dim, kBandwidth, jac_fn, check);

  auto emit = [&](const sunrealtype* p) { out.states.emplace_back(Eigen::Map<const Vec<double>>(p, dim)); };
  cvode_support::CvodeOutput output(times, cv, emit, check);
  output.initial(t0);

  std::vector<int> found(std::max(nroots, 1));
  double seg_start = t0;
  long same_time = 0, calls = 0, segment_steps = 0;
  while (output.pending()) {
    double tret = seg_start;
    const int flag = cvode_support::cvode_step(cv, tstop, tret, calls, opt.max_steps, check);
    for (int i = 0; i < dim; ++i)
      if (!(std::abs(yp[i]) <= bound))
        throw std::runtime_error(fmt::format(
            "CVODE bi-stiffness reference: the state {} the blow-up bound {:.3g} at t = {:.6g}",
            std::isfinite(yp[i]) ? "exceeds" : "is not finite, beyond", bound, tret));
    if ((calls & 63) == 0 && std::chrono::steady_clock::now() > deadline)
      throw std::runtime_error(fmt::format("CVODE bi-stiffness reference: wall-clock budget of {:g} s used up at "
                                           "t = {:.6g} of {:.6g} (--reference-budget raises it)",
                                           opt.max_seconds, tret, tstop));
    if (flag == CV_ROOT_RETURN) {
      output.interpolated_upto(tret);
      check(CVodeGetRootInfo(cv.mem, found.data()), "CVodeGetRootInfo", tret);
      Eigen::Map<Vec<double>> y(yp, dim);
      // A switch is resolved when the quantity crossing zero moves at a rate
      // the tolerances see, and (for u) the contact carries force. Behind a
      // wave released contacts keep approach rates at round-off level; their
      // sign flips are micro-collisions of that size, an endless chattering of
      // restarts if each were one. Unresolved roots are stepped over (CVODE
      // continues within its step); at z = 0 the right-hand side is continuous
      // in u, so nothing is lost.
      bool resolved = false;
      for (int j = 0; j < nc; ++j) {
        const bool w = chain.to_wall(j);
        const double u = chain.approach(y, j);
        const double u_band = atol_v + 4 * rtol * (std::abs(y[chain.iv(j)]) + (w ? 0.0 : std::abs(y[chain.iv(j + 1)])));
        // With e_s = 1 the law has no kink at u = 0 (ż = u either way): a peak
        // is recorded below but needs no restart.
        if (found[3 * j] && y[chain.iz(j)] > atol_x && chain.es[j] < 1) resolved = true;
        if ((found[3 * j + 1] || found[3 * j + 2]) && std::abs(u) > u_band) resolved = true;
      }
      if (!resolved) {
        ++out.unresolved;
        for (int j = 0; j < nc; ++j)
          if (found[3 * j] < 0 && y[chain.iz(j)] > atol_x) {
            out.events.push_back({tret, j, BistiffnessEvent::Kind::peak});
            out.event_states.emplace_back(y);
          }
        continue;
      }
      for (int j = 0; j < nc; ++j) {
        const int fu = found[3 * j], fz = found[3 * j + 1], fd = found[3 * j + 2];
        using K = BistiffnessEvent::Kind;
        auto record = [&](K kind) { out.events.push_back({tret, j, kind}); };
        // The end of expansion: project onto the released state z = 0.
        if (fz < 0) {
          y[chain.iz(j)] = 0;
          record(K::release);
        }
        if (fu < 0 && y[chain.iz(j)] > 0) record(K::peak);
        if (fu > 0) record(y[chain.iz(j)] > 0 ? K::reload : K::engage);
        if (fd > 0) record(K::close);
        if (fd < 0) record(K::open);
      }
      // z is non-negative; a step may have overshot a release by round-off.
      for (int j = 0; j < nc; ++j) y[chain.iz(j)] = std::max(y[chain.iz(j)], 0.0);
      while (out.event_states.size() < out.events.size()) out.event_states.emplace_back(y);
      out.restarts.push_back(tret);
      if (static_cast<long>(out.restarts.size()) > kMaxEvents)
        throw std::runtime_error(fmt::format(
            "CVODE bi-stiffness reference: more than {} switching events by t = {:.17g} (chattering?)", kMaxEvents,
            tret));
      same_time = (tret <= seg_start) ? same_time + 1 : 0;
      if (same_time > 50)
        throw std::runtime_error(fmt::format(
            "CVODE bi-stiffness reference: {} consecutive switching events at t = {:.17g} without progress",
            same_time, tret));
      cvode_support::restart_cvode(cv, tret, tstop, segment_steps, check);
      seg_start = tret;
      continue;
    }
    if (flag == CV_TSTOP_RETURN || tret >= tstop) {
      output.finish(tret);
      break;
    }
    output.interpolated_upto(tret);
  }
  cvode_support::add_steps(cv, tstop, segment_steps, check);
  out.steps = segment_steps;
  return out;
}

}  // namespace
}  // namespace bistiffness_cvode

BistiffnessSolution bistiffness_reference(const BistiffnessChain<double>& chain, const Vec<double>& y0,
                                          const std::vector<double>& times, const BistiffnessReferenceOptions& opt) {
  chain.validate();
  if (y0.size() != chain.dim())
    throw std::invalid_argument(fmt::format("bi-stiffness reference: initial state has {} entries, the chain needs {}",
                                            y0.size(), chain.dim()));
  for (int i = 0; i < y0.size(); ++i)
    if (!std::isfinite(y0[i])) throw std::invalid_argument("bi-stiffness reference: initial state is not finite");
  for (int j = 0; j < chain.links(); ++j)
    if (y0[chain.iz(j)] < 0) throw std::invalid_argument("bi-stiffness reference: virtual indentations z must be ≥ 0");
  if (times.empty()) throw std::invalid_argument("bi-stiffness reference: no output times requested");
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (!std::isfinite(times[i]) || times[i] < 0)
      throw std::invalid_argument(fmt::format("bi-stiffness reference: output time {:.17g} is negative or not finite",
                                              times[i]));
    if (i > 0 && times[i] < times[i - 1])
      throw std::invalid_argument(fmt::format(
          "bi-stiffness reference: output times not sorted ascending ({:.17g} after {:.17g})", times[i], times[i - 1]));
  }
  if (!(opt.rtol > 0) || !(opt.atol_x > 0) || !(opt.atol_v > 0))
    throw std::invalid_argument("bi-stiffness reference: tolerances must be positive");
  if (opt.method != "adams" && opt.method != "bdf")
    throw std::invalid_argument("bi-stiffness reference: unknown method '" + opt.method + "' (expected adams or bdf)");
  if (opt.max_steps < 1) throw std::invalid_argument("bi-stiffness reference: max_steps must be positive");
  if (!(opt.max_seconds > 0) || !std::isfinite(opt.max_seconds))
    throw std::invalid_argument("bi-stiffness reference: the wall-clock budget must be positive and finite");

  bistiffness_cvode::Run run = bistiffness_cvode::run_cvode(chain, y0, times, opt, opt.rtol, opt.atol_x, opt.atol_v);
  BistiffnessSolution sol;
  sol.times = times;
  sol.states = std::move(run.states);
  sol.events = std::move(run.events);
  sol.event_states = std::move(run.event_states);
  Provenance& p = sol.provenance;
  p.solver = fmt::format("CVODE, bi-stiffness z-ODE (memory {})", to_string(chain.memory));
  p.sundials_version = SUNDIALS_VERSION;
  p.method = opt.method;
  p.rtol = opt.rtol;
  p.atol = opt.atol_x;
  p.steps = run.steps;
  p.events = static_cast<long>(run.restarts.size());
  p.event_times = std::move(run.restarts);
  if (opt.estimate_error) {
    bistiffness_cvode::Run fine = bistiffness_cvode::run_cvode(chain, y0, times, opt, opt.rtol / 10, opt.atol_x / 10, opt.atol_v / 10);
    double m = 0;
    for (std::size_t i = 0; i < sol.states.size(); ++i)
      m = std::max(m, (sol.states[i] - fine.states[i]).cwiseAbs().maxCoeff());
    p.error_estimate = m;
    p.error_estimate_method =
        fmt::format("max |Δ| vs rerun ({}) at rtol {:g}, atol {:g}/{:g}", opt.method, opt.rtol / 10, opt.atol_x / 10,
                    opt.atol_v / 10);
  }
  return sol;
}

}  // namespace granconv
