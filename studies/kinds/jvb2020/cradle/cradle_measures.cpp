// What the cradle kind measures on a run: a bead's history, a windowed
// maximum, the amplitude spread per local period, the in-phase motion; and
// the check of a catalogue value.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "studies/support/record_helpers.hpp"

#include "studies/kinds/jvb2020/cradle/cradle_detail.hpp"

namespace granconv::cradle {

std::vector<double> bead_x(const std::vector<Vec<double>>& xv, int bead) {
  std::vector<double> out(xv.size());
  for (std::size_t k = 0; k < xv.size(); ++k) out[k] = xv[k][2 * bead];
  return out;
}

Peak window_max(const std::vector<double>& t, const std::vector<double>& y, double t0, double t1) {
  std::size_t best = t.size();
  for (std::size_t k = 0; k < t.size(); ++k)
    if (t[k] >= t0 && t[k] <= t1 && (best == t.size() || y[k] > y[best])) best = k;
  if (best == t.size()) throw std::invalid_argument("first_max window holds no grid time");
  Peak p{t[best], y[best], false};
  if (best == 0 || best + 1 >= t.size() || t[best - 1] < t0 || t[best + 1] > t1) return p;
  const double ym = y[best - 1], y0 = y[best], yp = y[best + 1], dt = t[best + 1] - t[best];
  const double curv = ym - 2 * y0 + yp;
  if (!(curv < 0)) return p;
  const double s = 0.5 * (ym - yp) / curv;  // in [-1/2, 1/2] for the largest sample
  p = {t[best] + s * dt, y0 - 0.25 * (ym - yp) * s, true};
  return p;
}

std::vector<PeriodSpread> amplitude_spread(const std::vector<double>& t, const std::vector<Vec<double>>& xv, int beads,
                                           double period) {
  std::vector<PeriodSpread> out;
  const long periods = static_cast<long>(std::floor(t.back() / period + 1e-9));
  for (long j = 0; j < periods; ++j) {
    const double a = double(j) * period, b = double(j + 1) * period;
    std::vector<double> lo(beads, INFINITY), hi(beads, -INFINITY);
    for (std::size_t k = 0; k < t.size(); ++k) {
      if (t[k] < a || t[k] > b) continue;
      for (int n = 0; n < beads; ++n) {
        lo[n] = std::min(lo[n], xv[k][2 * n]);
        hi[n] = std::max(hi[n], xv[k][2 * n]);
      }
    }
    PeriodSpread s;
    s.t_mid = 0.5 * (a + b);
    double sum = 0, sum2 = 0;
    for (int n = 0; n < beads; ++n) {
      const double A = 0.5 * (hi[n] - lo[n]);
      s.amplitude.push_back(A);
      sum += A;
      sum2 += A * A;
    }
    const double mean = sum / beads;
    const auto [mn, mx] = std::minmax_element(s.amplitude.begin(), s.amplitude.end());
    s.max_over_min = *mx / *mn;
    s.cv = std::sqrt(std::max(0.0, sum2 / beads - mean * mean)) / mean;
    out.push_back(std::move(s));
  }
  return out;
}

json value_check(const std::string& label, const CradleSpec::Value& v, double observed, int digits) {
  json ch = check_entry(label, v.expected, sig(observed, digits), fmt::format("± {:g} (absolute)", v.tolerance),
                        std::abs(observed - v.expected) <= v.tolerance);
  ch["rival"] = v.rival;
  ch["rival_note"] = v.rival_note;
  ch["tolerance_source"] = v.tolerance_source;
  return ch;
}

double in_phase_amplitude(const std::vector<double>& t, const std::vector<Vec<double>>& xv, int beads, double t0,
                          double t1) {
  double lo = INFINITY, hi = -INFINITY;
  for (std::size_t k = 0; k < t.size(); ++k) {
    if (t[k] < t0 || t[k] > t1) continue;
    double mean = 0;
    for (int n = 0; n < beads; ++n) mean += xv[k][2 * n];
    mean /= beads;
    lo = std::min(lo, mean);
    hi = std::max(hi, mean);
  }
  return 0.5 * (hi - lo);
}

}  // namespace granconv::cradle
