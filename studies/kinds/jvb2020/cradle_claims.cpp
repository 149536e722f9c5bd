#include "studies/kinds/jvb2020/cradle_claims.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "schemes/scheme_catalogue.hpp"
#include "schemes/tailored_schemes.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/support/comparison.hpp"
#include "studies/support/catalogue_fields.hpp"
#include "studies/support/record_helpers.hpp"
#include "studies/core/step_grid_field.hpp"

namespace granconv {

namespace {

using nlohmann::json;


// One bead's displacement history on the grid.
std::vector<double> bead_x(const std::vector<Vec<double>>& xv, int bead) {
  std::vector<double> out(xv.size());
  for (std::size_t k = 0; k < xv.size(); ++k) out[k] = xv[k][2 * bead];
  return out;
}

struct Peak {
  double t = 0, value = 0;
  bool interior = false;  // a strict local maximum inside the window (not at an end)
};

// The largest sample of y on [t0, t1], refined by the parabola through it and
// its two neighbours when it is interior.
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

struct PeriodSpread {
  double t_mid = 0, max_over_min = 0, cv = 0;
  std::vector<double> amplitude;  // per bead
};

// Oscillation amplitudes A_n = (max − min)/2 of every bead over each full
// local period [jP, (j+1)P], and their spread across beads.
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

json heatmap(const std::string& name, const std::string& title, const std::string& caption,
             const std::vector<double>& t, const std::vector<Vec<double>>& xv, int beads, double zmax) {
  const std::size_t stride = (t.size() + 599) / 600;
  std::vector<double> x, y;
  for (std::size_t k = 0; k < t.size(); k += stride) x.push_back(t[k]);
  json z = json::array();
  for (int n = 0; n < beads; ++n) {
    y.push_back(n + 1);
    std::vector<double> row;
    for (std::size_t k = 0; k < t.size(); k += stride) row.push_back(sig(xv[k][2 * n], 5));
    z.push_back(row);
  }
  return {{"name", name}, {"type", "heatmap"}, {"title", title}, {"caption", caption}, {"xlabel", "t"},
          {"ylabel", "bead n"}, {"zlabel", "x_n(t)"}, {"x", x}, {"y", y}, {"z", z}, {"zmax", zmax}};
}

// A value check of the catalogue: its expected number (under `key`), tolerance,
// the rival it rules out and the sources (checked on load by catalogue_rules).
CradleSpec::Value read_value(FieldReader& f, const char* key) {
  CradleSpec::Value v;
  v.expected = f.req<double>(key);
  v.tolerance = f.req<double>("tolerance", positive());
  v.rival = f.req<double>("rival");
  v.rival_note = f.req<std::string>("rival_note");
  v.tolerance_source = source_of(f.json(), "tolerance");
  return v;
}

// A check entry of a catalogue value, carrying its rival and source.
json value_check(const std::string& label, const CradleSpec::Value& v, double observed, int digits) {
  json ch = check_entry(label, v.expected, sig(observed, digits), fmt::format("± {:g} (absolute)", v.tolerance),
                        std::abs(observed - v.expected) <= v.tolerance);
  ch["rival"] = v.rival;
  ch["rival_note"] = v.rival_note;
  ch["tolerance_source"] = v.tolerance_source;
  return ch;
}

// Half the peak-to-peak range of the mean displacement (1/N) Σ x_n over
// [t0, t1]: the in-phase motion, on which the contact forces cancel.
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

}  // namespace

CradleSpec parse_cradle_spec(FieldReader& r) {
  CradleSpec s;
  const auto sc = read_scenario(r, "cradle");
  s.scenario = sc.scenario;
  s.params = sc.params;
  r.one_of("scheme", {"theta"}, "theta");  // the kind runs the additive θ method
  s.h = r.req<double>("h", positive());
  s.theta = r.req<double>("theta", between(0.5, 1));
  s.histories_window = r.interval("histories_window", false);
  s.first_max = r.opt_object("first_max", [](FieldReader& f) {
    CradleSpec::FirstMax m;
    static_cast<CradleSpec::Value&>(m) = read_value(f, "paper");
    m.bead = f.req<int>("bead", at_least(1));
    m.window = f.interval("window", true).value_or(std::vector<double>{0, 0});
    return m;
  });
  s.sup_errors = r.opt_object("sup_errors", [](FieldReader& f) {
    CradleSpec::SupErrors e;
    e.x = f.object("x", [](FieldReader& g) { return read_value(g, "paper"); });
    e.v = f.object("v", [](FieldReader& g) { return read_value(g, "paper"); });
    e.relative_paper = f.maybe<double>("relative_paper");
    e.relative_paper_tolerance = f.maybe<double>("relative_paper_tolerance", positive());
    f.check(e.relative_paper.has_value() == e.relative_paper_tolerance.has_value(), "relative_paper",
            "comes with relative_paper_tolerance, and only with it");
    return e;
  });
  s.in_phase = r.opt_object("in_phase", [](FieldReader& f) { return read_value(f, "expected"); });
  s.sync = r.opt_object("sync", [](FieldReader& f) {
    return CradleSpec::Sync{f.req<double>("late_max_over_min", positive()), f.req<double>("cv_ratio", positive())};
  });
  s.heatmaps = r.opt<bool>("heatmaps", false);
  if (r.ok()) try {
      const auto pr = make_problem<double>(s.scenario, s.params);
      check_run_budget(r, "h", s.h, pr.t_end, static_cast<std::size_t>(pr.y0.size()));
    } catch (const std::exception& e) {
      r.problem("scenario", e.what());
    }
  return s;
}

ClaimResult run_cradle_claim(const Claim& claim, const CradleSpec& spec, const StudyOptions& opt) {
  const auto wall = std::chrono::steady_clock::now();
  const auto& params = spec.params;
  const auto pr = make_problem<double>(spec.scenario, params);
  const double h = spec.h;
  const int beads = pr.chain.beads();
  const double m = pr.chain.m.front(), K = pr.chain.K.front();
  if (!(K > 0)) throw std::invalid_argument("claim '" + claim.id + "': the cradle needs K > 0");
  const double period = 2 * std::numbers::pi * std::sqrt(m / K);

  // θ and μ as the constructed scheme steps with them (theta_parameters is
  // what the θ scheme itself calls), against the paper's printed θ.
  const auto [theta, mu] = theta_parameters(opt.scheme, pr.chain, h);
  const double theta_paper = spec.theta;

  ComparisonOptions co;
  co.keep_states = true;
  co.reference = opt.reference;
  co.cache_dir = opt.cache_dir;
  const auto t_cmp = std::chrono::steady_clock::now();
  const Comparison c = compare_with_reference(pr, make_scheme<double>("theta", opt.scheme), Formulation::xv, h, co);
  const double cmp_seconds = seconds_since(t_cmp);
  const auto& prov = c.reference_provenance;
  const long events = prov.value("events", 0L), ref_steps = prov.value("steps", 0L);
  const auto event_times = prov.value("event_times", std::vector<double>{});

  json checks = json::array();
  bool pass = true;
  auto add = [&](json ch) {
    pass = pass && ch.at("pass").get<bool>();
    checks.push_back(std::move(ch));
  };
  std::string summary_extra;

  json figures = json::array(), tables = json::array();
  const std::string paper_item = claim.item;
  // θ and μ as the scheme steps with them, beside the paper's: information.
  // A perturbed scheme has to be caught by the cradle's motion (the checks).
  tables.push_back({{"title", "Parameters of the additive θ method as run (information, not a check)"},
                    {"columns", {"parameter", "paper", "as run"}},
                    {"rows",
                     {{"θ (fixed by (41): 1/2 + γ/(2h))", theta_paper, sig(theta, 12)},
                      {"μ (= θ: no local numerical damping)", theta_paper, sig(mu, 12)}}}});

  // Fig. 4: the bead's maximal deflection after the initial impact.
  if (spec.first_max) {
    const auto& fm = *spec.first_max;
    const int bead = fm.bead;
    if (bead > beads) throw std::invalid_argument("claim '" + claim.id + "': first_max.bead out of range");
    const auto& win = fm.window;
    const Peak pr_ref = window_max(c.t, bead_x(c.reference_xv, bead - 1), win.at(0), win.at(1));
    const Peak pr_sch = window_max(c.t, bead_x(c.scheme_xv, bead - 1), win.at(0), win.at(1));
    const double rel = (pr_sch.value - pr_ref.value) / pr_ref.value;
    // The rival, run beside: the classical θ method (μ = 1 − θ) over the window.
    SchemeOptions rival_options = opt.scheme;
    rival_options.mu = 1 - theta;
    const Scheme<double> rival_scheme = make_scheme<double>("theta", rival_options);
    const long rival_steps = std::lround(std::ceil(win.at(1) / h));
    std::vector<double> rival_t{0.0}, rival_x{pr.y0[2 * (bead - 1)]};
    rival_t.reserve(std::size_t(rival_steps) + 1);
    rival_x.reserve(std::size_t(rival_steps) + 1);
    rival_scheme.run(pr.chain, Formulation::xv, pr.y0, h, rival_steps,
                     [&](long k, const Vec<double>& xv) {
                       rival_t.push_back(double(k) * h);
                       rival_x.push_back(xv[2 * (bead - 1)]);
                     },
                     pr.exact);
    const Peak pr_rival = window_max(rival_t, rival_x, win.at(0), win.at(1));
    const double rel_rival = (pr_rival.value - pr_ref.value) / pr_ref.value;
    json ch = value_check(fmt::format("relative error of bead {}'s maximal deflection after the initial impact "
                                      "(t ∈ [{}, {}])",
                                      bead, win.at(0), win.at(1)),
                          fm, std::abs(rel), 4);
    ch["pass"] = ch.at("pass").get<bool>() && pr_ref.interior && pr_sch.interior;
    add(ch);
    tables.push_back({{"title", fmt::format("Maximal deflection of bead {} after the initial impact", bead)},
                      {"columns", {"solution", "t of the maximum", "x_max", "relative error (x − x_ref)/x_ref"}},
                      {"rows",
                       {{"CVODE reference", sig(pr_ref.t, 6), sig(pr_ref.value, 6), ""},
                        {fmt::format("additive θ method, h = {}, θ = {:g}, μ = {:g}", h, theta, mu), sig(pr_sch.t, 6),
                         sig(pr_sch.value, 6), sig(rel, 4)},
                        {fmt::format("rival: classical θ method, μ = 1 − θ = {:g}", 1 - theta), sig(pr_rival.t, 6),
                         sig(pr_rival.value, 6), sig(rel_rival, 4)}}}});
    summary_extra += fmt::format("\n  bead {} first maximum: reference {:.5f} at t = {:.2f}, scheme {:.5f} at t = {:.2f}, "
                                 "relative error {:.2f}% (paper ≈ {:g}% ± {:g} pp; rival μ = 1 − θ: {:.2f}%)",
                                 bead, pr_ref.value, pr_ref.t, pr_sch.value, pr_sch.t, 100 * rel, 100 * fm.expected,
                                 100 * fm.tolerance, 100 * rel_rival);
  }

  // Fig. 5 text: sup-norm errors over the whole run.
  const double rel_x = c.max_error_x / c.ref_sup_x, rel_v = c.max_error_v / c.ref_sup_v;
  if (spec.sup_errors) {
    const auto& se = *spec.sup_errors;
    add(value_check("sup-norm error of the displacements over the run", se.x, c.max_error_x, 4));
    add(value_check("sup-norm error of the velocities over the run", se.v, c.max_error_v, 4));
    if (se.relative_paper) {
      const double rp = *se.relative_paper, rpt = *se.relative_paper_tolerance;
      add(check_entry("displacement error / reference sup norm", rp, sig(rel_x, 4), fmt::format("± {} (absolute)", rpt),
                std::abs(rel_x - rp) <= rpt));
      add(check_entry("velocity error / reference sup norm", rp, sig(rel_v, 4), fmt::format("± {} (absolute)", rpt),
                std::abs(rel_v - rp) <= rpt));
    }
  }
  tables.push_back({{"title", fmt::format("Errors of the additive θ method (h = {}) over t ∈ [0, {}]", h, pr.t_end)},
                    {"columns", {"quantity", "displacements", "velocities"}},
                    {"rows",
                     {{"max over grid times of the sup-norm error", sig(c.max_error_x, 4), sig(c.max_error_v, 4)},
                      {"sup norm of the reference", sig(c.ref_sup_x, 4), sig(c.ref_sup_v, 4)},
                      {"relative error", sig(rel_x, 4), sig(rel_v, 4)}}}});

  // Synchronisation: spread of the amplitudes across beads, per local period.
  const auto spread_ref = amplitude_spread(c.t, c.reference_xv, beads, period);
  const auto spread_sch = amplitude_spread(c.t, c.scheme_xv, beads, period);
  if (spread_ref.size() < 2) throw std::invalid_argument("claim '" + claim.id + "': t_end shorter than two local periods");
  {
    json rows = json::array();
    for (std::size_t j = 0; j < spread_ref.size(); ++j)
      if (j < 4 || j + 4 >= spread_ref.size() || j % 8 == 0)
        rows.push_back({j + 1, sig(spread_ref[j].t_mid, 5), sig(spread_ref[j].max_over_min, 4), sig(spread_ref[j].cv, 4),
                        sig(spread_sch[j].max_over_min, 4), sig(spread_sch[j].cv, 4)});
    tables.push_back(
        {{"title", fmt::format("Amplitude spread across beads per local period 2π√(m/K) = {:.4f} (A_n = (max − min)/2 "
                               "of x_n over the period)",
                               period)},
         {"columns", {"period", "t (mid)", "reference max A/min A", "reference CV", "scheme max A/min A", "scheme CV"}},
         {"rows", rows}});
  }
  // No local numerical damping: the in-phase motion keeps its amplitude.
  {
    const double a_ref0 = in_phase_amplitude(c.t, c.reference_xv, beads, 0, period);
    const double a_sch0 = in_phase_amplitude(c.t, c.scheme_xv, beads, 0, period);
    const double t1 = spread_ref.back().t_mid + period / 2, t0 = t1 - period;
    const double a_ref1 = in_phase_amplitude(c.t, c.reference_xv, beads, t0, t1);
    const double a_sch1 = in_phase_amplitude(c.t, c.scheme_xv, beads, t0, t1);
    const double v0 = pr.y0[1];
    tables.push_back(
        {{"title", fmt::format("In-phase motion (1/N) Σ x_n: half its peak-to-peak range over the first and the last "
                               "full local period (V/(N√(K/m)) = {:.6g} for the model, where the contact forces cancel)",
                               v0 / beads / std::sqrt(K / m))},
         {"columns", {"solution", "first period", fmt::format("last period (t ∈ [{:.1f}, {:.1f}])", t0, t1), "last / first"}},
         {"rows",
          {{"CVODE reference", sig(a_ref0, 6), sig(a_ref1, 6), sig(a_ref1 / a_ref0, 6)},
           {"additive θ method", sig(a_sch0, 6), sig(a_sch1, 6), sig(a_sch1 / a_sch0, 6)}}}});
    if (spec.in_phase)
      add(value_check(fmt::format("in-phase amplitude of the scheme, last / first full local period (t ∈ [{:.1f}, {:.1f}] "
                                  "against [0, {:.1f}])",
                                  t0, t1, period),
                      *spec.in_phase, a_sch1 / a_sch0, 6));
    summary_extra += fmt::format("\n  in-phase amplitude last/first period: reference {:.5f}, scheme {:.5f}",
                                 a_ref1 / a_ref0, a_sch1 / a_sch0);
  }
  if (spec.sync) {
    const double late_max = spec.sync->late_max_over_min, cv_ratio = spec.sync->cv_ratio;
    for (const auto* sp : {&spread_ref, &spread_sch}) {
      const std::string who = sp == &spread_ref ? "reference" : "scheme";
      const auto &early = sp->front(), &late = sp->back();
      add(check_entry(fmt::format("{}: max_n A_n / min_n A_n over the last full local period (t ∈ [{:.1f}, {:.1f}])", who,
                            late.t_mid - period / 2, late.t_mid + period / 2),
                "≈ 1 (almost equal amplitudes)", sig(late.max_over_min, 4), fmt::format("≤ {}", late_max),
                late.max_over_min <= late_max));
      add(check_entry(fmt::format("{}: coefficient of variation of the amplitudes over the last full local period "
                            "(first period: {:.4g})",
                            who, early.cv),
                "decreasing to ≈ 0", sig(late.cv, 4),
                fmt::format("≤ {} × first = {:.4g}", cv_ratio, cv_ratio * early.cv), late.cv <= cv_ratio * early.cv));
    }
    json series = json::array();
    for (const auto* sp : {&spread_ref, &spread_sch}) {
      std::vector<double> x, y;
      for (const auto& s : *sp) {
        x.push_back(sig(s.t_mid, 6));
        y.push_back(sig(s.max_over_min - 1, 5));
      }
      const bool r = sp == &spread_ref;
      series.push_back({{"title", r ? "CVODE reference" : fmt::format("additive θ method, h = {}", h)},
                        {"x", x}, {"y", y}, {"style", r ? "linespoints" : "dashes"},
                        {"color", r ? "#1f77b4" : "#d62728"}});
    }
    figures.push_back({{"name", claim.id + "-sync"},
                       {"type", "lines"},
                       {"title", "Synchronisation: spread of the oscillation amplitudes across beads"},
                       {"caption", fmt::format("max_n A_n / min_n A_n − 1 per local period (A_n = half the peak-to-peak "
                                               "displacement of bead n over [jP, (j+1)P], P = {:.4f}). Quantifies the "
                                               "synchronisation the paper shows qualitatively in {}.",
                                               period, paper_item)},
                       {"xlabel", "t"},
                       {"ylabel", "max A / min A − 1"},
                       {"logy", true},
                       {"series", series}});
  }

  // Fig. 4: time histories on a window.
  if (spec.histories_window) {
    const auto& win = *spec.histories_window;
    json series = json::array();
    for (int pass_i = 0; pass_i < 2; ++pass_i) {
      const auto& xv = pass_i == 0 ? c.reference_xv : c.scheme_xv;
      for (int n = 0; n < beads; ++n) {
        std::vector<double> x, y;
        for (std::size_t k = 0; k < c.t.size(); ++k)
          if (c.t[k] >= win.at(0) && c.t[k] <= win.at(1)) {
            x.push_back(c.t[k]);
            y.push_back(sig(xv[k][2 * n], 6));
          }
        std::string title;
        if (n == 0) title = pass_i == 0 ? "CVODE reference (beads 1–10)" : fmt::format("additive θ method, h = {}", h);
        series.push_back({{"title", title}, {"x", x}, {"y", y}, {"style", pass_i == 0 ? "lines" : "dashes"},
                          {"color", pass_i == 0 ? "#1f77b4" : "#d62728"}});
      }
    }
    figures.push_back(
        {{"name", claim.id + "-histories"},
         {"type", "lines"},
         {"title", fmt::format("Newton's cradle, k = {}: displacements of all beads", pr.chain.k.front())},
         {"caption",
          fmt::format("Reproduces {} on t ∈ [{}, {}]: reference of the KK model (42) (CVODE, rtol {:g}; the paper used "
                      "ode23s at 1e-8) solid blue, additive θ method (34) with θ = μ = {} and h = {} dashed red "
                      "(the paper solved (34) with fsolve at 1e-4; ours by Newton to round-off). During slow phases "
                      "the curves are beads 1…{} from bottom to top.",
                      paper_item, win.at(0), win.at(1), prov.value("rtol", 0.0), sig(theta, 6), h, beads)},
         {"xlabel", "t"},
         {"ylabel", "x_n(t)"},
         {"series", series}});
  }

  // Fig. 5: space–time diagrams.
  if (spec.heatmaps) {
    double zmax = 0;
    for (const auto& s : c.reference_xv)
      for (int n = 0; n < beads; ++n) zmax = std::max(zmax, s[2 * n]);
    for (int pass_i = 0; pass_i < 2; ++pass_i) {
      const bool r = pass_i == 0;
      figures.push_back(heatmap(
          claim.id + (r ? "-spacetime-reference" : "-spacetime-scheme"),
          r ? "Space–time diagram, CVODE reference" : fmt::format("Space–time diagram, additive θ method, h = {}", h),
          fmt::format("Reproduces the {} panel of {}: displacement x_n(t) of bead n against t over the whole run "
                      "(t ∈ [0, {}], sampled every {} time units; the paper's insets are not reproduced; the colour "
                      "scale is capped at the reference's maximum {:.4f}).",
                      r ? "left" : "right", paper_item, pr.t_end, h * double((c.t.size() + 599) / 600), zmax),
          c.t, r ? c.reference_xv : c.scheme_xv, beads, zmax));
    }
  }

  const double seconds = seconds_since(wall);
  json record = result_head(claim, pass);
  record["checks"] = checks;
  record["figures"] = figures;
  record["tables"] = tables;
  record["scenario"] = "cradle";
  record["params"] = params;
  record["scheme"] = "theta";
  record["scheme_label"] = fmt::format("additive θ method, h = {:g}, θ = {:g}, μ = {:g}", h, theta, mu);
  record["scheme_run"] = {{"h", h}, {"steps", c.steps}, {"theta", theta}, {"mu", mu}, {"seconds", c.seconds}};
  record["local_period"] = period;
  json ref = prov;
  ref.erase("event_times");
  ref["event_count"] = event_times.size();
  ref["first_event_times"] = std::vector<double>(event_times.begin(), event_times.begin() + std::min<std::size_t>(20, event_times.size()));
  ref["last_event_time"] = event_times.empty() ? 0.0 : event_times.back();
  ref["seconds_with_scheme"] = cmp_seconds;
  record["reference"] = ref;
  record["seconds"] = seconds;

  std::string s = fmt::format("{} {}", pass ? "PASS" : "FAIL", claim.id);
  s += fmt::format("\n  θ = {:.6g}, μ = {:.6g}; sup errors x {:.4g} (rel {:.2f}%), v {:.4g} (rel {:.2f}%); amplitude "
                   "spread max/min: first period ref {:.3g} / scheme {:.3g}, last ref {:.4g} / scheme {:.4g}",
                   theta, mu, c.max_error_x, 100 * rel_x, c.max_error_v, 100 * rel_v, spread_ref.front().max_over_min,
                   spread_sch.front().max_over_min, spread_ref.back().max_over_min, spread_sch.back().max_over_min);
  s += summary_extra;
  s += fmt::format("\n  reference: {} CVODE steps, {} contact events (last at t = {:.1f}); reference {:.2f} s (cache or "
                   "CVODE), scheme {:.2f} s, total {:.2f} s",
                   ref_steps, events, event_times.empty() ? 0.0 : event_times.back(), cmp_seconds - c.seconds,
                   c.seconds, seconds);
  for (const auto& ch : checks)
    if (!ch.at("pass").get<bool>()) s += "\n  failed: " + ch.at("label").get<std::string>();
  return {record, pass, s};
}

}  // namespace granconv
