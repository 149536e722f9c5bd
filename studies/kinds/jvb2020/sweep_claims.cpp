#include "studies/kinds/jvb2020/sweep_claims.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "models/scenarios.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/support/comparison.hpp"
#include "studies/support/distribution/cell_bytes.hpp"
#include "studies/support/distribution/distributed_for.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv {

namespace sweep {

namespace {
double cross(double x0, double d0, double x1, double d1) { return x0 + (x1 - x0) * d0 / (d0 - d1); }
}  // namespace

std::vector<Interval> negative_set(const std::vector<double>& x, const std::vector<double>& d) {
  std::vector<Interval> out;
  bool inside = false;
  std::size_t prev = x.size();  // last point with a verdict
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (std::isnan(d[i])) continue;
    const bool member = d[i] < 0;
    if (member && !inside) out.push_back({prev == x.size() ? x[i] : cross(x[prev], d[prev], x[i], d[i]), x[i]});
    if (!member && inside) out.back().hi = cross(x[prev], d[prev], x[i], d[i]);
    if (member) out.back().hi = x[i];
    inside = member;
    prev = i;
  }
  return out;
}

std::vector<double> sign_changes(const std::vector<double>& x, const std::vector<double>& d) {
  std::vector<double> out;
  std::size_t prev = x.size();
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (std::isnan(d[i])) continue;
    if (prev != x.size() && (d[prev] < 0) != (d[i] < 0)) out.push_back(cross(x[prev], d[prev], x[i], d[i]));
    prev = i;
  }
  return out;
}

std::vector<double> local_minima(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> out;
  for (std::size_t i = 1; i + 1 < x.size(); ++i) {
    if (!(y[i] < y[i - 1] && y[i] <= y[i + 1])) continue;
    const double a = x[i] - x[i - 1], b = x[i] - x[i + 1];
    const double fa = y[i] - y[i + 1], fb = y[i] - y[i - 1];
    const double den = a * fa - b * fb;
    out.push_back(den == 0 ? x[i] : x[i] - 0.5 * (a * a * fa - b * b * fb) / den);
  }
  return out;
}

}  // namespace sweep

namespace {

using nlohmann::json;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kTieRelative = 1e-8;

using Run = SweepSpec::Run;

struct PointResult {
  std::vector<double> value, error_x, error_v, seconds;  // per run
  std::vector<std::string> failure;                       // per run, empty when it ran
  std::map<double, double> ref_final_v, ref_sup_x, ref_sup_v;  // per h
};

// A point's result as the bytes of a distributed cell, and back.
void put_map(CellWriter& w, const std::map<double, double>& m) {
  w.put<std::uint64_t>(m.size());
  for (const auto& [k, v] : m) w.put(k).put(v);
}
std::map<double, double> get_map(CellReader& r) {
  std::map<double, double> m;
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    const double k = r.get<double>();
    m[k] = r.get<double>();
  }
  return m;
}
std::string point_bytes(const PointResult& p) {
  CellWriter w;
  w.put(p.value).put(p.error_x).put(p.error_v).put(p.seconds).put(p.failure);
  put_map(w, p.ref_final_v);
  put_map(w, p.ref_sup_x);
  put_map(w, p.ref_sup_v);
  return w.take();
}
PointResult point_from(std::string_view bytes) {
  CellReader r(bytes);
  PointResult p;
  p.value = r.get_doubles();
  p.error_x = r.get_doubles();
  p.error_v = r.get_doubles();
  p.seconds = r.get_doubles();
  p.failure = r.get_strings();
  p.ref_final_v = get_map(r);
  p.ref_sup_x = get_map(r);
  p.ref_sup_v = get_map(r);
  return p;
}

json num(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
double round_sig(double v, int digits = 4) {
  if (!std::isfinite(v) || v == 0) return v;
  const double s = std::pow(10.0, digits - 1 - std::floor(std::log10(std::abs(v))));
  return std::round(v * s) / s;
}

class Sweep {
 public:
  Sweep(const Claim& claim, const SweepSpec& spec, const StudyOptions& opt)
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

  ClaimResult run() {
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

 private:
  void compute() {
    points_.assign(x_.size(), {});
    std::vector<Scheme<double>> schemes;
    for (const auto& r : runs_) {
      // Perturbations (--dissipation-scale, --mu) reach the schemes they apply to.
      SchemeOptions so;
      if (scheme_info(r.scheme).tailored) so.dissipation_scale = opt_.scheme.dissipation_scale;
      if (r.scheme == "theta") so.mu = opt_.scheme.mu;
      schemes.push_back(make_scheme<double>(r.scheme, so));
    }
    const bool keep = quantity_ == "final-velocity";
    // One cell per sweep point, on threads or MPI ranks (studies/support/distribution/).
    DistributedLoop loop{.order = first_first(x_.size()), .jobs = opt_.jobs};
    loop.apply = [&](std::size_t i, std::string_view bytes) { points_[i] = point_from(bytes); };
    loop.compute = [&](std::size_t i) {
      Parameters p = params_;
      p.set(parameter_, x_[i]);
      const auto pr = make_problem<double>(scenario_, p);
      const int last = pr.chain.beads() - 1;
      PointResult out;
      const std::size_t n = runs_.size();
      out.value.assign(n, kNaN);
      out.error_x.assign(n, kNaN);
      out.error_v.assign(n, kNaN);
      out.seconds.assign(n, kNaN);
      out.failure.assign(n, "");
      // No per-point error estimate of the reference: one CVODE run per sweep
      // point and step size is what the figure needs.
      ComparisonOptions co{.keep_states = keep, .reference = opt_.reference, .cache_dir = opt_.cache_dir};
      co.reference.estimate_error = false;
      for (std::size_t k = 0; k < n; ++k) {
        const Run& r = runs_[k];
        try {
          const Comparison c = compare_with_reference(pr, schemes[k], formulation_from_string(r.formulation), r.h, co);
          if (c.diverged) throw std::runtime_error(c.diverged_reason);  // a failed point: in no fit, marked
          out.error_x[k] = c.max_error_x;
          out.error_v[k] = c.max_error_v;
          out.seconds[k] = c.seconds;
          out.ref_sup_x[r.h] = c.ref_sup_x;
          out.ref_sup_v[r.h] = c.ref_sup_v;
          if (keep) {
            out.value[k] = c.scheme_xv.back()[2 * last + 1];
            out.ref_final_v[r.h] = c.reference_xv.back()[2 * last + 1];
          } else {
            out.value[k] = std::max(c.max_error_x, c.max_error_v);
          }
        } catch (const std::exception& e) {
          out.failure[k] = e.what();
        }
      }
      return point_bytes(out);
    };
    distributed_for(loop);
  }

  std::size_t run_index(const std::string& key) const {
    for (std::size_t k = 0; k < runs_.size(); ++k)
      if (runs_[k].key == key) return k;
    throw std::invalid_argument(where_ + ": unknown run '" + key + "'");
  }
  double reference_h() const {
    return spec_.reference && spec_.reference->h ? *spec_.reference->h : runs_.front().h;
  }
  std::vector<double> series(const std::string& key) const {
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
  std::string series_label(const std::string& key) const {
    if (key == "reference") return spec_.reference ? spec_.reference->label : "reference";
    return runs_[run_index(key)].label;
  }
  std::size_t index_of(double at) const {
    for (std::size_t i = 0; i < x_.size(); ++i)
      if (std::abs(x_[i] - at) <= 1e-12 * std::max(1.0, std::abs(at))) return i;
    throw std::invalid_argument(where_ + fmt::format(": {} = {} is not a sweep value", parameter_, at));
  }
  std::string fmt_interval(double lo, double hi) const { return fmt::format("[{:.4g}, {:.4g}]", lo, hi); }

  void run_check(const SweepSpec::Check& c, json& checks, json& extreme_rows) const {
    const std::string type = c.type;
    const std::string label = c.label;
    if (type == "local-minimum") {
      const auto y = series(c.series);
      const auto iv = c.interval;
      const double paper = c.paper;
      const auto minima = sweep::local_minima(x_, y);
      double best = kNaN;
      for (double m : minima)
        if (std::isnan(best) || std::abs(m - paper) < std::abs(best - paper)) best = m;
      const bool pass = std::isfinite(best) && best >= iv[0] && best <= iv[1];
      json all = json::array();
      for (double m : minima) all.push_back(round_sig(m));
      checks.push_back(check_entry(label, paper, num(round_sig(best)), "in " + fmt_interval(iv[0], iv[1]), pass));
      checks.back()["all_local_minima"] = all;
    } else if (type == "max-deviation") {
      const auto a = series(c.series);
      const auto b = series(c.from);
      const double bound = c.bound;
      double dev = 0, at = kNaN;
      bool finite = true;
      for (std::size_t i = 0; i < x_.size(); ++i) {
        const double d = std::abs(a[i] - b[i]);
        if (!std::isfinite(d)) finite = false;
        else if (d > dev) dev = d, at = x_[i];
      }
      checks.push_back(check_entry(label, c.paper_statement, num(round_sig(dev)),
                                  fmt::format("≤ {}", bound), finite && dev <= bound));
      checks.back()["at"] = num(round_sig(at));
    } else if (type == "extreme-set") {
      extreme_set_check(c, label, checks, extreme_rows);
    } else if (type == "coincide") {
      const auto keys = c.runs;
      const std::size_t i = index_of(c.at);
      const double rel = c.relative;
      double lo = INFINITY, hi = -INFINITY;
      for (const auto& k : keys) {
        const double v = points_[i].value[run_index(k)];
        lo = std::min(lo, v), hi = std::max(hi, v);
      }
      const double spread = (hi - lo) / hi;
      checks.push_back(check_entry(label, "equal (the schemes coincide)", num(spread),
                                  fmt::format("relative spread ≤ {:g}", rel), std::isfinite(spread) && spread <= rel));
      checks.back()["values"] = {num(lo), num(hi)};
    } else if (type == "reference-sup") {
      const double h = c.h;
      const std::size_t i = index_of(c.at);
      const double paper = c.paper, rel = c.relative;
      const auto& p = points_[i];
      const double sx = p.ref_sup_x.count(h) ? p.ref_sup_x.at(h) : kNaN;
      const double sv = p.ref_sup_v.count(h) ? p.ref_sup_v.at(h) : kNaN;
      const double sup = std::max(sx, sv);
      checks.push_back(check_entry(label, paper, num(round_sig(sup, 5)), fmt::format("±{:g}%", rel * 100),
                                  std::isfinite(sup) && std::abs(sup - paper) <= rel * paper));
      checks.back()["sup_x"] = num(sx);
      checks.back()["sup_v"] = num(sv);
    } else {
      throw std::invalid_argument(where_ + ": unknown check type '" + type + "'");
    }
  }

  // d_i < 0 where `run` is the extreme of `runs`; NaN at ties and failed runs.
  std::vector<double> extreme_margin(const std::vector<std::string>& keys, const std::string& key,
                                     bool smallest) const {
    std::vector<double> d(x_.size(), kNaN);
    const std::size_t s = run_index(key);
    for (std::size_t i = 0; i < x_.size(); ++i) {
      double lo = INFINITY, hi = -INFINITY, other = smallest ? INFINITY : -INFINITY;
      for (const auto& k : keys) {
        const std::size_t j = run_index(k);
        const double v = points_[i].value[j];
        lo = std::min(lo, v), hi = std::max(hi, v);
        if (j != s) other = smallest ? std::min(other, v) : std::max(other, v);
      }
      if (!std::isfinite(lo) || !std::isfinite(hi) || hi - lo <= kTieRelative * hi) continue;
      const double v = points_[i].value[s];
      d[i] = smallest ? v - other : other - v;
    }
    return d;
  }

  void extreme_set_check(const SweepSpec::Check& c, const std::string& label, json& checks, json& rows) const {
    const auto keys = c.runs;
    const std::string key = c.run;
    const std::string extreme = c.extreme;
    if (extreme != "smallest" && extreme != "largest")
      throw std::invalid_argument(where_ + ": extreme must be 'smallest' or 'largest'");
    const auto paper = c.paper_sets;
    const double tol = c.tolerance;
    const std::string tol_text = fmt::format("±{:g}", tol);
    const auto observed = sweep::negative_set(x_, extreme_margin(keys, key, extreme == "smallest"));

    json obs = json::array(), pap = json::array();
    for (const auto& o : observed) obs.push_back({round_sig(o.lo), round_sig(o.hi)});
    for (const auto& p : paper) {
      if (p.size() != 2) throw std::invalid_argument(where_ + ": paper intervals are [lo, hi]");
      pap.push_back(p);
    }
    // The paper's statement, read as a figure is read: inside each stated
    // interval (shrunk by the tolerance) the run is the extreme up to the
    // figure's resolution (`resolution`, relative: differences smaller than
    // that cannot be seen on the paper's axes), and each end of the interval
    // that is not the edge of the swept range is a transition of ours within
    // the tolerance. With no interval, the run is never the extreme by more
    // than the resolution.
    const double resolution = c.resolution;
    const auto rel = relative_margin(keys, key, extreme == "smallest");
    auto worst_in = [&](double lo, double hi) {
      double worst = -INFINITY, at = kNaN;
      for (std::size_t i = 0; i < x_.size(); ++i)
        if (x_[i] >= lo - 1e-12 && x_[i] <= hi + 1e-12 && std::isfinite(rel[i]) && rel[i] > worst)
          worst = rel[i], at = x_[i];
      return std::pair{worst, at};
    };
    const std::string res_text = fmt::format("beaten by ≤ {:g}%", 100 * resolution);
    if (paper.empty()) {
      // "Never the extreme": its margin over the others never exceeds the resolution.
      double best = INFINITY, at = kNaN;
      for (std::size_t i = 0; i < x_.size(); ++i)
        if (std::isfinite(rel[i]) && rel[i] < best) best = rel[i], at = x_[i];
      const bool ok = !(best < -resolution);
      checks.push_back(check_entry(label + ": never the " + extreme + " by more than the resolution", "never",
                                  num(round_sig(-best)), fmt::format("≤ {:g}% ahead (at {:g})", 100 * resolution, at),
                                  ok));
      rows.push_back({label, "never", "[]", obs.dump(), res_text, ok});
      return;
    }
    for (const auto& p : paper) {
      const auto [worst, at] = worst_in(p[0] + tol, p[1] - tol);
      const bool ok = !(worst > resolution);
      checks.push_back(check_entry(fmt::format("{}: {} throughout {} (± {:g} at the ends)", label, extreme,
                                              fmt_interval(p[0], p[1]), tol),
                                  "throughout", num(round_sig(std::max(worst, 0.0))),
                                  res_text + (std::isfinite(at) ? fmt::format(" (worst at {:g})", at) : ""), ok));
      rows.push_back({label, "throughout", pap.dump(), obs.dump(), res_text, ok});
      for (int end = 0; end < 2; ++end) {
        const double pv = p[end];
        if (std::abs(pv - x_.front()) <= 1e-12 || std::abs(pv - x_.back()) <= 1e-12) continue;  // figure edge
        // Our transition nearest to the paper's end.
        double ov = kNaN;
        for (const auto& o : observed)
          for (double e : {o.lo, o.hi})
            if (e != x_.front() && e != x_.back() && (!std::isfinite(ov) || std::abs(e - pv) < std::abs(ov - pv)))
              ov = e;
        const bool ok_end = std::isfinite(ov) && std::abs(ov - pv) <= tol + 1e-12;
        const std::string what = end == 0 ? "lower end" : "upper end";
        checks.push_back(check_entry(fmt::format("{}: {} of {}", label, what, fmt_interval(p[0], p[1])), pv,
                                    num(round_sig(ov)), tol_text, ok_end));
        rows.push_back({label, what, pv, num(round_sig(ov)), tol_text, ok_end});
      }
    }
  }

  // (run − best other) / max of the two, signed so that negative means `run`
  // is the extreme; NaN where a run failed.
  std::vector<double> relative_margin(const std::vector<std::string>& keys, const std::string& key,
                                      bool smallest) const {
    std::vector<double> r(x_.size(), kNaN);
    const std::size_t s = run_index(key);
    for (std::size_t i = 0; i < x_.size(); ++i) {
      double other = smallest ? INFINITY : -INFINITY;
      for (const auto& k : keys) {
        const std::size_t j = run_index(k);
        if (j != s) other = smallest ? std::min(other, points_[i].value[j]) : std::max(other, points_[i].value[j]);
      }
      const double v = points_[i].value[s];
      if (!std::isfinite(v) || !std::isfinite(other)) continue;
      const double scale = std::max(std::abs(v), std::abs(other));
      r[i] = scale == 0 ? 0 : (smallest ? v - other : other - v) / scale;
    }
    return r;
  }

  json crossing_table() const {
    json rows = json::array();
    for (std::size_t a = 0; a < runs_.size(); ++a)
      for (std::size_t b = a + 1; b < runs_.size(); ++b) {
        if (runs_[a].h != runs_[b].h) continue;
        std::vector<double> d(x_.size(), kNaN);
        for (std::size_t i = 0; i < x_.size(); ++i) {
          const double va = points_[i].value[a], vb = points_[i].value[b];
          if (std::isfinite(va) && std::isfinite(vb) && std::abs(va - vb) > kTieRelative * std::max(va, vb))
            d[i] = va - vb;
        }
        for (double xc : sweep::sign_changes(x_, d)) {
          // The order just above the crossing.
          std::size_t i = 0;
          while (i < x_.size() && (x_[i] <= xc || std::isnan(d[i]))) ++i;
          const std::string above = i < x_.size() ? (d[i] < 0 ? runs_[a].label + " < " + runs_[b].label
                                                              : runs_[b].label + " < " + runs_[a].label)
                                                  : "";
          rows.push_back({runs_[a].h, runs_[a].label + " vs " + runs_[b].label, round_sig(xc), above});
        }
      }
    return {{"title", "Crossings of the curves, pair by pair (same h)"},
            {"columns", {"h", "pair", xlabel_, "order above the crossing"}},
            {"rows", rows}};
  }

  json values_table() const {
    json cols = json::array({xlabel_});
    for (const auto& r : runs_) cols.push_back(r.label);
    std::vector<double> hs;
    for (const auto& r : runs_)
      if (std::find(hs.begin(), hs.end(), r.h) == hs.end()) hs.push_back(r.h);
    const bool fv = quantity_ == "final-velocity";
    for (double h : hs) cols.push_back(fv ? fmt::format("reference v_N(T) (grid h = {})", h)
                                          : fmt::format("reference sup |x|, |v| (grid h = {})", h));
    json rows = json::array();
    for (std::size_t i = 0; i < x_.size(); ++i) {
      json row = json::array({round_sig(x_[i], 6)});
      for (std::size_t k = 0; k < runs_.size(); ++k) row.push_back(num(round_sig(points_[i].value[k], 6)));
      for (double h : hs) {
        const auto& p = points_[i];
        if (fv) row.push_back(p.ref_final_v.count(h) ? num(round_sig(p.ref_final_v.at(h), 8)) : json(nullptr));
        else if (p.ref_sup_x.count(h))
          row.push_back(fmt::format("{:.5g}, {:.5g}", p.ref_sup_x.at(h), p.ref_sup_v.at(h)));
        else row.push_back(nullptr);
      }
      rows.push_back(row);
    }
    return {{"title", fv ? "Velocity of the last bead at t = T" : "Global errors"}, {"columns", cols}, {"rows", rows}};
  }

  json figures() const {
    json out = json::array();
    for (const auto& f : spec_.figures) {
      json series_json = json::array();
      for (const auto& key : f.series) {
        json s = {{"title", series_label(key)}, {"x", x_}, {"y", json::array()}};
        for (double v : series(key)) s["y"].push_back(num(v));
        if (key == "reference") {
          s["style"] = spec_.reference ? spec_.reference->style : "lines";
          if (spec_.reference && spec_.reference->color) s["color"] = *spec_.reference->color;
        } else {
          const Run& r = runs_[run_index(key)];
          s["style"] = r.style;
          if (!r.color.empty()) s["color"] = r.color;
        }
        series_json.push_back(s);
      }
      out.push_back({{"name", f.name},
                     {"type", "lines"},
                     {"title", f.title},
                     {"caption", f.caption},
                     {"xlabel", xlabel_},
                     {"ylabel", f.ylabel},
                     {"logx", false},
                     {"logy", f.logy},
                     {"series", series_json}});
    }
    return out;
  }

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

}  // namespace

ClaimResult run_sweep_claim(const Claim& claim, const SweepSpec& spec, const StudyOptions& options) {
  if (options.tableau) throw std::invalid_argument("claim '" + claim.id + "' (a sweep) does not accept --tableau");
  return Sweep(claim, spec, options).run();
}

}  // namespace granconv
