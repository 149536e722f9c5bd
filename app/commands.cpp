#include "app/commands.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/options.hpp"
#include "app/output_dir.hpp"
#include "models/scenario_file/scenario_file.hpp"
#include "app/output_flags.hpp"
#include "app/progress_display.hpp"
#include "models/input/printable.hpp"
#include "models/scenarios.hpp"
#include "reference/cache/reference_cache.hpp"
#include "reference/hertz_post_impact.hpp"
#include "reports/atomic_file.hpp"
#include "reports/json_file.hpp"
#include "reports/record_checksum.hpp"
#include "reports/report.hpp"
#include "reports/status.hpp"
#include "schemes/lzb_solve.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "schemes/tableau_file.hpp"
#include "studies/core/catalogue.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/claim.hpp"
#include "studies/core/claim_kinds.hpp"
#include "studies/core/record_verdicts.hpp"
#include "studies/core/study.hpp"
#include "studies/external/external_stepper.hpp"
#include "studies/support/comparison.hpp"
#include "studies/support/step_grid.hpp"
#include "studies/atlas/atlas_models.hpp"
#include "studies/support/distribution/cell_bytes.hpp"
#include "studies/support/distribution/distributed_for.hpp"

namespace granconv::cli {

// ctest's status for a test that could not run here (SKIP_RETURN_CODE).
constexpr int kSkipStatus = 77;

std::filesystem::path catalogue_path(const std::string& claims) {
  return claims.empty() ? default_claims_file() : std::filesystem::path(claims);
}

namespace {

std::vector<Claim> catalogue(const std::string& claims) { return load_catalogue(catalogue_path(claims)); }

// Every "scheme" string and "schemes" entry of a catalogue record, at any
// depth (kinds name theirs at the top, per run or per check).
void collect_schemes(const nlohmann::json& j, std::vector<std::string>& out, int depth = 0) {
  if (depth > 6) return;
  auto add = [&](const nlohmann::json& v) {
    if (v.is_string() && std::find(out.begin(), out.end(), v.get<std::string>()) == out.end())
      out.push_back(v.get<std::string>());
  };
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      if (k == "scheme") add(v);
      else if (k == "schemes" && v.is_array()) for (const auto& x : v) add(x);
      else collect_schemes(v, out, depth + 1);
    }
  } else if (j.is_array()) {
    for (const auto& v : j) collect_schemes(v, out, depth + 1);
  }
}

// The catalogue as the report lists it (its order, and the schemes each claim names, for the filter).
std::vector<ReportClaim> report_claims(const std::vector<Claim>& catalogue) {
  std::vector<ReportClaim> out;
  for (const auto& c : catalogue) {
    ReportClaim r{c.id, c.title, c.paper, c.item, c.kind, c.expected_verdict, {}, c.is_new, c.heavy, c.estimated_cost};
    if (!c.scheme.empty()) r.schemes.push_back(c.scheme);
    collect_schemes(c.record, r.schemes);
    out.push_back(std::move(r));
  }
  return out;
}

// The report of DIR's records, each checked against its claim: its verdicts
// recomputed from its numbers and the catalogue's bands, the rest it shows
// compared with the catalogue. A heavy claim's record is not read (DIR/studies/
// <id>.json) or, under another file name, checked against itself only: it is
// not shown.
ReportOptions report_options(const std::filesystem::path& out, const std::vector<Claim>& catalogue) {
  ReportOptions o{out, "gnuplot", report_claims(catalogue)};
  o.check_record = [&catalogue](const std::filesystem::path& file, const nlohmann::json& record) {
    const Claim* claim = nullptr;
    if (record.is_object() && record.contains("study") && record.at("study").is_string())
      for (const auto& c : catalogue)
        if (c.id == record.at("study").get<std::string>() && !c.heavy) claim = &c;
    const std::string why = record_contradiction(record, claim);
    if (!why.empty()) throw std::runtime_error("report: result record " + file.string() + ": " + why);
  };
  return o;
}

// Several claims are the cells of one distributed loop: each runs whole on
// one rank (its own loops on that rank's threads), the dearest first (by the
// seconds of its previous record in DIR/studies, if any: the order changes no
// result), and rank 0 writes each record as it arrives. In one process the
// claims share its `jobs` threads the same way, each claim's loops nested on
// threads of their own: whole claims in parallel leave no core idle in a
// claim's serial parts (its reference, its fit), which cells alone did.
std::vector<ClaimResult> run_claims_as_cells(const std::vector<const Claim*>& claims, const StudyOptions& base,
                                            const std::filesystem::path& out, bool quiet) {
  const std::size_t n = claims.size();
  std::vector<double> cost(n, 0);
  for (std::size_t k = 0; k < n && is_writer(); ++k) try {
      const auto file = out / "studies" / (claims[k]->id + ".json");
      const auto previous = read_json_file(file, "result record");
      verify_checksum(previous, file, "result record", "");
      cost[k] = previous.value("seconds", 0.0);
    } catch (const std::exception&) {  // no previous record, or not one to trust: no hint
    }
  DistributedLoop loop{.order = first_first(n), .jobs = distribution_ranks() > 1 ? 1 : base.jobs,
                       .first_failure_by_index = true};
  std::stable_sort(loop.order.begin(), loop.order.end(), [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  loop.compute = [&](std::size_t k) {
    StudyOptions opt = base;
    opt.progress = nullptr;
    const auto start = std::chrono::steady_clock::now();
    ClaimResult r = run_claim(*claims[k], opt);
    r.record["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CellWriter w;
    w.put(r.record).put(r.summary).put<std::uint8_t>(r.pass).put<int>(static_cast<int>(r.verdict));
    return w.take();
  };
  auto result = [](std::string_view bytes) {
    CellReader in(bytes);
    ClaimResult r;
    r.record = in.get_json();
    r.summary = in.get_string();
    r.pass = in.get<std::uint8_t>() != 0;
    r.verdict = static_cast<Verdict>(in.get<int>());
    return r;
  };
  ProgressDisplay progress(ProgressDisplay::style_for(quiet), "study", n);
  std::size_t arrived = 0;
  loop.arrived = [&](std::size_t k, std::string_view bytes) {
    const ClaimResult r = result(bytes);
    write_file_atomically(out / "studies" / (claims[k]->id + ".json"), sealed_json_text(r.record));
    progress.finish(++arrived, claims[k]->id, shout(r.verdict), r.record.at("seconds").get<double>());
  };
  std::vector<ClaimResult> results(n);
  loop.apply = [&](std::size_t k, std::string_view bytes) { results[k] = result(bytes); };
  distributed_for(loop);
  return results;
}

// Each record is written as soon as its study is done. One thread: one
// study after the other, with each one's progress.
std::vector<ClaimResult> run_claims(const std::vector<const Claim*>& claims, const StudyOptions& base,
                                   const std::filesystem::path& out, bool quiet) {
  if (claims.size() > 1 && (distribution_ranks() > 1 || base.jobs > 1))
    return run_claims_as_cells(claims, base, out, quiet);
  ProgressDisplay progress(ProgressDisplay::style_for(quiet), "study", claims.size());
  std::vector<ClaimResult> results;
  for (std::size_t k = 0; k < claims.size(); ++k) {
    StudyOptions opt = base;
    opt.progress = progress.start(k + 1, claims[k]->id);
    const auto start = std::chrono::steady_clock::now();
    results.push_back(run_claim(*claims[k], opt));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    results.back().record["seconds"] = seconds;
    progress.finish(k + 1, claims[k]->id, shout(results.back().verdict), seconds);
    if (is_writer())  // under MPI, rank 0 writes (every rank holds the same result)
      write_file_atomically(out / "studies" / (claims[k]->id + ".json"), sealed_json_text(results.back().record));
  }
  return results;
}

Problem<double> problem_for(const ProblemArgs& a) {
  if (a.scenario.empty() && a.scenario_file.empty()) throw std::invalid_argument("--scenario or --scenario-file is required");
  if (!a.scenario_file.empty() && !a.params.empty())
    throw std::invalid_argument("--param applies to --scenario; a scenario file states its values itself");
  auto p = a.scenario_file.empty() ? make_problem<double>(a.scenario, a.params)
                                   : read_scenario_file(a.scenario_file).problem<double>();
  p.t_end = a.t;
  return p;
}

nlohmann::json state_json(const Vec<double>& y) {
  std::vector<double> x, v;
  for (int i = 0; i < y.size() / 2; ++i) {
    x.push_back(y[2 * i]);
    v.push_back(y[2 * i + 1]);
  }
  return {{"x", x}, {"v", v}};
}

// --negative-twin: the claim's perturbation of its method or model, as if
// given on the command line (where it may not also be given).
void apply_negative_twin(const std::vector<const Claim*>& selected, const RunArgs& a, StudyOptions& opt) {
  if (selected.size() != 1) throw std::invalid_argument("--negative-twin applies to one claim at a time");
  const Claim& c = *selected.front();
  std::string names;
  for (const auto& t : c.negative_twins) {
    if (t.name != a.negative_twin) {
      names += (names.empty() ? "" : ", ") + t.name;
      continue;
    }
    const auto& p = t.perturb;
    if ((p.contains("tableau") && opt.tableau) || (p.contains("expected_order") && opt.expected_order) ||
        (p.contains("start") && !opt.scheme.start.empty()) ||
        (p.contains("dissipation_scale") && opt.scheme.dissipation_scale != 1))
      throw std::invalid_argument("--negative-twin " + t.name + " perturbs what the command line also sets");
    if (p.contains("tableau")) opt.tableau = read_tableau_file(p.at("tableau").get<std::string>());  // resolved at load
    if (p.contains("params"))
      for (const auto& kv : p.at("params")) opt.params.push_back(kv.get<std::string>());
    if (p.contains("start")) opt.scheme.start = p.at("start").get<std::string>();
    if (p.contains("dissipation_scale")) opt.scheme.dissipation_scale = p.at("dissipation_scale").get<double>();
    if (p.contains("expected_order")) opt.expected_order = p.at("expected_order").get<double>();
    if (p.contains("external_args")) {
      if (!c.external) throw std::invalid_argument("negative twin " + t.name + ": external_args apply to external schemes");
      opt.external_args = p.at("external_args").get<std::vector<std::string>>();
    }
    return;
  }
  throw std::invalid_argument("claim '" + c.id + "' has no negative twin '" + a.negative_twin + "'" +
                              (names.empty() ? std::string(" (it has none)") : " (it has: " + names + ")"));
}
}  // namespace

void print_json(const nlohmann::json& j) {
  errno = 0;
  std::cout << j.dump(1) << '\n';
  std::cout.flush();
  if (!std::cout) {
    const int err = errno;  // the failed write's reason: disk full, closed pipe, ...
    throw std::runtime_error(std::string("cannot write to standard output: ") + std::strerror(err ? err : EIO));
  }
}

int run(const RunArgs& a) {
  set_claim_file_folders({a.tableaux, a.scenarios});
  const auto claims = catalogue(a.claims);
  std::vector<const Claim*> selected;
  int heavy_left_out = 0;
  for (const auto& id : a.studies) {
    if (id == "all") {
      for (const auto& c : claims) {
        if (c.heavy && !a.heavy) ++heavy_left_out;
        else selected.push_back(&c);
      }
    } else {
      const Claim& c = find_claim(claims, id);
      if (c.heavy && !a.heavy)
        throw std::invalid_argument("claim '" + id + "' is heavy (" + c.estimated_cost + "): add --heavy to run it");
      selected.push_back(&c);
    }
  }
  StudyOptions opt;
  opt.jobs = resolve_jobs(a.jobs);
  opt.cache_dir = resolve_cache(a.cache, a.out);
  opt.out_dir = a.out;
  if (!a.tableau.empty()) opt.tableau = read_tableau_file(a.tableau);
  opt.expected_order = a.expected;
  if (a.precision) {
    if (!valid_precision(*a.precision))
      throw std::invalid_argument(precision_rule("--precision") + ", not " + std::to_string(*a.precision));
    // Checked before anything runs: other kinds have no scalar to switch.
    for (const Claim* c : selected)
      if (c->kind != "order" && *a.precision != 16)
        throw std::invalid_argument("--precision " + std::to_string(*a.precision) + " applies to order claims; '" +
                                    c->id + "' is of kind " + c->kind);
    opt.precision = a.precision;
  }
  opt.scheme.dissipation_scale = a.dissipation_scale;
  opt.scheme.start = a.start;
  opt.reference.max_seconds = a.reference_budget;
  opt.scheme.mu = a.mu;
  opt.params = a.params;
  if (!a.negative_twin.empty()) apply_negative_twin(selected, a, opt);
  for (const Claim* c : selected) check_overrides(*c, opt);  // before anything runs or is written
  for (const Claim* c : selected)
    if (c->external)
      for (const auto& program : c->external->requires_programs)
        if (!program_found(program)) {
          const std::string why = "claim '" + c->id + "' needs " + program + ", which is not installed";
          if (!a.skip_absent) throw std::runtime_error(why);
          std::cerr << "skipped: " << why << '\n';
          return kSkipStatus;
        }
  prepare_output_dir(a.out);
  // After every check: a run refused for its options says only why.
  if (heavy_left_out && !a.output.quiet && !a.output.json)
    std::cerr << fmt::format("run all: {} heavy claim{} left out (granconv list marks them; --heavy runs them)\n",
                             heavy_left_out, heavy_left_out == 1 ? "" : "s");
  Verdict all = Verdict::pass;
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : run_claims(selected, opt, a.out, a.output.quiet)) {
    const std::string id = r.record.at("study").get<std::string>();
    if (a.output.json)
      rows.push_back({{"id", id}, {"verdict", to_string(r.verdict)}, {"summary", r.summary},
                      {"record", (std::filesystem::path(a.out) / "studies" / (id + ".json")).string()},
                      {"seconds", r.record.at("seconds")}});
    else if (!a.output.quiet)
      std::cout << r.summary << '\n';
    all = combine(all, r.verdict);
  }
  if (a.output.json) print_json({{"verdict", to_string(all)}, {"claims", rows}});
  return a.check ? exit_status(all) : 0;
}

int report(const ReportArgs& a) {
  const auto start = std::chrono::steady_clock::now();
  const auto claims = catalogue(a.claims);
  prepare_output_dir(a.out);
  if (a.no_run) {
    // Under MPI rank 0 draws the report, and every rank meets its error (an
    // edited record): none is left waiting for the others.
    run_on_writer([&] { write_report(report_options(a.out, claims)); });
    if (!is_writer()) return 0;
    std::cout << fmt::format("report: {} written from the results in {}\n",
                             (std::filesystem::path(a.out) / "report" / "index.html").string(),
                             (std::filesystem::path(a.out) / "studies").string());
    return 0;
  }
  // Heavy claims are not in the default run (the report says they exist);
  // results of theirs from `run --heavy` stay in DIR/studies.
  std::vector<const Claim*> all;
  std::set<std::string> ids;
  for (const auto& c : claims) {
    if (!c.heavy) all.push_back(&c);
    ids.insert(c.id + ".json");
  }
  StudyOptions opt;
  opt.jobs = resolve_jobs(a.jobs);
  opt.cache_dir = resolve_cache(a.cache, a.out);
  opt.out_dir = a.out;
  const std::filesystem::path out(a.out);
  std::vector<std::string> statuses;
  int post_hoc = 0;
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : run_claims(all, opt, out, a.output.quiet)) {
    const auto& rec = r.record;
    statuses.push_back(claim_status(to_string(r.verdict), rec.value("expected_verdict", "pass"), rec.value("new", false)));
    post_hoc += post_hoc_count(rec.value("tolerances", nlohmann::json::array()));
    rows.push_back({{"id", rec.at("study")}, {"verdict", to_string(r.verdict)},
                    {"expected_verdict", rec.value("expected_verdict", "pass")}, {"status", statuses.back()}});
  }
  // The results summary the README's status column is generated from.
  const std::string line = summary_line(statuses, post_hoc);
  run_on_writer([&] {  // as with --no-run
    // Results of claims no longer in the catalogue must not reach the report.
    for (const auto& e : std::filesystem::directory_iterator(out / "studies"))
      if (e.path().extension() == ".json" && !ids.count(e.path().filename().string())) std::filesystem::remove(e.path());
    write_report(report_options(out, claims));
    write_file_atomically(out / "results-summary.json", sealed_json_text({{"summary", line}, {"claims", rows}}));
  });
  if (!is_writer()) return 0;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (a.output.json)
    print_json({{"summary", line}, {"claims", rows}, {"report", (out / "report" / "index.html").string()},
                {"results_summary", (out / "results-summary.json").string()}, {"seconds", seconds}});
  else if (!a.output.quiet)
    std::cout << fmt::format("report: {} studies: {}; {} written in {:.1f} s\n", all.size(), line,
                             (out / "report" / "index.html").string(), seconds);
  return 0;
}

namespace {

// The output times of `reference --every/--times`, checked: at most
// kMaxSeriesTimes, increasing, within [0, T].
constexpr std::size_t kMaxSeriesTimes = 1'000'000;
std::vector<double> series_times(const ReferenceArgs& a) {
  std::vector<double> t;
  if (a.every) {
    const double k = std::round(a.t / *a.every);
    if (!(*a.every > 0) || !(k >= 1) || std::abs(k * *a.every - a.t) > 1e-12 * a.t)
      throw std::invalid_argument(fmt::format("--every {:.17g}: --t {:.17g} must be a whole multiple of it", *a.every, a.t));
    if (k + 1 > double(kMaxSeriesTimes))
      throw std::invalid_argument(fmt::format("--every {:.17g} asks for {:.3g} output times, above the limit of {}",
                                              *a.every, k + 1, kMaxSeriesTimes));
    for (long i = 0; i < static_cast<long>(k); ++i) t.push_back(double(i) * *a.every);
    t.push_back(a.t);
    return t;
  }
  if (a.times.size() > kMaxSeriesTimes)
    throw std::invalid_argument(fmt::format("--times lists {} times, above the limit of {}", a.times.size(), kMaxSeriesTimes));
  for (std::size_t i = 0; i < a.times.size(); ++i) {
    const double ti = a.times[i];
    if (!(ti >= 0 && ti <= a.t)) throw std::invalid_argument(fmt::format("--times: {:.17g} is not in [0, T = {:.17g}]", ti, a.t));
    if (i > 0 && !(ti > a.times[i - 1]))
      throw std::invalid_argument(fmt::format("--times must increase: {:.17g} follows {:.17g}", ti, a.times[i - 1]));
  }
  t = a.times;
  if (t.empty() || t.front() != 0) t.insert(t.begin(), 0.0);  // the solve starts at 0
  return t;
}

}  // namespace

int reference(const ReferenceArgs& a) {
  const auto pr = problem_for(a);
  ReferenceOptions opt;
  opt.rtol = a.rtol;
  opt.atol = a.atol;
  opt.method = a.method;
  opt.nonlinear_solver = a.nonlinear_solver;
  opt.estimate_error = !a.no_error_estimate;
  opt.max_seconds = a.reference_budget;
  opt.threads = resolve_jobs(a.jobs);
  const bool series = a.every || !a.times.empty();
  const std::vector<double> times = series ? series_times(a) : std::vector<double>{0.0, a.t};
  const auto ref = cached_reference(pr, times, opt, a.cache);
  if (!series) {
    nlohmann::json j = state_json(ref.states.back());
    j["t"] = a.t;
    j["scenario"] = pr.scenario;
    j["provenance"] = ref.provenance.to_json();
    if (a.json) {
      print_json(j);
    } else {
      std::cout << fmt::format("{} at t = {}\n  x = {}\n  v = {}\n", pr.scenario, a.t, j["x"].dump(), j["v"].dump());
    }
    return 0;
  }
  // A time series: the state at every asked time (a --times list without 0 leaves the start out).
  const std::size_t first = !a.times.empty() && a.times.front() != 0 ? 1 : 0;
  const int n = static_cast<int>(pr.y0.size() / 2);
  if (a.json) {
    nlohmann::json t = nlohmann::json::array(), x = nlohmann::json::array(), v = nlohmann::json::array();
    for (std::size_t k = first; k < times.size(); ++k) {
      const auto s = state_json(ref.states[k]);
      t.push_back(times[k]);
      x.push_back(s["x"]);
      v.push_back(s["v"]);
    }
    print_json({{"scenario", pr.scenario}, {"t", t}, {"x", x}, {"v", v}, {"provenance", ref.provenance.to_json()}});
    return 0;
  }
  // The neutral trajectory format of external programs (docs/external-codes.md).
  std::string out = "t";
  for (int i = 1; i <= n; ++i) out += fmt::format(",x{}", i);
  for (int i = 1; i <= n; ++i) out += fmt::format(",v{}", i);
  out += '\n';
  for (std::size_t k = first; k < times.size(); ++k) {
    out += fmt::format("{:.17g}", times[k]);
    for (int c = 0; c < 2; ++c)
      for (int i = 0; i < n; ++i) out += fmt::format(",{:.17g}", ref.states[k][2 * i + c]);
    out += '\n';
  }
  std::cout << out;
  std::cout.flush();
  if (!std::cout) throw std::runtime_error(std::string("cannot write to standard output: ") + std::strerror(errno ? errno : EIO));
  const auto& p = ref.provenance;
  if (opt.estimate_error)
    std::cerr << fmt::format("reference error estimate: x {:.3g}, v {:.3g} ({})\n", p.error_estimate_x, p.error_estimate_v,
                             p.error_estimate_method);
  return 0;
}

int solve(const SolveArgs& a) {
  if (!(a.h > 0) || !std::isfinite(a.h)) throw std::invalid_argument("--h must be a positive step size");
  const auto pr = problem_for(a);
  if (scheme_info(a.scheme).family == SchemeFamily::impulse) {
    // Impulse stepping through one impact (no time grid): --h is ΔP and the
    // CVODE Hertz velocities at --t (after the impact) are the reference.
    if (a.mu || !a.start.empty() || a.formulation != "xv")
      throw std::invalid_argument("--mu, --start and --formulation do not apply to scheme '" + a.scheme + "'");
    const auto hertz_at = [&](const Problem<double>& at_t) {
      return hertz_solve_velocities(at_t, a.cache, a.reference_budget);
    };
    const auto j = solve_lzb(pr, a.h, a.t, hertz_at, a.reference_budget);
    if (a.json)
      print_json(j);
    else
      std::cout << fmt::format("lzb ΔP = {} N·s: {} steps, impact duration {:.6e} s, post-impact velocity error vs "
                               "CVODE Hertz {:.4e} (relative to V {:.4e})\n  v = {}\n",
                               a.h, j["steps"].get<long>(), j["impact_duration"].get<double>(),
                               j["final_error"].get<double>(), j["relative_error"].get<double>(), j["v"].dump());
    return 0;
  }
  SchemeOptions so;
  so.mu = a.mu;
  so.start = a.start;
  ComparisonOptions co;
  co.reference.estimate_error = false;
  co.reference.max_seconds = a.reference_budget;
  co.cache_dir = a.cache;
  const auto c = compare_with_reference(pr, make_scheme<double>(a.scheme, so), formulation_from_string(a.formulation),
                                        a.h, co);
  if (c.diverged) throw std::runtime_error(c.diverged_reason);
  nlohmann::json j = state_json(c.final_xv);
  j["t"] = a.t;
  j["max_error_x"] = c.max_error_x;
  j["max_error_v"] = c.max_error_v;
  j["final_error"] = c.final_error;
  j["steps"] = c.steps;
  j["seconds"] = c.seconds;
  j["scheme"] = a.scheme;
  j["formulation"] = a.formulation;
  if (a.json) {
    print_json(j);
  } else {
    std::cout << fmt::format("{} {} h = {} ({} steps): max error x {:.4e}, v {:.4e}, final {:.4e}; reference sup "
                             "x {:.4g}, v {:.4g}\n",
                             a.scheme, a.formulation, a.h, c.steps, c.max_error_x, c.max_error_v,
                             j["final_error"].get<double>(), c.ref_sup_x, c.ref_sup_v);
  }
  return 0;
}

namespace {

// id -> status from a results summary (`report` writes DIR/results-summary.json),
// checked: its checksum, every status as its verdict and the catalogue's
// expectation give it, the summary line as its statuses count it. (The
// verdicts themselves are the report's, recomputed from the records when it
// wrote the summary: here only the checksum covers them.)
std::map<std::string, std::string> read_statuses(const std::filesystem::path& file, const std::vector<Claim>& claims,
                                                 std::string& line) {
  const nlohmann::json j = read_json_file(file, "results summary");
  const std::string rerun = "rerun `granconv report`";
  verify_checksum(j, file, "results summary", rerun);
  const std::string where = "results summary " + file.string() + ": ";
  std::map<std::string, std::string> m;
  std::vector<std::string> statuses;
  int post_hoc = 0;  // of the claims the catalogue holds: their tolerances are its
  bool all_known = true;
  try {
    line = j.at("summary").get<std::string>();
    for (const auto& c : j.at("claims")) {
      const auto id = c.at("id").get<std::string>(), verdict = c.at("verdict").get<std::string>(),
                 expected = c.at("expected_verdict").get<std::string>(), status = c.at("status").get<std::string>();
      const std::string claim = where + "claim '" + id + "': ";
      for (const auto* v : {&verdict, &expected})
        if (*v != "pass" && *v != "fail" && *v != "inconclusive")
          throw std::runtime_error(claim + "'" + *v + "' is not a verdict (pass, fail or inconclusive)");
      if (!m.emplace(id, status).second) throw std::runtime_error(claim + "listed twice");
      statuses.push_back(status);
      const auto it = std::find_if(claims.begin(), claims.end(), [&](const Claim& k) { return k.id == id; });
      if (it == claims.end()) {  // not in the catalogue: not shown
        all_known = false;
        continue;
      }
      post_hoc += post_hoc_count(tolerance_list(it->record));
      if (expected != it->expected_verdict)
        throw std::runtime_error(claim + "run expecting '" + expected + "', the catalogue expects '" +
                                 it->expected_verdict + "': " + rerun);
      const std::string derived = claim_status(verdict, expected, it->is_new);
      if (status != derived)
        throw std::runtime_error(claim + "\"status\" is '" + status + "', but the verdict " + verdict + " (expected " +
                                 expected + ") gives '" + derived + "'");
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("results summary " + file.string() + " is malformed: " + e.what());
  }
  // "... · N tolerances set after the data": the counts before it are the statuses'.
  static const std::regex tail(".* · ([0-9]{1,6}) tolerances? set after the data");
  std::smatch n;
  if (!std::regex_match(line, n, tail) || line != summary_line(statuses, std::stoi(n[1].str())))
    throw std::runtime_error(where + "\"summary\" '" + line + "' does not count its claims' statuses");
  if (all_known && std::stoi(n[1].str()) != post_hoc)
    throw std::runtime_error(fmt::format("{}\"summary\" says {} set after the data, its claims' tolerances in the "
                                         "catalogue {}", where, n[1].str(), post_hoc));
  return m;
}

}  // namespace

int check_claims(const CheckClaimsArgs& a) {
  set_claim_file_folders({a.tableaux, a.scenarios});
  for (const auto& name : a.scheme_names)
    register_scheme({.name = name,
                     .label = "registered in C++ by the program that runs these claims",
                     .classical_order = 1,
                     .family = SchemeFamily::dem,
                     .accepts_xw = true,
                     .make = {[](const SchemeInfo& row, const SchemeOptions&) -> Scheme<double> {
                       throw std::invalid_argument("scheme '" + row.name + "' is known by name only here");
                     }}});
  const std::filesystem::path path = a.file.empty() ? default_claims_file() : std::filesystem::path(a.file);
  const OutputFlags& output = a.output;
  // A directory is read file by file, as load_catalogue does, so that every
  // problem of every file is listed, and an id in two files is one more.
  std::vector<std::string> problems;
  std::map<std::string, std::string> file_of;  // claim id -> the file that first holds it
  std::map<std::string, int> kinds;
  std::size_t claims = 0;
  for (const auto& f : catalogue_files(path)) {
    const Catalogue cat = read_catalogue(f);
    problems.insert(problems.end(), cat.problems.begin(), cat.problems.end());
    for (const auto& c : cat.claims) {
      const auto [it, fresh] = file_of.emplace(c.id, f.filename().string());
      if (!fresh)
        problems.push_back("claim '" + c.id + "' appears twice (" + it->second + " and " + f.filename().string() + ")");
      ++kinds[c.kind];
      ++claims;
    }
  }
  for (const auto& p : problems) std::cerr << "granconv: error: " << printable(p) << '\n';
  if (!problems.empty()) return 2;
  if (output.json) print_json({{"file", path.string()}, {"claims", claims}, {"kinds", kinds}});
  if (output.quiet || output.json) return 0;
  std::cout << fmt::format("{}: {} claims of {} kinds, no problem found\n", path.string(), claims, kinds.size());
  return 0;
}

int list(const std::string& what, bool markdown, const std::string& claims_file, const std::string& results) {
  if (what == "schemes") {
    for (const auto& s : scheme_catalogue()) std::cout << fmt::format("{:13} order {}  {}\n", s.name, s.classical_order, s.label);
  } else if (what == "scenarios") {
    for (const auto& s : scenario_catalogue()) {
      std::string params;
      for (const auto& [k, v] : s.defaults.values()) params += fmt::format(" {}={}", k, v);
      for (const auto& [k, c] : s.defaults.choices())
        params += fmt::format(" {}={} ({})", k, c.value, fmt::join(c.allowed, "|"));
      std::cout << fmt::format("{:15} {}\n{:15} parameters:{}\n", s.name, s.description, "", params);
    }
  } else if (what == "models") {
    // The force-model catalogue (the atlas's columns), with the formulations
    // each law runs in: xv (x, v), xw (generalized velocity, JVB eqs. (10)–(11)).
    for (const auto& m : force_models()) {
      const std::string xw = m.xw_not_applicable();
      std::cout << fmt::format("{:15} {}: {}\n{:15} formulations: {}\n", m.name, m.label, m.notes, "",
                               xw.empty() ? std::string("xv, xw") : "xv (xw: " + xw + ")");
    }
  } else {
    const auto claims = catalogue(claims_file);
    if (markdown) {
      std::string line;
      const auto statuses =
          read_statuses(results.empty() ? results_summary_beside(catalogue_path(claims_file)) : std::filesystem::path(results),
                        claims, line);
      std::cout << "Status from the latest results: " << line << ".\n\n";
      std::cout << "| claim | kind | source | scheme | scenario | expected | status |\n|---|---|---|---|---|---|---|\n";
      for (const auto& c : claims) {
        // "scheme" as written, else what the claim names in its place ("external <name>", "tableau <name>").
        std::string expected, scheme = c.record.value("scheme", c.scheme.empty() ? std::string("–") : c.scheme),
                              scenario = c.record.value("scenario", c.record.value("scenario_file", std::string("–")));
        for (const auto& k : c.checks)
          expected += fmt::format("{}order {} ({})", expected.empty() ? "" : "; ", k.expected_order, k.label);
        if (c.kind == "order" && !c.external) scheme += " (" + c.formulation + ")";
        if (expected.empty()) expected = "see the claim's checks";
        const auto it = statuses.find(c.id);
        std::string status = it == statuses.end() ? "not run" : it->second;
        if (c.heavy && it == statuses.end())
          status = "heavy, not in the default run (`granconv run --heavy`, " + c.estimated_cost + ")";
        if (status == "deviates" || status == "inconclusive") status = "**" + status + "**: " + c.deviation;
        else if (status.rfind("unexpected", 0) == 0 || status == "not run") status = "**" + status + "**";
        std::cout << fmt::format("| `{}` | {} | {}, {} | {} | {} | {} | {} |\n", c.id, c.kind, c.paper, c.item, scheme,
                                 scenario, expected, status);
      }
    } else {
      for (const auto& c : claims)
        std::cout << fmt::format("{:18} {}{}\n", c.id, c.title,
                                 c.heavy ? " [heavy: " + c.estimated_cost + "; run --heavy]" : std::string());
    }
  }
  return 0;
}

}  // namespace granconv::cli
