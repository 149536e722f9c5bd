#pragma once
// Every scheme stops at the first step whose state is not finite or exceeds
// the blow-up bound (models/blow_up.hpp), with the step and time: a diverged
// run is a failure to report, never a result with NaN or 1e268 errors.
#include <stdexcept>
#include <string>
#include <type_traits>

#include <fmt/format.h>

#include "models/blow_up.hpp"
#include "schemes/scheme.hpp"

namespace granconv {

struct DivergedError : std::runtime_error {
  long step;
  double time;
  DivergedError(const std::string& what, long step_, double time_)
      : std::runtime_error(what), step(step_), time(time_) {}
};

// Whether every entry of xv is finite and at most `bound` in magnitude. In
// double it is one vectorised maximum (NaN propagated; a maximum is exact in
// any order): GCC keeps a counting loop over the comparisons scalar under its
// default -ftrapping-math, which cost 0.4-0.8 ns per bead and step, a quarter
// of an explicit step. The loop remains for the other scalars.
template <class S>
bool within_bound(const Vec<S>& xv, const S& bound) {
  if constexpr (std::is_same_v<S, double>) {
    return xv.size() == 0 || xv.cwiseAbs().template maxCoeff<Eigen::PropagateNaN>() <= bound;
  } else {
    using std::abs;
    for (Eigen::Index i = 0; i < xv.size(); ++i)
      if (!(abs(xv[i]) <= bound)) return false;
    return true;
  }
}

// `s` with every run watched step by step (the caller's observer, if any, is
// called after the check).
template <class S>
Scheme<S> guarded(Scheme<S> s) {
  auto inner = std::move(s.run);
  s.run = [inner, name = s.name](const Chain<S>& chain, Formulation f, const Vec<S>& y0, const S& h, long n,
                                 const typename Scheme<S>::Observer& obs, const ExactSolution<S>& exact) {
    using std::abs;
    const double bound_d = blow_up_bound(y0);
    const S bound(bound_d);
    inner(chain, f, y0, h, n,
          [&](long k, const Vec<S>& xv) {
            if (!within_bound(xv, bound))
              for (Eigen::Index i = 0; i < xv.size(); ++i)
                if (!(abs(xv[i]) <= bound)) {
                  const double t = static_cast<double>(h) * double(k), x = static_cast<double>(xv[i]);
                  throw DivergedError(
                      fmt::format("scheme '{}' diverged at step {} (t = {:.6g}): {}", name, k, t,
                                  std::isfinite(x) ? fmt::format("|state| = {:.3g} exceeds the blow-up bound {:.3g}",
                                                                 std::abs(x), bound_d)
                                                   : std::string("the state is not finite")),
                      k, t);
                }
            if (obs) obs(k, xv);
          },
          exact);
  };
  return s;
}

}  // namespace granconv
