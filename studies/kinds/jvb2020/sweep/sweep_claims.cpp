// The record of a sweep claim: the sweep values, the cells, and the checks,
// tables and figures put together; and the series the checks read.
#include <cmath>
#include <stdexcept>

#include "studies/kinds/jvb2020/sweep/sweep_detail.hpp"

namespace granconv::sweep {

json num(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
double round_sig(double v, int digits) {
  if (!std::isfinite(v) || v == 0) return v;
  const double s = std::pow(10.0, digits - 1 - std::floor(std::log10(std::abs(v))));
  return std::round(v * s) / s;
}

Sweep::Sweep(const Claim& claim, const SweepSpec& spec, const StudyOptions& opt)
    : claim_(claim), spec_(spec), opt_(opt), where_("claim '" + claim.id + "'") {
  scenario_ = spec.scenario;
  params_ = scenario_info(scenario_).defaults;
  for (const auto& a : spec.params) params_.set_assignment(a);
  parameter_ = spec.sweep.parameter;
  xlabel_ = spec.sweep.label;
  const double from = spec.sweep.from, to = spec.sweep.to;
  const int count = spec.sweep.count;
  // Rounded to 12 significant digits: the sweep values are the decimals
  // they print as (0.006, not 0.006000000000000001).
  for (int i = 0; i < count; ++i)
    x_.push_back(std::stod(fmt::format("{:.12g}", i + 1 == count ? to : from + (to - from) * i / (count - 1))));
  quantity_ = spec.quantity;
  runs_ = spec.runs;
}

ClaimResult Sweep::run() {
  compute();
  // A scheme run that did not complete is an error of the run, not a verdict
  // on the paper: nothing is checked on a sweep with holes.
  std::size_t failed = 0;
  std::string first_failure;
  for (std::size_t i = 0; i < x_.size(); ++i)
    for (std::size_t k = 0; k < runs_.size(); ++k)
      if (!points_[i].failure[k].empty() && failed++ == 0)
        first_failure = fmt::format("{} at {} = {}: {}", runs_[k].label, parameter_, x_[i],
                                    points_[i].failure[k].substr(0, points_[i].failure[k].find('\n')));
  if (failed > 0)
    throw std::runtime_error(fmt::format("{}: {} of {} scheme runs did not complete, the first {}", where_, failed,
                                         x_.size() * runs_.size(), first_failure));
  json checks = json::array(), tables = json::array();
  json extreme_rows = json::array();
  for (const auto& c : spec_.checks) run_check(c, checks, extreme_rows);
  bool pass = true;
  for (const auto& c : checks) pass = pass && c.at("pass").get<bool>();

  if (!extreme_rows.empty())
    tables.push_back({{"title", "Where the ordering of the curves changes (linear interpolation between sweep points)"},
                      {"columns", {"statement", "end", "paper", "observed", "tolerance", "pass"}},
                      {"rows", extreme_rows}});
  tables.push_back(crossing_table());
  tables.push_back(values_table());

  json record = result_head(claim_, pass);
  record["checks"] = checks;
  record["tables"] = tables;
  record["figures"] = figures();
  record["sweep"] = {{"parameter", parameter_}, {"values", x_}, {"quantity", quantity_}};
  double scheme_seconds = 0;
  for (const auto& p : points_)
    for (double s : p.seconds) scheme_seconds += std::isfinite(s) ? s : 0;
  record["scheme_seconds"] = scheme_seconds;

  std::string summary = fmt::format("{} {}", pass ? "PASS" : "FAIL", claim_.id);
  for (const auto& c : checks)
    summary += fmt::format("\n  [{}] {}: paper {}, observed {}, tolerance {}", c["pass"].get<bool>() ? "ok" : "FAIL",
                           c["label"].get<std::string>(), c["paper"].dump(), c["observed"].dump(),
                           c["tolerance"].is_string() ? c["tolerance"].get<std::string>() : c["tolerance"].dump());
  return {record, pass, summary};
}

std::size_t Sweep::run_index(const std::string& key) const {
  for (std::size_t k = 0; k < runs_.size(); ++k)
    if (runs_[k].key == key) return k;
  throw std::invalid_argument(where_ + ": unknown run '" + key + "'");
}

double Sweep::reference_h() const {
  return spec_.reference && spec_.reference->h ? *spec_.reference->h : runs_.front().h;
}

std::vector<double> Sweep::series(const std::string& key) const {
  std::vector<double> y;
  if (key == "reference") {
    if (quantity_ != "final-velocity") throw std::invalid_argument(where_ + ": 'reference' is a final-velocity series");
    for (const auto& p : points_) {
      auto it = p.ref_final_v.find(reference_h());
      y.push_back(it == p.ref_final_v.end() ? kNaN : it->second);
    }
    return y;
  }
  const std::size_t k = run_index(key);
  for (const auto& p : points_) y.push_back(p.value[k]);
  return y;
}

std::string Sweep::series_label(const std::string& key) const {
  if (key == "reference") return spec_.reference ? spec_.reference->label : "reference";
  return runs_[run_index(key)].label;
}

std::size_t Sweep::index_of(double at) const {
  for (std::size_t i = 0; i < x_.size(); ++i)
    if (std::abs(x_[i] - at) <= 1e-12 * std::max(1.0, std::abs(at))) return i;
  throw std::invalid_argument(where_ + fmt::format(": {} = {} is not a sweep value", parameter_, at));
}

}  // namespace granconv::sweep

namespace granconv {

ClaimResult run_sweep_claim(const Claim& claim, const SweepSpec& spec, const StudyOptions& options) {
  if (options.tableau) throw std::invalid_argument("claim '" + claim.id + "' (a sweep) does not accept --tableau");
  return sweep::Sweep(claim, spec, options).run();
}

}  // namespace granconv
