#include "studies/study.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "models/scenarios.hpp"
#include "reference/reference_cache.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/parallel_for.hpp"
#include "studies/step_grid.hpp"

namespace granconv {

std::string model_name(const Chain<double>& c) {
  if (c.power_c != 0) return "on-site power y^q";
  if (c.drive != 0) return "smooth forcing";
  if (c.mollified()) return "mollified-kk";
  const bool damped = std::any_of(c.gamma.begin(), c.gamma.end(), [](double g) { return g != 0; });
  if (c.twice_alpha == 2) return damped ? "spring-dashpot" : "linear spring";
  if (!damped) return "hertz";
  if (c.twice_beta == 2) return "hertz-damped";
  if (c.twice_beta == 5) return "hunt-crossley";
  return "kk";
}

namespace {

struct Errors {
  double x = 0, v = 0;
};

bool final_time_only(const Claim& c) { return c.error_measure != "grid-max"; }

// The claim's error measure (Claim::error_measure) of one run with n steps:
// max over the grid times kh of the sup norms of the position and velocity
// errors, or the same at t_end only, or the final overlap error.
Errors grid_errors(const Claim& claim, const Scheme<double>& scheme, const Problem<double>& pr, Formulation f, long n,
                   const ReferenceSolution& ref) {
  const double t_end = pr.t_end;
  const bool final_only = final_time_only(claim);
  const bool overlap = claim.error_measure == "final-overlap";
  Errors e;
  auto measure = [&](long k, const Vec<double>& xv) {
    if (final_only && k != n) return;
    const double t = grid_time(t_end, k, n);
    const auto it = std::lower_bound(ref.times.begin(), ref.times.end(), t);
    if (it == ref.times.end() || *it != t) throw std::logic_error("reference lacks grid time");
    const Vec<double>& r = ref.states[static_cast<std::size_t>(it - ref.times.begin())];
    if (overlap) {
      e.x = std::abs((xv[0] - xv[2]) - (r[0] - r[2]));
      e.v = std::abs((xv[1] - xv[3]) - (r[1] - r[3]));
      return;
    }
    for (int i = 0; i < pr.chain.beads(); ++i) {
      e.x = std::max(e.x, std::abs(xv[2 * i] - r[2 * i]));
      e.v = std::max(e.v, std::abs(xv[2 * i + 1] - r[2 * i + 1]));
    }
  };
  measure(0, pr.y0);
  scheme.run(pr.chain, f, pr.y0, t_end / double(n), n, measure, pr.exact);
  return e;
}

nlohmann::json per_bead(const std::vector<Vec<double>>& states, int component) {
  nlohmann::json beads = nlohmann::json::array();
  if (states.empty()) return beads;
  const int n = static_cast<int>(states.front().size() / 2);
  for (int i = 0; i < n; ++i) {
    std::vector<double> series;
    series.reserve(states.size());
    for (const auto& s : states) series.push_back(s[2 * i + component]);
    beads.push_back(series);
  }
  return beads;
}

// Scheme markers at step h against a finely sampled reference: the
// trajectory panels of the paper's figures.
nlohmann::json trajectory(const Scheme<double>& scheme, Formulation f, const Problem<double>& pr, double h_wanted,
                          const StudyOptions& opt) {
  const double t_end = pr.t_end;
  const long n = std::max(1L, std::lround(t_end / h_wanted));
  std::vector<double> t{0.0};
  std::vector<Vec<double>> xs{pr.y0};
  scheme.run(pr.chain, f, pr.y0, t_end / double(n), n,
      [&](long k, const Vec<double>& xv) {
        t.push_back(grid_time(t_end, k, n));
        xs.push_back(xv);
      },
      pr.exact);
  const long fine = 1000;
  std::vector<double> rt;
  for (long k = 0; k <= fine; ++k) rt.push_back(grid_time(t_end, k, fine));
  ReferenceOptions ro = opt.reference;
  ro.estimate_error = false;
  const auto ref = cached_reference(pr, rt, ro, opt.cache_dir);
  return {{"h", t_end / double(n)},          {"t", t},
          {"scheme_x", per_bead(xs, 0)},     {"scheme_v", per_bead(xs, 1)},
          {"ref_t", rt},                     {"ref_x", per_bead(ref.states, 0)},
          {"ref_v", per_bead(ref.states, 1)}};
}

std::vector<double> all_grid_times(double t_end, const std::vector<long>& steps) {
  std::vector<double> times;
  for (long n : steps)
    for (long k = 0; k <= n; ++k) times.push_back(grid_time(t_end, k, n));
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

std::vector<double> reference_times(const Claim& claim, double t_end, const std::vector<long>& steps) {
  if (final_time_only(claim)) return {0.0, t_end};
  return all_grid_times(t_end, steps);
}

// The scenario with γ = gamma_per_h · h when the claim couples them.
Problem<double> problem_at(const Claim& claim, double h) {
  Parameters p = scenario_info(claim.scenario).defaults;
  for (const auto& a : claim.params) p.set_assignment(a);
  if (claim.gamma_per_h) p.set("gamma", *claim.gamma_per_h * h);
  return make_problem<double>(claim.scenario, p);
}

CheckResult evaluate_check(const OrderCheck& check, const std::vector<double>& h, const std::vector<double>& e,
                           const std::vector<bool>& usable) {
  CheckResult r;
  r.check = check;
  FitOptions fo;
  fo.window = check.window;
  fo.kind = FitKind::least_squares;
  r.least_squares = fit_order(h, e, usable, fo);
  fo.kind = FitKind::upper_envelope;
  r.envelope = fit_order(h, e, usable, fo);
  const OrderFit& f = r.used();
  if (!f.ok) {
    r.reason = "no fit: " + f.message;
  } else if (std::abs(f.order - check.expected_order) > check.tolerance) {
    r.reason = "observed order " + std::to_string(f.order) + " differs from " + std::to_string(check.expected_order) +
               " by more than " + std::to_string(check.tolerance);
  } else if (f.ci_hi - f.ci_lo > check.max_ci_width) {
    r.reason = "95% CI width " + std::to_string(f.ci_hi - f.ci_lo) + " exceeds " + std::to_string(check.max_ci_width);
  }
  r.pass = r.reason.empty();
  return r;
}

nlohmann::json fit_json(const OrderFit& f) {
  return {{"ok", f.ok},           {"order", f.order},           {"ci95", {f.ci_lo, f.ci_hi}},
          {"std_error", f.std_error}, {"intercept", f.intercept}, {"window", {f.h_min, f.h_max}},
          {"points", f.points},   {"window_source", f.window_source}, {"message", f.message}};
}

}  // namespace

StudyResult run_study(const Claim& claim, const StudyOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  StudyResult res;
  res.claim = claim;
  if (opt.expected_order)
    for (auto& c : res.claim.checks) c.expected_order = *opt.expected_order;

  const auto pr = make_problem<double>(claim.scenario, claim.params);
  const Formulation form = formulation_from_string(claim.formulation);
  SchemeOptions scheme_options = opt.scheme;
  if (scheme_options.start.empty()) scheme_options.start = claim.scheme_start;  // --start overrides
  const Scheme<double> scheme = opt.tableau ? runge_kutta_scheme(*opt.tableau, "tableau " + opt.tableau->name)
                                            : make_scheme<double>(claim.scheme, scheme_options);
  res.scheme_name = scheme.name;
  res.scheme_label = scheme.label;
  res.model = model_name(pr.chain);

  const double t_end = pr.t_end;
  res.steps = step_counts(t_end, claim.grid.h_max, claim.grid.h_min, claim.grid.per_decade);
  const std::size_t m = res.steps.size();
  res.h.resize(m);
  res.error.resize(m);
  res.error_x.resize(m);
  res.error_v.resize(m);
  res.floor.resize(m);
  std::vector<double> ref_error(m), ref_scale(m);
  auto scale_of = [](const ReferenceSolution& ref) {
    double s = 0;
    for (const auto& x : ref.states) s = std::max(s, x.cwiseAbs().maxCoeff());
    return s;
  };

  // A fixed scenario has one reference at the union of all grid times; with
  // γ coupled to h every step size has a reference of its own.
  std::optional<ReferenceSolution> shared;
  if (!claim.gamma_per_h) {
    shared = cached_reference(pr, reference_times(claim, t_end, res.steps), opt.reference, opt.cache_dir);
    res.reference = shared->provenance.to_json();
  }
  std::vector<nlohmann::json> provenance(m);
  std::atomic<std::size_t> done{0};
  parallel_for(m, opt.jobs, [&](std::size_t i) {
    const long n = res.steps[i];
    const double h = t_end / double(n);
    Errors e;
    if (shared) {
      e = grid_errors(claim, scheme, pr, form, n, *shared);
      ref_error[i] = shared->provenance.error_estimate;
      ref_scale[i] = scale_of(*shared);
    } else {
      const auto pr_h = problem_at(claim, h);
      const auto ref = cached_reference(pr_h, reference_times(claim, t_end, {n}), opt.reference, opt.cache_dir);
      e = grid_errors(claim, scheme, pr_h, form, n, ref);
      ref_error[i] = ref.provenance.error_estimate;
      ref_scale[i] = scale_of(ref);
      provenance[i] = ref.provenance.to_json();
    }
    res.h[i] = h;
    res.error_x[i] = e.x;
    res.error_v[i] = e.v;
    res.error[i] = final_time_only(claim) ? e.x : std::max(e.x, e.v);
    if (opt.progress) opt.progress(++done, m);
  });
  if (!shared) {
    // One provenance for the record (the finest step's), every estimate in the floor.
    res.reference = provenance.back();
    res.reference["per_step_size"] = "one reference per h (gamma = " + std::to_string(*claim.gamma_per_h) + " h)";
  }

  // Floor: what the reference itself may be off by, plus round-off that a
  // scheme accumulates like a random walk over n steps.
  const double eps = std::numeric_limits<double>::epsilon();
  for (std::size_t i = 0; i < m; ++i)
    res.floor[i] = ref_error[i] + std::sqrt(double(res.steps[i])) * eps * ref_scale[i];
  res.usable = above_floor(res.error, res.floor, opt.floor_factor);

  res.pass = true;
  for (const auto& c : res.claim.checks) {
    res.checks.push_back(evaluate_check(c, res.h, res.error, res.usable));
    res.pass = res.pass && res.checks.back().pass;
  }
  if (claim.trajectory_h)
    res.trajectory = trajectory(scheme, form, claim.gamma_per_h ? problem_at(claim, *claim.trajectory_h) : pr,
                                *claim.trajectory_h, opt);
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return res;
}

nlohmann::json StudyResult::to_json() const {
  nlohmann::json checks_json = nlohmann::json::array();
  for (const auto& c : checks) {
    const auto& f = c.used();
    checks_json.push_back({{"label", c.check.label},
                           {"window", c.check.window ? nlohmann::json{c.check.window->h_min, c.check.window->h_max}
                                                     : nlohmann::json(nullptr)},
                           {"fit", to_string(c.check.fit)},
                           {"expected_order", c.check.expected_order},
                           {"tolerance", c.check.tolerance},
                           {"max_ci_width", c.check.max_ci_width},
                           {"observed_order", f.order},
                           {"ci95", {f.ci_lo, f.ci_hi}},
                           {"fit_window", {f.h_min, f.h_max}},
                           {"points", f.points},
                           {"least_squares", fit_json(c.least_squares)},
                           {"upper_envelope", fit_json(c.envelope)},
                           {"envelope_order", c.envelope.order},
                           {"envelope_ci95", {c.envelope.ci_lo, c.envelope.ci_hi}},
                           {"pass", c.pass},
                           {"reason", c.reason}});
  }
  const auto& first = checks.front();
  nlohmann::json params = nlohmann::json::object();
  for (const auto& p : claim.params) {
    const std::string key = p.substr(0, p.find('=')), value = p.substr(p.find('=') + 1);
    std::size_t used = 0;
    double x = 0;
    try {
      x = std::stod(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    params[key] = used == value.size() ? nlohmann::json(x) : nlohmann::json(value);
  }
  nlohmann::json usable_json = nlohmann::json::array();
  for (bool u : usable) usable_json.push_back(u);
  return {{"study", claim.id},
          {"title", claim.title},
          {"source", {{"paper", claim.paper}, {"item", claim.item}}},
          {"figure_group", claim.figure_group},
          {"scheme", scheme_name},
          {"scheme_label", scheme_label},
          {"formulation", claim.formulation},
          {"model", model},
          {"scenario", claim.scenario},
          {"params", params},
          {"error_norm", claim.error_norm},
          {"error_measure", claim.error_measure},
          {"scheme_start", claim.scheme_start},
          {"notes", claim.notes},
          {"gamma_per_h", claim.gamma_per_h ? nlohmann::json(*claim.gamma_per_h) : nlohmann::json(nullptr)},
          {"steps", steps},
          {"h", h},
          {"error", error},
          {"error_x", error_x},
          {"error_v", error_v},
          {"floor", floor},
          {"usable", usable_json},
          {"checks", checks_json},
          {"observed_order", first.used().order},
          {"ci95", {first.used().ci_lo, first.used().ci_hi}},
          {"fit_window", {first.used().h_min, first.used().h_max}},
          {"expected_order", first.check.expected_order},
          {"tolerance", first.check.tolerance},
          {"pass", pass},
          {"reference", reference},
          {"trajectory", trajectory},
          {"seconds", seconds}};
}

}  // namespace granconv
