// Fig. 4 and 5: the displacement histories of all beads on a window, and the
// space–time diagrams of the whole run.
#include <algorithm>

#include <fmt/format.h>

#include "studies/support/record_helpers.hpp"
#include "studies/kinds/jvb2020/cradle/cradle_detail.hpp"

namespace granconv::cradle {

namespace {

json heatmap(const std::string& name, const std::string& title, const std::string& caption,
             const std::vector<double>& t, const std::vector<Vec<double>>& xv, int beads, double zmax) {
  const std::size_t stride = (t.size() + 599) / 600;
  std::vector<double> x, y;
  for (std::size_t k = 0; k < t.size(); k += stride) x.push_back(t[k]);
  json z = json::array();
  for (int n = 0; n < beads; ++n) {
    y.push_back(n + 1);
    std::vector<double> row;
    for (std::size_t k = 0; k < t.size(); k += stride) row.push_back(sig(xv[k][2 * n], 5));
    z.push_back(row);
  }
  return {{"name", name}, {"type", "heatmap"}, {"title", title}, {"caption", caption}, {"xlabel", "t"},
          {"ylabel", "bead n"}, {"zlabel", "x_n(t)"}, {"x", x}, {"y", y}, {"z", z}, {"zmax", zmax}};
}
}  // namespace

void add_histories(const CradleRun& run, CradleRecord& rec) {
  const Claim& claim = run.claim;
  const CradleSpec& spec = run.spec;
  const Problem<double>& pr = run.pr;
  const double h = run.h;
  const int beads = run.beads;
  const double theta = run.theta;
  const Comparison& c = run.c;
  const json& prov = run.prov;
  const std::string& paper_item = claim.item;
  auto& figures = rec.figures;
  if (spec.histories_window) {
    const auto& win = *spec.histories_window;
    json series = json::array();
    for (int pass_i = 0; pass_i < 2; ++pass_i) {
      const auto& xv = pass_i == 0 ? c.reference_xv : c.scheme_xv;
      for (int n = 0; n < beads; ++n) {
        std::vector<double> x, y;
        for (std::size_t k = 0; k < c.t.size(); ++k)
          if (c.t[k] >= win.at(0) && c.t[k] <= win.at(1)) {
            x.push_back(c.t[k]);
            y.push_back(sig(xv[k][2 * n], 6));
          }
        std::string title;
        if (n == 0) title = pass_i == 0 ? "CVODE reference (beads 1–10)" : fmt::format("additive θ method, h = {}", h);
        series.push_back({{"title", title}, {"x", x}, {"y", y}, {"style", pass_i == 0 ? "lines" : "dashes"},
                          {"color", pass_i == 0 ? "#1f77b4" : "#d62728"}});
      }
    }
    figures.push_back(
        {{"name", claim.id + "-histories"},
         {"type", "lines"},
         {"title", fmt::format("Newton's cradle, k = {}: displacements of all beads", pr.chain.k.front())},
         {"caption",
          fmt::format("Reproduces {} on t ∈ [{}, {}]: reference of the KK model (42) (CVODE, rtol {:g}; the paper used "
                      "ode23s at 1e-8) solid blue, additive θ method (34) with θ = μ = {} and h = {} dashed red "
                      "(the paper solved (34) with fsolve at 1e-4; ours by Newton to round-off). During slow phases "
                      "the curves are beads 1…{} from bottom to top.",
                      paper_item, win.at(0), win.at(1), prov.value("rtol", 0.0), sig(theta, 6), h, beads)},
         {"xlabel", "t"},
         {"ylabel", "x_n(t)"},
         {"series", series}});
  }
}

void add_heatmaps(const CradleRun& run, CradleRecord& rec) {
  const Claim& claim = run.claim;
  const CradleSpec& spec = run.spec;
  const Problem<double>& pr = run.pr;
  const double h = run.h;
  const int beads = run.beads;
  const Comparison& c = run.c;
  const std::string& paper_item = claim.item;
  auto& figures = rec.figures;
  if (spec.heatmaps) {
    double zmax = 0;
    for (const auto& s : c.reference_xv)
      for (int n = 0; n < beads; ++n) zmax = std::max(zmax, s[2 * n]);
    for (int pass_i = 0; pass_i < 2; ++pass_i) {
      const bool r = pass_i == 0;
      figures.push_back(heatmap(
          claim.id + (r ? "-spacetime-reference" : "-spacetime-scheme"),
          r ? "Space–time diagram, CVODE reference" : fmt::format("Space–time diagram, additive θ method, h = {}", h),
          fmt::format("Reproduces the {} panel of {}: displacement x_n(t) of bead n against t over the whole run "
                      "(t ∈ [0, {}], sampled every {} time units; the paper's insets are not reproduced; the colour "
                      "scale is capped at the reference's maximum {:.4f}).",
                      r ? "left" : "right", paper_item, pr.t_end, h * double((c.t.size() + 599) / 600), zmax),
          c.t, r ? c.reference_xv : c.scheme_xv, beads, zmax));
    }
  }
}

}  // namespace granconv::cradle
