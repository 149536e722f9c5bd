// Order fitting: the observed order of convergence p from E(h) ~ C h^p.
//
// log10 E = intercept + order * log10 h is fitted over an asymptotic window
// of step sizes, either by ordinary least squares on all usable points or on
// the upper envelope (per-bin maxima) for errors that oscillate with h. The
// slope comes with its standard error and a 95% Student-t confidence interval.
// The window is declared by the claim or detected (see fit_order).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace granconv {

// The claims' upper-envelope bins: four per decade (the catalogue asks for
// enough step sizes in each, studies/core/catalogue_rules.hpp).
constexpr int kEnvelopeBinsPerDecade = 4;

struct FitWindow {
  double h_min, h_max;
};

enum class FitKind { least_squares, upper_envelope };

struct FitOptions {
  std::optional<FitWindow> window;  // declared asymptotic window; nullopt = detect
  FitKind kind = FitKind::least_squares;
  int envelope_bins_per_decade = kEnvelopeBinsPerDecade;  // for the upper envelope
  double min_decades = 1.0;          // detection: minimum window width in decades
  // Detection thresholds (see fit_order): a candidate window is "straight" when
  // the residual standard deviation of the fitted points (log10 units) is at
  // most max_residual_sd and the slope drift across it (from a quadratic fit)
  // is at most max(max_slope_drift, 2 standard errors of that drift).
  double max_residual_sd = 0.15;
  double max_slope_drift = 0.25;
};

struct OrderFit {
  double order = 0, intercept = 0;  // log10 E = intercept + order * log10 h
  double std_error = 0;             // of the slope
  double ci_lo = 0, ci_hi = 0;      // 95% CI of the slope (Student t, n-2 dof)
  double h_min = 0, h_max = 0;      // span of the points the regression used
  int points = 0;                   // points used in the regression
  // Change of the local slope across the points used, from a quadratic fit in
  // log-log (2 c (x_max - x_min)), and its standard error; NaN below 4 points.
  // A window whose slope still drifts does not measure an asymptotic order
  // (studies/core/verdict.hpp), declared or detected.
  double slope_drift = 0, slope_drift_se = 0;
  std::string window_source;        // "declared" or "detected"
  std::string kind;                 // "least-squares" or "upper-envelope"
  bool ok = false;
  std::string message;  // reason when !ok
};

// h, e: step sizes and errors; usable[i] false for points excluded (below the
// floor, non-finite, <= 0). Points with non-finite or non-positive h or e are
// ignored even when marked usable. Never returns a NaN order with ok == true;
// on degenerate input (size mismatch, < 3 usable points in the window, a
// window with no spread in h, no window found by detection) ok == false and
// message says why.
//
// Window detection (opt.window == nullopt): the usable points are sorted by h
// and every contiguous run spanning >= opt.min_decades decades and >= 5 points
// is a candidate. A candidate is accepted when the points the chosen fit kind
// would use (all points, or the per-bin maxima) are straight: residual SD
// <= max_residual_sd and slope drift <= max(max_slope_drift, 2 SE). Among
// accepted candidates the one starting at the smallest h wins (the asymptotic
// end, h -> 0); ties go to the widest (most points). Rationale: the order is a
// statement about h -> 0, so the window is anchored at the finest usable step
// and grown toward coarse h only while the log-log data remain a straight line;
// the floor must already have been removed via `usable` (above_floor).
OrderFit fit_order(const std::vector<double>& h, const std::vector<double>& e,
                   const std::vector<bool>& usable, const FitOptions& opt);

// The upper envelope's bin of step size h (0: the coarsest), bins of
// 1/bins_per_decade decades anchored at h_top, a point on an edge (up to
// rounding) in the coarser bin: fit_order's binning, for rules that count
// the samples per bin before any fit (the catalogue's sampling rule).
long envelope_bin(double h, double h_top, int bins_per_decade);

// Local slopes between consecutive usable points (sorted by h), for plots of
// the crossover / oscillation: (geometric-mean h, slope) pairs.
std::vector<std::pair<double, double>> local_slopes(const std::vector<double>& h,
                                                    const std::vector<double>& e,
                                                    const std::vector<bool>& usable);

// Least-squares slope over a sliding window of ±half_width_decades around each
// usable point (points with fewer than 3 neighbours in the window are
// skipped): the trend that pairwise slopes of oscillating errors hide.
std::vector<std::pair<double, double>> sliding_slopes(const std::vector<double>& h, const std::vector<double>& e,
                                                      const std::vector<bool>& usable, double half_width_decades);

// usable[i] = isfinite(e[i]) && e[i] > 0 && e[i] > floor_factor * floor[i].
// An empty `floor` means no floor; a non-finite floor[i] excludes point i.
// Throws std::invalid_argument if floor is non-empty and its size differs.
std::vector<bool> above_floor(const std::vector<double>& e, const std::vector<double>& floor,
                              double floor_factor);

}  // namespace granconv
