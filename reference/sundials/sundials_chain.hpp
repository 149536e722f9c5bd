#pragma once
// The chain as every SUNDIALS reference driver sees it (CVODE in
// cvode_reference.cpp, ARKODE in erk_reference.cpp): the callbacks'
// user data, the right-hand side and gap root callbacks, which roots are
// contact events, and the checks on a reference request. One copy, so that the
// two solvers integrate the same system with the same event rule.
#include <fmt/core.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_config.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <utility>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/blow_up.hpp"
#include "models/chain_gaps.hpp"
#include "models/scenarios.hpp"
#include "reference/sundials/cvode_reference.hpp"
#include "reference/sundials/rerun_beside.hpp"

namespace granconv::sundials_chain {

// Everything the callbacks need, allocated once per run.
struct UserData {
  // (x, w) where the damping has a potential (Lipschitz right-hand side), else
  // (x, v): the mollified law is smooth in (x, v) already, and a non-tensile
  // law has no (x, w) form. With gaps, the
  // state is in gap coordinates (models/chain_gaps.hpp) and rhs_gaps_fn is the
  // right-hand side.
  explicit UserData(const Chain<double>& c, bool gap_coordinates = false)
      : sys(c, c.xw_refusal().empty() ? Formulation::xw : Formulation::xv),
        gaps(gap_coordinates),
        y(sys.dim()),
        dy(sys.dim()),
        jac(sys.beads()) {
    if (gaps) gap_rhs.emplace(sys);  // refuses a chain the form does not apply to
  }
  ChainSystem<double> sys;
  bool gaps;
  Vec<double> y, dy;
  BlockTridiagonal<double> jac;
  std::optional<GapCoordinatesRhs<double>> gap_rhs;  // with gaps
  std::string last_message;

  // The solver's state from (x, v), and back.
  Vec<double> from_xv(const Vec<double>& xv) const { return gaps ? to_gap_coordinates(sys, xv) : sys.from_xv(xv); }
  Vec<double> to_xv(const Vec<double>& w) const {
    if (!gaps) return sys.to_xv(w);
    Vec<double> xv(w.size());
    from_gap_coordinates(sys, w, xv);
    return xv;
  }
};

inline int rhs_fn(sunrealtype t, N_Vector y, N_Vector ydot, void* user) {
  auto* d = static_cast<UserData*>(user);
  const sunrealtype* yp = N_VGetArrayPointer(y);
  std::copy(yp, yp + d->y.size(), d->y.data());
  d->sys.rhs(t, d->y, d->dy);
  std::copy(d->dy.data(), d->dy.data() + d->dy.size(), N_VGetArrayPointer(ydot));
  return 0;
}

inline int rhs_gaps_fn(sunrealtype /*t*/, N_Vector y, N_Vector ydot, void* user) {
  auto* d = static_cast<UserData*>(user);
  const Eigen::Map<const Vec<double>> z(N_VGetArrayPointer(y), d->sys.dim());
  (*d->gap_rhs)(z, Eigen::Map<Vec<double>>(N_VGetArrayPointer(ydot), d->sys.dim()));
  return 0;
}

// Gaps below this are contact-free for the reference: ahead of a solitary
// wave the beads move by ~1e-130 and their gaps flip sign by round-off, which
// the solver would report as roots again and again (a restart loop, or
// "root found at and very near t"). Held at exactly zero, such a root
// function is inactive until the wave arrives; a real opening crosses this
// band in ~1e-30 / |δ̇| time units, far below any tolerance. In gap
// coordinates those gaps are exact but as tiny (~1e-130, the precursor's), and
// the band keeps them inactive the same way.
inline constexpr double kGapDeadBand = 1e-30;

// The root functions: roots 0 .. links − 1 are the gaps; a non-tensile law
// adds roots links .. 2 links − 1, each contact's unclipped force while it is
// closed (its zero is where the law clips, a kink of the force). An open
// contact's force root reads 1: a closing starts it at f ≥ 0 (no crossing),
// and an opening of a clipped contact (f < 0 up to δ = 0) turns it positive
// together with its gap's root, one event.
inline int root_count(const UserData& ud) {
  return ud.sys.chain().links() * (ud.sys.chain().law.nontensile ? 2 : 1);
}

inline sunrealtype gap_root_value(const UserData& ud, const sunrealtype* y, int j) {
  const auto& c = ud.sys.chain();
  const sunrealtype gap = ud.gaps ? y[2 * j + 2] : c.to_wall(j) ? y[2 * j] : y[2 * j] - y[2 * j + 2];
  return std::abs(gap) < kGapDeadBand ? 0 : gap;
}

// The state's u is v here: a non-tensile law is integrated in (x, v).
inline sunrealtype force_root_value(const UserData& ud, const sunrealtype* y, int j) {
  const auto& c = ud.sys.chain();
  const sunrealtype gap = gap_root_value(ud, y, j);
  if (!(gap > 0)) return 1;
  const sunrealtype rate = c.to_wall(j) ? y[2 * j + 1] : y[2 * j + 1] - y[2 * j + 3];
  return ud.sys.unclipped_force(j, gap, rate);
}

inline sunrealtype root_value(const UserData& ud, const sunrealtype* y, int r) {
  const int links = ud.sys.chain().links();
  return r < links ? gap_root_value(ud, y, r) : force_root_value(ud, y, r - links);
}

inline int root_fn(sunrealtype /*t*/, N_Vector y, sunrealtype* g, void* user) {
  const auto* d = static_cast<const UserData*>(user);
  const sunrealtype* yp = N_VGetArrayPointer(y);
  for (int r = 0, n = root_count(*d); r < n; ++r) g[r] = root_value(*d, yp, r);
  return 0;
}

// A root where a gap has entered the dead band from outside: its root
// function is exactly zero there and stays zero while the gap does, which the
// solver's next root check rejects as a root "at and very near" t
// (CV_ILL_INPUT; in SI units, lzb-monodisperse-20 at t = 2.0e-5, a gap of
// 9.9e-31). Such a root is not an event, but the solver must restart there:
// a fresh start sets aside the root functions that are zero at it until they
// leave zero.
inline bool root_in_dead_band(const UserData& ud, const std::vector<int>& roots, const sunrealtype* y) {
  for (int j = 0; j < ud.sys.chain().links(); ++j)
    if (roots[j] && root_value(ud, y, j) == 0) return true;
  return false;
}

// Whether every flagged gap is on the side its root's direction leads to: at
// or above zero after a rising root, at or below after a falling one (the dead
// band reads zero).
inline bool reached_side(const UserData& ud, const std::vector<int>& roots, const sunrealtype* y) {
  for (int r = 0, n = root_count(ud); r < n; ++r) {
    if (roots[r] > 0 && root_value(ud, y, r) < 0) return false;
    if (roots[r] < 0 && root_value(ud, y, r) > 0) return false;
  }
  return true;
}

inline constexpr long kMaxEvents = 100000;

// One integration of a chain by a SUNDIALS solver: the states at the requested
// times and the work it took.
struct Run {
  std::vector<Vec<double>> states;
  long steps = 0;
  std::vector<double> event_times;
  long ignored_roots = 0;  // sign changes of unresolved gaps (below the tolerances), not events
  bool gap_coordinates = false;  // the state integrated was in gap coordinates
  long dead_band_restarts = 0;   // restarts at roots held at zero (root_in_dead_band), not events
};

// The reference of a run, with the provenance both solvers record (the error
// estimate is the caller's).
inline ReferenceSolution solution_of(Run run, const std::vector<double>& times, const char* solver,
                                     const std::string& method, const std::string& nonlinear_solver, double rtol,
                                     double atol) {
  ReferenceSolution sol;
  sol.times = times;
  sol.states = std::move(run.states);
  Provenance& p = sol.provenance;
  p.solver = solver;
  p.sundials_version = SUNDIALS_VERSION;
  p.method = method;
  p.nonlinear_solver = nonlinear_solver;
  p.rtol = rtol;
  p.atol = atol;
  p.steps = run.steps;
  p.events = static_cast<long>(run.event_times.size());
  p.event_times = std::move(run.event_times);
  p.coordinates = run.gap_coordinates ? "gaps" : "positions";
  p.dead_band_restarts = run.dead_band_restarts;
  return sol;
}

// A root is a contact event when the gap's rate of change is resolved by the
// tolerances. Ahead of a solitary wave the beads move by ~1e-130 and their
// gaps change sign by round-off: such roots are not events (the
// non-smoothness they carry is of size |δ|^{5/2} ≈ 0) and are stepped over.
// `roots` flags the roots that changed sign, `w` is the solver's state there.
// A force root of a non-tensile law is read only inside a contact, where it
// is a clipping: an event, unless its gap's root is flagged too (an opening,
// judged by the gap).
inline bool resolved_root(const UserData& ud, const std::vector<int>& roots, const sunrealtype* w, double rtol,
                          double atol) {
  const int links = ud.sys.chain().links();
  for (int r = links, n = root_count(ud); r < n; ++r)
    if (roots[r] && !roots[r - links]) return true;
  const int dim = ud.sys.dim();
  Vec<double> wroot(dim);
  std::copy(w, w + dim, wroot.data());
  const Vec<double> v = ud.to_xv(wroot);
  for (int j = 0; j < ud.sys.chain().links(); ++j) {
    if (!roots[j]) continue;
    const double a = v[2 * j + 1], b = ud.sys.chain().to_wall(j) ? 0.0 : v[2 * j + 3];
    if (std::abs(a - b) > atol + rtol * (std::abs(a) + std::abs(b))) return true;
  }
  return false;
}

// Throws unless the state is inside the blow-up bound (models/blow_up.hpp).
inline void check_bound(const Problem<double>& problem, const char* solver, const sunrealtype* y, int dim, double bound,
                        double t) {
  for (int i = 0; i < dim; ++i)
    if (!(std::abs(y[i]) <= bound))
      throw std::runtime_error(fmt::format("{} reference ({}): the state {} the blow-up bound {:.3g} at t = {:.6g}",
                                           solver, problem.scenario,
                                           std::isfinite(y[i]) ? "exceeds" : "is not finite, beyond", bound, t));
}

inline std::chrono::steady_clock::time_point deadline(std::chrono::steady_clock::time_point started, double seconds) {
  return started +
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

inline void check_budget(const Problem<double>& problem, const char* solver, std::chrono::steady_clock::time_point end,
                         double seconds, double t, double t_end) {
  if (std::chrono::steady_clock::now() > end)
    throw std::runtime_error(fmt::format("{} reference ({}): wall-clock budget of {:g} s used up at t = {:.6g} of "
                                         "{:.6g} (--reference-budget raises it)",
                                         solver, problem.scenario, seconds, t, t_end));
}

// The checks every reference request passes before any solver runs.
inline void check_request(const Problem<double>& problem, const std::vector<double>& times, const ReferenceOptions& opt) {
  problem.chain.validate();
  if (problem.y0.size() != 2 * problem.chain.beads())
    throw std::invalid_argument("reference: initial state size does not match the chain");
  if (times.empty()) throw std::invalid_argument("reference: no output times requested");
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (!std::isfinite(times[i]) || times[i] < 0 || times[i] > problem.t_end)
      throw std::invalid_argument(fmt::format("reference: output time {:.17g} outside [0, t_end = {:.17g}]",
                                              times[i], problem.t_end));
    if (i > 0 && times[i] < times[i - 1])
      throw std::invalid_argument(fmt::format("reference: output times not sorted ascending ({:.17g} after {:.17g})",
                                              times[i], times[i - 1]));
  }
  if (!(opt.rtol > 0) || !(opt.atol > 0)) throw std::invalid_argument("reference: tolerances must be positive");
  if (opt.max_steps < 1) throw std::invalid_argument("reference: max_steps must be positive");
  if (!(opt.max_seconds > 0)) throw std::invalid_argument("reference: the wall-clock budget must be positive");
}

inline double max_abs_difference(const std::vector<Vec<double>>& a, const std::vector<Vec<double>>& b) {
  double m = 0;
  for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, (a[i] - b[i]).cwiseAbs().maxCoeff());
  return m;
}

// The estimate of a rerun's difference, whole and over positions and
// velocities apart (states are (x_0, v_0, x_1, v_1, ...)).
inline void set_error_estimate(Provenance& p, const std::vector<Vec<double>>& a, const std::vector<Vec<double>>& b) {
  double dx = 0, dv = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (Eigen::Index j = 0; j < a[i].size(); ++j) {
      const double d = std::abs(a[i][j] - b[i][j]);
      (j % 2 == 0 ? dx : dv) = std::max(j % 2 == 0 ? dx : dv, d);
    }
  p.error_estimate = max_abs_difference(a, b);
  p.error_estimate_x = dx;
  p.error_estimate_v = dv;
}

// The error estimate's states and how they were obtained.
using Estimate = std::pair<std::vector<Vec<double>>, std::string>;

// A reference: `first()`, the solve itself, and where opt asks for it the
// error estimate, `estimate` (RerunBeside: on a thread beside the first solve
// when opt.threads > 1), in its provenance.
template <class First>
ReferenceSolution with_error_estimate(const ReferenceOptions& opt, First first,
                                      typename RerunBeside<Estimate>::Solve estimate) {
  std::optional<RerunBeside<Estimate>> rerun;
  if (opt.estimate_error) rerun.emplace(std::move(estimate), opt.threads > 1);
  ReferenceSolution sol = first();
  if (rerun) {
    const Estimate e = rerun->get();
    set_error_estimate(sol.provenance, sol.states, e.first);
    sol.provenance.error_estimate_method = e.second;
  }
  return sol;
}

}  // namespace granconv::sundials_chain
