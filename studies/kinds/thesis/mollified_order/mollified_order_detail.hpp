#pragma once
// Internals of the claim kind "mollified-order" (see mollified_order_claims.hpp
// for what it computes and its catalogue fields), shared between the h_ε /
// regime classification (mollified_order_hepsilon.cpp), the per-ε studies
// (mollified_order_curves.cpp), the checks and record
// (mollified_order_claims.cpp) and the table and figures
// (mollified_order_figures.cpp). Not for use outside these files.
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "studies/kinds/thesis/mollified_order/mollified_order_claims.hpp"
#include "fit/order_fit.hpp"

namespace granconv::mollified_order {

// Values in records and figures are rounded so that the JSON shows the digits
// that mean something, not binary64 noise.
inline double sig(double v, int digits = 4) { return std::stod(fmt::format("{:.{}g}", v, digits)); }

// Usable points with positive finite h and e, sorted by increasing h.
std::vector<std::size_t> usable_sorted(const std::vector<double>& h, const std::vector<double>& e,
                                       const std::vector<bool>& usable);

// The catalogue fields read (and validated) before any study runs, so that a
// bad record fails at once rather than after the studies.
struct Setup {
  std::vector<double> eps;
  HEpsilonOptions ho;
  double window_c = 0, expected = 0, tol = 0, max_ci = 0;  // "order_check": h ≤ window_c·ε/v
  std::string window_reason;
  int min_points = 0;
  std::vector<double> unchecked;
  std::string unchecked_reason;
  std::vector<double> kk_window;                  // "kk_check"
  double paper_a = 0, paper_c = 0, rival_a = 0;   // "power_law"
  std::vector<HEpsilonOptions> readings;          // other h_ε definitions, tabulated
  std::vector<double> rivals, kk_rivals;          // the orders each order check rules out
};

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
