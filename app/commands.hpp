#pragma once
// The granconv subcommands (docs/architecture.md, "Command line"), a file each
// in app/commands/ (<name>_command.cpp). Each returns
// the process exit code: 0 success, 1 a claim failed its check, 3 none failed
// but one was inconclusive (studies/core/verdict.hpp), 2 bad input
// or a solver failure (reported on stderr by main).
#include <optional>
#include <string>
#include <vector>

namespace granconv::cli {

// --quiet / --json (app/output_flags.hpp).
struct OutputFlags {
  bool quiet = false, json = false;
};

struct RunArgs {
  std::vector<std::string> studies;
  std::string out = "out";
  std::string cache;  // default <out>/cache; "none" disables
  int jobs = 0;       // 0: hardware concurrency
  bool check = false;
  std::string tableau;
  std::optional<double> expected;
  std::optional<int> precision;  // 16 or 50 digits (order claims); nullopt: each claim's own
  double dissipation_scale = 1;
  std::string start;  // start rule of a staggered scheme (perturbation / experiment)
  std::optional<double> mu;         // θ scheme: weight of the local springs (perturbation)
  std::vector<std::string> params;  // scenario overrides key=value (model perturbation)
  std::string claims;
  double reference_budget = 600;  // seconds per reference and LZB impact (ReferenceOptions::max_seconds)
  std::string reference_mode = "auto";  // StudyOptions::reference_mode: auto | streamed | stored
  std::string negative_twin;      // apply the claim's negative twin of this name (it must then fail)
  bool skip_absent = false;       // exit 77 when a program an external claim requires is not installed
  std::string tableaux, scenarios;  // folders of the file names in claim records (ClaimFileFolders)
  OutputFlags output;
  bool heavy = false;  // heavy claims ("heavy": true) run only with --heavy
};
int run(const RunArgs& a);

struct ReportArgs {
  std::string out = "out";
  std::string cache;
  int jobs = 0;
  std::string claims;
  bool no_run = false;  // render the results already in DIR/studies, run nothing
  OutputFlags output;
};
int report(const ReportArgs& a);

struct ProblemArgs {
  std::string scenario;
  std::string scenario_file;  // instead of scenario (models/scenario_file/scenario_file.hpp)
  std::vector<std::string> params;
  double t = 0;
  bool json = false;
  std::string cache;
  double reference_budget = 600;  // seconds (ReferenceOptions::max_seconds; LzbOptions in solve --scheme lzb)
};

struct ReferenceArgs : ProblemArgs {
  double rtol = 1e-13, atol = 1e-15;
  std::string method, nonlinear_solver;
  bool no_error_estimate = false;
  int jobs = 0;  // 0: every core (2 used at most: the solve and its rerun)
  // A time series instead of the state at T: every DT (T a whole multiple), or at these times.
  std::optional<double> every;
  std::vector<double> times;
};
int reference(const ReferenceArgs& a);

struct SolveArgs : ProblemArgs {
  std::string scheme, formulation = "xv";
  double h = 0;
  std::optional<double> mu;
  std::string start;
};
int solve(const SolveArgs& a);

// `results`: a results summary (see report) for the status column of the
// Markdown table; "" the committed one beside the catalogue.
int list(const std::string& what, bool markdown, const std::string& claims, const std::string& results = "");
// The same lists as one JSON array (app/commands/list_json.cpp).
int list_json(const std::string& what, const std::string& claims);

// Loads and validates a claim catalogue ("" the shipped one) without running
// anything: every problem on a line of its own to stderr and status 2, else a
// one-line summary and 0.
struct CheckClaimsArgs {
  std::string file;
  std::string tableaux, scenarios;
  // Schemes that the program running the claims registers in C++
  // (register_scheme): known by name only, never run here.
  std::vector<std::string> scheme_names;
  OutputFlags output;
};
int check_claims(const CheckClaimsArgs& a);

// app/commands/validate_command.cpp
struct ValidateArgs {
  std::string file;     // positional FILE: a scheme file of any family
  std::string tableau;  // --tableau FILE: the same, its messages naming a "tableau file"
  std::string external;  // instead of tableau: an external scheme file {"external": {...}}
  std::string out = "out";
  std::string cache;  // default <out>/cache; "none" disables
  int jobs = 0;
  int precision = 16;  // 16 (double) or 50 (item 4 in cpp_bin_float_50)
  OutputFlags output;
};
int validate(const ValidateArgs& a);

// app/commands/atlas_command.cpp
struct AtlasArgs {
  std::string out = "out";
  std::string cache;  // default <out>/cache; "none" disables
  int jobs = 0;
  std::string claims;
  OutputFlags output;
};
int atlas(const AtlasArgs& a);

}  // namespace granconv::cli
