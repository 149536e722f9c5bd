#pragma once
// `granconv validate` as a C++ API: the battery a new scheme goes through
// before anyone writes a paper about it (issue 6).
//
//   1. order conditions (rooted trees, cpp_bin_float_50) up to order 6;
//   2. linear stability: R(z), A-/L-stability, |R(∞)|, poles, region plot;
//   3. modified-equation coefficients C11, C21, C22 and the tailored-
//      dissipation conditions (58)–(59) of JVB;
//   4. observed order on smooth problems (harmonic oscillator, trimer-nobreak),
//      which must match the order from 1 (linear order of R(z) on the
//      oscillator, tree order on the nonlinear trimer);
//   5. observed order on contact problems (trimer-impact in (x, v) and (x, w),
//      the binary KK collision, the dimer chain): how much order is lost;
//   6. work–precision on the dimer against cn, gl2 and irk-tailored.
// Items 1–3 need a tableau or a scheme file; a scheme written in code gets
// 4–6 only. For a scheme file of another family (schemes/families/
// scheme_file.hpp) items 1–3 are that family's: 1. its own order conditions
// (bi-coloured trees, Nyström trees, the linear conditions, ...); 2. linear
// stability on the damped oscillator x'' + 2ζx' + x = 0 from the method's
// amplification matrix (ρ(Ω) for ζ = 0 and 0.1, ρ∞, damping ratio and period
// elongation, the stability interval of an explicit method; zero-stability
// and the boundary locus of a multistep method); 3. structure (symplecticity,
// time symmetry). A tableau's item 2 carries the same oscillator summary
// ("second_order") beside R(z).
//
// precision 50 runs item 4 in cpp_bin_float_50 (the tableau's exact entries,
// against the exact oscillator and the 50-digit RKF 7(8) reference of
// trimer-nobreak), so its convergence lines continue below double's ~1e-13.
// Items 1–3 are exact in 50 digits whatever the precision; items 5–6 stay in
// double (contact problems in 50 digits cost minutes per run). Precision 50
// needs a 50-digit scheme (SchemeUnderTest::make_mp50, or a tableau).
//
// Every item carries a verdict: pass = true/false where the item checks
// something that can fail (1: the author's claimed order against the trees;
// 4: observed against expected order; 5: the contact order is not above the
// smooth one), pass = null where it only measures (2, 3, 6, or 1 with no
// claimed order). validate_scheme is deterministic whatever options.jobs,
// except the CPU times of item 6 (kept out of every verdict).
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <nlohmann/json.hpp>

#include "reference/sundials/cvode_reference.hpp"
#include "schemes/scheme.hpp"
#include "schemes/tableau.hpp"
#include "studies/core/claim.hpp"
#include "studies/support/parallel_for.hpp"

namespace granconv {

using Mp50 = boost::multiprecision::cpp_bin_float_50;

// schemes/families/scheme_file.hpp, declared only (this header is included widely).
struct SchemeFile;
template <class S>
struct OscillatorStep;

struct SchemeUnderTest {
  std::string name;
  Scheme<double> scheme;
  std::optional<Tableau<Mp50>> tableau;  // exact tableau: items 1–3
  std::optional<int> claimed_order;      // the author's claim, if any
  // The scheme in 50 digits, for precision 50 (set from a tableau or a
  // scheme file; empty for a scheme written in code in double only).
  std::function<Scheme<Mp50>()> make_mp50{};
  // A scheme file of a family other than runge-kutta: items 1–3 from its analyses.
  std::shared_ptr<const SchemeFile> file{};
};

// The tableau's scheme in double (runge_kutta_scheme of the tableau rounded
// to double); claimed_order from the tableau's classical_order when > 0.
SchemeUnderTest scheme_under_test(const Tableau<Mp50>& tableau);
// A scheme file's scheme (make_double, make_mp50) and analyses. A
// runge-kutta file is validated through its tableau instead (the command
// reads it with schemes/tableau_file.hpp): here it would get items 4–6 only.
SchemeUnderTest scheme_under_test(const SchemeFile& file);


struct ValidationItem;

struct ValidateOptions {
  int jobs = 1;
  std::filesystem::path cache_dir;  // reference cache (CVODE and 50-digit references); empty: none
  ReferenceOptions reference;
  // Item 4 passes when |observed − expected| ≤ smooth_tolerance and the 95%
  // CI is at most max_ci_width wide (see validate_battery.cpp for why).
  double smooth_tolerance = 0.2, max_ci_width = 0.3;
  double floor_factor = 10;  // as StudyOptions::floor_factor
  // Errors below this are not used for fits: the CVODE references are good
  // to ~1e-13 and a window must stay clear of them (and of round-off).
  double error_cutoff = 1e-11;
  double oscillator_t_end = 100;
  StepGrid oscillator_grid{1.0, 1e-3, 8};
  StepGrid nobreak_grid{0.5, 2e-3, 8};
  StepGrid impact_grid{0.1, 3e-4, 8};
  StepGrid binary_grid{0.1, 3e-4, 8};
  StepGrid dimer_grid{0.3, 5e-3, 5};
  // 16: every run in double against CVODE; 50: item 4 in cpp_bin_float_50
  // (needs SchemeUnderTest::tableau), on its own problems and grids below.
  int precision = 16;
  // Precision 50, item 4. The oscillator's global error grows like T h^p, so
  // its 50-digit run is short (T = 1) to reach ~1e-18 at n ~ 20000; the
  // grids stop where GL2 is ~1e-17 (trimer-nobreak at h = 1.2e-4, ~0.25 ms
  // a step) and the cutoff keeps clear of the 50-digit round-off only.
  double mp50_oscillator_t_end = 1;
  StepGrid mp50_oscillator_grid{0.5, 5e-5, 5};
  StepGrid mp50_nobreak_grid{0.05, 1.2e-4, 5};
  double mp50_error_cutoff = 1e-30;
  bool contact_items = true;    // item 5
  bool work_precision = true;   // item 6
  int timing_repetitions = 3;   // item 6: CPU time = min over repetitions
  // Called once per finished item (1–3 together, then 4, 5, 6), in order, on
  // the calling thread; for progress only, it cannot change a result.
  std::function<void(const ValidationItem& item)> item_done;
  // Runs of the item running (done, total) per convergence sweep, from its
  // worker threads (studies/support/parallel_for.hpp).
  ProgressFn progress;
};

// One fitted convergence experiment (items 4–6).
struct ConvergenceRun {
  std::string problem, formulation, scheme;
  std::vector<long> steps;
  std::vector<double> h, error, floor, seconds;
  std::vector<bool> usable;
  bool fit_ok = false;
  double order = 0, ci_lo = 0, ci_hi = 0, h_min = 0, h_max = 0, intercept = 0;  // log10 E = intercept + order log10 h
  int points = 0;
  // The change of the local slope across the fitted points and its standard
  // error (fit/order_fit.hpp): a slope that drifts measures no order.
  double slope_drift = 0, slope_drift_se = 0;
  std::string fit_message;
  nlohmann::json to_json(bool with_seconds = true) const;
};

struct ValidationItem {
  int number = 0;
  std::string id, title;
  bool applicable = true;
  std::optional<bool> pass;  // nullopt: informational (or inconclusive)
  std::string verdict;       // one sentence
  nlohmann::json value;      // the item's data
  std::vector<ConvergenceRun> runs;  // items 4–6
  double seconds = 0;                // wall time of the item (not in to_json: not a result)
  int precision = 16;                // decimal digits the item computed in (16: double)
  bool inconclusive = false;         // the item checks something but had too little data (no conclusive fit)
};

// ρ(Ω), and the principal roots' damping ratio and period elongation
// (NaN where they are real), on item 2's grid of Ω for one ζ.
struct OscillatorCurve {
  double zeta = 0;
  std::vector<double> omega_h, rho, damping_ratio, period_elongation;
};

struct ValidationResult {
  std::string name, scheme_label;
  std::string family;  // a scheme file's family other than runge-kutta; "" for a tableau or code
  std::optional<int> claimed_order;
  int precision = 16;                 // ValidateOptions::precision
  std::vector<ValidationItem> items;  // items[i].number == i + 1
  bool pass = true;                   // no item has pass == false
  bool inconclusive = false;          // no item failed but one is inconclusive (exit status 3)
  // "pass" | "fail" | "inconclusive"
  std::string verdict() const { return !pass ? "fail" : inconclusive ? "inconclusive" : "pass"; }
  double seconds = 0;
  // Data of the stability-region plot (|R(z)| on a grid), empty without a tableau.
  std::vector<double> region_re, region_im;
  std::vector<std::vector<double>> region_abs;  // [im][re]
  // Item 2 on the damped oscillator (tableaux and scheme files; empty for code).
  std::vector<OscillatorCurve> oscillator_curves;
  // A multistep method's boundary locus, one closed curve (re, im) per branch.
  std::vector<std::vector<std::pair<double, double>>> stability_locus;
  const ValidationItem& item(int number) const { return items.at(static_cast<std::size_t>(number - 1)); }
  // The machine-readable verdict (DIR/validate/<name>.json), deterministic
  // except item 6's CPU times.
  nlohmann::json to_json() const;
};

// Throws std::invalid_argument for a precision other than 16 or 50, and for
// precision 50 without a tableau (a scheme written in code exists in double only).
ValidationResult validate_scheme(const SchemeUnderTest& scheme, const ValidateOptions& options = {});

// Items 1–3 alone (no time stepping): the analysis of a tableau.
std::vector<ValidationItem> analyse_tableau(const Tableau<Mp50>& tableau, std::optional<int> claimed_order,
                                            ValidationResult* region_out = nullptr);
// Items 1–3 of a scheme file of another family (curves_out: item 2's figure data).
std::vector<ValidationItem> analyse_scheme_file(const SchemeFile& file, std::optional<int> claimed_order,
                                                ValidationResult* curves_out = nullptr);
// Item 2's oscillator summary of a one-step or multistep method: ρ∞ for ζ = 0
// and 0.1, ρ(Ω), damping ratio and period elongation on Ω ∈ [1e-2, 1e4]
// (the last two at Ω ≤ 3), the stability interval when `explicit_method`.
nlohmann::json second_order_summary(const OscillatorStep<Mp50>& step, bool explicit_method,
                                    ValidationResult* curves_out = nullptr);

// Its page (JSON, HTML, figures) is drawn by the report:
// reports/pages/validation_page.hpp.

}  // namespace granconv
