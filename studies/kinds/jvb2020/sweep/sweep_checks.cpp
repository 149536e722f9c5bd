// The checks of a sweep: a local minimum, the set where a run is the
// extreme of several, and the margins they are read from.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "studies/support/record_helpers.hpp"

#include "studies/kinds/jvb2020/sweep/sweep_detail.hpp"

namespace granconv::sweep {

void Sweep::run_check(const SweepSpec::Check& c, json& checks, json& extreme_rows) const {
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

std::vector<double> Sweep::extreme_margin(const std::vector<std::string>& keys, const std::string& key,
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

void Sweep::extreme_set_check(const SweepSpec::Check& c, const std::string& label, json& checks, json& rows) const {
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

std::vector<double> Sweep::relative_margin(const std::vector<std::string>& keys, const std::string& key,
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

}  // namespace granconv::sweep
