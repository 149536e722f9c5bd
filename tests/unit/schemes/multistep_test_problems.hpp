#pragma once
// The problems the multistep families' tests measure orders on: the
// harmonic oscillator (exact solution) and a pre-compressed Hertz dimer with
// a dashpot (a velocity-dependent force; the contact stays closed up to
// T = 1, as in test_dem_schemes.cpp; reference: RK4 at a fine step).
#include <algorithm>
#include <cmath>
#include <vector>

#include "models/oscillator.hpp"
#include "schemes/families/multistep/rk4_starter.hpp"
#include "schemes/scheme.hpp"

namespace granconv::testing {

// The least-squares slope of log error against log h (h = T/n) over the step counts.
template <class S>
double order_from_errors(const std::vector<long>& steps, const std::vector<S>& errors) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = double(steps.size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const double x = -std::log(double(steps[i])), y = std::log(static_cast<double>(errors[i]));
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

template <class S>
S final_error(const Scheme<S>& s, const Chain<S>& c, const Vec<S>& y0, const S& T, long n,
              const Vec<S>& reference) {
  Vec<S> y = y0;
  s.run(c, Formulation::xv, y0, T / S(n), n, [&](long, const Vec<S>& xv) { y = xv; }, {});
  using std::abs;
  S e(0);
  for (Eigen::Index i = 0; i < y.size(); ++i) e = std::max(e, S(abs(y[i] - reference[i])));
  return e;
}

// From the phase 1/2, where x''' is not 0 (a start that drops the higher
// derivatives must show its cost), over T = 2.
template <class S>
double observed_order(const Scheme<S>& s, const Chain<S>& c, const std::vector<long>& steps) {
  const Vec<S> y0 = harmonic_oscillator_state<S>(S(1) / 2), exact = harmonic_oscillator_state<S>(S(5) / 2);
  std::vector<S> errors;
  for (long n : steps) errors.push_back(final_error(s, c, y0, S(2), n, exact));
  return order_from_errors(steps, errors);
}

inline Chain<double> dashpot_dimer() {
  Chain<double> c;
  c.m = {1, 1};
  c.K = {1, 1};
  c.k = {1};
  c.gamma = {0.5};
  c.law.four_beta = 4;
  return c;
}

inline Vec<double> dashpot_y0() {
  Vec<double> y0(4);
  y0 << 0.3, 0, -0.3, 0;
  return y0;
}

inline double observed_order_dashpot(const Scheme<double>& s, const std::vector<long>& steps) {
  const Chain<double> c = dashpot_dimer();
  const ChainSystem<double> sys(c, Formulation::xv);
  Vec<double> ref = dashpot_y0(), next(4);
  multistep::Rk4Work<double> w(4);
  const long fine = 1 << 14;
  for (long i = 0; i < fine; ++i) {
    multistep::rk4_step(sys, double(i) / double(fine), ref, 1.0 / double(fine), w, next);
    ref = next;
  }
  std::vector<double> errors;
  for (long n : steps) errors.push_back(final_error(s, c, dashpot_y0(), 1.0, n, ref));
  return order_from_errors(steps, errors);
}

}  // namespace granconv::testing
