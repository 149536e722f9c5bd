#include "studies/atlas/atlas.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "reference/cache/reference_cache.hpp"
#include "studies/support/grid_errors.hpp"
#include "studies/support/round_off_floor.hpp"
#include "studies/support/distribution/cell_bytes.hpp"
#include "studies/support/distribution/distributed_for.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/support/step_grid.hpp"

namespace granconv {

using nlohmann::json;

std::vector<AtlasRow> atlas_rows(std::vector<std::string>* skipped) {
  std::vector<AtlasRow> rows;
  for (const auto& s : scheme_catalogue()) {
    if (s.family == SchemeFamily::impulse) {
      if (skipped)
        skipped->push_back(s.name + ": steps in the principal impulse ΔP of one impact, not in time (no state at grid "
                                    "times to compare); checked by the lzb-* claims");
      continue;
    }
    // A scheme file's scheme says itself whether it solves equations (the
    // implicit Newmark family): its round-off floor is then n ε.
    const bool file_row = integrates_second_order_only(s.family) && s.family != SchemeFamily::dem;
    AtlasRow r{s.name, s.label, s.family, Formulation::xv, s.classical_order, s.tailored,
               s.tailored || (s.tableau.for_double && !s.tableau.for_double().explicit_method()) ||
                   (file_row && s.make.for_double(s, {}).implicit)};
    rows.push_back(r);
    // Tailored schemes accept xw but ignore it (they step the undamped chain
    // in (x, v)): an xw row would repeat the xv one.
    if (s.accepts_xw && !s.tailored) {
      r.formulation = Formulation::xw;
      rows.push_back(r);
    }
  }
  return rows;
}

std::string cell_not_applicable(const AtlasRow& row, const ForceModel& model) {
  if (!model.chain_not_applicable.empty()) return "internal state z per contact: no scheme steps it";
  // The second path (internal_state_scheme) takes a tableau on a generic ODE.
  if (model.internal_state()) {
    if (integrates_second_order_only(row.family))
      return (row.family == SchemeFamily::dem ? std::string("DEM") : std::string(to_string(row.family))) +
             " integrators step x'' = F(x, v); the law's z is a first-order internal state they do not carry";
    if (row.tailored) return "tailored dissipation is tuned to KK damping; the law has none (it dissipates through z)";
    if (row.family != SchemeFamily::runge_kutta) return "only Runge–Kutta tableaux step the (x, v, z) state";
    if (row.formulation == Formulation::xw) return "no (x, w) form: state (x, v, z), no damping potential";
    return "";
  }
  if (row.tailored && !model.tailored_applies) return "tailored dissipation needs γ ∝ h (jvb-fig6-*)";
  if (row.formulation == Formulation::xw) {
    if (model.law.mollified()) return "no damping potential (mollified)";
    if (model.law.nontensile) return "no (x, w) form of a non-tensile law";
    if (model.gamma == 0) return "undamped: xw = xv";
  }
  return "";
}

CellVerdict judge_cell(const std::vector<double>& h, const std::vector<double>& e, const std::vector<bool>& usable,
                       int classical_order, const AtlasSettings& s) {
  CellVerdict v;
  FitOptions fo;
  fo.kind = s.fit;
  fo.envelope_bins_per_decade = s.envelope_bins_per_decade;
  v.fit = fit_order(h, e, usable, fo);
  fo.kind = FitKind::least_squares;
  v.least_squares = fit_order(h, e, usable, fo);
  // Failed step sizes (Newton without a solution, e.g. across a switch of
  // the law) are missing points: fitted on a minority of the grid, the
  // survivors are a biased sample, not an asymptotic window.
  const auto failed = static_cast<std::size_t>(std::count_if(e.begin(), e.end(), [](double x) { return !std::isfinite(x); }));
  if (2 * failed > e.size()) {
    v.reason = fmt::format("the scheme failed at {} of {} step sizes", failed, e.size());
  } else if (!v.fit.ok) {
    v.reason = "no asymptotic window: " + v.fit.message;
  } else if (v.fit.ci_hi - v.fit.ci_lo > s.max_ci_width) {
    v.reason = fmt::format("CI {:.3f} wide (> {:.2g})", v.fit.ci_hi - v.fit.ci_lo, s.max_ci_width);
  } else {
    v.trustworthy = true;
    v.lost_order = v.fit.ci_hi < classical_order - s.order_loss_tolerance;
  }
  return v;
}

namespace {

bool selected(const std::vector<std::string>& filter, const std::string& name) {
  return filter.empty() || std::find(filter.begin(), filter.end(), name) != filter.end();
}

}  // namespace

Atlas atlas_layout(const AtlasSettings& s) {
  Atlas a;
  a.settings = s;
  for (auto& r : atlas_rows(&a.skipped_schemes))
    if (selected(s.schemes, r.scheme)) a.rows.push_back(std::move(r));
  for (const auto& m : force_models())
    if (s.models.empty() ? m.atlas_default : selected(s.models, m.name)) a.models.push_back(m);
  for (auto p : atlas_problems())
    if (selected(s.problems, to_string(p))) a.problems.push_back(p);
  for (std::size_t p = 0; p < a.problems.size(); ++p)
    for (std::size_t r = 0; r < a.rows.size(); ++r)
      for (std::size_t m = 0; m < a.models.size(); ++m) {
        AtlasCell c;
        c.problem = a.problems[p];
        c.row = r;
        c.model = m;
        c.not_applicable = cell_not_applicable(a.rows[r], a.models[m]);
        a.cells.push_back(std::move(c));
      }
  return a;
}

Atlas run_atlas(const AtlasSettings& s, const StudyOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  Atlas a = atlas_layout(s);
  const std::size_t np = a.problems.size(), nm = a.models.size();

  // One reference per (problem, model) at the union of its grid times.
  struct Slot {
    std::optional<Problem<double>> problem;
    std::vector<long> steps;
    std::optional<ReferenceSolution> ref;
    double floor_scale = 0;
  };
  std::vector<Slot> slots(np * nm);
  std::vector<std::size_t> live;
  for (std::size_t p = 0; p < np; ++p)
    for (std::size_t m = 0; m < nm; ++m) {
      if (!a.models[m].chain_not_applicable.empty()) continue;
      const AtlasGrid& g = s.grid(a.problems[p]);
      Slot& sl = slots[p * nm + m];
      sl.problem = atlas_problem(a.models[m], a.problems[p], g.t_end);
      sl.steps = step_counts(g.t_end, g.h_max, g.h_min, g.per_decade);
      live.push_back(p * nm + m);
    }
  // The references are cells too (threads or MPI ranks): a reference travels
  // as its times, its states' raw doubles and its provenance.
  DistributedLoop references{.order = first_first(live.size()), .jobs = opt.jobs};
  references.compute = [&](std::size_t i) {
    const Slot& sl = slots[live[i]];
    const auto times = all_grid_times(sl.problem->t_end, sl.steps);
    const ForceModel& model = a.models[live[i] % nm];
    // The bi-stiffness reference is not cached (reference_cache keys on a
    // Chain); it takes a few seconds.
    const ReferenceSolution ref = model.internal_state()
                                      ? internal_state_reference(model, *sl.problem, times, opt.reference)
                                      : cached_reference(*sl.problem, times, opt.reference, opt.cache_dir);
    CellWriter w;
    w.put(ref.times).put(ref.provenance.to_json()).put<std::uint64_t>(ref.states.size());
    for (const auto& x : ref.states) w.put(std::vector<double>(x.data(), x.data() + x.size()));
    return w.take();
  };
  references.apply = [&](std::size_t i, std::string_view bytes) {
    Slot& sl = slots[live[i]];
    CellReader r(bytes);
    ReferenceSolution ref;
    ref.times = r.get_doubles();
    ref.provenance = Provenance::from_json(r.get_json());
    for (auto k = r.get<std::uint64_t>(); k > 0; --k) {
      const std::vector<double> x = r.get_doubles();
      ref.states.push_back(Eigen::Map<const Vec<double>>(x.data(), static_cast<Eigen::Index>(x.size())));
    }
    for (const auto& x : ref.states) sl.floor_scale = std::max(sl.floor_scale, x.cwiseAbs().maxCoeff());
    sl.ref = std::move(ref);
  };
  distributed_for(references);
  for (std::size_t i : live)
    a.references[fmt::format("{}/{}", to_string(a.problems[i / nm]), a.models[i % nm].name)] =
        slots[i].ref->provenance.to_json();

  // Every (cell, step count) is one task, longest first for load balance;
  // each writes only its own slot, so results do not depend on --jobs.
  struct Task {
    std::size_t cell, k;
    long n;
  };
  std::vector<Task> tasks;
  for (std::size_t c = 0; c < a.cells.size(); ++c) {
    AtlasCell& cell = a.cells[c];
    if (!cell.not_applicable.empty()) continue;
    const Slot& sl = slots[(c / (a.rows.size() * nm)) * nm + cell.model];
    cell.steps = sl.steps;
    const std::size_t m = sl.steps.size();
    cell.h.assign(m, 0);
    cell.error.assign(m, 0);
    cell.floor.assign(m, 0);
    cell.failures.assign(m, "");
    for (std::size_t k = 0; k < m; ++k) tasks.push_back({c, k, sl.steps[k]});
  }
  std::stable_sort(tasks.begin(), tasks.end(), [](const Task& x, const Task& y) { return x.n > y.n; });
  // A task is a cell of the distribution layer (threads or MPI ranks,
  // studies/support/distribution/): its error and failure travel as bytes.
  DistributedLoop loop{.order = first_first(tasks.size()), .jobs = opt.jobs, .progress = opt.progress};
  loop.apply = [&](std::size_t i, std::string_view bytes) {
    const Task& t = tasks[i];
    AtlasCell& cell = a.cells[t.cell];
    const Slot& sl = slots[(t.cell / (a.rows.size() * nm)) * nm + cell.model];
    CellReader r(bytes);
    cell.h[t.k] = sl.problem->t_end / double(t.n);
    cell.error[t.k] = r.get<double>();
    cell.failures[t.k] = r.get_string();
    cell.floor[t.k] = round_off_floor(sl.ref->provenance.error_estimate, t.n, std::numeric_limits<double>::epsilon(),
                                      sl.floor_scale, a.rows[cell.row].implicit);
  };
  loop.compute = [&](std::size_t i) {
    const Task& t = tasks[i];
    const AtlasCell& cell = a.cells[t.cell];
    const Slot& sl = slots[(t.cell / (a.rows.size() * nm)) * nm + cell.model];
    const AtlasRow& row = a.rows[cell.row];
    const ForceModel& model = a.models[cell.model];
    const Scheme<double> scheme = model.internal_state()
                                      ? internal_state_scheme(model, *sl.problem, shipped_tableau<double>(row.scheme),
                                                              row.label)
                                      : make_scheme<double>(row.scheme);
    // A scheme failing at one step size (Newton) is a data point, not the end
    // of the atlas: its error is NaN (excluded from the fit) and the cell says why.
    double error;
    std::string failure;
    try {
      const GridErrors e = grid_errors(scheme, *sl.problem, row.formulation, t.n, *sl.ref, ErrorMeasure::grid_max);
      error = std::max(e.x, e.v);
    } catch (const std::exception& ex) {
      error = std::numeric_limits<double>::quiet_NaN();
      failure = ex.what();
    }
    CellWriter w;
    w.put(error).put(failure);
    return w.take();
  };
  distributed_for(loop);

  for (auto& cell : a.cells) {
    if (!cell.not_applicable.empty()) continue;
    cell.usable = above_floor(cell.error, cell.floor, s.floor_factor);
    cell.verdict = judge_cell(cell.h, cell.error, cell.usable, a.rows[cell.row].classical_order, s);
    for (std::size_t k = 0; k < cell.failures.size(); ++k)
      if (!cell.failures[k].empty()) {
        cell.failure = fmt::format("failed at h = {:.3g}: {}", cell.h[k], cell.failures[k]);
        break;
      }
  }
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace granconv
