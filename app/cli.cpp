// The granconv command line: its subcommands and options. A program of the
// caller's own (with schemes registered first, schemes/scheme_catalogue.hpp)
// runs the same command line through cli_main.
#include <CLI/CLI.hpp>
#include <cerrno>
#include <new>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "app/cli.hpp"
#include "app/cli_checks.hpp"
#include "app/commands.hpp"
#include "app/signal_cleanup.hpp"
#include "models/input/printable.hpp"
#include "app/output_flags.hpp"
#include "studies/support/distribution/distributed_for.hpp"
#include "studies/support/work_dirs.hpp"

int granconv::cli_main(int argc, char** argv) {
  using namespace granconv::cli;
  install_signal_cleanup();  // first: every thread started later inherits the blocked signals
  // Under mpirun or srun every rank runs this same command (docs/cluster.md);
  // rank 0 alone prints and writes.
  const DistributionSession distribution;
  if (!is_writer() && !std::freopen("/dev/null", "w", stdout)) {
    std::cerr << "granconv: error: rank " << distribution_rank() << " cannot silence its standard output\n";
    abort_distribution(2);
  }
  CLI::App app{"granconv — convergence and order verification for time integrators on granular contact dynamics"};
  app.require_subcommand(1);
  // One line, like every other error (the usual second line points to --help).
  app.failure_message([](const CLI::App*, const CLI::Error& e) { return "granconv: error: " + printable(e.what()) + "\n"; });

  std::string list_what = "studies";
  bool markdown = false;
  std::string list_claims, list_results;
  auto* list_cmd = app.add_subcommand("list", "List studies (claims), schemes, models or scenarios");
  list_cmd->add_option("what", list_what, "studies | schemes | models | scenarios")
      ->check(CLI::IsMember({"studies", "schemes", "models", "scenarios"}));
  list_cmd->add_flag("--markdown", markdown, "Studies as the Markdown table of the README");
  bool list_as_json = false;
  list_cmd->add_flag("--json", list_as_json, "Print the list as one JSON array")->excludes("--markdown");
  list_cmd->add_option("--claims", list_claims, "Claim catalogue (default: the shipped one)");
  list_cmd->add_option("--results", list_results,
                       "Results summary for the status column (written by `report`; default: the committed "
                       "studies/results_summary.json)");

  CheckClaimsArgs check_args;
  auto* check_cmd = app.add_subcommand("check-claims", "Load and validate a claim catalogue without running anything");
  check_cmd->add_option("file", check_args.file, "Claim catalogue (default: the shipped one)");
  check_cmd->add_option("--tableaux", check_args.tableaux, "Folder of the tableau files the claims name");
  check_cmd->add_option("--scenarios", check_args.scenarios, "Folder of the scenario files the claims name");
  check_cmd->add_option("--scheme-name", check_args.scheme_names,
                        "A scheme the claims' own program registers in C++ (repeatable; known by name only)");
  add_output_flags(check_cmd, check_args.output);

  RunArgs run_args;
  auto* run_cmd = app.add_subcommand("run", "Run studies (claims) and write DIR/studies/<id>.json");
  run_cmd->add_option("study", run_args.studies, "Study ids, or 'all'")->required();
  run_cmd->add_option("--out", run_args.out, "Output directory")->capture_default_str();
  run_cmd->add_option("--cache", run_args.cache, "Reference cache directory (default DIR/cache; 'none' disables)");
  run_cmd->add_option("--jobs", run_args.jobs, "Threads sweeping step sizes (default: all cores)")->check(CLI::Range(0, 4096));
  run_cmd->add_flag("--check", run_args.check,
                   "Exit with status 1 when a claim fails, 3 when none fails but one is inconclusive");
  run_cmd->add_option("--tableau", run_args.tableau, "Replace the claim's scheme by this scheme file (JSON; a tableau, or a file of any family for order claims)");
  run_cmd->add_option("--expected", run_args.expected, "Replace the expected order of every check")
      ->check(finite_number("order", true));
  run_cmd->add_option("--precision", run_args.precision,
                      "Order claims: digits of the scheme and reference, 16 (double, CVODE), 32 (double-double, RKF 7(8) "
                      "reference certified in 50 digits) or 50 (cpp_bin_float_50, RKF 7(8) reference); default: the "
                      "claim's");
  run_cmd->add_option("--dissipation-scale", run_args.dissipation_scale,
                      "Tailored schemes: scale theta - 1/2 = C11 = gamma/(2h) by this factor (perturbation)")
      ->check(finite_number("factor", true));
  run_cmd->add_option("--start", run_args.start,
                      "Staggered DEM schemes: start rule replacing the claim's (half-kick | v0 | exact | "
                      "exact-first-step | heun)");
  run_cmd->add_option("--mu", run_args.mu, "theta scheme: weight of the local springs, replacing mu = theta (perturbation)");
  run_cmd->add_option("--param", run_args.params,
                      "Scenario parameter override key=value appended to the claim's (model perturbation; repeatable)");
  run_cmd->add_option("--claims", run_args.claims, "Claim catalogue (default: the shipped one)");
  run_cmd->add_flag("--skip-absent", run_args.skip_absent,
                    "Exit 77 (ctest's skip) when a program an external claim requires (its \"requires\") is not installed");
  run_cmd->add_option("--negative-twin", run_args.negative_twin,
                      "Run the claim under its negative twin of this name (its \"negative_twins\"): it must fail");
  run_cmd->add_option("--tableaux", run_args.tableaux, "Folder of the tableau files the claims name");
  run_cmd->add_option("--scenarios", run_args.scenarios, "Folder of the scenario files the claims name");
  run_cmd->add_option("--reference-budget", run_args.reference_budget,
                      "Wall-clock seconds allowed per reference (CVODE, 50-digit, bi-stiffness) and LZB impact")
      ->capture_default_str()
      ->check(finite_number("number of seconds", true));
  run_cmd->add_option("--reference-mode", run_args.reference_mode,
                      "Order claims: auto (stream the reference where it can and would store over 1e7 values), "
                      "streamed (always; refused where it cannot), stored; the same results either way")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "streamed", "stored"}));
  add_output_flags(run_cmd, run_args.output);
  run_cmd->add_flag("--heavy", run_args.heavy,
                    "Run heavy claims (hours of CPU, `granconv list` marks them): by name, and in 'all' (left out without "
                    "--heavy)");

  ReportArgs report_args;
  auto* report_cmd = app.add_subcommand("report", "Run every study and regenerate DIR/report/index.html");
  report_cmd->add_option("--out", report_args.out, "Output directory")->capture_default_str();
  report_cmd->add_option("--cache", report_args.cache, "Reference cache directory (default DIR/cache; 'none' disables)");
  report_cmd->add_option("--jobs", report_args.jobs, "Threads (default: all cores)")->check(CLI::Range(0, 4096));
  report_cmd->add_option("--claims", report_args.claims, "Claim catalogue (default: the shipped one)");
  add_output_flags(report_cmd, report_args.output);
  report_cmd->add_flag("--no-run", report_args.no_run,
                       "Run nothing: render the results already in DIR/studies (claims without one show as not run)");

  auto add_problem = [](CLI::App* cmd, ProblemArgs& p) {
    auto* name = cmd->add_option("--scenario", p.scenario, "Scenario name (granconv list scenarios)");
    cmd->add_option("--scenario-file", p.scenario_file, "Scenario file (JSON, docs/scenario-files.md) instead of --scenario")
        ->excludes(name);
    cmd->add_option("--param", p.params, "Scenario parameter override key=value (repeatable)");
    cmd->add_option("--t", p.t, "Final time T")->required()->check(finite_number("time", true));
    cmd->add_flag("--json", p.json, "Print JSON");
    cmd->add_option("--cache", p.cache, "Reference cache directory (default: none)");
    cmd->add_option("--reference-budget", p.reference_budget, "Wall-clock seconds allowed for the reference (and the LZB impact)")
        ->capture_default_str()
        ->check(finite_number("number of seconds", true));
  };
  ReferenceArgs ref_args;
  auto* ref_cmd = app.add_subcommand("reference", "Print the reference state of a scenario at time T");
  add_problem(ref_cmd, ref_args);
  ref_cmd->add_option("--rtol", ref_args.rtol, "Relative tolerance")->capture_default_str()->check(finite_number("tolerance", true));
  ref_cmd->add_option("--atol", ref_args.atol, "Absolute tolerance")->capture_default_str()->check(finite_number("tolerance", true));
  ref_cmd->add_option("--method", ref_args.method,
                      "adams | bdf (CVODE) | erk8 | erk9 (ARKODE, explicit Runge-Kutta of order 8 or 9) (default: erk9 where the "
                      "forces depend on the gaps alone, else the scenario's; the provenance says which and why)")
      ->check(CLI::IsMember({"adams", "bdf", "erk8", "erk9"}));
  ref_cmd->add_option("--nonlinear-solver", ref_args.nonlinear_solver,
                      "CVODE methods: fixed-point | newton (default: newton); erk8 and erk9 have none")
      ->check(CLI::IsMember({"fixed-point", "newton"}));
  ref_cmd->add_flag("--no-error-estimate", ref_args.no_error_estimate,
                    "Skip the rerun at rtol/10 that estimates the reference's own error");
  auto* every = ref_cmd->add_option("--every", ref_args.every,
                      "A time series from one solve: the state at 0, DT, 2DT, ..., T (T a whole multiple of DT)")
      ->check(finite_number("time", true));
  ref_cmd->add_option("--times", ref_args.times, "A time series from one solve at these times (increasing, in [0, T])")
      ->delimiter(',')
      ->excludes(every);
  ref_cmd->add_option("--jobs", ref_args.jobs,
                      "Threads: with 2 or more the rerun for the error estimate runs beside the first solve, with the "
                      "same result (default: all cores)")
      ->check(CLI::Range(0, 4096));

  SolveArgs solve_args;
  auto* solve_cmd = app.add_subcommand("solve", "Run one scheme at one step size and measure its error");
  add_problem(solve_cmd, solve_args);
  solve_cmd->add_option("--scheme", solve_args.scheme, "Scheme name (granconv list schemes)")->required();
  solve_cmd->add_option("--h", solve_args.h, "Step size; T/h must be an integer")->required()->check(finite_number("step size", true));
  solve_cmd->add_option("--formulation", solve_args.formulation, "xv | xw (direct discretisations)")
      ->capture_default_str()
      ->check(CLI::IsMember({"xv", "xw"}));
  solve_cmd->add_option("--mu", solve_args.mu, "theta scheme: weight of the local springs (default: mu = theta)")
      ->check(finite_number("weight", false));
  solve_cmd->add_option("--start", solve_args.start,
                        "Staggered DEM schemes: start rule (half-kick | v0 | exact | exact-first-step | heun)");

  ValidateArgs validate_args;
  auto* validate_cmd = app.add_subcommand(
      "validate", "Validate a scheme file of any family (a Runge-Kutta tableau, partitioned RK, splitting, Nystrom, "
                  "Newmark, Gear, multistep; DIR/validate/<name>.json and .html) or an external program's integrator");
  auto* file_opt = validate_cmd->add_option("FILE", validate_args.file,
                                            "Scheme file (JSON; its \"family\" says which, docs/scheme-files.md)");
  auto* tableau_opt = validate_cmd->add_option("--tableau", validate_args.tableau,
                                               "Scheme file, as FILE (a tableau: name, A, b, c, order)")
                          ->excludes(file_opt);
  validate_cmd->add_option("--external", validate_args.external,
                           "External scheme file {\"external\": {...}} (docs/external-codes.md): its orders and "
                           "identification on the shipped chains, DIR/validate/<name>-external.json")
      ->excludes(tableau_opt)
      ->excludes(file_opt);
  validate_cmd->add_option("--out", validate_args.out, "Output directory")->capture_default_str();
  validate_cmd->add_option("--cache", validate_args.cache, "Reference cache directory (default DIR/cache; 'none' disables)");
  validate_cmd->add_option("--jobs", validate_args.jobs, "Threads (default: all cores)")->check(CLI::Range(0, 4096));
  validate_cmd->add_option("--precision", validate_args.precision,
                           "Digits of the smooth-problem runs (item 4): 16 (double, CVODE) or 50 (cpp_bin_float_50 "
                           "against the multiprecision reference); contact items stay in double")
      ->capture_default_str();
  add_output_flags(validate_cmd, validate_args.output);

  AtlasArgs atlas_args;
  auto* atlas_cmd = app.add_subcommand("atlas", "Run the order atlas (every scheme x force model): DIR/atlas/atlas.json");
  atlas_cmd->add_option("--out", atlas_args.out, "Output directory")->capture_default_str();
  atlas_cmd->add_option("--cache", atlas_args.cache, "Reference cache directory (default DIR/cache; 'none' disables)");
  atlas_cmd->add_option("--jobs", atlas_args.jobs, "Threads (default: all cores)")->check(CLI::Range(0, 4096));
  atlas_cmd->add_option("--claims", atlas_args.claims, "Claim catalogue holding the atlas claim (default: the shipped one)");
  add_output_flags(atlas_cmd, atlas_args.output);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (!is_writer()) return e.get_exit_code() == 0 ? 0 : 2;  // rank 0 says it
    return app.exit(e) == 0 ? 0 : 2;
  }
  int status = 2;
  try {
    if (*list_cmd)
      status = list_as_json ? list_json(list_what, list_claims) : list(list_what, markdown, list_claims, list_results);
    else if (*check_cmd) status = check_claims(check_args);
    else if (*run_cmd) status = run(run_args);
    else if (*report_cmd) status = report(report_args);
    else if (*ref_cmd) status = reference(ref_args);
    else if (*solve_cmd) status = solve(solve_args);
    else if (*atlas_cmd) status = atlas(atlas_args);
    else if (*validate_cmd) status = validate(validate_args);
  } catch (const std::bad_alloc& e) {
    wait_if_ending_by_signal();  // a failure the signal's cleanup caused is not the command's
    // The operations that can ask for much memory name themselves; this is the last guard.
    const auto used = app.get_subcommands();
    const std::string what = "out of memory in granconv" + (used.empty() ? std::string() : " " + used.front()->get_name());
    if (!error_is_shared(e) && !all_ranks_failed()) {
      std::cerr << "granconv: error: " << what << '\n';
      abort_distribution(2);
    }
    if (is_writer()) std::cerr << "granconv: error: " << what << '\n';
    return 2;
  } catch (const std::exception& e) {
    // A failure the signal's cleanup caused (its child killed, its work
    // directory removed) is not the command's: the process ends by the signal.
    wait_if_ending_by_signal();
    // As a rule every rank meets the same error (bad input, a reference over
    // its budget, a cell's failure rethrown on all ranks): rank 0 says it and
    // all end with status 2. An error this rank met alone would leave the
    // others waiting: then it ends them all.
    if (!error_is_shared(e) && !all_ranks_failed()) {
      std::cerr << "granconv: error: " << printable(e.what()) << '\n';
      abort_distribution(2);
    }
    if (is_writer()) std::cerr << "granconv: error: " << printable(e.what()) << '\n';
    return 2;
  }
  wait_if_ending_by_signal();  // a signal taken as the command ended still ends it
  // Output that never arrived (a full disk, a closed pipe) is an error, not a success.
  // (errno still holds the failed write's reason: nothing here resets it.)
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    const int err = errno;
    std::cerr << "granconv: error: cannot write to standard output: " << std::strerror(err ? err : EIO) << '\n';
    return 2;
  }
  return status;
}
