#pragma once
// Claims about single runs of the tailored schemes on dimer and homogeneous
// chains (JVB §4): the error table (Table 1, kind "table") and the velocity
// histories of named beads (figs. 7 and 8, kind "history").
//
// Fields: "scenario", "params", "runs": [{"label", "scheme", "h", ...}];
// table runs add "paper_error_x", "paper_error_v", "paper_seconds", and the
// claim "relative_tolerance", "paper_reference_sup": [x, v] with
// "reference_sup_relative_tolerance"; history runs add
// "peak_relative_tolerance", "peak_time_tolerance_steps", optional
// "max_velocity_error" and "paper_statement", optional "rivals": {"note",
// "peak_relative", "peak_time_steps", "velocity_error"} (what a rival
// scheme, e.g. a mis-tuned C11, shows for each quantity: each tolerance must
// be below half of it, checked on load), and the claim "beads" (1-based) and
// "caption".
#include <optional>
#include <string>
#include <vector>

#include "studies/core/claim_kinds.hpp"

namespace granconv {

// One run of a tailored scheme at one step size.
struct SchemeRun {
  std::string label, scheme;
  double h = 0;
};

struct TableSpec {
  std::string scenario;
  std::vector<std::string> params;
  struct Run : SchemeRun {
    double paper_error_x = 0, paper_error_v = 0, paper_seconds = 0;
  };
  std::vector<Run> runs;
  double relative_tolerance = 0, reference_sup_relative_tolerance = 0;
  std::vector<double> paper_reference_sup;  // displacements, velocities
};

struct HistorySpec {
  std::string scenario;
  std::vector<std::string> params;
  struct Run : SchemeRun {
    double peak_relative_tolerance = 0, peak_time_tolerance_steps = 0;
    std::optional<double> max_velocity_error;  // checked only where the catalogue states it
    std::string paper_statement;
    // The value a named rival shows for each checked quantity (expected 0).
    std::optional<double> rival_peak_relative, rival_peak_time_steps, rival_max_velocity_error;
    std::string rival_note;
    nlohmann::json tolerance_source;
  };
  std::vector<Run> runs;
  std::vector<int> beads;  // 1-based, as in the paper
  std::string caption;
};

TableSpec parse_table_spec(FieldReader& r);
HistorySpec parse_history_spec(FieldReader& r);
ClaimResult run_table_claim(const Claim& claim, const TableSpec& spec, const StudyOptions& options);
ClaimResult run_history_claim(const Claim& claim, const HistorySpec& spec, const StudyOptions& options);

}  // namespace granconv
