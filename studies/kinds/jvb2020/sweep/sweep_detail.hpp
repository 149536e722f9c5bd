#pragma once
// Internals of the claim kind "sweep" (see sweep_claims.hpp for what it
// computes and its catalogue fields): one Sweep per claim, its cells computed
// in sweep_cells.cpp, its checks in sweep_checks.cpp, its tables and figures
// in sweep_tables.cpp and sweep_figures.cpp, the record put together in
// sweep_claims.cpp. Not for use outside these files.
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "models/scenarios.hpp"
#include "studies/core/claim_kinds.hpp"
#include "studies/kinds/jvb2020/sweep/sweep_claims.hpp"

namespace granconv::sweep {

using nlohmann::json;
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kTieRelative = 1e-8;

using Run = SweepSpec::Run;

// What the runs at one sweep point give.
struct PointResult {
  std::vector<double> value, error_x, error_v, seconds;  // per run
  std::vector<std::string> failure;                       // per run, empty when it ran
  std::map<double, double> ref_final_v, ref_sup_x, ref_sup_v;  // per h
};

json num(double v);
double round_sig(double v, int digits = 4);

class Sweep {
 public:
  Sweep(const Claim& claim, const SweepSpec& spec, const StudyOptions& opt);
  ClaimResult run();

 private:
  void compute();
  std::size_t run_index(const std::string& key) const;
  double reference_h() const;
  std::vector<double> series(const std::string& key) const;
  std::string series_label(const std::string& key) const;
  std::size_t index_of(double at) const;
  std::string fmt_interval(double lo, double hi) const { return fmt::format("[{:.4g}, {:.4g}]", lo, hi); }

  void run_check(const SweepSpec::Check& c, json& checks, json& extreme_rows) const;
  // d_i < 0 where `run` is the extreme of `runs`; NaN at ties and failed runs.
  std::vector<double> extreme_margin(const std::vector<std::string>& keys, const std::string& key,
                                     bool smallest) const;
  void extreme_set_check(const SweepSpec::Check& c, const std::string& label, json& checks, json& rows) const;
  // (run − best other) / max of the two, signed so that negative means `run`
  // is the extreme; NaN where a run failed.
  std::vector<double> relative_margin(const std::vector<std::string>& keys, const std::string& key,
                                      bool smallest) const;

  json crossing_table() const;
  json values_table() const;
  json figures() const;

  const Claim& claim_;
  const SweepSpec& spec_;
  const StudyOptions& opt_;
  std::string where_;
  std::string scenario_, parameter_, xlabel_, quantity_;
  Parameters params_;
  std::vector<double> x_;
  std::vector<Run> runs_;
  std::vector<PointResult> points_;
};

}  // namespace granconv::sweep
