#include "studies/kinds/uk2003/contact_dynamics_claims.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/math/distributions/students_t.hpp>
#include <fmt/format.h>

#include "models/scenarios.hpp"
#include "reference/cache/reference_cache.hpp"
#include "schemes/contact_dynamics.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "fit/damped_sine_fit.hpp"
#include "fit/log_log_slope.hpp"
#include "fit/order_fit.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/core/verdict.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv {

namespace {

using nlohmann::json;

std::vector<double> sig_all(const std::vector<double>& v, int digits = 8) {
  std::vector<double> out;
  for (double x : v) out.push_back(sig(x, digits));
  return out;
}

// d = m = Δt = 1 throughout (the paper states its parameters in these units).
struct Spec : ContactDynamicsSpec::Chain {
  std::string id;
  Spec(const Claim& claim, const ContactDynamicsSpec& spec) : ContactDynamicsSpec::Chain(spec.chain), id(claim.id) {}
  // Fundamental mode: fixed wall, free end, wavelength 4L with L = disks · d
  // (the wall contact is half a contact, see the notes).
  double k1() const { return std::numbers::pi / (2.0 * disks); }
  cd::SoundPrediction predict(int ni) const { return cd::predict_sound(q, ni, k1(), 1, 1); }
  cd::SoundPrediction predict_rival(int ni) const { return cd::predict_sound(rival_q, ni, k1(), 1, 1); }
  int steps(int ni) const { return static_cast<int>(e1_steps(ni)); }
};

// A run of E1: the rightmost disk's centre, kinetic energy and the work of
// the external force, sampled at every step (index = time).
struct Trace {
  std::vector<double> t, x, ke, work;
  double t_linear = 0;  // after this, every contact carried a force (or, for CVODE, no gap crossed 0)
};

cd::Chain1D make_e1(const Spec& s, int ni, std::uint64_t seed, cd::GapMode gap) {
  // Disk 0 one diameter from the wall, the others touching, at rest.
  std::vector<double> m(s.disks, 1.0), x(s.disks), v(s.disks, 0.0), f(s.disks, 0.0);
  for (int i = 0; i < s.disks; ++i) x[i] = 1.5 + i;
  f.back() = -s.force;
  cd::Parameters p;
  p.sweeps = ni;
  p.seed = seed;
  p.gap = gap;
  return cd::Chain1D(m, x, v, f, true, p);
}

void record(Trace& tr, const cd::Chain1D& ch, double force, double x_start) {
  tr.t.push_back(ch.time());
  tr.x.push_back(ch.x().back());
  tr.ke.push_back(ch.kinetic_energy());
  tr.work.push_back(force * (x_start - ch.x().back()));
}

Trace run_e1(const Spec& s, int ni, std::uint64_t seed, cd::GapMode gap, int steps) {
  auto ch = make_e1(s, ni, seed, gap);
  Trace tr;
  const double x_start = ch.x().back();
  record(tr, ch, s.force, x_start);
  for (int k = 0; k < steps; ++k) {
    ch.step();
    record(tr, ch, s.force, x_start);
    const auto& r = ch.forces();
    if (std::any_of(r.begin(), r.end(), [](double f) { return !(f > 0); })) tr.t_linear = ch.time();
  }
  return tr;
}

struct ModeFit {
  DampedSineFit fit, predicted;
  double t0 = 0, t1 = 0;
};

ModeFit fit_mode(const Spec& s, const Trace& tr, int ni, const std::string& what) {
  const auto pr = s.predict(ni);
  ModeFit mf;
  mf.t0 = tr.t_linear + s.skip_tau * pr.tau;
  mf.t1 = mf.t0 + s.span_tau * pr.tau;
  if (tr.t_linear > s.settle || mf.t1 > tr.t.back())
    throw std::runtime_error(fmt::format("claim '{}', {} N_I = {}: the chain left the linear regime until t = {} "
                                         "(> settle = {}); no room for the fit window",
                                         s.id, what, ni, tr.t_linear, s.settle));
  std::vector<double> t, x;
  for (std::size_t i = 0; i < tr.t.size(); ++i)
    if (tr.t[i] >= mf.t0 && tr.t[i] <= mf.t1) {
      t.push_back(tr.t[i]);
      x.push_back(tr.x[i]);
    }
  mf.fit = fit_damped_sine(t, x);
  mf.predicted = fit_damped_sine_fixed(t, x, pr.omega, pr.tau);
  return mf;
}

struct Stat {
  double mean = 0, sd = 0;
};
Stat stat(const std::vector<double>& v) {
  Stat s;
  for (double x : v) s.mean += x / static_cast<double>(v.size());
  for (double x : v) s.sd += (x - s.mean) * (x - s.mean);
  s.sd = v.size() > 1 ? std::sqrt(s.sd / static_cast<double>(v.size() - 1)) : 0;
  return s;
}

json relative_check(const std::string& label, double paper, double observed, double tol) {
  const double rel = observed / paper - 1;
  return {{"label", label},
          {"paper", sig(paper, 5)},
          {"observed", fmt::format("{:.5g} ({:+.2f}%)", observed, 100 * rel)},
          {"tolerance", fmt::format("± {:g}%", 100 * tol)},
          {"pass", std::abs(rel) <= tol}};
}

// The 95% CI of a mean over n seeds (Student t, n − 1 degrees of freedom).
std::pair<double, double> mean_ci(const Stat& st, int n) {
  if (n < 2) return {st.mean, st.mean};
  const double t = boost::math::quantile(boost::math::complement(boost::math::students_t(n - 1.0), 0.025));
  const double half = t * st.sd / std::sqrt(double(n));
  return {st.mean - half, st.mean + half};
}

// relative_check under the equivalence rule of studies/core/verdict.hpp: the whole
// 95% CI [lo, hi] of observed/paper − 1 inside ± tol passes, wholly outside
// fails, else inconclusive; fewer than min_fit_points seeds are inconclusive.
// The rival sits at rival/paper − 1 (a CI inside rival ± tol fails).
json relative_ci_check(const std::string& label, double paper, double observed, double lo, double hi, double tol,
                       int samples, const json& source, double rival) {
  json c = relative_check(label, paper, observed, tol);
  const double rival_rel = rival / paper - 1;
  const OrderVerdict v = samples < min_fit_points
                             ? OrderVerdict{Verdict::inconclusive,
                                            fmt::format("{} seeds (fewer than {})", samples, min_fit_points)}
                             : interval_verdict(lo, hi, 0, tol, {rival_rel});
  c["rival"] = sig(rival, 5);
  c["rival_relative"] = sig(rival_rel, 4);
  c["observed"] = fmt::format("{:.5g} ({:+.2f}%, 95% CI [{:+.2f}%, {:+.2f}%] over {} seeds)", observed,
                              100 * (observed / paper - 1), 100 * lo, 100 * hi, samples);
  c["tolerance"] = fmt::format("whole 95% CI in ± {:g}%", 100 * tol);
  c["ci95"] = {lo, hi};
  c["tolerance_source"] = source;
  c["verdict"] = to_string(v.verdict);
  if (!v.reason.empty()) c["reason"] = v.reason;
  return c;
}

// A slope of log y against log x (x: N_I) under the rule of studies/core/verdict.hpp,
// data rule included (≥ min_fit_points values of N_I over ≥ a decade).
json slope_check(const std::string& label, const std::vector<double>& x, const std::vector<double>& y,
                 double expected, double tol, double rival, const json& source) {
  FitOptions fo;
  fo.window = FitWindow{*std::min_element(x.begin(), x.end()) * (1 - 1e-9),
                        *std::max_element(x.begin(), x.end()) * (1 + 1e-9)};
  const OrderFit f = fit_order(x, y, std::vector<bool>(x.size(), true), fo);
  const OrderVerdict v = order_verdict(f, expected, tol, {rival}, 0);
  json c = {{"label", label},
            {"paper", expected},
            {"observed", f.ok ? fmt::format("{:.4f}, 95% CI [{:.4f}, {:.4f}] ({} values of N_I)", f.order, f.ci_lo,
                                            f.ci_hi, f.points)
                              : "no fit: " + f.message},
            {"tolerance", fmt::format("whole 95% CI in {} ± {}", expected, tol)},
            {"ci95", {f.ci_lo, f.ci_hi}},
            {"rival", rival},
            {"tolerance_source", source},
            {"verdict", to_string(v.verdict)},
            {"pass", v.verdict == Verdict::pass}};
  if (!v.reason.empty()) c["reason"] = v.reason;
  return c;
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

// ω and τ of every (N_I, seed) CD run, fitted.
struct Sweep {
  std::vector<std::vector<ModeFit>> fits;  // [n_i][seed]
  std::vector<std::vector<Trace>> first;   // [n_i][0]: the seed-1 trace, for figures
  std::vector<Stat> omega, tau;
};

Sweep cd_sweep(const Spec& s, const StudyOptions& opt) {
  const std::size_t nn = s.n_i.size(), ns = static_cast<std::size_t>(s.seeds);
  Sweep sw;
  sw.fits.assign(nn, std::vector<ModeFit>(ns));
  sw.first.assign(nn, std::vector<Trace>(1));
  parallel_for(nn * ns, opt.jobs, [&](std::size_t k) {
    const std::size_t a = k / ns, b = k % ns;
    const int ni = s.n_i[a];
    auto tr = run_e1(s, ni, b + 1, cd::GapMode::positive, s.steps(ni));
    sw.fits[a][b] = fit_mode(s, tr, ni, fmt::format("CD seed {}", b + 1));
    if (b == 0) sw.first[a][0] = std::move(tr);
  });
  for (std::size_t a = 0; a < nn; ++a) {
    std::vector<double> w, t;
    for (const auto& f : sw.fits[a]) {
      w.push_back(f.fit.omega);
      t.push_back(f.fit.tau);
    }
    sw.omega.push_back(stat(w));
    sw.tau.push_back(stat(t));
  }
  return sw;
}

std::size_t index_of(const Spec& s, int ni) {
  return static_cast<std::size_t>(std::find(s.n_i.begin(), s.n_i.end(), ni) - s.n_i.begin());
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

// ---------------------------------------------------------------- sound ----

ClaimResult run_sound(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt) {
  const Spec s(claim, spec);
  const auto sw = cd_sweep(s, opt);
  CheckList checks;
  for (int ni : s.checked) {
    const auto a = index_of(s, ni);
    const auto pr = s.predict(ni);
    const auto [wl, wh] = mean_ci(sw.omega[a], s.seeds);
    const auto [tl, th] = mean_ci(sw.tau[a], s.seeds);
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

// ----------------------------------------------------- equivalent chain ----

// E1 as the linear spring–dashpot chain (65), κ = q m N_I/Δt² (67),
// γ = q m N_I/Δt (68), in the Chain model's coordinates: bead j is disk
// N−1−j, x_j = −(displacement of the disk), the wall right of bead N−1.
Problem<double> equivalent_chain(const Spec& s, int ni, double stiffness_factor) {
  const int n = s.disks;
  const double kappa = stiffness_factor * s.q * ni, gamma = s.q * ni;
  Problem<double> pr;
  pr.scenario = "cd-equivalent-chain";
  pr.chain.m.assign(n, 1.0);
  pr.chain.K.assign(n, 0.0);
  pr.chain.law = contact_law_info("spring-dashpot").law<double>();
  pr.chain.wall = true;
  // The wall contact has m_n = m (not m/2): by the mirror image it is half a
  // disk–disk contact, so twice as stiff and as viscous.
  pr.chain.k.assign(n, kappa);
  pr.chain.k.back() = 2 * kappa;
  pr.chain.gamma.assign(n, gamma / kappa);  // damping force β γ_j k_j δ̇ with β = 1
  pr.chain.force.assign(n, 0.0);
  pr.chain.force[0] = s.force;
  pr.y0 = Vec<double>::Zero(2 * n);
  for (int j = 0; j < n; ++j) pr.y0[2 * j] = -1.0;  // one diameter from the wall, touching each other
  pr.t_end = s.steps(ni);
  return pr;
}

Trace chain_trace(const Spec& s, int ni, double stiffness_factor, const StudyOptions& opt, json& provenance) {
  const auto pr = equivalent_chain(s, ni, stiffness_factor);
  std::vector<double> times;
  for (int k = 0; k <= static_cast<int>(pr.t_end); ++k) times.push_back(k);
  ReferenceOptions ro = opt.reference;
  if (ro.method.empty()) ro.method = "adams";
  const auto ref = cached_reference(pr, times, ro, opt.cache_dir);
  Trace tr;
  const double x_start = 0.5 + s.disks;
  for (std::size_t i = 0; i < times.size(); ++i) {
    tr.t.push_back(times[i]);
    tr.x.push_back(0.5 + (s.disks - 1) - ref.states[i][0]);  // centre of the rightmost disk
    double ke = 0;
    for (int j = 0; j < s.disks; ++j) ke += ref.states[i][2 * j + 1] * ref.states[i][2 * j + 1] / 2;
    tr.ke.push_back(ke);
    tr.work.push_back(s.force * (x_start - tr.x.back()));
  }
  const auto& p = ref.provenance;
  tr.t_linear = p.event_times.empty() ? 0 : p.event_times.back();
  provenance = {{"solver", p.solver}, {"method", p.method}, {"rtol", p.rtol}, {"atol", p.atol}, {"steps", p.steps},
                {"events", p.event_times.size()}, {"last_event", tr.t_linear}, {"error_estimate", p.error_estimate}};
  return tr;
}

ClaimResult run_equivalent_chain(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt) {
  const Spec s(claim, spec);
  const double stiffness_factor = spec.stiffness_factor;
  const auto sw = cd_sweep(s, opt);
  std::vector<Trace> traces(s.checked.size());
  std::vector<json> prov(s.checked.size());
  std::vector<ModeFit> fits(s.checked.size());
  parallel_for(s.checked.size(), opt.jobs, [&](std::size_t i) {
    traces[i] = chain_trace(s, s.checked[i], stiffness_factor, opt, prov[i]);
    fits[i] = fit_mode(s, traces[i], s.checked[i], "spring–dashpot chain");
  });
  CheckList checks;
  json rows = json::array();
  for (std::size_t i = 0; i < s.checked.size(); ++i) {
    const int ni = s.checked[i];
    const auto a = index_of(s, ni);
    const auto pr = s.predict(ni);
    const auto& f = fits[i].fit;
    // The CD side is a mean over seeds: its CI gives the ratio's.
    const auto [wl, wh] = mean_ci(sw.omega[a], s.seeds);
    const auto [tl, th] = mean_ci(sw.tau[a], s.seeds);
    // The rival, a chain with κ and γ of q = rival_q, sits where the
    // predictions put it relative to the CD runs' mean.
    const auto rv = s.predict_rival(ni);
    auto ck = relative_ci_check(fmt::format("N_I = {}: ω of the CVODE spring–dashpot chain against the CD runs "
                                            "(paper: the same mode; rival: the chain with q = {:g})",
                                            ni, s.rival_q),
                                sw.omega[a].mean, f.omega, f.omega / wh - 1, f.omega / wl - 1, s.tol, s.seeds,
                                source_of(claim.record, "tolerance"), sw.omega[a].mean * rv.omega / pr.omega);
    ck["paper"] = fmt::format("CD: {:.5g}", sw.omega[a].mean);
    checks.add(ck);
    ck = relative_ci_check(fmt::format("N_I = {}: τ of the CVODE chain against the CD runs (rival: the chain with q = "
                                       "{:g})",
                                       ni, s.rival_q),
                           sw.tau[a].mean, f.tau, f.tau / th - 1, f.tau / tl - 1, s.tol, s.seeds,
                           source_of(claim.record, "tolerance"), sw.tau[a].mean * rv.tau / pr.tau);
    ck["paper"] = fmt::format("CD: {:.5g}", sw.tau[a].mean);
    checks.add(ck);
    rows.push_back({ni, sig(stiffness_factor * s.q * ni, 5), sig(s.q * ni, 5), sig(pr.omega, 5),
                    sig(sw.omega[a].mean, 5), sig(f.omega, 5), sig(f.se_omega, 2), sig(pr.tau, 5),
                    sig(sw.tau[a].mean, 5), sig(f.tau, 5), sig(f.se_tau, 2), sig(fits[i].t0, 4),
                    sig(sw.fits[a][0].fit.x0, 6), sig(f.x0, 6)});
  }
  json figures = json::array();
  for (std::size_t i = 0; i < s.checked.size(); ++i) {
    const int ni = s.checked[i];
    const auto& cdt = sw.first[index_of(s, ni)][0];
    std::vector<double> t, x;
    for (std::size_t k = 0; k < cdt.t.size() && cdt.t[k] <= fits[i].t1; ++k) {
      t.push_back(cdt.t[k]);
      x.push_back(cdt.x[k]);
    }
    auto fig = trajectory_figure(
        fmt::format("{}-trajectory-{}", claim.id, ni),
        fmt::format("Rightmost disk: CD (N_I = {}) and the equivalent spring–dashpot chain (CVODE)", ni),
        fmt::format("Blue: CVODE on the linear spring–dashpot chain κ = {:.4g}, γ = {:.4g} (wall contact 2κ, 2γ); "
                    "red: its fit of (64) on the window after its last contact event (t = {:.4g}); green dashes: (64) "
                    "with ω, τ of (58), (60). Orange: the CD run (seed 1, random sweep, g_pos). Trajectories differ "
                    "in the non-linear bouncing phase and in the final compression (CD overlaps depend on history), "
                    "not in the mode.",
                    stiffness_factor * s.q * ni, s.q * ni, traces[i].t_linear),
        traces[i], fits[i], "spring–dashpot chain, CVODE", 0);
    fig["series"].push_back(line_series("CD, rightmost disk (seed 1)", t, x, "lines", "#ff7f0e"));
    figures.push_back(fig);
  }
  json rec = result_head(claim, checks.pass);
  rec["checks"] = checks.items;
  rec["tables"] = json::array(
      {{{"title", "Fundamental mode: CD (mean over seeds) against the CVODE spring–dashpot chain (67), (68)"},
        {"columns", {"N_I", "κ", "γ", "ω (58)", "ω CD", "ω chain", "s.e.", "τ (60)", "τ CD", "τ chain", "s.e.",
                     "chain window from", "x0 CD (seed 1)", "x0 chain"}},
        {"rows", rows}},
       sweep_table(s, sw)});
  rec["figures"] = figures;
  rec["reference"] = prov;
  return {rec, checks.pass, checks.summary(claim)};
}

// -------------------------------------------------------------- raw gap ----

ClaimResult run_raw_gap(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt) {
  const Spec s(claim, spec);
  const auto passive = spec.raw_gap.passive, pumping = spec.raw_gap.pumping;
  const double pump_min = spec.raw_gap.pump_min, passive_max = spec.raw_gap.passive_max;
  const int rest_steps = spec.raw_gap.rest_steps, hold_steps = spec.raw_gap.hold_steps;
  const int ni = s.n_i.front(), steps = s.steps(ni);
  const double e_impact = s.force * 1.0;  // work of F over the initial gap d: the kinetic energy at impact

  // (a) E1 with either law: energy created = max_t (E_kin − W_F), W_F the work of the external force.
  // (b) the rest state of a g_pos run (overlaps, R = F), continued with either law.
  struct Out {
    Trace tr;
    double created = 0, hold_ke = 0, rest_ke = 0, rest_overlap = 0;
    std::vector<double> hold_t, hold_e;
  };
  std::vector<Out> out(2);
  parallel_for(2, opt.jobs, [&](std::size_t i) {
    const auto mode = i == 0 ? passive : pumping;
    auto& o = out[i];
    o.tr = run_e1(s, ni, 1, mode, steps);
    o.created = -1e300;  // over t > 0: at t = 0 both vanish
    for (std::size_t k = 1; k < o.tr.t.size(); ++k) o.created = std::max(o.created, o.tr.ke[k] - o.tr.work[k]);
    auto ch = make_e1(s, ni, 1, cd::GapMode::positive);
    for (int k = 0; k < rest_steps; ++k) ch.step();
    o.rest_ke = ch.kinetic_energy();
    for (int c = 0; c < ch.contacts(); ++c) o.rest_overlap += std::max(-ch.gap(c), 0.0);
    ch.set_gap_mode(mode);
    for (int k = 0; k < hold_steps; ++k) {
      ch.step();
      o.hold_ke = std::max(o.hold_ke, ch.kinetic_energy());
      o.hold_t.push_back(k + 1);
      o.hold_e.push_back(std::max(ch.kinetic_energy() / e_impact, 1e-40));
    }
  });
  const auto pn = cd::to_string(passive), pm = cd::to_string(pumping);
  CheckList checks;
  auto bound = [&](const std::string& label, double observed, double limit, bool upper) {
    checks.add({{"label", label},
                {"paper", upper ? "no energy pumped in" : "kinetic energy pumped in"},
                {"observed", fmt::format("{:.3g}", observed)},
                {"tolerance", fmt::format("{} {:g}", upper ? "≤" : "≥", limit)},
                {"pass", upper ? observed <= limit : observed >= limit}});
  };
  bound(fmt::format("{}: max over t of (E_kin − W_F)/E_impact in E1 (N_I = {})", pn, ni), out[0].created / e_impact,
        passive_max, true);
  bound(fmt::format("{}: max over t of (E_kin − W_F)/E_impact in E1", pm), out[1].created / e_impact, pump_min, false);
  bound(fmt::format("{}: max E_kin/E_impact over {} steps from the g_pos rest state (t = {})", pn, hold_steps,
                    rest_steps),
        out[0].hold_ke / e_impact, passive_max, true);
  bound(fmt::format("{}: max E_kin/E_impact over {} steps from the same rest state", pm, hold_steps),
        out[1].hold_ke / e_impact, pump_min, false);

  auto ke_series = [&](const Trace& tr, const std::string& title, const std::string& color) {
    std::vector<double> y;
    for (double e : tr.ke) y.push_back(std::max(e / e_impact, 1e-40));
    return line_series(title, tr.t, y, "lines", color);
  };
  auto excess_series = [&](const Trace& tr, const std::string& title, const std::string& color) {
    std::vector<double> y;
    for (std::size_t k = 0; k < tr.t.size(); ++k) y.push_back((tr.ke[k] - tr.work[k]) / e_impact);
    return line_series(title, tr.t, y, "lines", color);
  };
  json figures = {
      {{"name", claim.id + "-energy"},
       {"type", "lines"},
       {"title", "E1 with g_pos and with the raw gap: energy balance"},
       {"caption", fmt::format("(E_kin − W_F)/E_impact, W_F the work done by the external force on the rightmost "
                               "disk, E_impact = F d = {} (N_I = {}, seed 1). A passive scheme stays ≤ 0.",
                               e_impact, ni)},
       {"xlabel", "t / Δt"},
       {"ylabel", "(E_kin − W_F) / E_impact"},
       {"series",
        {excess_series(out[0].tr, pn, "#1f77b4"), excess_series(out[1].tr, pm, "#d62728")}}},
      {{"name", claim.id + "-kinetic"},
       {"type", "lines"},
       {"title", "Kinetic energy in E1, g_pos against the raw gap"},
       {"caption", "E_kin/E_impact; with the raw gap the overlaps created by the incomplete iteration are pushed "
                   "apart, which feeds the motion."},
       {"xlabel", "t / Δt"},
       {"ylabel", "E_kin / E_impact"},
       {"logy", true},
       {"series", {ke_series(out[0].tr, pn, "#1f77b4"), ke_series(out[1].tr, pm, "#d62728")}}},
      {{"name", claim.id + "-rest"},
       {"type", "lines"},
       {"title", "Equilibrium with overlaps, continued with either law"},
       {"caption", fmt::format("The g_pos chain at t = {} (at rest to E_kin/E_impact = {:.2g}, total overlap {:.4g} d), "
                               "continued for {} steps with g_pos and with the raw gap.",
                               rest_steps, out[0].rest_ke / e_impact, out[0].rest_overlap, hold_steps)},
       {"xlabel", "steps after the switch"},
       {"ylabel", "E_kin / E_impact"},
       {"logy", true},
       {"series",
        {line_series(pn, out[0].hold_t, out[0].hold_e, "lines", "#1f77b4"),
         line_series(pm, out[1].hold_t, out[1].hold_e, "lines", "#d62728")}}}};
  json rec = result_head(claim, checks.pass);
  rec["checks"] = checks.items;
  rec["figures"] = figures;
  rec["tables"] = json::array(
      {{{"title", "Energy created by each law (units of E_impact = F d)"},
        {"columns", {"law", "max (E_kin − W_F), E1", "max E_kin, E1", "rest state: E_kin, total overlap / d",
                     "max E_kin after the switch"}},
        {"rows",
         {{pn, sig(out[0].created / e_impact, 4),
           sig(*std::max_element(out[0].tr.ke.begin(), out[0].tr.ke.end()) / e_impact, 4),
           fmt::format("{:.2g}, {:.4g}", out[0].rest_ke / e_impact, out[0].rest_overlap), sig(out[0].hold_ke / e_impact, 4)},
          {pm, sig(out[1].created / e_impact, 4),
           sig(*std::max_element(out[1].tr.ke.begin(), out[1].tr.ke.end()) / e_impact, 4),
           fmt::format("{:.2g}, {:.4g}", out[1].rest_ke / e_impact, out[1].rest_overlap),
           sig(out[1].hold_ke / e_impact, 4)}}}}});
  return {rec, checks.pass, checks.summary(claim)};
}

// ------------------------------------------------------------ shock law ----

ClaimResult run_shock_law(const Claim& claim, const ContactDynamicsSpec& spec) {
  const double tol = spec.tolerance;
  const auto gap_mode = spec.gap;
  CheckList checks;
  json rows = json::array();
  for (const auto& c : spec.cases) {
    const double m0 = c.m0, m1 = c.m1, v0 = c.v0, v1 = c.v1, g = c.gap, dt = c.dt;
    const bool wall = m0 == 0;
    cd::Parameters p;
    p.dt = dt;
    p.sweeps = 1;  // one contact: one sweep solves it exactly
    p.gap = gap_mode;
    // Disk 1 right of disk 0 (or of the wall, when m0 = 0).
    auto ch = wall ? cd::Chain1D({m1}, {0.5 + g}, {v1}, {}, true, p)
                   : cd::Chain1D({m0, m1}, {0.0, 1.0 + g}, {v0, v1}, {}, false, p);
    auto vn = [&] { return wall ? ch.v()[0] : ch.v()[1] - ch.v()[0]; };
    auto momentum = [&] { return wall ? 0.0 : m0 * ch.v()[0] + m1 * ch.v()[1]; };
    const double vn0 = vn(), p0 = momentum();
    const double scale = std::max({std::abs(g), std::abs(vn0) * dt, 1e-300});
    ch.step();
    const double g1 = ch.gap(0), vn1 = vn();
    ch.step();
    const double g2 = ch.gap(0), vn2 = vn(), p2 = momentum();
    // The rigid e_n = 0 outcome: with contact, step 1 closes the gap (or, for
    // an overlap under g_pos, stops its growth), step 2 leaves no relative motion.
    // The expectation is always the paper's law (g_pos); "gap": "raw" only changes the run.
    const double gp = std::max(g, 0.0);
    const bool contact = gp + vn0 * dt <= 0;
    const double g1_expected = contact ? g - gp : g + vn0 * dt, vn1_expected = contact ? -gp / dt : vn0;
    const double vn2_expected = contact ? 0 : vn0;
    const double e1 = std::abs(g1 - g1_expected) / scale, e2 = std::abs(vn1 - vn1_expected) * dt / scale,
                 e3 = std::abs(vn2 - vn2_expected) * dt / scale;
    const double e4 = wall ? 0.0 : std::abs(p2 - p0) / ((m0 + m1) * std::max({std::abs(v0), std::abs(v1), 1e-300}));
    const double worst = std::max({e1, e2, e3, e4});
    const std::string label =
        fmt::format("{} m = ({}, {}), v = ({}, {}), gap {}, Δt {}: {}", wall ? "wall," : "two disks,", wall ? "∞" : fmt::format("{}", m0),
                    m1, wall ? 0.0 : v0, v1, g, dt,
                    contact ? (g >= 0 ? "gap closes in step 1, V_n = 0 after step 2" : "overlap kept, V_n = 0")
                            : "no contact: free flight");
    checks.add({{"label", label},
                {"paper", fmt::format("gap {:.6g} after step 1, V_n {:.6g} after step 1, {:.6g} after step 2",
                                      g1_expected, vn1_expected, vn2_expected)},
                {"observed", fmt::format("gap {:.6g}, V_n {:.6g}, {:.6g}; largest relative deviation {:.2g}", g1, vn1, vn2,
                                         worst)},
                {"tolerance", fmt::format("≤ {:g} (relative to max(|g|, |V_n| Δt))", tol)},
                {"pass", worst <= tol}});
    rows.push_back({wall ? "wall" : "disks", m0, m1, v0, v1, g, dt, contact, sig(g1, 8), sig(vn1, 8), sig(g2, 8),
                    sig(vn2, 8), sig(vn2 / vn0, 3), sig(worst, 2)});
  }
  json rec = result_head(claim, checks.pass);
  rec["checks"] = checks.items;
  rec["tables"] = json::array(
      {{{"title", fmt::format("One contact under the shock law (34), gap mode {}", cd::to_string(gap_mode))},
        {"columns", {"partner", "m0", "m1", "v0", "v1", "gap", "Δt", "contact", "gap after 1", "V_n after 1",
                     "gap after 2", "V_n after 2", "restitution V_n2/V_n0", "max rel. deviation"}},
        {"rows", rows}}});
  return {rec, checks.pass, checks.summary(claim)};
}

}  // namespace

ClaimResult run_contact_dynamics_claim(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt) {
  const auto wall = std::chrono::steady_clock::now();
  ClaimResult res = spec.check == "shock-law"          ? run_shock_law(claim, spec)
                    : spec.check == "sound"            ? run_sound(claim, spec, opt)
                    : spec.check == "equivalent-chain" ? run_equivalent_chain(claim, spec, opt)
                                                       : run_raw_gap(claim, spec, opt);
  const double seconds = seconds_since(wall);
  res.record["seconds"] = seconds;
  res.summary += fmt::format("\n  {:.2f} s", seconds);
  return res;
}

}  // namespace granconv
