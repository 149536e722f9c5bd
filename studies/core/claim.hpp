#pragma once
// A claim record of the catalogue (studies/claims/): what a paper says
// about a scheme on a scenario, and how to check it.
#include <any>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fit/order_fit.hpp"
#include "schemes/tableau.hpp"

namespace granconv {

struct ScenarioFile;  // models/scenario_file/scenario_file.hpp
struct ExternalStepper;  // studies/external/external_stepper.hpp

struct OrderCheck {
  std::string label;
  std::optional<FitWindow> window;  // nullopt: detected
  FitKind fit = FitKind::least_squares;
  double expected_order = 0, tolerance = 0, max_ci_width = 0;
  // The orders the check must rule out (the claimed effect absent, or a
  // competing published value): tolerance < half the distance to the nearest.
  std::vector<double> rivals;
  nlohmann::json tolerance_source;  // {"basis", "reason"} (studies/core/catalogue_rules.hpp)
};

struct StepGrid {
  double h_max = 0, h_min = 0;
  int per_decade = 0;
};

// The fields of the "order" kind (a convergence study, studies/core/study.hpp).
// They sit on every Claim (below) because order studies are also built in
// code: order-sweep varies a base claim, the atlas and the tests make their own.
struct OrderSpec {
  std::string scenario;
  std::vector<std::string> params;  // "key=value" overrides of the scenario defaults
  // Instead of scenario and params: a scenario file (models/scenario_file/),
  // as written in the catalogue, and its contents, read and checked at load.
  std::string scenario_file;
  std::shared_ptr<const ScenarioFile> scenario_spec;
  std::string scheme, formulation;
  std::string error_norm;  // prose, for the report
  // What is measured and fitted: "grid-max" (max over grid times of the sup
  // norms of the x and v errors; the fit uses the larger), "final-x" (final
  // time only, position error fitted, velocity error recorded) or
  // "final-overlap" (final-time error of the first contact's overlap
  // δ_0 = x_0 − x_1, and of its rate as the velocity error).
  std::string error_measure = "grid-max";
  std::string scheme_start;  // start rule of a staggered scheme ("" = its default)
  StepGrid grid;
  std::vector<OrderCheck> checks;
  std::optional<double> trajectory_h;
  // γ = gamma_per_h · h for every step size h (JVB fig. 6: γ = h), so the
  // reference changes with h; nullopt: γ is a fixed scenario parameter.
  std::optional<double> gamma_per_h;
  // Decimal digits of an "order" claim's sweep (see valid_precision).
  int precision = 16;
  // The double reference's method in place of the scenario's ("" = the
  // scenario's): "erk9" where a fit's errors come within 100× of CVODE's
  // estimate, which is a difference of two solves, not a bound (issue 35).
  std::string reference_method;
  // "tableau": a tableau file in place of "scheme" (a scheme of the user's
  // own, granconv_add_claims' TABLEAUX); `scheme` is then "tableau <name>".
  std::optional<Tableau<double>> tableau;
  // "external": a program's integrator in place of "scheme" (docs/external-codes.md);
  // `scheme` is then "external <name>".
  std::shared_ptr<const ExternalStepper> external;
};

// A perturbation of the method or the model under which the claim must
// FAIL (`granconv run <id> --negative-twin <name> --check` exits 1):
// granconv_add_claims registers one ctest per twin. `perturb` holds run's
// overrides: "tableau" (a file), "params" (key=value), "start",
// "dissipation_scale", "external_args" (appended to an external program's
// command), or "expected_order" (a rival number only).
struct NegativeTwin {
  std::string name, why;
  nlohmann::json perturb;
};

// Every claim has an id, a title, a source, a figure group and a kind (the
// common fields, read once by load_claims); the rest of its record is read at
// load by its kind's parse (studies/core/claim_kinds.hpp) into `spec`, a struct of
// that kind, which the kind's run receives typed.
struct Claim : OrderSpec {
  std::string id, title, paper, item, figure_group;
  std::string kind = "order";
  // "pass"; "fail" for a documented deviation from the paper (`deviation`
  // says what does not reproduce, and `deviation_pin` which check fails and
  // the band of its measured value, asserted by the ctest); "inconclusive"
  // where the data cannot decide (`deviation` says why).
  std::string expected_verdict = "pass";
  std::string deviation;
  nlohmann::json deviation_pin;  // {"check", "value", "band": [lo, hi]} or null
  std::string notes;
  std::vector<NegativeTwin> negative_twins;
  bool is_new = false;  // source.new: a claim in none of the papers
  // "heavy": a claim whose run takes hours of CPU, its "estimated_cost" says
  // how many (one line). Left out of `run all`, the report and ctest (registered
  // disabled, label heavy); `granconv run --heavy` runs it.
  bool heavy = false;
  std::string estimated_cost;
  std::any spec;  // the kind's typed fields (an OrderSpec for "order": then also the base)
  nlohmann::json record;  // the record as written in the catalogue
};

// Every problem of a catalogue, one line each naming the claim and the field;
// the claims that parsed cleanly.
struct Catalogue {
  std::vector<Claim> claims;
  std::vector<std::string> problems;
};
Catalogue read_catalogue(const std::filesystem::path& file);
// One record: its problems go to `problems`, naming the claim by its id (or
// `unnamed` without one); the claim is usable when none was added.
// `base_dir`: the catalogue file's directory, which file names in the record
// are relative to.
Claim parse_claim(const nlohmann::json& record, std::vector<std::string>& problems,
                  const std::string& unnamed = "a claim", const std::filesystem::path& base_dir = {});
// As parse_claim, throwing std::invalid_argument with the first problem.
Claim parse_claim(const nlohmann::json& record);

// A name that becomes a file name under --out (a claim id, a figure name, a
// negative twin's name): lower-case letters, digits, '.' and '-', not starting
// with '.', at most 100 characters; so "..", "a/b", "/abs" and "" never reach
// a path.
inline constexpr std::size_t kMaxNameLength = 100;
bool valid_output_name(const std::string& name);
std::string output_name_rule();
// A claim catalogue file (the largest shipped one is ~80 kB).
inline constexpr std::size_t kMaxCatalogueFileBytes = std::size_t(16) << 20;

// Decimal digits a sweep can run in, each with its scalar and reference:
// 16 (double, CVODE), 32 (DoubleDouble, libqd's double-double; its RKF 7(8) reference certified
// in 50 digits), 50 (Mp50 = cpp_bin_float_50, 50-digit RKF 7(8) reference).
// models/extended_precision.hpp says which serves what.
inline bool valid_precision(int digits) { return digits == 16 || digits == 32 || digits == 50; }
inline std::string precision_rule(const std::string& what = "precision") {
  return what + " must be 16 (double), 32 (double-double) or 50 (cpp_bin_float_50)";
}

// Where a relative file name in a claim record ("tableau", "scenario_file",
// a negative twin's "tableau") is found: in the folder given on the command
// line for its sort (--tableaux, --scenarios), else beside the catalogue file.
struct ClaimFileFolders {
  std::filesystem::path tableaux, scenarios;
};
void set_claim_file_folders(ClaimFileFolders folders);  // before the catalogue is read
const ClaimFileFolders& claim_file_folders();
// In `given` (a ClaimFileFolders member) when set, where `name` must be a plain
// file name (no '/', no leading '.'; else std::invalid_argument); else `name`
// itself when absolute, or in `base_dir` (the catalogue file's folder,
// FieldReader::base_dir): a catalogue is code and may point anywhere it reads.
std::filesystem::path resolve_claim_file(const std::string& name, const std::filesystem::path& given,
                                         const std::filesystem::path& base_dir);

// The catalogue shipped with the sources (overridable by GRANCONV_CLAIMS).
std::filesystem::path default_claims_file();
// read_catalogue, throwing on the first problem (with the count of the others).
std::vector<Claim> load_claims(const std::filesystem::path& file);
const Claim& find_claim(const std::vector<Claim>& claims, const std::string& id);  // throws on unknown ids

const char* to_string(FitKind k);

}  // namespace granconv
