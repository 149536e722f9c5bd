#pragma once
// Claims of kind "sweep": one scenario parameter swept over a grid, several
// (scheme, formulation, h) runs against the CVODE reference at every sweep
// point, and checks on the resulting curves (JVB figs. 9–11).
//
// Catalogue fields (read at load into SweepSpec, studies/kinds/jvb2020/sweep/sweep_spec.cpp):
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
#include <optional>
#include <string>
#include <vector>

#include "studies/core/claim_kinds.hpp"

namespace granconv {

struct SweepSpec {
  std::string scenario;
  std::vector<std::string> params;
  struct Axis {
    std::string parameter, label;
    double from = 0, to = 0;
    int count = 0;
  } sweep;
  std::string quantity;  // "final-velocity" or "global-error"
  struct Run {
    std::string key, label, scheme, formulation, color, style;
    double h = 0;
  };
  std::vector<Run> runs;
  struct Reference {
    std::string label, style;
    std::optional<std::string> color;
    std::optional<double> h;  // default: the first run's
  };
  std::optional<Reference> reference;
  struct Figure {
    std::string name, title, caption, ylabel;
    bool logy = false;
    std::vector<std::string> series;  // run keys or "reference"
  };
  std::vector<Figure> figures;
  // One struct for the five types; each type reads only its own fields.
  struct Check {
    std::string type, label;
    std::string series, from;                     // local-minimum, max-deviation
    std::vector<double> interval;                 // local-minimum
    double paper = 0;                             // local-minimum, reference-sup
    std::string paper_statement;                  // max-deviation
    double bound = 0;                             // max-deviation
    std::vector<std::string> runs;                // extreme-set, coincide
    std::string run, extreme;                     // extreme-set
    std::vector<std::vector<double>> paper_sets;  // extreme-set: the paper's intervals
    double tolerance = 0, resolution = 0;         // extreme-set
    double at = 0, relative = 0;                  // coincide, reference-sup
    double h = 0;                                 // reference-sup
  };
  std::vector<Check> checks;
};

SweepSpec parse_sweep_spec(FieldReader& r);
ClaimResult run_sweep_claim(const Claim& claim, const SweepSpec& spec, const StudyOptions& options);

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
