// The tables and figures the contact-dynamics records share: the sweep's
// table of fitted modes and a trajectory with its fitted and predicted sines.
#include <fmt/format.h>

#include "studies/support/record_helpers.hpp"
#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_detail.hpp"

namespace granconv::contact_dynamics {

using nlohmann::json;

std::vector<double> sig_all(const std::vector<double>& v, int digits) {
  std::vector<double> out;
  for (double x : v) out.push_back(sig(x, digits));
  return out;
}

json line_series(const std::string& title, const std::vector<double>& x, const std::vector<double>& y,
                 const std::string& style, const std::string& color) {
  return {{"title", title}, {"x", x}, {"y", sig_all(y)}, {"style", style}, {"color", color}};
}

// The fitted and the predicted damped sines over the fit window, with the data.
json trajectory_figure(const std::string& name, const std::string& title, const std::string& caption, const Trace& tr,
                       const ModeFit& mf, const std::string& data_title, double t_from) {
  std::vector<double> t, x, tw, fit, pred;
  for (std::size_t i = 0; i < tr.t.size(); ++i) {
    if (tr.t[i] < t_from || tr.t[i] > mf.t1) continue;
    t.push_back(tr.t[i]);
    x.push_back(tr.x[i]);
    if (tr.t[i] >= mf.t0) {
      tw.push_back(tr.t[i]);
      fit.push_back(mf.fit(tr.t[i]));
      pred.push_back(mf.predicted(tr.t[i]));
    }
  }
  return {{"name", name},
          {"type", "lines"},
          {"title", title},
          {"caption", caption},
          {"xlabel", "t / Δt"},
          {"ylabel", "x of the rightmost disk / d"},
          {"series",
           {line_series(data_title, t, x, "points", "#1f77b4"),
            line_series(fmt::format("fit (64): ω = {:.4f}, τ = {:.2f}", mf.fit.omega, mf.fit.tau), tw, fit, "lines",
                        "#d62728"),
            line_series(fmt::format("(64) with ω, τ of (58), (60): ω = {:.4f}, τ = {:.2f}", mf.predicted.omega,
                                    mf.predicted.tau),
                        tw, pred, "dashes", "#2ca02c")}}};
}

json sweep_table(const Spec& s, const Sweep& sw) {
  json rows = json::array();
  for (std::size_t a = 0; a < s.n_i.size(); ++a) {
    const auto pr = s.predict(s.n_i[a]);
    const auto& f1 = sw.fits[a][0];
    rows.push_back({s.n_i[a], sig(pr.omega, 5), sig(sw.omega[a].mean, 5), sig(sw.omega[a].sd, 2),
                    sig(f1.fit.se_omega, 2), sig(2 * std::numbers::pi / pr.omega, 5),
                    sig(2 * std::numbers::pi / sw.omega[a].mean, 5), sig(pr.tau, 5), sig(sw.tau[a].mean, 5),
                    sig(sw.tau[a].sd, 2), sig(f1.fit.se_tau, 2), sig(f1.t0, 4), sig(f1.t1, 4)});
  }
  return {{"title", fmt::format("Fundamental mode of the CD chain: prediction (58), (60) with q = {:.5f}, k = π/(2·{} d), "
                                "and the fit of (64) (mean and standard deviation over {} seeds; the fit's own "
                                "standard error for seed 1)",
                                s.q, s.disks, s.seeds)},
          {"columns", {"N_I", "ω (58)", "ω fitted", "sd over seeds", "s.e. (seed 1)", "period (58)", "period fitted",
                       "τ (60)", "τ fitted", "sd over seeds", "s.e. (seed 1)", "window from", "to"}},
          {"rows", rows}};
}

}  // namespace granconv::contact_dynamics
