#include "studies/core/study.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <type_traits>

#include <fmt/format.h>

#include "fit/order_fit_json.hpp"
#include "models/scenario_file/scenario_file.hpp"
#include "models/memory_budget.hpp"
#include "models/scenarios.hpp"
#include "reference/cache/reference_cache.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/support/grid_errors.hpp"
#include "reference/extended/mp_reference.hpp"
#include "reference/streamed_reference.hpp"
#include "studies/support/distribution/cell_bytes.hpp"
#include "studies/support/distribution/computed_once.hpp"
#include "studies/support/distribution/distributed_for.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/support/round_off_floor.hpp"
#include "studies/support/step_grid.hpp"
#include "studies/support/streamed_grid_errors.hpp"
#include "studies/core/study_precision.hpp"

namespace granconv {

std::string model_name(const Chain<double>& c) {
  if (c.power_c != 0) return "on-site power y^q";
  if (c.drive != 0) return "smooth forcing";
  const bool damped = std::any_of(c.gamma.begin(), c.gamma.end(), [](double g) { return g != 0; });
  const ContactLawInfo* law =
      find_contact_law(c.law.twice_alpha, c.law.four_beta, c.mollified(), c.law.nontensile, damped);
  if (law) return law->result_name();
  // Exponents of the catalogue in a combination no row has (a test's chain).
  return "2α = " + std::to_string(c.law.twice_alpha) + ", 4β = " + std::to_string(c.law.four_beta) +
         (c.law.nontensile ? ", non-tensile" : "");
}

namespace {

bool final_time_only(const Claim& c) { return c.error_measure != "grid-max"; }

// The claim's error measure (Claim::error_measure) of one run with n steps.
template <class S, class Ref>
GridErrors claim_grid_errors(const Claim& claim, const Scheme<S>& scheme, const Problem<S>& pr, Formulation f, long n,
                             const Ref& ref) {
  const ErrorMeasure m = !final_time_only(claim)                  ? ErrorMeasure::grid_max
                         : claim.error_measure == "final-overlap" ? ErrorMeasure::final_overlap
                                                                  : ErrorMeasure::final_time;
  return grid_errors<S>(scheme, pr, f, n, ref.times, ref.states, m);
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

template <class S>
std::vector<S> reference_times(const Claim& claim, const S& t_end, const std::vector<long>& steps) {
  if (final_time_only(claim)) return {S(0), t_end};
  return all_grid_times(t_end, steps);
}

// The claim's problem: its scenario file, or the built-in scenario with its parameters.
template <class S>
Problem<S> claim_problem(const Claim& claim) {
  Problem<S> pr = claim.scenario_spec ? claim.scenario_spec->template problem<S>() : make_problem<S>(claim.scenario, claim.params);
  if (!claim.reference_method.empty()) pr.reference_method = claim.reference_method;
  return pr;
}

// The scenario with γ = gamma_per_h · h when the claim couples them.
template <class S = double>
Problem<S> problem_at(const Claim& claim, double h) {
  Parameters p = scenario_info(claim.scenario).defaults;
  for (const auto& a : claim.params) p.set_assignment(a);
  if (claim.gamma_per_h) p.set("gamma", *claim.gamma_per_h * h);
  Problem<S> pr = make_problem<S>(claim.scenario, p);
  if (!claim.reference_method.empty()) pr.reference_method = claim.reference_method;
  return pr;
}

// CVODE's error estimate is the difference from a second solve (at rtol/10,
// or the other method): an estimate, not a bound. Where a fit leans on errors
// within 100× of it, the record says so (ARKODE's erk9 with its rtol/10
// rerun is the reference to prefer there, issue 38).
std::string reference_margin_note(const StudyResult& res, const std::vector<double>& ref_error) {
  const std::string method = res.reference.value("method", std::string());
  if (method != "adams" && method != "bdf") return "";
  double smallest = std::numeric_limits<double>::infinity(), at_h = 0, estimate = 0;
  std::string label;
  for (const auto& c : res.checks) {
    const OrderFit& f = c.used();
    if (!f.ok) continue;
    for (std::size_t i = 0; i < res.h.size(); ++i)
      if (res.usable[i] && res.h[i] >= f.h_min * (1 - 1e-12) && res.h[i] <= f.h_max * (1 + 1e-12) &&
          res.error[i] < smallest)
        smallest = res.error[i], at_h = res.h[i], estimate = ref_error[i], label = c.check.label;
  }
  if (!std::isfinite(smallest) || !(estimate > 0) || smallest >= 100 * estimate) return "";
  return fmt::format("The smallest error fitted, {:.3g} (h = {:.3g}, check [{}]), is {:.3g} times the reference's error "
                     "estimate {:.3g}: CVODE ({}) estimates its error by the difference from a second solve, which is "
                     "not a bound, so within 100× of it an error may hold part of the reference's own.",
                     smallest, at_h, label, smallest / estimate, estimate, method);
}

// A sweep's peak: its cells side by side (one step size each, at most `jobs`
// of them), or the shared reference beside its estimate's rerun before them.
std::string memory_budget_problem(int beads, const StudyOptions& opt) {
  return chain_memory_problem(beads, std::max(2, opt.jobs), "claim's runs side by side (--jobs " +
                                                                std::to_string(opt.jobs) + ")");
}

// The study in scalar S: the scheme and the reference in S, errors, floor and
// fits in double.
template <class S>
StudyResult run_study_in(const Claim& claim, const StudyOptions& opt) {
  using P = Precision<S>;
  const auto start = std::chrono::steady_clock::now();
  StudyResult res;
  res.claim = claim;
  if (opt.expected_order)
    for (auto& c : res.claim.checks) c.expected_order = *opt.expected_order;

  const auto pr = claim_problem<S>(claim);
  const Formulation form = formulation_from_string(claim.formulation);
  SchemeOptions scheme_options = opt.scheme;
  if (scheme_options.start.empty()) scheme_options.start = claim.scheme_start;  // --start overrides
  const Scheme<S> scheme = P::scheme(claim, opt, scheme_options);
  res.scheme_name = scheme.name;
  res.scheme_label = scheme.label;
  res.precision = P::digits;
  if constexpr (std::is_same_v<S, double>)
    res.model = model_name(pr.chain);
  else
    res.model = model_name(claim_problem<double>(claim).chain);

  const double t_end = static_cast<double>(pr.t_end);
  bool streamable = false;
  if constexpr (std::is_same_v<S, double>) streamable = reference_streamable(claim, pr, opt.reference);
  if (opt.reference_mode == ComparisonMode::streamed && !streamable)
    throw std::invalid_argument("claim '" + claim.id + "': its reference cannot be streamed (an ARKODE method, "
                                "extended precision, or an error at the final time only, which keeps two states)");
  // Checked at load for catalogue claims; here too for claims built in code.
  if (const std::string why = grid_budget_problem(grid_budget(t_end, claim.grid.h_max, claim.grid.h_min,
                                                              claim.grid.per_decade, double(pr.y0.size()),
                                                              !final_time_only(claim) && !streamable));
      !why.empty())
    throw std::invalid_argument("claim '" + claim.id + "': its grid is refused: " + why);
  if (const std::string why = memory_budget_problem(pr.chain.beads(), opt); !why.empty())
    throw std::invalid_argument("claim '" + claim.id + "': " + why);
  res.steps = step_counts(t_end, claim.grid.h_max, claim.grid.h_min, claim.grid.per_decade);
  const std::size_t m = res.steps.size();
  res.h.resize(m);
  res.error.resize(m);
  res.error_x.resize(m);
  res.error_v.resize(m);
  res.floor.resize(m);
  res.diverged.resize(m);
  std::vector<double> ref_error(m), ref_scale(m);
  auto scale_of = [](const typename P::Reference& ref) {
    S s(0);
    for (const auto& x : ref.states) s = std::max<S>(s, x.cwiseAbs().maxCoeff());
    return static_cast<double>(s);
  };

  // The reference's scale at one run's output times. In DoubleDouble and Mp50
  // the floor takes it (as when every run had a reference of its own; in
  // double the scale is the whole reference's).
  auto scale_at = [](const typename P::Reference& ref, const std::vector<S>& times) {
    S s(0);
    auto it = ref.times.begin();
    for (const auto& t : times) {
      it = std::lower_bound(it, ref.times.end(), t);
      if (it == ref.times.end() || *it != t) throw std::logic_error("reference lacks grid time");
      s = std::max<S>(s, ref.states[static_cast<std::size_t>(it - ref.times.begin())].cwiseAbs().maxCoeff());
    }
    return static_cast<double>(s);
  };

  // A fixed scenario has one reference at the union of all grid times; with
  // γ coupled to h every step size has a reference of its own. In DoubleDouble
  // and Mp50 the error estimate is certified apart: once for a fixed
  // scenario, serving every run, and for each h with γ coupled to it. (Their
  // references once ran per step count, because each output time inside a
  // step cost a step; with the dense output a step's output times cost a
  // fraction of that, and one run at the union saves every other run's steps.)
  // Above kStreamAboveValues stored values (or when asked), a streamable
  // reference is streamed, nothing kept (studies/support/streamed_grid_errors.hpp):
  // the same bits, one more reference solve per group of step sizes (with γ
  // coupled to h, per step size).
  const GridBudget budget = grid_budget(t_end, claim.grid.h_max, claim.grid.h_min, claim.grid.per_decade, 1);
  const bool streamed =
      streamable &&
      (opt.reference_mode == ComparisonMode::streamed ||
       (opt.reference_mode == ComparisonMode::automatic &&
        (claim.gamma_per_h ? budget.finest_steps : budget.total_steps) * double(pr.y0.size()) > kStreamAboveValues));
  if (streamed && !claim.gamma_per_h && !(budget.total_steps <= kMaxStreamedUnionTimes))
    throw std::invalid_argument(fmt::format("claim '{}': its grid's {:.3g} grid times are above the limit of {:.3g} "
                                            "that a streamed reference holds",
                                            claim.id, budget.total_steps, kMaxStreamedUnionTimes));
  std::optional<typename P::Reference> shared;
  std::optional<StreamedReferenceSummary> shared_summary;
  std::optional<double> problem_error;
  if constexpr (std::is_same_v<S, double>)
    if (streamed && !claim.gamma_per_h) {
      shared_summary = summarise_streamed_reference(pr, reference_times(claim, pr.t_end, res.steps), opt.reference,
                                                    std::max(opt.jobs, 1));
      res.reference = shared_summary->provenance.to_json();
    }
  if (!claim.gamma_per_h && !streamed) {
    auto run_reference = [&] { return P::reference(pr, reference_times(claim, pr.t_end, res.steps), opt); };
    if constexpr (P::certified_apart) {
      // The certification and the reference are two cells, each computed
      // once, on two ranks or beside each other on two threads, and handed
      // to every rank as exact words (docs/cluster.md): the same bits either way.
      // The certification runs its own second thread only where a third is free.
      const int certify_jobs = std::max(1, opt.jobs - 1);
      // Each cell writes only its own results (the two run on two threads).
      computed_once({{[&] {
                        Provenance p;
                        P::reference_error(pr, claim_problem<Mp50>(claim), p, certify_jobs,
                                           opt.reference.max_seconds, opt.cache_dir);
                        CellWriter w;
                        w.put(p.error_estimate).put(p.to_json());
                        return w.take();
                      },
                      [&](std::string_view b) {
                        CellReader certified(b);
                        problem_error = certified.get<double>();
                        res.reference = certified.get_json();
                      }},
                     {[&] { return P::bytes_of(run_reference()); },
                      [&](std::string_view b) { shared = P::from_bytes(b); }}},
                    opt.jobs);
    } else {
      shared = run_reference();
      res.reference = shared->provenance.to_json();
    }
  }
  std::vector<nlohmann::json> provenance(m);
  // One cell per step size, on this process's threads or on MPI ranks
  // (studies/support/distribution/); a cell's result travels as bytes. The
  // largest step count goes first, so that no thread or rank is left alone
  // with the dearest run at the end (results do not depend on the order). A
  // failure rethrown is the one it always was: in double the smallest step
  // count's, in extended precision the largest's.
  DistributedLoop loop{.order = last_first(m), .jobs = opt.jobs, .progress = opt.progress,
                       .first_failure_by_index = !P::certified_apart};
  loop.compute = [&](std::size_t i) {
    const long n = res.steps[i];
    const double h = t_end / double(n);
    GridErrors e;
    double r_error, r_scale;
    nlohmann::json r_provenance;
    if constexpr (std::is_same_v<S, double>)
      if (streamed) {
        // With γ coupled to h (a fixed scenario's runs are grouped below):
        // as below, this h's reference, its provenance for the record.
        const Problem<double> pr_h = problem_at<double>(claim, h);
        const StreamedReferenceSummary summary =
            summarise_streamed_reference(pr_h, reference_times(claim, pr.t_end, {n}), opt.reference);
        r_provenance = summary.provenance.to_json();
        e = grid_errors_streamed(scheme, pr_h, form, n, opt.reference);
        CellWriter w;
        w.put(e.diverged_reason).put(e.x).put(e.v).put(summary.provenance.error_estimate).put(summary.scale)
            .put(r_provenance);
        return w.take();
      }
    if (shared) {
      e = claim_grid_errors(claim, scheme, pr, form, n, *shared);
      r_error = problem_error ? *problem_error : shared->provenance.error_estimate;
      r_scale = P::certified_apart ? scale_at(*shared, reference_times(claim, pr.t_end, {n})) : scale_of(*shared);
    } else {
      std::optional<Problem<S>> own;
      const Problem<S>& pr_h = claim.gamma_per_h ? own.emplace(problem_at<S>(claim, h)) : pr;
      auto ref = P::reference(pr_h, reference_times(claim, pr.t_end, {n}), opt);
      if (!problem_error) {
        if constexpr (P::certified_apart)
          P::reference_error(pr_h, problem_at<Mp50>(claim, h), ref.provenance, 1, opt.reference.max_seconds,
                             opt.cache_dir);
        r_provenance = ref.provenance.to_json();
      }
      e = claim_grid_errors(claim, scheme, pr_h, form, n, ref);
      r_error = problem_error ? *problem_error : ref.provenance.error_estimate;
      r_scale = scale_of(ref);
    }
    CellWriter w;
    w.put(e.diverged_reason).put(e.x).put(e.v).put(r_error).put(r_scale).put(r_provenance);
    return w.take();
  };
  // A step size's run and reference into the result: the errors (with the
  // divergence, if any), then the reference's estimate, scale and provenance.
  const auto apply_errors = [&](std::size_t i, CellReader& r) {
    res.h[i] = t_end / double(res.steps[i]);
    res.diverged[i] = r.get_string();
    res.error_x[i] = r.get<double>();
    res.error_v[i] = r.get<double>();
    res.error[i] = final_time_only(claim) ? res.error_x[i] : std::max(res.error_x[i], res.error_v[i]);
  };
  loop.apply = [&](std::size_t i, std::string_view bytes) {
    CellReader r(bytes);
    apply_errors(i, r);
    ref_error[i] = r.get<double>();
    ref_scale[i] = r.get<double>();
    provenance[i] = r.get_json();
  };
  bool grouped = false;
  if constexpr (std::is_same_v<S, double>)
    if (streamed && !claim.gamma_per_h) {
      // The fixed scenario's runs read one stream per group of step sizes
      // (grid_errors_broadcast), each group within the study's memory, the
      // groups on this process one after the other (each on --jobs threads)
      // or one per rank: the same bytes per step size as the loop above.
      grouped = true;
      const std::size_t ranks = parallel_body_depth == 0 ? static_cast<std::size_t>(distribution_ranks()) : 1;
      const auto groups = stream_groups(
          m, stream_group_size(pr.chain.beads(), kStudyBytesPerJob * std::max(opt.jobs, 1)), ranks);
      DistributedLoop by_group{.order = last_first(groups.size()), .jobs = 1, .progress = opt.progress,
                               .first_failure_by_index = true};
      by_group.compute = [&](std::size_t g) {
        std::vector<long> steps;
        for (std::size_t i : groups[g]) steps.push_back(res.steps[i]);
        CellWriter w;
        for (const GridErrors& e : grid_errors_broadcast(scheme, pr, form, steps, opt.reference, std::max(opt.jobs, 1)))
          w.put(e.diverged_reason).put(e.x).put(e.v);
        return w.take();
      };
      by_group.apply = [&](std::size_t g, std::string_view bytes) {
        CellReader r(bytes);
        for (std::size_t i : groups[g]) {
          apply_errors(i, r);
          ref_error[i] = shared_summary->provenance.error_estimate;
          ref_scale[i] = shared_summary->scale;
        }
      };
      distributed_for(by_group);
    }
  if (!grouped) distributed_for(loop);
  if (claim.gamma_per_h && !problem_error) {
    // One provenance for the record (the finest step's), every estimate in the floor.
    res.reference = provenance.back();
    res.reference["per_step_size"] = "one reference per h (gamma = " + std::to_string(*claim.gamma_per_h) + " h)";
  }

  const double eps = static_cast<double>(std::numeric_limits<S>::epsilon());
  for (std::size_t i = 0; i < m; ++i)
    res.floor[i] = round_off_floor(ref_error[i], res.steps[i], eps, ref_scale[i], scheme.implicit);
  res.usable = above_floor(res.error, res.floor, opt.floor_factor);

  res.verdict = Verdict::pass;
  for (const auto& c : res.claim.checks) {
    res.checks.push_back(evaluate_check(c, res.h, res.error, res.usable));
    res.verdict = combine(res.verdict, res.checks.back().verdict);
  }
  res.pass = res.verdict == Verdict::pass;
  if constexpr (std::is_same_v<S, double>) res.reference_note = reference_margin_note(res, ref_error);
  if constexpr (std::is_same_v<S, double>)
    if (claim.trajectory_h)
      res.trajectory = trajectory(scheme, form, claim.gamma_per_h ? problem_at(claim, *claim.trajectory_h) : pr,
                                *claim.trajectory_h, opt);
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return res;
}

// The same sweep in double next to the extended one (scalar `type`), as a
// figure of the record and a sentence of its notes: where double precision
// stops (its errors part from the extended errors, its floor) and how far the
// extended scalar goes.
void compare_with_double(StudyResult& res, const Claim& claim, const StudyOptions& opt, const std::string& type) {
  StudyOptions o = opt;
  o.progress = nullptr;
  const StudyResult d = run_study_in<double>(claim, o);
  res.trajectory = d.trajectory;
  const std::size_t m = res.h.size();
  // Double is faithful down to the first step size (from the largest) where
  // its error parts from the extended error by more than 10%.
  std::optional<std::size_t> last_agree;
  for (std::size_t i = 0; i < m; ++i) {
    if (!(std::abs(d.error[i] - res.error[i]) <= 0.1 * res.error[i])) break;
    last_agree = i;
  }
  double d_floor = std::numeric_limits<double>::infinity(), d_min = d_floor, mp_min = d_floor;
  for (std::size_t i = 0; i < m; ++i) {
    d_floor = std::min(d_floor, opt.floor_factor * d.floor[i]);
    if (d.usable[i]) d_min = std::min(d_min, d.error[i]);
    if (res.usable[i]) mp_min = std::min(mp_min, res.error[i]);
  }
  const std::string agree =
      last_agree ? fmt::format("double agrees with {} to 10% down to h = {:.3g} (E = {:.3g})", type, res.h[*last_agree],
                               res.error[*last_agree])
                 : fmt::format("double differs from {} by more than 10% already at the largest step", type);
  const auto& cd = d.checks.front();
  const std::string d_fit =
      cd.used().ok ? fmt::format("fits order {:.3f} [{:.3f}, {:.3f}] ({})", cd.used().order, cd.used().ci_lo,
                                 cd.used().ci_hi, cd.pass ? "within the claim's tolerance" : "outside the claim's tolerance")
                   : "finds no fit: " + cd.used().message;
  // Double's floor is right when every point it lets through is the scheme's
  // truncation error, i.e. agrees with the extended run's at the same h.
  int d_usable = 0;
  double worst = 0, worst_h = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < m; ++i)
    if (d.usable[i]) {
      ++d_usable;
      const double rel = std::abs(d.error[i] - res.error[i]) / res.error[i];
      if (!(rel <= worst)) worst = rel, worst_h = res.h[i];
    }
  res.double_agreement = {{"usable_points", d_usable}, {"largest_relative_difference", worst}, {"at_h", worst_h}};
  const std::string usable_agree =
      d_usable > 0 ? fmt::format("each of double's {} usable points agrees with {} to {:.2g} relative (largest at h = {:.3g})",
                                 d_usable, type, worst, worst_h)
                   : std::string("double has no usable point");
  const std::string below = std::isfinite(d_min) && std::isfinite(mp_min)
                                ? fmt::format("{:.1f} decades below double's", std::log10(d_min / mp_min))
                                : std::string("double has no usable point to compare with");
  res.precision_note = fmt::format(
      "Extended precision ({}, {} digits): {}; double's exclusion threshold ({} × floor: reference error estimate "
      "+ round-off) is {:.3g} at best, its smallest usable error {:.3g}, and {}; on this grid and window double {}. "
      "In {} digits the smallest usable error is {:.3g}, {}.",
      type, res.precision, agree, opt.floor_factor, d_floor, d_min, usable_agree, d_fit, res.precision, mp_min, below);
  std::vector<double> dfl(m), mfl(m);
  for (std::size_t i = 0; i < m; ++i) dfl[i] = opt.floor_factor * d.floor[i], mfl[i] = opt.floor_factor * res.floor[i];
  res.figures = nlohmann::json::array();
  res.figures.push_back(
      {{"name", claim.id + "-double-vs-extended"},
       {"type", "lines"},
       {"title", claim.id + ": the same sweep in double and in " + type},
       {"caption", "Error vs h of " + claim.id + " in double (CVODE reference) and in " + type + " (" + type + " reference); "
                       "dashed: each run's exclusion threshold (points below it are not fitted). " + agree + "."},
       {"xlabel", "step size h"},
       {"ylabel", "error E(h)"},
       {"logx", true},
       {"logy", true},
       {"series",
        {{{"title", type}, {"x", res.h}, {"y", res.error}, {"style", "linespoints"}, {"color", "#d62728"}},
         {{"title", "double"}, {"x", d.h}, {"y", d.error}, {"style", "points"}, {"color", "#1f4fbf"}},
         {{"title", fmt::format("double: {} × floor", opt.floor_factor)}, {"x", d.h}, {"y", dfl}, {"style", "dashes"},
          {"color", "#1f4fbf"}},
         {{"title", fmt::format("{}: {} × floor", type, opt.floor_factor)}, {"x", res.h}, {"y", mfl}, {"style", "dashes"},
          {"color", "#d62728"}}}}});
}

}  // namespace

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
  const OrderVerdict v =
      order_verdict(r.used(), check.expected_order, check.tolerance, check.rivals, check.max_ci_width);
  r.verdict = v.verdict;
  r.reason = v.reason;
  r.pass = v.verdict == Verdict::pass;
  return r;
}

bool reference_streamable(const Claim& claim, const Problem<double>& pr, const ReferenceOptions& opt) {
  ReferenceOptions first = opt;
  first.estimate_error = false;
  return !final_time_only(claim) && can_stream_reference(pr, first);
}

StudyResult run_study(const Claim& claim, const StudyOptions& opt) {
  const int precision = opt.precision.value_or(claim.precision);
  if (precision == 16) return run_study_in<double>(claim, opt);
  StudyResult res;
  if (precision == 32) {
    res = run_study_in<DoubleDouble>(claim, opt);
    compare_with_double(res, claim, opt, Precision<DoubleDouble>::type_name);
  } else if (precision == 50) {
    res = run_study_in<Mp50>(claim, opt);
    compare_with_double(res, claim, opt, Precision<Mp50>::type_name);
  } else {
    throw std::invalid_argument(precision_rule() + ", not " + std::to_string(precision));
  }
  return res;
}

namespace {

// The claim's notes, then what this run adds (each only when not empty).
std::string notes_with(std::initializer_list<std::string> parts) {
  std::string s;
  for (const auto& p : parts)
    if (!p.empty()) s += (s.empty() ? "" : " ") + p;
  return s;
}

}  // namespace

nlohmann::json StudyResult::to_json() const {
  nlohmann::json checks_json = nlohmann::json::array();
  for (const auto& c : checks) {
    const auto& f = c.used();
    checks_json.push_back({{"label", c.check.label},
                           {"window", c.check.window ? nlohmann::json{c.check.window->h_min, c.check.window->h_max}
                                                     : nlohmann::json(nullptr)},
                           {"fit", to_string(c.check.fit)},
                           {"expected_order", c.check.expected_order},
                           {"rivals", c.check.rivals},
                           {"tolerance", c.check.tolerance},
                           {"tolerance_source", c.check.tolerance_source},
                           {"max_ci_width", c.check.max_ci_width},
                           {"observed_order", f.order},
                           {"ci95", {f.ci_lo, f.ci_hi}},
                           {"fit_window", {f.h_min, f.h_max}},
                           {"points", f.points},
                           {"least_squares", order_fit_json(c.least_squares)},
                           {"upper_envelope", order_fit_json(c.envelope)},
                           {"envelope_order", c.envelope.order},
                           {"envelope_ci95", {c.envelope.ci_lo, c.envelope.ci_hi}},
                           {"decades", f.ok ? std::log10(f.h_max / f.h_min) : 0.0},
                           {"pass", c.pass},
                           {"verdict", to_string(c.verdict)},
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
  nlohmann::json j = {{"study", claim.id},
          {"title", claim.title},
          {"source", {{"paper", claim.paper}, {"item", claim.item}}},
          {"figure_group", claim.figure_group},
          {"scheme", scheme_name},
          {"scheme_label", scheme_label},
          {"formulation", claim.formulation},
          {"model", model},
          {"scenario", claim.scenario_spec ? claim.scenario_file : claim.scenario},
          {"params", params},
          {"error_norm", claim.error_norm},
          {"error_measure", claim.error_measure},
          {"scheme_start", claim.scheme_start},
          {"notes", notes_with({claim.notes, precision_note, reference_note})},
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
          {"verdict", to_string(verdict)},
          {"reference", reference},
          {"trajectory", trajectory},
          {"seconds", seconds}};
  if (precision != 16) j["precision"] = precision;
  if (!figures.is_null()) j["figures"] = figures;
  if (!double_agreement.is_null()) j["double_agreement"] = double_agreement;
  if (std::any_of(diverged.begin(), diverged.end(), [](const std::string& d) { return !d.empty(); })) {
    nlohmann::json d = nlohmann::json::array();
    for (const auto& why : diverged) d.push_back(why.empty() ? nlohmann::json(nullptr) : nlohmann::json(why));
    j["diverged"] = d;  // per step size: null, or why the run diverged
  }
  return j;
}

}  // namespace granconv
