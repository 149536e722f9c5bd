// The tables of a sweep record: the crossings of the curves pair by pair,
// and every run's value at every sweep point.
#include <algorithm>
#include <cmath>

#include "studies/kinds/jvb2020/sweep/sweep_detail.hpp"

namespace granconv::sweep {

json Sweep::crossing_table() const {
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

json Sweep::values_table() const {
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

}  // namespace granconv::sweep
