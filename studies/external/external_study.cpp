#include "studies/external/external_study.hpp"

#include <chrono>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "models/blow_up.hpp"
#include "models/input/regular_file.hpp"
#include "models/scenario_file/scenario_file.hpp"
#include "reference/cache/reference_cache.hpp"
#include "schemes/blow_up_guard.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/external/external_run.hpp"
#include "studies/support/distribution/cell_bytes.hpp"
#include "studies/support/distribution/distributed_for.hpp"

namespace granconv {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();
// A built-in scheme "reproduces" a program when it stays within this many
// times the program's round-off (the floor's round-off term) at every h.
constexpr double kIdentityFactor = 10;

std::string digest_of(const std::string& bytes) {
  return fmt::format("xxh3-64:{:016x}", reference_cache_checksum(bytes.data(), bytes.size()));
}

// Digests of what the program is given: the "external" record, the scenario,
// and every file of the claim's folder its templates name ({dir}/…).
nlohmann::json input_digests(const ExternalStepper& e) {
  nlohmann::json d = {{"external", digest_of(e.record.dump())}, {"scenario", digest_of(e.scenario_text)}};
  Placeholders p;
  p.values = {{"dir", e.dir.string()}};
  for (const auto* argv : {&e.prepare, &e.command})
    for (const auto& a : *argv) {
      if (a.rfind("{dir}", 0) != 0 || a.find('{', 1) != std::string::npos) continue;
      const auto file = p.apply(a);
      const RegularFileText t = try_read_regular_file(file, std::size_t(16) << 20);
      d[a] = t.failure == ReadFailure::none ? digest_of(t.text) : "unreadable: " + t.cause;
    }
  return d;
}

struct Identity {
  std::vector<double> dx, dv;  // per step size: max |difference| over output times and beads
};

}  // namespace

std::vector<long> steps_per_output(double every, const StepGrid& g) {
  const long intervals = std::max(1L, std::lround(g.per_decade * std::log10(g.h_max / g.h_min)));
  std::vector<long> m;
  for (long i = 0; i <= intervals; ++i) {
    const double h = g.h_max * std::pow(g.h_min / g.h_max, double(i) / double(intervals));
    const long mi = std::max(1L, std::lround(every / h));
    if (m.empty() || mi != m.back()) m.push_back(mi);
  }
  return m;
}

ExternalStudy run_external_study(const Claim& claim, const StudyOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  const ExternalStepper& e = *claim.external;
  ExternalStudy out;
  StudyResult& res = out.study;
  res.claim = claim;
  if (opt.expected_order)
    for (auto& c : res.claim.checks) c.expected_order = *opt.expected_order;
  const Problem<double> pr = claim.scenario_spec->problem<double>();
  res.scheme_name = claim.scheme;
  res.scheme_label = "external: " + e.name;
  res.model = model_name(pr.chain);
  const double t_end = pr.t_end;
  const long outputs_minus_one = std::lround(t_end / e.every);
  if (outputs_minus_one < 1 || std::abs(double(outputs_minus_one) * e.every - t_end) > 1e-12 * t_end)
    throw std::invalid_argument(fmt::format("claim '{}': t_end = {:.17g} is not a whole number of output intervals "
                                            "every = {:.17g}", claim.id, t_end, e.every));
  const std::vector<long> m = steps_per_output(e.every, claim.grid);
  const std::size_t cells = m.size();
  std::vector<double> times;
  for (long k = 0; k <= outputs_minus_one; ++k) times.push_back(double(k) * e.every);
  const ReferenceSolution ref = cached_reference(pr, times, opt.reference, opt.cache_dir);
  res.reference = ref.provenance.to_json();
  double ref_scale = 0;
  for (const auto& s : ref.states) ref_scale = std::max(ref_scale, s.cwiseAbs().maxCoeff());
  const double bound = blow_up_bound(pr.y0);
  const std::string version = external_version(e, opt.out_dir);

  res.steps.resize(cells);
  res.h.resize(cells);
  res.error.resize(cells);
  res.error_x.resize(cells);
  res.error_v.resize(cells);
  res.floor.resize(cells);
  res.diverged.resize(cells);
  std::vector<double> max_abs(cells), seconds(cells);
  std::vector<Identity> ident(e.identify.size(), Identity{std::vector<double>(cells), std::vector<double>(cells)});
  std::string finest_command;
  const Formulation form = formulation_from_string(claim.formulation);

  DistributedLoop loop{.order = last_first(cells), .jobs = opt.jobs, .progress = opt.progress,
                       .first_failure_by_index = true};
  loop.compute = [&](std::size_t i) {
    ExternalRunSpec s;
    s.stepper = &e;
    s.claim_id = claim.id;
    s.index = i;
    s.h = e.every / double(m[i]);
    s.steps = m[i] * outputs_minus_one;
    s.t_end = t_end;
    s.grid = {static_cast<int>(pr.y0.size() / 2), outputs_minus_one + 1, e.every, m[i], pr.y0};
    s.out_dir = opt.out_dir;
    s.extra_args = opt.external_args;
    const ExternalRun run = run_external(s);
    const auto& states = run.trajectory.states;
    double ex = 0, ev = 0;
    std::string diverged;
    for (std::size_t k = 0; k < states.size(); ++k) {
      if (diverged.empty() && !(states[k].cwiseAbs().maxCoeff() <= bound))
        diverged = fmt::format("|state| > {:.3g} (the blow-up bound) at t = {:.6g}", bound, times[k]);
      for (Eigen::Index j = 0; j < states[k].size(); ++j) {
        const double d = std::abs(states[k][j] - ref.states[k][j]);
        (j % 2 == 0 ? ex : ev) = std::max(j % 2 == 0 ? ex : ev, d);
      }
    }
    CellWriter w;
    w.put(diverged).put(ex).put(ev).put(run.trajectory.max_abs_position).put(run.seconds);
    std::string cmd;
    for (const auto& a : run.command) cmd += (cmd.empty() ? "" : " ") + a;
    w.put(cmd);
    // The candidates at the same h, step for step at the output times.
    for (const auto& name : e.identify) {
      double dx = 0, dv = 0;
      try {
        const Scheme<double> scheme = make_scheme<double>(name);
        long k = 0;
        scheme.run(pr.chain, form, pr.y0, s.h, s.steps,
                   [&](long step, const Vec<double>& xv) {
                     if (step % m[i] != 0) return;
                     k = step / m[i];
                     for (Eigen::Index j = 0; j < xv.size(); ++j) {
                       const double d = std::abs(xv[j] - states[static_cast<std::size_t>(k)][j]);
                       (j % 2 == 0 ? dx : dv) = std::max(j % 2 == 0 ? dx : dv, d);
                     }
                   },
                   pr.exact);
      } catch (const DivergedError&) {
        dx = dv = std::numeric_limits<double>::infinity();
      }
      w.put(dx).put(dv);
    }
    return w.take();
  };
  loop.apply = [&](std::size_t i, std::string_view bytes) {
    CellReader r(bytes);
    res.steps[i] = m[i] * outputs_minus_one;
    res.h[i] = e.every / double(m[i]);
    res.diverged[i] = r.get_string();
    res.error_x[i] = r.get<double>();
    res.error_v[i] = r.get<double>();
    max_abs[i] = std::max(r.get<double>(), e.position_scale);
    seconds[i] = r.get<double>();
    const std::string cmd = r.get_string();
    if (i + 1 == cells) finest_command = cmd;
    for (auto& id : ident) {
      id.dx[i] = r.get<double>();
      id.dv[i] = r.get<double>();
    }
    if (!res.diverged[i].empty()) res.error_x[i] = res.error_v[i] = std::numeric_limits<double>::infinity();
    res.error[i] = std::max(res.error_x[i], res.error_v[i]);
  };
  distributed_for(loop);

  // The floor: the reference's error, and the program's round-off: like a
  // random walk (√n·ε·scale) in displacements, but growing like n·ε·max|X| in
  // absolute coordinates, where X += h·v rounds coherently step after step
  // (docs/external-codes.md, "Floors").
  std::vector<double> roundoff(cells);
  for (std::size_t i = 0; i < cells; ++i) {
    const double n = double(res.steps[i]);
    roundoff[i] = e.coordinates == Coordinates::absolute ? n * kEps * max_abs[i] : std::sqrt(n) * kEps * ref_scale;
    res.floor[i] = ref.provenance.error_estimate + roundoff[i];
  }
  res.usable = above_floor(res.error, res.floor, opt.floor_factor);
  res.verdict = Verdict::pass;
  for (const auto& c : res.claim.checks) {
    res.checks.push_back(evaluate_check(c, res.h, res.error, res.usable));
    res.verdict = combine(res.verdict, res.checks.back().verdict);
  }
  res.pass = res.verdict == Verdict::pass;

  // Identification: a scheme within kIdentityFactor·n·ε·S of the program at every h.
  nlohmann::json candidates = nlohmann::json::array();
  std::vector<std::string> identified;
  for (std::size_t c = 0; c < e.identify.size(); ++c) {
    bool same = true;
    double worst_x = 0, worst_v = 0, worst_ratio = 0;
    for (std::size_t i = 0; i < cells; ++i) {
      const double limit = kIdentityFactor * roundoff[i];
      same = same && ident[c].dx[i] <= limit && ident[c].dv[i] <= limit;
      worst_x = std::max(worst_x, ident[c].dx[i]);
      worst_v = std::max(worst_v, ident[c].dv[i]);
      worst_ratio = std::max(worst_ratio, std::max(ident[c].dx[i], ident[c].dv[i]) / limit);
    }
    if (same) identified.push_back(e.identify[c]);
    candidates.push_back({{"scheme", e.identify[c]},
                          {"reproduces", same},
                          {"max_dx", worst_x},
                          {"max_dv", worst_v},
                          {"dx", ident[c].dx},
                          {"dv", ident[c].dv},
                          {"largest_over_identity_bound", worst_ratio}});
  }
  out.identified = identified.empty() ? std::string() : identified.front();
  if (!e.identify.empty()) {
    std::string line;
    for (std::size_t c = 0; c < e.identify.size(); ++c)
      line += fmt::format("{}{} {} (largest |Δx| {:.2g}, |Δv| {:.2g})", c ? "; " : "", e.identify[c],
                          candidates[c]["reproduces"].get<bool>() ? "reproduces it step for step" : "differs",
                          candidates[c]["max_dx"].get<double>(), candidates[c]["max_dv"].get<double>());
    std::string names;
    for (const auto& n : identified) names += (names.empty() ? "" : ", ") + n;
    out.identification_line = (identified.empty() ? std::string("no built-in scheme reproduces it to round-off")
                                                   : "identified as " + names) +
                              fmt::format(" (within {:g} × the program's round-off at every h): ", kIdentityFactor) + line;
  }
  out.external = {{"name", e.name},
                  {"command", finest_command},
                  {"version", version},
                  {"digests", input_digests(e)},
                  {"coordinates", e.coordinates == Coordinates::absolute ? "absolute" : "displacement"},
                  {"format", e.format == TrajectoryFormat::csv ? "csv" : "lammps-dump"},
                  {"velocity", "synchronised"},
                  {"every", e.every},
                  {"steps_per_output", m},
                  {"max_abs_position", max_abs},
                  {"roundoff", roundoff},
                  {"seconds", seconds},
                  {"identify", candidates},
                  {"identified", identified},
                  {"identification", out.identification_line}};
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace granconv
