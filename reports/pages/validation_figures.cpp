#include "reports/pages/validation_figures.hpp"

#include <cmath>

#include <fmt/format.h>

#include "studies/support/palette.hpp"

namespace granconv {

namespace {

using nlohmann::json;

const std::vector<std::string> kColors = palette::first(6);

// A series of the finite points only (a record's arrays may hold NaN where a
// quantity is undefined, e.g. the damping ratio past the principal pair).
json series(const std::string& title, const std::vector<double>& x, const std::vector<double>& y,
            const std::string& style, const std::string& color) {
  json xs = json::array(), ys = json::array();
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
    if (std::isfinite(x[i]) && std::isfinite(y[i])) {
      xs.push_back(x[i]);
      ys.push_back(y[i]);
    }
  return {{"title", title}, {"x", xs}, {"y", ys}, {"style", style}, {"color", color}};
}

// E(h) of each run: usable points, excluded points (grey), fitted line. The
// legend sits inside, top left: E(h) rises to the right, so that corner is
// free and the names stand next to the lines.
json convergence_figure(const std::string& name, const std::string& title, const std::vector<ConvergenceRun>& runs) {
  json all = json::array();
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const auto& r = runs[k];
    const std::string label = r.problem + (r.formulation == "xw" ? " (x, w)" : " (x, v)");
    std::vector<double> x, y, xo, yo;
    for (std::size_t i = 0; i < r.h.size(); ++i) {
      if (!std::isfinite(r.error[i]) || r.error[i] <= 0) continue;
      (r.usable[i] ? x : xo).push_back(r.h[i]);
      (r.usable[i] ? y : yo).push_back(r.error[i]);
    }
    const std::string color = kColors[k % 6];
    if (!x.empty()) all.push_back(series(label, x, y, "linespoints", color));
    if (!xo.empty()) all.push_back(series(label + ": excluded (floor)", xo, yo, "points", "#aaaaaa"));
    if (r.fit_ok) {
      auto e = [&](double h) { return std::pow(10.0, r.intercept + r.order * std::log10(h)); };
      all.push_back(series(fmt::format("fit: order {:.2f}", r.order), {r.h_min, r.h_max}, {e(r.h_min), e(r.h_max)},
                           "dashes", color));
    }
  }
  return {{"name", name}, {"type", "lines"}, {"title", title}, {"xlabel", "step size h"},
          {"ylabel", "max error over the grid"}, {"logx", true}, {"logy", true}, {"key", "top left"},
          {"series", all}};
}

json work_precision_figure(const std::vector<ConvergenceRun>& runs) {
  json all = json::array();
  for (std::size_t k = 0; k < runs.size(); ++k) {
    std::vector<double> x, y;
    for (std::size_t i = 0; i < runs[k].error.size(); ++i)
      if (std::isfinite(runs[k].error[i]) && runs[k].error[i] > 0 && runs[k].seconds[i] > 0) {
        x.push_back(runs[k].error[i]);
        y.push_back(runs[k].seconds[i]);
      }
    if (!x.empty()) all.push_back(series(runs[k].scheme, x, y, "linespoints", kColors[k % 6]));
  }
  return {{"name", "work_precision"}, {"type", "lines"}, {"title", "Work-precision on the dimer"},
          {"caption", "CPU time (min over repetitions) against the error; CPU times vary from run to run"},
          {"xlabel", "max error over the grid"}, {"ylabel", "CPU seconds"}, {"logx", true}, {"logy", true},
          {"key", "bottom left"}, {"series", all}};
}

// ρ(Ω) as Chung & Hulbert (1993) draw it: log Ω, ρ from 0 to 1.2, a line at 1.
json rho_figure(const std::vector<OscillatorCurve>& curves) {
  json all = json::array();
  double lo = 1e-2, hi = 1e4;
  for (std::size_t k = 0; k < curves.size(); ++k) {
    const auto& c = curves[k];
    if (!c.omega_h.empty()) lo = c.omega_h.front(), hi = c.omega_h.back();
    all.push_back(series(fmt::format("ζ = {:g}", c.zeta), c.omega_h, c.rho, "lines", kColors[k % 6]));
  }
  all.push_back(series("ρ = 1", {lo, hi}, {1.0, 1.0}, "dashes", "#888888"));
  return {{"name", "spectral_radius"}, {"type", "lines"}, {"title", "Spectral radius of the amplification matrix"},
          {"xlabel", "Ω = ω h"}, {"ylabel", "spectral radius ρ"}, {"logx", true}, {"xrange", {lo, hi}},
          {"yrange", {0.0, 1.2}}, {"key", "bottom left"}, {"series", all}};
}

// The principal roots' damping ratio or period elongation against Ω (Ω ≤ 3).
json principal_figure(const std::vector<OscillatorCurve>& curves, bool damping) {
  json all = json::array();
  for (std::size_t k = 0; k < curves.size(); ++k) {
    const auto& c = curves[k];
    all.push_back(series(fmt::format("ζ = {:g}", c.zeta), c.omega_h, damping ? c.damping_ratio : c.period_elongation,
                         "lines", kColors[k % 6]));
  }
  return {{"name", damping ? "damping_ratio" : "period_elongation"},
          {"type", "lines"},
          {"title", damping ? "Algorithmic damping ratio of the principal roots" : "Period elongation of the principal roots"},
          {"xlabel", "Ω = ω h"},
          {"ylabel", damping ? "damping ratio ξ" : "(T̄ − T) / T"},
          {"logx", true},
          {"key", "top left"},
          {"series", all}};
}

json locus_figure(const std::vector<std::vector<std::pair<double, double>>>& locus) {
  json all = json::array();
  for (std::size_t k = 0; k < locus.size(); ++k) {
    std::vector<double> x, y;
    for (const auto& [re, im] : locus[k]) x.push_back(re), y.push_back(im);
    all.push_back(series(locus.size() == 1 ? "boundary locus" : fmt::format("boundary locus, branch {}", k + 1), x, y,
                         "lines", kColors[k % 6]));
  }
  return {{"name", "stability_locus"}, {"type", "lines"}, {"title", "Boundary locus of the stability region (y' = λy)"},
          {"xlabel", "Re hλ"}, {"ylabel", "Im hλ"}, {"aspect", "equal"}, {"key", "top left"}, {"series", all}};
}

bool any_finite(const std::vector<double>& v) {
  for (double x : v)
    if (std::isfinite(x)) return true;
  return false;
}

}  // namespace

json validation_figures_record(const ValidationResult& r) {
  json figs = json::array();
  if (!r.region_abs.empty())
    figs.push_back({{"name", "stability_region"},
                    {"type", "heatmap"},
                    {"title", "|R(z)|, stability region |R(z)| <= 1"},
                    {"xlabel", "Re z"},
                    {"ylabel", "Im z"},
                    {"zlabel", "|R(z)| (capped at 2)"},
                    {"x", r.region_re},
                    {"y", r.region_im},
                    {"z", r.region_abs},
                    {"zmax", 2.0},
                    {"contour", 1.0},
                    {"contour_label", "|R(z)| = 1"},
                    {"aspect", "equal"}});
  if (!r.stability_locus.empty()) figs.push_back(locus_figure(r.stability_locus));
  if (!r.oscillator_curves.empty()) {
    figs.push_back(rho_figure(r.oscillator_curves));
    bool damping = false, period = false;
    for (const auto& c : r.oscillator_curves)
      damping = damping || any_finite(c.damping_ratio), period = period || any_finite(c.period_elongation);
    if (damping) figs.push_back(principal_figure(r.oscillator_curves, true));
    if (period) figs.push_back(principal_figure(r.oscillator_curves, false));
  }
  const auto& smooth = r.item(4).runs;
  if (!smooth.empty()) figs.push_back(convergence_figure("smooth", "Smooth problems", smooth));
  const auto& contact = r.item(5).runs;
  if (!contact.empty()) figs.push_back(convergence_figure("contact", "Contact problems", contact));
  const auto& wp = r.item(6).runs;
  if (!wp.empty()) figs.push_back(work_precision_figure(wp));
  return {{"study", r.name}, {"kind", "validate"}, {"figures", figs}};
}


}  // namespace granconv
