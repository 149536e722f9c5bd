#pragma once
// Claims of kind "thesis-restitution": the coefficient of normal restitution
// e_n(v_i) of the thesis's binary normal collision (Table 4.1, the setup of
// Schäfer, Dippel & Wolf 1996), figs. 2.1, 4.7 and 4.8.
//
// One particle of mass m = (4/3)π r³ ρ hits a fixed one, starting exactly at
// touching with approach speed v_i (scenario "binary": the overlap ξ obeys
// m ξ'' = −k_n ξ^{3/2} − γ_n ξ' s(ξ), s = √ξ for KK, √_ε(ξ) for the mollified
// law). After the contact opens no force acts, so
//   e_n = |ξ'(t_end)| / v_i
// for any t_end past the opening. From the CVODE reference: exactly one contact
// event (the opening, before t_end) and ξ(t_end) < 0 are required. From a
// scheme: n steps of h to t_end = n h; the overlap must have become negative
// before the last step.
//
// Maximum overlap (reference only): the reference is sampled at `samples`
// equally spaced times on [0, t_end]; the bracket of samples where ξ' changes
// sign from + to − holds the maximum, located on the cubic Hermite
// interpolant of (ξ, ξ') there. Its accuracy is estimated by repeating this
// on every second sample (interpolation error ∝ spacing⁴, so the difference
// bounds the fine value's error with a margin of ~15×).
//
// Catalogue fields (besides id, title, source, figure_group, notes):
//   "check"        "eps": the mollifier chain (th-restitution-mollified) or
//                  "schemes": schemes against the reference (th-restitution-euler),
//   "rho", "r"     density (kg/m³) and radius (m): m = (4/3)π r³ ρ,
//   "kn", "gn"     k_n (N/m^{3/2}) and γ_n (kg/(m^{1/2} s)),
//   "v": {"min", "max", "points"}  log-spaced approach speeds (m/s),
//   "h_log2"       the schemes' step h = 2^h_log2 s,
//   "t_end_contact_times"  t_end(v) = this × the elastic Hertz contact time
//                  3.2145 (m/k_n)^{2/5} v^{−1/5}, rounded up to a multiple of h,
//   "samples"      reference samples on [0, t_end] (maximum overlap, trajectories),
//   "noise_factor" a difference counts only when it exceeds this multiple of
//                  the error bounds of both values compared,
// for "eps":
//   "eps_chain"    widths ε in the order in which e_n and the maximum overlap
//                  must increase strictly; 0 is plain KK,
//   "overlap_v"    the approach speed of the separate maximum-overlap check
//                  (fig. 4.7) and of the trajectory figure; must be on the grid,
//   "scheme"       the scheme shown beside the reference (thesis: damped-verlet),
//   "paper_overestimation": {"value", "v"}  the thesis's largest relative
//                  overestimation of e_n vs KK (≈ 0.17 just below 1 m/s), tabulated,
// for "schemes" (plain KK):
//   "schemes"      schemes run at h and drawn against the reference,
//   "above"        the scheme whose e_n must exceed the reference at every v.
#include "studies/core/claim_kinds.hpp"
#include <string>
#include <vector>

namespace granconv {

// The fields above in SI units, with what follows from them at load (the
// mass, the step, the speed grid).
struct ThesisRestitutionSpec {
  std::string check;  // "eps" or "schemes"
  double m = 0, kn = 0, gn = 0, h = 0, contact_times = 0, noise = 0;
  int samples = 0;
  std::vector<double> v;
  // "eps"
  std::vector<double> eps_chain;
  double overlap_v = 0;
  std::size_t overlap_index = 0;  // of overlap_v in v
  std::string scheme;
  double paper_over = 0;
  std::string paper_over_v;
  // "schemes"
  std::vector<std::string> schemes;
  std::size_t above = 0;  // index in schemes
};

ThesisRestitutionSpec parse_thesis_restitution_spec(FieldReader& r);
ClaimResult run_thesis_restitution_claim(const Claim& claim, const ThesisRestitutionSpec& spec,
                                         const StudyOptions& options);

}  // namespace granconv
