#pragma once
// Internals of the claim kind "lzb" (see lzb_claims.hpp for what it checks and
// its catalogue fields), shared between the helpers every check uses
// (lzb_common.cpp) and the three records of "check": step counts
// (lzb_steps.cpp), the order against CVODE (lzb_order.cpp) and the scaling
// with the impact speed (lzb_scale.cpp). Not for use outside these files.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fit/order_fit.hpp"
#include "studies/core/claim_kinds.hpp"
#include "studies/kinds/nb2011/lzb/lzb_claims.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv::lzb_kind {

// Rounded for the record; denormals (velocities far ahead of the wave) are 0.
double rounded(double v, int digits);

std::vector<double> to_vector(const Vec<double>& v);

Problem<double> claim_problem(const LzbSpec& spec, std::vector<std::string> extra = {});

// The claim's CVODE tolerances (see LzbSpec).
ReferenceOptions reference_options(const LzbSpec& spec, const StudyOptions& opt);

// The claim's LZB method within the run's wall-clock budget (--reference-budget).
LzbOptions lzb_options(const LzbSpec& spec, const StudyOptions& opt);

// Least-squares slope of log e against log h over the window.
OrderFit fit_in(const std::vector<double>& h, const std::vector<double>& e, const std::vector<double>& window,
                FitKind kind = FitKind::least_squares);

inline constexpr auto check = &check_entry;  // studies/support/record_helpers.hpp

extern const std::vector<std::string> kColors;

// The records of "check".
ClaimResult steps_claim(const Claim& claim, const LzbSpec& spec, const StudyOptions& opt);
ClaimResult order_claim(const Claim& claim, const LzbSpec& spec, const StudyOptions& opt);
ClaimResult scale_claim(const Claim& claim, const LzbSpec& spec, const StudyOptions& opt);

}  // namespace granconv::lzb_kind
