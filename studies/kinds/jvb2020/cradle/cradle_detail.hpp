#pragma once
// Internals of the claim kind "cradle" (see cradle_claims.hpp for what it
// checks and its catalogue fields): the one comparison of the additive θ
// method with CVODE that every part reads (CradleRun, cradle_claims.cpp),
// what is measured on it (cradle_measures.cpp), and the parts of the record,
// each adding its checks, tables and figures in the record's order: the
// first maximum (cradle_first_max.cpp), the sup-norm errors
// (cradle_sup_errors.cpp), synchronisation and the in-phase motion
// (cradle_sync.cpp), the histories and space–time diagrams
// (cradle_figures.cpp). Not for use outside these files.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/scenarios.hpp"
#include "studies/core/claim_kinds.hpp"
#include "studies/kinds/jvb2020/cradle/cradle_claims.hpp"
#include "studies/support/comparison.hpp"

namespace granconv::cradle {

using nlohmann::json;

// The claim's run: the scheme against the reference, and what the parts share.
struct CradleRun {
  const Claim& claim;
  const CradleSpec& spec;
  const StudyOptions& opt;
  Problem<double> pr{};
  double h = 0;
  int beads = 0;
  double m = 0, K = 0, period = 0;  // period: the local period 2π√(m/K)
  double theta = 0, mu = 0;         // as the scheme steps with them
  Comparison c{};
  json prov{};  // the reference's provenance
};

// The record as the parts fill it.
struct CradleRecord {
  json checks = json::array(), figures = json::array(), tables = json::array();
  bool pass = true;
  std::string summary_extra;  // lines for the terminal
  void add(json ch) {
    pass = pass && ch.at("pass").get<bool>();
    checks.push_back(std::move(ch));
  }
};

// What is measured on a run (cradle_measures.cpp).
std::vector<double> bead_x(const std::vector<Vec<double>>& xv, int bead);  // one bead's displacement history
struct Peak {
  double t = 0, value = 0;
  bool interior = false;  // a strict local maximum inside the window (not at an end)
};
// The largest sample of y on [t0, t1], refined by the parabola through it and
// its two neighbours when it is interior.
Peak window_max(const std::vector<double>& t, const std::vector<double>& y, double t0, double t1);
struct PeriodSpread {
  double t_mid = 0, max_over_min = 0, cv = 0;
  std::vector<double> amplitude;  // per bead
};
// Oscillation amplitudes A_n = (max − min)/2 of every bead over each full
// local period [jP, (j+1)P], and their spread across beads.
std::vector<PeriodSpread> amplitude_spread(const std::vector<double>& t, const std::vector<Vec<double>>& xv, int beads,
                                           double period);
// Half the peak-to-peak range of the mean displacement (1/N) Σ x_n over
// [t0, t1]: the in-phase motion, on which the contact forces cancel.
double in_phase_amplitude(const std::vector<double>& t, const std::vector<Vec<double>>& xv, int beads, double t0,
                          double t1);
// A check entry of a catalogue value, carrying its rival and source.
json value_check(const std::string& label, const CradleSpec::Value& v, double observed, int digits);

// The parts of the record, in its order. add_sync returns the amplitude
// spreads of the reference and the scheme (for the terminal's summary).
void add_first_max(const CradleRun& run, CradleRecord& rec);
void add_sup_errors(const CradleRun& run, CradleRecord& rec);
struct Spreads {
  std::vector<PeriodSpread> reference, scheme;
};
Spreads add_sync(const CradleRun& run, CradleRecord& rec);
void add_histories(const CradleRun& run, CradleRecord& rec);
void add_heatmaps(const CradleRun& run, CradleRecord& rec);

}  // namespace granconv::cradle
