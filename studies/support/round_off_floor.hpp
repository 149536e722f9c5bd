#pragma once
// The floor under which an error is not the scheme's truncation error: what
// the reference may be off by, plus the round-off the scheme accumulates over
// n steps of a state of size `scale`.
//
// An explicit step's rounding errors have no preferred sign: they accumulate
// like a random walk, √n · ε · scale. An implicit step also stops its Newton
// iteration at an update of a few ulps (schemes/runge_kutta.hpp,
// NewtonOptions): that residual is a per-step error of one sign along a
// smooth trajectory, and it accumulates linearly, n · ε · scale. The √n floor
// let Gauss–Legendre's double-precision errors at h = 1e-5 (n = 5e5 on the
// trimer) count as usable while they were 10^3–10^4 times its double-double
// errors at the same h (issue 35); with n · ε every usable point agrees with
// double-double (the -xp claims' comparison figure shows it per run).
#include <cmath>

namespace granconv {

inline double round_off_floor(double reference_error, long steps, double eps, double scale, bool implicit) {
  const double n = static_cast<double>(steps);
  return reference_error + (implicit ? n : std::sqrt(n)) * eps * scale;
}

}  // namespace granconv
