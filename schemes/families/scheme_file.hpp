#pragma once
// A scheme read from a file of one of the integrator families
// (docs/scheme-files.md). The file's "family" names a row of family_table();
// the row's parser checks the file in full (sizes, consistency conditions,
// limits; every error one line naming the file and the field) and returns a
// SchemeFile: the scheme as a value in double and in 50 digits, and the
// analyses `granconv validate` reports for it (the family's own order
// conditions, its structure, and one step on the damped oscillator, from
// which studies/validate computes the amplification matrix and everything
// derived from it).
//
// A file without "family" (or with "runge-kutta") is a Butcher tableau
// (schemes/tableau_file.hpp): today's tableau files read unchanged.
#include <complex>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/extended_precision.hpp"
#include "schemes/scheme.hpp"

namespace granconv {

// The order conditions of one order: how many there are, the largest
// residual |Φ(t) − 1/γ(t)| (or the family's equivalent) and the first that
// fails, "" if none does.
struct OrderConditionRow {
  int order = 0;
  int conditions = 0;
  double largest_residual = 0;
  std::string first_failure;
};

struct FamilyOrderReport {
  std::string theory;  // e.g. "bi-coloured trees (P-series), partitioned system"
  int max_order = 0;   // conditions checked up to this order
  int order = 0;       // highest order whose conditions (and all lower) hold
  std::vector<OrderConditionRow> rows;  // orders 1..max_order
  std::string first_failure;            // the first failing condition overall, "" if none
  // A family may report the same conditions on a second problem class (a
  // splitting method on x'' = F(x) and on a general partitioned system).
  std::vector<std::pair<std::string, FamilyOrderReport>> variants;
  // The order under a velocity-dependent force (a dashpot, x'' = F(t, x, v)),
  // from the family's theory and the file's velocity rule
  // (docs/scheme-files.md#velocity-dependent-forces), and which rule gave it.
  // Every family's parser sets it: validate's item 4 expects it on the damped
  // trimer, where the order above may not hold.
  int order_velocity_dependent = 0;
  std::string velocity_dependent_basis;
  // True when `order` is what the start procedure leaves (Gear's Taylor
  // start: a bounded error of that order), so that a linear problem whose
  // principal root is more accurate still reaches `order` as h -> 0, and only
  // the root's order before the start's error dominates.
  bool start_limited = false;
};

// A structural property checked on the coefficients; nullopt: not applicable.
struct StructureCheck {
  std::optional<bool> holds;
  double residual = 0;
  std::string condition;  // the condition checked, in words or formula
};
struct StructureReport {
  StructureCheck symplectic, symmetric;
};

// One step of size Ω of the method on x'' + 2ζx' + x = 0 (ω = 1), acting on
// the method's whole state: (x, v) for one-step methods, (x, v, a) for the
// Newmark family, a Nordsieck vector, or the past values of a multistep
// method. The amplification matrix is this map applied to the unit vectors
// (it is linear on this problem). x_index and v_index say where x and v are.
template <class S>
struct OscillatorStep {
  int state_size = 2;
  int x_index = 0, v_index = 1;
  std::function<void(const S& omega_h, const S& zeta, const std::vector<S>& in, std::vector<S>& out)> step;
};

// The linear stability of a multistep family on y' = λy, for validate's
// zero-stability line and its stability-region figure (filled where
// SchemeFile::multistep is true).
struct MultistepStability {
  std::vector<std::complex<double>> rho_roots;  // the roots of ρ (the corrector's, for PECE)
  bool zero_stable = false;                     // in the closed unit disc, those on the circle simple
  std::string zero_stability_note;              // how that was decided
  // The boundary locus {z = hλ : π(e^{iθ}, z) = 0, θ ∈ [0, 2π]}, one closed
  // curve per branch (PECE's π is quadratic in z: two branches). The region
  // of absolute stability is bounded by (parts of) these curves.
  std::vector<std::vector<std::complex<double>>> boundary_locus;
  std::string stability_polynomial;  // π(ζ, z) in words, for the page
};

struct SchemeFile {
  std::string family;  // the row of family_table()
  std::string name, description, source;
  std::optional<int> claimed_order;  // the author's claim ("order")
  bool explicit_method = true;
  bool multistep = false;  // zero-stability and a stability region apply
  // How a velocity-dependent force (contact damping) is evaluated, where the
  // family must choose ("" where it need not), and its cost in order.
  std::string velocity_rule, velocity_rule_note;
  nlohmann::json coefficients;  // the file's coefficients, echoed into validate's JSON
  std::function<Scheme<double>()> make_double;
  std::function<Scheme<Mp50>()> make_mp50;
  std::function<FamilyOrderReport()> order_conditions;  // exact, in 50 digits
  std::function<StructureReport()> structure;
  OscillatorStep<Mp50> oscillator;
  // Multistep families only (empty otherwise): zero-stability and the
  // boundary locus sampled at `points` values of θ per branch.
  std::function<MultistepStability(int points)> multistep_stability;
};

// A family: its name (the file's "family"), what it is, and its parser.
// `doc` is the whole file parsed with exact decimals (file_fields.hpp reads
// its entries); `source` names the file in messages.
using FamilyParser = SchemeFile (*)(const nlohmann::json& doc, const std::string& source);
struct FamilyRow {
  const char* name;
  const char* what;
  FamilyParser parse;
};
const std::vector<FamilyRow>& family_table();

// Throws std::invalid_argument (one line naming the file and the field) for
// a malformed file, std::runtime_error for an unreadable one.
SchemeFile parse_scheme_file(std::string_view text, const std::string& source);
SchemeFile read_scheme_file(const std::filesystem::path& file);

// The family a file declares ("runge-kutta" when it has no "family"), read
// without parsing the rest; throws like parse_scheme_file.
std::string scheme_file_family(std::string_view text, const std::string& source);

}  // namespace granconv
