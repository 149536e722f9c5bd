#pragma once
// A convergence study: one claim's scheme on its scenario over a grid of step
// sizes, errors against the CVODE reference, fitted orders and the verdict.
// One call on (claim, options); the result is data (to_json) for the report.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reference/sundials/cvode_reference.hpp"
#include "schemes/scheme.hpp"
#include "schemes/tableau.hpp"
#include "studies/core/claim.hpp"
#include "studies/core/verdict.hpp"
#include "studies/support/comparison.hpp"
#include "studies/support/parallel_for.hpp"

namespace granconv {

struct StudyOptions {
  int jobs = 1;
  std::filesystem::path cache_dir;  // empty: no reference cache
  ReferenceOptions reference;
  // Replace the claim's scheme by this tableau (to put a perturbed or new
  // scheme through a claim).
  std::optional<Tableau<double>> tableau;
  // The same for a scheme file of another family (SchemeFile::make_double;
  // empty: none): order claims only, in double.
  std::function<Scheme<double>()> scheme_file;
  SchemeOptions scheme;  // options of the claim's scheme (perturbations for negative tests)
  // Replace every check's expected order (to show a wrong claim fails).
  std::optional<double> expected_order;
  // "key=value" overrides appended to the claim's scenario parameters (model
  // perturbations for negative tests); kinds without a scenario refuse them.
  std::vector<std::string> params;
  // Decimal digits of the scalar the scheme and the reference run in: 16
  // (double), 32 (double-double) or 50 (cpp_bin_float_50), see valid_precision;
  // nullopt: the claim's "precision" (default 16).
  std::optional<int> precision;
  // The shared reference over the grid times: streamed, nothing kept, where it
  // can be (double, CVODE or an exact solution; studies/support/streamed_grid_errors.hpp)
  // and would store more than kStreamAboveValues values, else stored (and
  // cached); `streamed` or `stored` force it (the same bits either way).
  ComparisonMode reference_mode = ComparisonMode::automatic;
  // Points whose error is below floor_factor × floor are excluded from fits.
  double floor_factor = 10;
  ProgressFn progress;  // studies/support/parallel_for.hpp
  // --out: where an external program's scratch folders go (OUT/external).
  std::filesystem::path out_dir;
  // Arguments appended to an external program's command (a negative twin's
  // perturbation of the external method or model).
  std::vector<std::string> external_args;
};

struct CheckResult {
  OrderCheck check;
  OrderFit least_squares, envelope;
  const OrderFit& used() const { return check.fit == FitKind::least_squares ? least_squares : envelope; }
  Verdict verdict = Verdict::inconclusive;
  bool pass = false;   // verdict == pass
  std::string reason;  // why it did not pass, empty when it passed
};

struct StudyResult {
  Claim claim;
  std::string scheme_name, scheme_label, model;
  std::vector<long> steps;
  std::vector<double> h, error, error_x, error_v, floor;
  std::vector<bool> usable;
  // Per step size: why the run diverged (empty: it did not); such points
  // have infinite errors and are in no fit.
  std::vector<std::string> diverged;
  std::vector<CheckResult> checks;
  Verdict verdict = Verdict::inconclusive;
  bool pass = false;
  nlohmann::json reference;   // provenance
  nlohmann::json trajectory;  // null when the claim asks for none
  int precision = 16;          // digits the sweep ran in (StudyOptions::precision)
  nlohmann::json figures;      // precision 32 or 50: the double-vs-extended figure (null otherwise)
  std::string precision_note;  // precision 32 or 50: where double stops, appended to the notes
  // precision 32 or 50: how far double's usable points (above its floor) are
  // from the extended errors at the same h, {"usable_points", "largest_relative_difference", "at_h"}.
  nlohmann::json double_agreement;
  // double with a CVODE reference: where the smallest error fitted is within
  // 100× of the reference's estimate, a sentence saying the estimate is a
  // difference of two solves, not a bound (appended to the notes).
  std::string reference_note;
  double seconds = 0;
  nlohmann::json to_json() const;
};

StudyResult run_study(const Claim& claim, const StudyOptions& options);

// One check on a sweep's errors: both fits (least squares and upper envelope)
// over the usable points, and the verdict of the one the check names.
CheckResult evaluate_check(const OrderCheck& check, const std::vector<double>& h, const std::vector<double>& e,
                           const std::vector<bool>& usable);

// Whether the claim's sweep can stream its reference in double: an error over
// the grid times against CVODE or an exact solution (ARKODE's methods stop at
// every output time, so their states depend on the union of the grid times).
// Then its memory is O(N) whatever the grid, and the stored-values budget does
// not apply to it.
bool reference_streamable(const Claim& claim, const Problem<double>& problem, const ReferenceOptions& opt);

// The force model's name ("kk", "hertz", "hertz-damped", "spring-dashpot", ...).
std::string model_name(const Chain<double>& chain);

}  // namespace granconv
