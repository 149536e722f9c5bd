#pragma once
// A claim record of the catalogue (studies/claims.json): what a paper says
// about a scheme on a scenario, and how to check it.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fit/order_fit.hpp"

namespace granconv {

struct OrderCheck {
  std::string label;
  std::optional<FitWindow> window;  // nullopt: detected
  FitKind fit = FitKind::least_squares;
  double expected_order = 0, tolerance = 0, max_ci_width = 0;
  // The orders the check must rule out (the claimed effect absent, or a
  // competing published value): tolerance < half the distance to the nearest.
  std::vector<double> rivals;
  nlohmann::json tolerance_source;  // {"basis", "reason"} (studies/tolerance_sources.hpp)
};

struct StepGrid {
  double h_max = 0, h_min = 0;
  int per_decade = 0;
};

// Every claim has an id, a title, a source, a figure group and a kind. The
// fields below `kind` are those of the "order" kind (a convergence study);
// other kinds read their own fields from `record`.
struct Claim {
  std::string id, title, paper, item, figure_group;
  std::string kind = "order";
  // "pass"; "fail" for a documented deviation from the paper (`deviation`
  // says what does not reproduce, and `deviation_pin` which check fails and
  // the band of its measured value, asserted by the ctest); "inconclusive"
  // where the data cannot decide (`deviation` says why).
  std::string expected_verdict = "pass";
  std::string deviation;
  nlohmann::json deviation_pin;  // {"check", "value", "band": [lo, hi]} or null
  std::string scenario;
  std::vector<std::string> params;  // "key=value" overrides of the scenario defaults
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
  std::string notes;
  // Decimal digits of an "order" claim's sweep: 16 (double) or 50
  // (cpp_bin_float_50 against the multiprecision reference).
  int precision = 16;
  nlohmann::json record;  // the record as written in the catalogue
};

// The catalogue shipped with the sources (overridable by GRANCONV_CLAIMS).
std::filesystem::path default_claims_file();
std::vector<Claim> load_claims(const std::filesystem::path& file);
const Claim& find_claim(const std::vector<Claim>& claims, const std::string& id);  // throws on unknown ids

const char* to_string(FitKind k);

}  // namespace granconv
