#pragma once
// Claims of kind "sweep": one scenario parameter swept over a grid, several
// (scheme, formulation, h) runs against the CVODE reference at every sweep
// point, and checks on the resulting curves (JVB figs. 9–11).
//
// Catalogue fields (all read from Claim::record):
//   scenario, params        scenario and "key=value" overrides of its defaults
//   sweep                   {parameter, from, to, count, label}: count values
//                           from + (to − from)·i/(count − 1)
//   quantity                "final-velocity": velocity of the last bead at t_end;
//                           "global-error": max over grid times and beads of
//                           |x − x_ref| and |v − v_ref| (max of the two)
//   runs                    [{key, label, scheme, formulation, h, color, style}]
//   reference               {label, color, style, h}: the reference curve of a
//                           "final-velocity" sweep (its value on the grid of h)
//   figures                 [{name, title, caption, ylabel, logy, series: [run
//                           keys or "reference"]}]
//   checks                  [{type, label, ...}], types:
//     local-minimum   {series, paper, interval: [lo, hi]}: some interior local
//                     minimum of the series (parabola through the sampled
//                     minimum and its neighbours) lies in the interval
//     max-deviation   {series, from, bound}: max over the sweep of |series − from| ≤ bound
//     extreme-set     {runs, run, extreme: smallest|largest, paper: [[lo, hi], ...],
//                     tolerance}: the set of sweep values where `run` is the
//                     smallest/largest of `runs` has as many intervals as the
//                     paper states, each end within ±tolerance of the paper's
//                     (boundaries by linear interpolation of the difference
//                     between sweep points; points where the runs agree to
//                     1e-8 relative are ties and belong to no set)
//     coincide        {runs, at, relative}: (max − min)/max of the runs at the
//                     sweep value `at` ≤ relative
//     reference-sup   {h, at, paper, relative}: max over grid times and beads
//                     of |x_ref| and |v_ref| at the sweep value `at`
// Every sweep point is independent (parallel_for over StudyOptions::jobs);
// results do not depend on the number of jobs.
#include <vector>

#include "studies/core/claim_kinds.hpp"

namespace granconv {

ClaimResult run_sweep_claim(const Claim& claim, const StudyOptions& options);

namespace sweep {

// Where a series changes sign between sweep points, by linear interpolation.
struct Interval {
  double lo = 0, hi = 0;
};
// The intervals where d < 0 (d = NaN: no verdict at that point, skipped).
std::vector<Interval> negative_set(const std::vector<double>& x, const std::vector<double>& d);
// Abscissae of sign changes of d (NaN points skipped).
std::vector<double> sign_changes(const std::vector<double>& x, const std::vector<double>& d);
// Interior local minima, refined by the parabola through three points.
std::vector<double> local_minima(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace sweep

}  // namespace granconv
