#pragma once
// Internals of the claim kind "mollified-order" (see mollified_order_claims.hpp
// for what it computes and its catalogue fields), shared between the h_ε /
// regime classification (mollified_order_hepsilon.cpp), the per-ε studies
// (mollified_order_curves.cpp), the catalogue fields
// (mollified_order_spec.cpp), the checks and record
// (mollified_order_claims.cpp) and the table and figures
// (mollified_order_figures.cpp). Not for use outside these files.
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "studies/kinds/thesis/mollified_order/mollified_order_claims.hpp"
#include "fit/order_fit.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv::mollified_order {

// The rival of the prefactor: the rule of thumb h = 2ε/v over the thesis's
// law C ε^a at the geometric mean of the widths (mollified_order_spec.cpp).
double rule_of_thumb_ratio(const MollifiedOrderSpec& s);

// Usable points with positive finite h and e, sorted by increasing h.
std::vector<std::size_t> usable_sorted(const std::vector<double>& h, const std::vector<double>& e,
                                       const std::vector<bool>& usable);

using Setup = MollifiedOrderSpec;

struct Curve {
  double eps = 0;  // 0: plain KK
  StudyResult study;
  double overlap = 0, overlap_ref_error = 0;  // ξ_ref(T) and its error estimate
  std::vector<double> floor;                  // of the overlap error (see overlap_floor)
  std::vector<bool> usable;
  std::optional<std::size_t> heps;
  Regimes regimes;
  OrderFit fit;
};

// h_ε against ε: the measured points and the least-squares power law.
struct PowerLaw {
  std::vector<double> eps, h;
  OrderFit fit;
  double prefactor = 0;
};

// One study per ε and plain KK last, with the overlap floor and usable points
// set (h_ε, regimes and fits are left to the checks).
std::vector<Curve> run_curves(const Claim& claim, const Setup& st, const StudyOptions& opt);

// The record's table, and its figures (thesis figs. 4.3, 4.5, 4.6).
// v: the approach speed; h_cap: see classify_regimes.
nlohmann::json order_tables(const Setup& st, const std::vector<Curve>& curves, double v, double h_cap);
nlohmann::json order_figures(const Claim& claim, const Setup& st, const std::vector<Curve>& curves, double v,
                             const PowerLaw& law, const StudyOptions& opt);

}  // namespace granconv::mollified_order
