#pragma once
// A reference in an arbitrary scalar type S (DoubleDouble or Mp50 of
// models/extended_precision.hpp), to cross-check the CVODE reference below
// double precision. Boost.Odeint's Runge–Kutta–Fehlberg 7(8) pair with step-size
// control integrates the (x, w) formulation; every sign change of a contact
// gap is located by Illinois root-finding on the length of a single step from
// the start of the step (to ~1e-40 in time; in DoubleDouble to a few ulps of t_end)
// and the integration is restarted just past it, so every step is taken on a
// smooth segment. The states at output times inside a step are steps of
// that length from its start, or, where a step holds more of them than a
// Chebyshev interpolant takes steps to build and check, the interpolant's
// (chebyshev_segment.hpp). Like the CVODE reference it stops with an error at a state
// beyond the blow-up bound (models/blow_up.hpp) and past its wall-clock budget.
#include <algorithm>
#include <array>
#include <boost/numeric/odeint.hpp>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "models/blow_up.hpp"
#include "models/extended_precision.hpp"
#include "models/scenarios.hpp"
#include "reference/extended/chebyshev_segment.hpp"
#include "reference/sundials/cvode_reference.hpp"  // kDefaultReferenceBudget

namespace granconv {

struct MpStats {
  long steps = 0;   // accepted steps
  long events = 0;  // gap sign changes located and restarted at
  long dense_steps = 0;    // steps whose output times came from the interpolant
  long dense_refused = 0;  // steps with enough output times where it missed a check: direct steps instead
  std::vector<double> event_times;
};

// Degree of the dense output's interpolant (chebyshev_segment.hpp). On a
// smooth segment the step size that holds RKF 7(8)'s local error to 1e-28
// leaves a degree-12 polynomial's error many decades below it; next to a
// contact event, where the solution has a fractional power of t − t_event,
// the check catches what the degree does not.
inline constexpr int kDenseOutputDegree = 12;

namespace detail {

template <class S>
struct MpRhs {
  const ChainSystem<S>* sys;
  mutable Vec<S> y, dy;
  void operator()(const std::vector<S>& x, std::vector<S>& dxdt, const S& t) const {
    std::copy(x.begin(), x.end(), y.data());
    sys->rhs(t, y, dy);
    std::copy(dy.data(), dy.data() + dy.size(), dxdt.begin());
  }
};

// range_algebra whose norm_inf does not go through odeint's value-type
// extraction (which recurses on Boost.Multiprecision numbers in Boost 1.74).
struct MpAlgebra : boost::numeric::odeint::range_algebra {
  template <class State>
  static typename State::value_type norm_inf(const State& s) {
    using std::abs;
    typename State::value_type m(0);
    for (const auto& v : s) m = std::max<typename State::value_type>(m, abs(v));
    return m;
  }
};

// odeint's default_operations, except that the stage and solution sums of
// scale_sumN skip the products by a zero factor and take a unit factor's term
// as it is. In exact arithmetic and in S alike, s + 0·k = s and 1·x = x for
// finite k and x, so the result has the same bits (up to the sign of a zero;
// a non-finite stage gives NaN there and something else non-finite or finite
// here, caught at the blow-up bound either way) with fewer
// products: RKF 7(8)'s A has 23 zeros among its 78 entries and its b 6 of 13,
// and every stage sum starts with 1·x. In DoubleDouble and Mp50 a product
// costs as much as tens of double operations.
template <std::size_t N, class Fac>
struct SparseScaleSum {
  std::array<Fac, N> alpha;
  template <class... F>
  explicit SparseScaleSum(const F&... f) : alpha{Fac(f)...} {
    static_assert(sizeof...(F) == N, "one factor per term");
  }
  template <class T1, class... T>
  void operator()(T1& t1, const T&... t) const {
    static_assert(sizeof...(T) == N);
    T1 sum(0);
    bool started = false;
    std::size_t i = 0;
    auto add = [&](const auto& x) {
      const Fac& a = alpha[i++];
      if (a == 0) return;
      if (!started) {
        sum = a == 1 ? T1(x) : T1(a * x);
        started = true;
      } else {
        sum = a == 1 ? T1(sum + x) : T1(sum + a * x);
      }
    };
    (add(t), ...);
    t1 = sum;
  }
  using result_type = void;
};

struct MpOperations : boost::numeric::odeint::default_operations {
#define GRANCONV_SPARSE_SCALE_SUM(N)                                \
  template <class Fac1 = double, class... Facs>                    \
  struct scale_sum##N : SparseScaleSum<N, Fac1> {                  \
    /* every factor in one type: Value = Time = S for these steppers */ \
    static_assert((std::is_same_v<Fac1, Facs> && ...));           \
    using SparseScaleSum<N, Fac1>::SparseScaleSum;                 \
  };
  GRANCONV_SPARSE_SCALE_SUM(2)
  GRANCONV_SPARSE_SCALE_SUM(3)
  GRANCONV_SPARSE_SCALE_SUM(4)
  GRANCONV_SPARSE_SCALE_SUM(5)
  GRANCONV_SPARSE_SCALE_SUM(6)
  GRANCONV_SPARSE_SCALE_SUM(7)
  GRANCONV_SPARSE_SCALE_SUM(8)
  GRANCONV_SPARSE_SCALE_SUM(9)
  GRANCONV_SPARSE_SCALE_SUM(10)
  GRANCONV_SPARSE_SCALE_SUM(11)
  GRANCONV_SPARSE_SCALE_SUM(12)
  GRANCONV_SPARSE_SCALE_SUM(13)
  GRANCONV_SPARSE_SCALE_SUM(14)
#undef GRANCONV_SPARSE_SCALE_SUM
};

template <class S>
int sign_of(const S& v) {
  return v > 0 ? 1 : (v < 0 ? -1 : 0);
}

}  // namespace detail

template <class S>
std::vector<Vec<S>> multiprecision_reference(const Problem<S>& problem, const std::vector<S>& times,
                                             const S& tolerance = S(1e-30), MpStats* stats = nullptr,
                                             double max_seconds = kDefaultReferenceBudget, bool dense_output = true) {
  namespace odeint = boost::numeric::odeint;
  using State = std::vector<S>;
  using Stepper = odeint::runge_kutta_fehlberg78<State, S, State, S, detail::MpAlgebra, detail::MpOperations>;

  if (problem.chain.law.nontensile)
    throw std::invalid_argument("the extended-precision references do not locate the clipping events of a non-tensile "
                                "law (scenario " + problem.scenario + "): use the CVODE or erk8 reference");
  if (times.empty()) throw std::invalid_argument("multiprecision reference: no output times requested");
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (times[i] < 0 || times[i] > problem.t_end)
      throw std::invalid_argument("multiprecision reference: output time outside [0, t_end]");
    if (i > 0 && times[i] < times[i - 1])
      throw std::invalid_argument("multiprecision reference: output times not sorted ascending");
  }
  if (!(tolerance > 0)) throw std::invalid_argument("multiprecision reference: tolerance must be positive");
  if (!(max_seconds > 0) || !std::isfinite(max_seconds))
    throw std::invalid_argument("multiprecision reference: the wall-clock budget must be positive and finite");
  const double bound = blow_up_bound(problem.y0);
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(max_seconds));

  const ChainSystem<S> sys(problem.chain, Formulation::xw);
  const int dim = sys.dim(), ngaps = sys.chain().links();
  detail::MpRhs<S> rhs{&sys, Vec<S>(dim), Vec<S>(dim)};
  Stepper stepper;
  auto controlled = odeint::make_controlled(tolerance, tolerance, stepper);
  // 1e-40 where S resolves it (Mp50: unchanged); in DoubleDouble (eps 1.9e-34) an
  // Illinois bracket cannot shrink below adjacent floats, so stop at 4 ulps of t_end.
  const S root_tol = std::max<S>(S(1e-40), 4 * std::numeric_limits<S>::epsilon() * problem.t_end);
  const S h_max = problem.t_end / 100;  // a gap cannot close and reopen within one step
  MpStats st;

  const auto& chain = sys.chain();
  auto gap = [&](const State& y, int j) { return chain.to_wall(j) ? y[2 * j] : y[2 * j] - y[2 * j + 2]; };
  // d/dt of gap j: v_j − v_{j+1}, from the (x, w) right-hand side.
  State rate(dim);
  auto rhs_gap_rate = [&](const State& s, int j) {
    rhs(s, rate, S(0));
    return chain.to_wall(j) ? rate[2 * j] : rate[2 * j] - rate[2 * j + 2];
  };
  std::vector<Vec<S>> out;
  out.reserve(times.size());
  Vec<S> buf(dim);
  auto emit = [&](const State& w) {
    std::copy(w.begin(), w.end(), buf.data());
    out.push_back(problem.chain.v_from_w(buf));
  };
  State single(dim);
  State y(dim), y1(dim), yev(dim);
  S t(0);
  // f(t, y) at the current point, computed once for every step from it: the
  // trial steps, each output time inside the step (~100 per accepted step
  // for the finest grids) and each iterate of the event location. The
  // steppers take it as their first stage, exactly as if they evaluated it.
  State slope(dim);
  bool have_slope = false;
  auto slope_at_y = [&]() -> const State& {
    if (!have_slope) rhs(y, slope, t);
    have_slope = true;
    return slope;
  };
  // A step of length h from the current point (t, y).
  auto step_from = [&](const S& h, State& out) {
    stepper.do_step(rhs, y, slope_at_y(), t, out, h);  // explicit RK: a step of any length is as accurate as the accepted one
  };

  {
    const Vec<S> w0 = problem.chain.w_from_v(problem.y0);
    std::copy(w0.data(), w0.data() + dim, y.begin());
  }
  // Signs of the gaps: a zero is "no sign yet", and only a strict change of a
  // known sign is an event (touching beads at rest are not in contact yet).
  std::vector<int> sgn(std::max(ngaps, 0));
  auto update_signs = [&](const State& s) {
    for (int j = 0; j < ngaps; ++j)
      if (const int g = detail::sign_of(gap(s, j)); g != 0) sgn[j] = g;
  };
  update_signs(y);

  const S t_last = times.back();
  std::size_t next = 0;
  while (next < times.size() && times[next] <= t) {
    emit(y);
    ++next;
  }
  // The output times next .. stop − 1, all in (t, t + length]; `end` is the
  // state at t + length if known. Where they outnumber the steps the
  // interpolant takes (its interior nodes, the end if unknown, and three
  // checks), they come from it, provided it agrees with a direct step within
  // the tolerance at three points: between the first two nodes and between
  // the last two, where a contact's fractional power sits after a restart and
  // before an event, and between the middle two. Else, as for fewer times,
  // each is a direct step. A spot check, not a bound: the unit test compares
  // every time of a fine grid.
  constexpr int D = kDenseOutputDegree;
  detail::ChebyshevSegment<S, D> segment(dim);
  State check(dim);
  auto emit_inside = [&](std::size_t stop, const S& length, const State* end) {
    bool dense = dense_output && stop - next > std::size_t(D + 3);
    if (dense) {
      using std::abs;
      std::copy(y.begin(), y.end(), segment.value(D));
      if (end) std::copy(end->begin(), end->end(), segment.value(0));
      for (int j = end ? 1 : 0; j < D; ++j) {
        step_from(segment.node(j, length), single);
        std::copy(single.begin(), single.end(), segment.value(j));
      }
      segment.fit(length);
      for (int j : {D - 1, 0, D / 2}) {
        const S s = (segment.node(j, length) + segment.node(j + 1, length)) / 2;
        step_from(s, single);
        segment.at(s, check);
        for (int i = 0; i < dim && dense; ++i) dense = abs(check[i] - single[i]) <= tolerance * (1 + abs(single[i]));
        if (!dense) break;
      }
      ++(dense ? st.dense_steps : st.dense_refused);
    }
    for (; next < stop; ++next) {
      if (dense) segment.at(times[next] - t, single);
      else step_from(times[next] - t, single);
      emit(single);
    }
  };
  S h = std::min<S>(h_max, t_last / 1000);
  long failures = 0;
  while (next < times.size()) {
    if (std::chrono::steady_clock::now() > deadline)
      throw std::runtime_error(fmt::format(
          "multiprecision reference ({}): wall-clock budget of {:g} s used up at t = {:.6g} of {:.6g} "
          "(--reference-budget raises it)",
          problem.scenario, max_seconds, static_cast<double>(t), static_cast<double>(t_last)));
    S dt = std::min(h, std::min(h_max, t_last - t));
    S t_try = t;
    if (controlled.try_step(rhs, y, slope_at_y(), t_try, y1, dt) != odeint::success) {
      h = dt;  // reduced by the controller
      if (++failures > 100000) throw std::runtime_error("multiprecision reference: step size control failed");
      continue;
    }
    ++st.steps;
    for (int i = 0; i < dim; ++i) {
      const double yi = static_cast<double>(y1[i]);
      if (!(std::abs(yi) <= bound))
        throw std::runtime_error(
            fmt::format("multiprecision reference ({}): the state {} the blow-up bound {:.3g} at t = {:.6g}",
                        problem.scenario, std::isfinite(yi) ? "exceeds" : "is not finite, beyond", bound,
                        static_cast<double>(t_try)));
    }
    const S h_taken = t_try - t;
    const S h_next = dt;
    // Earliest strict sign change of any gap inside the step.
    int j_event = -1;
    S s_lo(0), s_hi = h_taken;
    for (int j = 0; j < ngaps; ++j) {
      const int g1 = detail::sign_of(gap(y1, j));
      if (sgn[j] == 0 || g1 == 0 || g1 == sgn[j]) continue;
      {
        // As in the CVODE reference: a sign change of a gap whose rate is
        // below the tolerance (round-off ahead of a wave) is not an event.
        using std::abs;
        const S a = rhs_gap_rate(y1, j);
        if (!(abs(a) > tolerance)) continue;
      }
      // Illinois on the step length s ↦ gap_j(step(y, t, s)); f(lo) has the old sign.
      S a(0), b = h_taken;
      S fa = gap(y, j), fb = gap(y1, j);
      if (detail::sign_of(fa) != sgn[j]) fa = S(sgn[j]) * root_tol;  // exact zero at the start
      int side = 0;
      for (int it = 0; it < 400 && b - a > root_tol; ++it) {
        S c = it % 8 == 7 ? (a + b) / 2 : b - fb * (b - a) / (fb - fa);
        if (!(c > a && c < b)) c = (a + b) / 2;
        step_from(c, single);
        const S fc = gap(single, j);
        if (detail::sign_of(fc) == sgn[j]) {
          a = c;
          fa = fc;
          if (side == -1) fb /= 2;
          side = -1;
        } else {
          b = c;
          fb = fc;
          if (side == 1) fa /= 2;
          side = 1;
        }
      }
      if (j_event < 0 || b < s_hi) {
        j_event = j;
        s_lo = a;
        s_hi = b;
      }
    }
    if (j_event >= 0) {
      const S t_event = t + s_hi;
      {
        std::size_t stop = next;
        while (stop < times.size() && times[stop] <= t + s_lo) ++stop;
        emit_inside(stop, s_lo, nullptr);
      }
      step_from(s_hi, yev);
      // Times inside the bracket (width ≤ 1e-40): the state just past the event.
      while (next < times.size() && times[next] <= t_event) {
        emit(yev);
        ++next;
      }
      ++st.events;
      st.event_times.push_back(static_cast<double>(t_event));
      if (st.events > 100000) throw std::runtime_error("multiprecision reference: more than 100000 contact events");
      y.swap(yev);
      t = t_event;
      have_slope = false;
      const int crossed = -sgn[j_event];
      update_signs(y);
      sgn[j_event] = crossed;  // also when the gap is exactly zero just past the event
      h = h_taken;  // the step that crossed the event was accurate: resume with its size
      continue;
    }
    {
      std::size_t stop = next;
      while (stop < times.size() && times[stop] < t_try) ++stop;
      emit_inside(stop, h_taken, &y1);
    }
    while (next < times.size() && times[next] <= t_try) {
      emit(y1);
      ++next;
    }
    y.swap(y1);
    t = t_try;
    have_slope = false;
    update_signs(y);
    h = h_next;
  }
  if (stats) *stats = std::move(st);
  return out;
}

extern template std::vector<Vec<DoubleDouble>> multiprecision_reference(const Problem<DoubleDouble>&, const std::vector<DoubleDouble>&,
                                                                const DoubleDouble&, MpStats*, double, bool);
extern template std::vector<Vec<Mp50>> multiprecision_reference(const Problem<Mp50>&, const std::vector<Mp50>&,
                                                                const Mp50&, MpStats*, double, bool);

}  // namespace granconv
