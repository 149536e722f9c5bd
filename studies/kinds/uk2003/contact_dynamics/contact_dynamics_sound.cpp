// check "sound": the fundamental mode of the CD chain (E1, figs 6–7) against
// the predictions (58), (60), and its slopes against N_I.
#include <cmath>
#include <numbers>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "studies/core/catalogue_rules.hpp"
#include "studies/support/record_helpers.hpp"
#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_detail.hpp"

namespace granconv::contact_dynamics {

using nlohmann::json;

ClaimResult run_sound(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt) {
  const Spec s(claim, spec);
  const auto sw = cd_sweep(s, opt);
  CheckList checks;
  for (int ni : s.checked) {
    const auto a = index_of(s, ni);
    const auto pr = s.predict(ni);
    const auto [wl, wh] = mean_ci95(sw.omega[a], s.seeds);
    const auto [tl, th] = mean_ci95(sw.tau[a], s.seeds);
    const auto rv = s.predict_rival(ni);
    checks.add(relative_ci_check(fmt::format("N_I = {}: ω of the fundamental mode, (58) (mean of {} seeds; rival: q = "
                                             "{:g})",
                                             ni, s.seeds, s.rival_q),
                                 pr.omega, sw.omega[a].mean, wl / pr.omega - 1, wh / pr.omega - 1, s.tol, s.seeds,
                                 source_of(claim.record, "tolerance"), rv.omega));
    checks.add(relative_ci_check(fmt::format("N_I = {}: damping time τ, (60) (mean of {} seeds; rival: q = {:g})", ni,
                                             s.seeds, s.rival_q),
                                 pr.tau, sw.tau[a].mean, tl / pr.tau - 1, th / pr.tau - 1, s.tol, s.seeds,
                                 source_of(claim.record, "tolerance"), rv.tau));
  }
  std::vector<double> nis(s.n_i.begin(), s.n_i.end()), w, t, wp, tp;
  for (std::size_t a = 0; a < s.n_i.size(); ++a) {
    w.push_back(sw.omega[a].mean);
    t.push_back(sw.tau[a].mean);
    wp.push_back(s.predict(s.n_i[a]).omega);
    tp.push_back(s.predict(s.n_i[a]).tau);
  }
  const double sw_fit = log_log_slope(nis, w), st_fit = log_log_slope(nis, t);
  if (s.n_i.size() >= 2) {
    // Rival 0: ω and τ independent of N_I, the iterations setting no mode.
    checks.add(slope_check(fmt::format("ω ∝ √N_I: slope of log ω against log N_I over N_I = {} ((58) itself: {:.4f})",
                                       fmt::join(s.n_i, ", "), log_log_slope(nis, wp)),
                           nis, w, 0.5, s.slope_tol, 0.0, source_of(claim.record, "slope_tolerance")));
    checks.add(slope_check(fmt::format("τ ∝ 1/N_I: slope of log τ against log N_I ((60) itself: {:.4f})",
                                       log_log_slope(nis, tp)),
                           nis, t, -1.0, s.slope_tol, 0.0, source_of(claim.record, "slope_tolerance")));
  }

  json figures = json::array();
  for (int ni : s.checked) {
    const auto a = index_of(s, ni);
    const auto& tr = sw.first[a][0];
    figures.push_back(trajectory_figure(
        fmt::format("{}-trajectory-{}", claim.id, ni),
        fmt::format("Rightmost disk after the wall collision, N_I = {} (cf. the paper's fig. 7)", ni),
        fmt::format("CD run (seed 1, random sweep, g_pos, d = m = Δt = 1, F = {}) from the last step with an inactive "
                    "contact (t = {}); the fit window starts {} predicted τ later. Red: (64) with all five parameters "
                    "fitted; green dashes: (64) with ω, τ from (58), (60) and x0, A, φ fitted (the paper's "
                    "comparison).",
                    s.force, tr.t_linear, s.skip_tau),
        tr, sw.fits[a][0], "CD, rightmost disk", std::max(0.0, tr.t_linear - 40)));
  }
  // ω, τ against N_I on log axes.
  std::vector<double> grid;
  for (double n = s.n_i.front() / 1.5; n <= s.n_i.back() * 1.5; n *= 1.05) grid.push_back(n);
  auto pred_curve = [&](bool omega) {
    std::vector<double> y;
    for (double n : grid) {
      const double D = s.q * n, c = std::sqrt(D), k = s.k1();
      y.push_back(omega ? k * std::sqrt(c * c - D * D * k * k / 4) : 2 / (D * k * k));
    }
    return y;
  };
  auto power_line = [&](double p, double y0) {
    std::vector<double> y;
    for (double n : grid) y.push_back(y0 * std::pow(n / s.n_i.front(), p));
    return y;
  };
  std::vector<double> wsd, tsd;
  for (std::size_t a = 0; a < s.n_i.size(); ++a) {
    wsd.push_back(sw.omega[a].sd);
    tsd.push_back(sw.tau[a].sd);
  }
  figures.push_back(
      {{"name", claim.id + "-omega"},
       {"type", "lines"},
       {"title", "Frequency of the fundamental mode against N_I"},
       {"caption", fmt::format("Mean of {} seeds (standard deviations {}). Line: (58) with q = {:.5f}; dashes: slope "
                               "1/2 through the first prediction. Fitted slope {:.4f}.",
                               s.seeds, fmt::join(sig_all(wsd, 2), ", "), s.q, sw_fit)},
       {"xlabel", "N_I"},
       {"ylabel", "ω Δt"},
       {"logx", true},
       {"logy", true},
       {"series",
        {line_series("CD, fitted ω", nis, w, "points", "#1f77b4"), line_series("(58)", grid, pred_curve(true), "lines", "#d62728"),
         line_series("∝ N_I^{1/2}", grid, power_line(0.5, wp.front()), "dashes", "#2ca02c")}}});
  figures.push_back(
      {{"name", claim.id + "-tau"},
       {"type", "lines"},
       {"title", "Damping time of the fundamental mode against N_I"},
       {"caption", fmt::format("Mean of {} seeds (standard deviations {}). Line: (60); dashes: slope −1. Fitted slope "
                               "{:.4f}.",
                               s.seeds, fmt::join(sig_all(tsd, 2), ", "), st_fit)},
       {"xlabel", "N_I"},
       {"ylabel", "τ / Δt"},
       {"logx", true},
       {"logy", true},
       {"series",
        {line_series("CD, fitted τ", nis, t, "points", "#1f77b4"), line_series("(60)", grid, pred_curve(false), "lines", "#d62728"),
         line_series("∝ 1/N_I", grid, power_line(-1, tp.front()), "dashes", "#2ca02c")}}});

  json rec = result_head(claim, checks.pass);
  rec["checks"] = checks.items;
  rec["tables"] = json::array({sweep_table(s, sw)});
  rec["figures"] = figures;
  rec["slopes"] = {{"omega", sw_fit}, {"tau", st_fit}};
  return {rec, checks.pass, checks.summary(claim)};
}

}  // namespace granconv::contact_dynamics
