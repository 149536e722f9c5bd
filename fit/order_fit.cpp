#include "fit/order_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <boost/math/distributions/students_t.hpp>

namespace granconv {
namespace {

struct Pt {
  double h, e;  // raw values
  double x, y;  // log10 h, log10 e
};

constexpr double kSlack = 1e-12;  // relative slack on window bounds

struct Line {
  bool ok = false;
  double slope = 0, intercept = 0, se = 0, resid_sd = 0;
  int n = 0;
};

// Least squares by hand, not Boost.Math's simple_ordinary_least_squares
// (boost/math/statistics/linear_regression.hpp): Boost forms the means and the
// covariance with running (Welford) updates, which round differently from
// these two centred passes, so every stored record (tests/data/golden) would
// move in its last bits; and it returns neither the residuals nor the slope's
// standard error, which the CI and the window rules need. The Student-t
// quantile (fit_order) is Boost's.
Line fit_line(const std::vector<Pt>& p) {
  Line l;
  l.n = static_cast<int>(p.size());
  if (l.n < 3) return l;
  double mx = 0, my = 0;
  for (const auto& q : p) {
    mx += q.x;
    my += q.y;
  }
  mx /= l.n;
  my /= l.n;
  double sxx = 0, sxy = 0;
  for (const auto& q : p) {
    sxx += (q.x - mx) * (q.x - mx);
    sxy += (q.x - mx) * (q.y - my);
  }
  if (!(sxx > 0)) return l;
  l.slope = sxy / sxx;
  l.intercept = my - l.slope * mx;
  double ssr = 0;
  for (const auto& q : p) {
    const double r = q.y - (l.intercept + l.slope * q.x);
    ssr += r * r;
  }
  const double s2 = ssr / (l.n - 2);
  l.resid_sd = std::sqrt(s2);
  l.se = std::sqrt(s2 / sxx);
  l.ok = std::isfinite(l.slope) && std::isfinite(l.intercept) && std::isfinite(l.se);
  return l;
}

// Slope drift across the points from a quadratic fit y = a + b u + c u^2
// (u = x - mean x): drift = 2 c (x_max - x_min), with its standard error.
// Returns false when the quadratic fit is not determined (n < 4, singular).
// By hand: Boost.Math has no polynomial least squares.
bool slope_drift(const std::vector<Pt>& p, double& drift, double& se) {
  const int n = static_cast<int>(p.size());
  if (n < 4) return false;
  double mx = 0;
  for (const auto& q : p) mx += q.x;
  mx /= n;
  // Normal equations M [a b c]^T = r, M symmetric 3x3.
  double s0 = n, s1 = 0, s2 = 0, s3 = 0, s4 = 0, r0 = 0, r1 = 0, r2 = 0;
  double xlo = p.front().x, xhi = p.front().x;
  for (const auto& q : p) {
    const double u = q.x - mx;
    s1 += u;
    s2 += u * u;
    s3 += u * u * u;
    s4 += u * u * u * u;
    r0 += q.y;
    r1 += u * q.y;
    r2 += u * u * q.y;
    xlo = std::min(xlo, q.x);
    xhi = std::max(xhi, q.x);
  }
  const double m[3][3] = {{s0, s1, s2}, {s1, s2, s3}, {s2, s3, s4}};
  const double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                     m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                     m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  if (!(std::abs(det) > 0) || !std::isfinite(det)) return false;
  double inv[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const int i1 = (j + 1) % 3, i2 = (j + 2) % 3, j1 = (i + 1) % 3, j2 = (i + 2) % 3;
      inv[i][j] = (m[i1][j1] * m[i2][j2] - m[i1][j2] * m[i2][j1]) / det;
    }
  const double r[3] = {r0, r1, r2};
  double coef[3];
  for (int i = 0; i < 3; ++i) coef[i] = inv[i][0] * r[0] + inv[i][1] * r[1] + inv[i][2] * r[2];
  double ssr = 0;
  for (const auto& q : p) {
    const double u = q.x - mx;
    const double res = q.y - (coef[0] + coef[1] * u + coef[2] * u * u);
    ssr += res * res;
  }
  const double s2res = n > 3 ? ssr / (n - 3) : 0.0;
  const double width = xhi - xlo;
  drift = 2 * coef[2] * width;
  se = 2 * width * std::sqrt(std::max(0.0, s2res * inv[2][2]));
  return std::isfinite(drift) && std::isfinite(se);
}

// Points of `sorted` (ascending h) inside [lo, hi] with relative slack.
std::vector<Pt> in_window(const std::vector<Pt>& sorted, double lo, double hi) {
  std::vector<Pt> out;
  const double a = lo * (1 - kSlack), b = hi * (1 + kSlack);
  for (const auto& q : sorted)
    if (q.h >= a && q.h <= b) out.push_back(q);
  return out;
}

// Upper envelope: bins of width 1/bpd in log10 h anchored at h_max (bin k
// covers log10 h in (log10 h_max - (k+1)/bpd, log10 h_max - k/bpd]); keep the
// maximum-error point of each non-empty bin.
std::vector<Pt> envelope(const std::vector<Pt>& pts, double h_max, int bpd) {
  std::vector<Pt> out;
  if (pts.empty()) return out;
  long last_bin = std::numeric_limits<long>::min();
  // Walk from coarse to fine so bins come in increasing k.
  for (auto it = pts.rbegin(); it != pts.rend(); ++it) {
    const long k = envelope_bin(it->h, h_max, bpd);
    if (k != last_bin) {
      out.push_back(*it);
      last_bin = k;
    } else if (it->e > out.back().e) {
      out.back() = *it;
    }
  }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Pt> fit_points(const std::vector<Pt>& window_pts, double h_max, const FitOptions& opt) {
  if (opt.kind == FitKind::upper_envelope)
    return envelope(window_pts, h_max, opt.envelope_bins_per_decade);
  return window_pts;
}

const char* kind_name(FitKind k) {
  return k == FitKind::upper_envelope ? "upper-envelope" : "least-squares";
}

}  // namespace

OrderFit fit_order(const std::vector<double>& h, const std::vector<double>& e,
                   const std::vector<bool>& usable, const FitOptions& opt) {
  OrderFit f;
  f.kind = kind_name(opt.kind);
  f.window_source = opt.window ? "declared" : "detected";
  f.order = f.intercept = f.std_error = f.ci_lo = f.ci_hi = std::numeric_limits<double>::quiet_NaN();
  f.slope_drift = f.slope_drift_se = std::numeric_limits<double>::quiet_NaN();
  auto fail = [&](std::string msg) {
    f.ok = false;
    f.message = std::move(msg);
    return f;
  };
  if (h.size() != e.size() || h.size() != usable.size())
    return fail("size mismatch: h has " + std::to_string(h.size()) + ", error " +
                std::to_string(e.size()) + ", usable " + std::to_string(usable.size()) +
                " entries");
  if (opt.kind == FitKind::upper_envelope && opt.envelope_bins_per_decade < 1)
    return fail("envelope_bins_per_decade must be >= 1");

  std::vector<Pt> pts;
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (!usable[i]) continue;
    if (!(std::isfinite(h[i]) && h[i] > 0 && std::isfinite(e[i]) && e[i] > 0)) continue;
    pts.push_back({h[i], e[i], std::log10(h[i]), std::log10(e[i])});
  }
  std::sort(pts.begin(), pts.end(), [](const Pt& a, const Pt& b) { return a.h < b.h; });

  std::vector<Pt> wpts;
  if (opt.window) {
    const auto [lo, hi] = *opt.window;
    if (!(std::isfinite(lo) && std::isfinite(hi) && lo > 0 && lo <= hi))
      return fail("invalid declared window");
    f.h_min = lo;
    f.h_max = hi;
    wpts = in_window(pts, lo, hi);
  } else {
    // Detection: see the comment on fit_order in the header.
    const int n = static_cast<int>(pts.size());
    bool found = false;
    for (int i = 0; i < n && !found; ++i) {
      for (int j = n - 1; j >= i + 4; --j) {
        if (pts[j].x - pts[i].x < opt.min_decades * (1 - 1e-9)) break;
        std::vector<Pt> cand(pts.begin() + i, pts.begin() + j + 1);
        const auto fp = fit_points(cand, pts[j].h, opt);
        const Line l = fit_line(fp);
        if (!l.ok || l.resid_sd > opt.max_residual_sd) continue;
        double drift = 0, dse = 0;
        if (fp.size() >= 4) {
          if (!slope_drift(fp, drift, dse)) continue;
          if (std::abs(drift) > std::max(opt.max_slope_drift, 2 * dse)) continue;
        }
        f.h_min = pts[i].h;
        f.h_max = pts[j].h;
        wpts = std::move(cand);
        found = true;
        break;
      }
    }
    if (!found)
      return fail("no asymptotic window detected: need >= 5 usable points spanning >= " +
                  std::to_string(opt.min_decades) + " decades on a straight log-log line (" +
                  std::to_string(n) + " usable points)");
  }

  const auto fp = fit_points(wpts, f.h_max, opt);
  f.points = static_cast<int>(fp.size());
  // Report the span of the points the regression used, not the declared (or
  // candidate) window: a window can hold far fewer decades of usable points.
  if (!fp.empty()) {
    const auto [lo, hi] = std::minmax_element(fp.begin(), fp.end(), [](const Pt& a, const Pt& b) { return a.h < b.h; });
    f.h_min = lo->h;
    f.h_max = hi->h;
  }
  if (fp.size() < 3)
    return fail("fewer than 3 usable points in the window (" + std::to_string(fp.size()) +
                (opt.kind == FitKind::upper_envelope ? " envelope bins)" : ")"));
  const Line l = fit_line(fp);
  if (!l.ok) return fail("degenerate regression (no spread in h or non-finite values)");
  f.order = l.slope;
  f.intercept = l.intercept;
  f.std_error = l.se;
  const boost::math::students_t dist(static_cast<double>(fp.size() - 2));
  const double t = boost::math::quantile(boost::math::complement(dist, 0.025));
  f.ci_lo = l.slope - t * l.se;
  f.ci_hi = l.slope + t * l.se;
  if (double drift = 0, dse = 0; fp.size() >= 4 && slope_drift(fp, drift, dse)) {
    f.slope_drift = drift;
    f.slope_drift_se = dse;
  }
  f.ok = true;
  return f;
}

long envelope_bin(double h, double h_top, int bins_per_decade) {
  const double d = std::max(0.0, std::log10(h_top) - std::log10(h)) * bins_per_decade;
  return std::max(0L, static_cast<long>(std::ceil(d - 1e-9)) - 1);
}

std::vector<std::pair<double, double>> local_slopes(const std::vector<double>& h,
                                                    const std::vector<double>& e,
                                                    const std::vector<bool>& usable) {
  std::vector<std::pair<double, double>> out;
  if (h.size() != e.size() || h.size() != usable.size()) return out;
  std::vector<std::pair<double, double>> p;
  for (std::size_t i = 0; i < h.size(); ++i)
    if (usable[i] && std::isfinite(h[i]) && h[i] > 0 && std::isfinite(e[i]) && e[i] > 0)
      p.emplace_back(h[i], e[i]);
  std::sort(p.begin(), p.end());
  for (std::size_t i = 1; i < p.size(); ++i) {
    const auto [h0, e0] = p[i - 1];
    const auto [h1, e1] = p[i];
    if (!(h1 > h0)) continue;
    out.emplace_back(std::sqrt(h0 * h1), std::log(e1 / e0) / std::log(h1 / h0));
  }
  return out;
}

std::vector<bool> above_floor(const std::vector<double>& e, const std::vector<double>& floor,
                              double floor_factor) {
  if (!floor.empty() && floor.size() != e.size())
    throw std::invalid_argument("above_floor: error and floor sizes differ");
  std::vector<bool> u(e.size());
  for (std::size_t i = 0; i < e.size(); ++i) {
    const double fl = floor.empty() ? 0.0 : floor[i];
    u[i] = std::isfinite(e[i]) && e[i] > 0 && std::isfinite(fl) && e[i] > floor_factor * fl;
  }
  return u;
}

std::vector<std::pair<double, double>> sliding_slopes(const std::vector<double>& h, const std::vector<double>& e,
                                                      const std::vector<bool>& usable, double half_width_decades) {
  std::vector<std::pair<double, double>> out;
  const double f = std::pow(10.0, half_width_decades);
  for (std::size_t i = 0; i < h.size() && i < e.size() && i < usable.size(); ++i) {
    if (!usable[i]) continue;
    FitOptions opt;
    opt.window = FitWindow{h[i] / f, h[i] * f};
    const OrderFit fit = fit_order(h, e, usable, opt);
    if (fit.ok) out.emplace_back(h[i], fit.order);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace granconv
