// The table and the figures of a "mollified-order" record: error curves and
// h_ε (thesis fig. 4.5), sliding slopes, h_ε against ε (fig. 4.6) and the
// mollified square root itself (fig. 4.3).
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "models/mollified_sqrt.hpp"
#include "studies/kinds/thesis/mollified_order/mollified_order_detail.hpp"
#include "studies/support/palette.hpp"

namespace granconv::mollified_order {

namespace {

using nlohmann::json;

json series(const std::string& title, const std::vector<double>& x, const std::vector<double>& y,
            const std::string& style, const std::string& color) {
  return {{"title", title}, {"x", x}, {"y", y}, {"style", style}, {"color", color}};
}

const std::vector<std::string> kColors = {palette::blue, palette::orange, palette::green, palette::purple, palette::brown,
                                          palette::pink, palette::cyan,   palette::olive, palette::grey};

std::string range_text(double lo, double hi) {
  return lo > 0 ? fmt::format("[{:.3g}, {:.3g}]", lo, hi) : std::string("—");
}

}  // namespace

json order_tables(const Setup& st, const std::vector<Curve>& curves, double v, double h_cap) {
  const auto& eps = st.eps;
  const auto& unchecked = st.unchecked;
  const double paper_a = st.paper_a, paper_c = st.paper_c;
  const Curve& kk = curves.back();
  json rows = json::array();
  for (std::size_t i = 0; i < eps.size(); ++i) {
    const Curve& c = curves[i];
    const double he = c.heps ? c.study.h[*c.heps] : 0;
    rows.push_back({eps[i], c.heps ? json(sig(he, 4)) : json("—"), c.heps ? json(c.study.steps[*c.heps]) : json("—"),
                    sig(2 * eps[i] / v, 4), c.heps ? json(sig(he / (2 * eps[i] / v), 3)) : json("—"),
                    sig(paper_c * std::pow(eps[i], paper_a), 4),
                    (c.fit.ok ? fmt::format("{:.3f} [{:.3f}, {:.3f}]", c.fit.order, c.fit.ci_lo, c.fit.ci_hi) : "—") +
                        (std::find(unchecked.begin(), unchecked.end(), eps[i]) != unchecked.end() ? " (not checked)"
                                                                                                   : ""),
                    c.fit.points, range_text(c.fit.h_min, c.fit.h_max),
                    range_text(c.regimes.oscillating_lo, c.regimes.oscillating_hi),
                    range_text(c.regimes.monotone_lo, c.regimes.monotone_hi)});
  }
  rows.push_back({"plain KK", "—", "—", "—", "—", "—",
                  kk.fit.ok ? fmt::format("{:.3f} [{:.3f}, {:.3f}]", kk.fit.order, kk.fit.ci_lo, kk.fit.ci_hi) : "—",
                  kk.fit.points, range_text(kk.fit.h_min, kk.fit.h_max), "—", "—"});
  json tables = {{{"title", fmt::format("h_ε, fitted orders and the regimes above h_ε (h in s, ε in m; regimes "
                                        "classified for h < {:.3g} s, half a decade below the h where plain KK's error stops being monotone)",
                                        h_cap)},
                  {"columns", {"ε", "h_ε", "n = T/h_ε", "2ε/v (rule of thumb)", "h_ε/(2ε/v)", "thesis 2.50 ε^1.18",
                               "order [95% CI] below h_ε", "points", "fit window", "oscillating band",
                               "monotone band (no clear order)"}},
                  {"rows", rows}}};
  return tables;
}

json order_figures(const Claim& claim, const Setup& st, const std::vector<Curve>& curves, double v,
                   const PowerLaw& power_law, const StudyOptions& opt) {
  const auto& eps = st.eps;
  const auto& ho = st.ho;
  const double paper_a = st.paper_a, paper_c = st.paper_c;
  const Curve& kk = curves.back();
  const auto& fe = power_law.eps;
  const auto& fh = power_law.h;
  const OrderFit& law = power_law.fit;
  const double law_c = power_law.prefactor;
  json conv = json::array(), slopes = json::array();
  std::vector<double> hx, hy;
  for (std::size_t i = 0; i <= eps.size(); ++i) {
    const Curve& c = curves[i];
    const auto idx = usable_sorted(c.study.h, c.study.error, c.usable);
    std::vector<double> x, y;
    for (std::size_t k : idx) {
      x.push_back(c.study.h[k]);
      y.push_back(c.study.error[k]);
    }
    const bool is_kk = i == eps.size();
    const std::string name = is_kk ? "plain KK" : fmt::format("ε = {:g} m", c.eps);
    const std::string color = is_kk ? "#d62728" : kColors[i % kColors.size()];
    conv.push_back(series(name, x, y, "linespoints", color));
    std::vector<double> sx, sy;
    for (const auto& [hh, s] : sliding_slopes(c.study.h, c.study.error, c.usable, ho.half_width_decades)) {
      sx.push_back(hh);
      sy.push_back(s);
    }
    slopes.push_back(series(name, sx, sy, "linespoints", color));
    if (c.heps) {
      hx.push_back(c.study.h[*c.heps]);
      hy.push_back(c.study.error[*c.heps]);
    }
  }
  if (!hx.empty()) conv.push_back(series("h_ε", hx, hy, "points", "#000000"));
  // Guide lines through the finest usable point of the first ε and of KK.
  auto guide = [&](const Curve& c, double p, const std::string& title, const std::string& color) {
    const auto idx = usable_sorted(c.study.h, c.study.error, c.usable);
    if (idx.empty()) return;
    const double h0 = c.study.h[idx.front()], e0 = c.study.error[idx.front()], h1 = c.study.h[idx.back()];
    conv.push_back(series(title, {h0, h1}, {e0 / 3, e0 / 3 * std::pow(h1 / h0, p)}, "dashes", color));
  };
  guide(curves.front(), 2, "slope 2", "#000000");
  guide(kk, 1.5, "slope 3/2", "#d62728");
  const double hmin = curves.front().study.h.back(), hmax = curves.front().study.h.front();
  slopes.push_back(series("2 ± band", {hmin, hmax}, {ho.order + ho.band, ho.order + ho.band}, "dashes", "#000000"));
  slopes.push_back(series("", {hmin, hmax}, {ho.order - ho.band, ho.order - ho.band}, "dashes", "#000000"));
  slopes.push_back(series("3/2", {hmin, hmax}, {1.5, 1.5}, "dashes", "#d62728"));

  std::vector<double> lx{eps.front(), eps.back()}, thesis_y, law_y, rule_y, window_y;
  for (double x : lx) {
    thesis_y.push_back(paper_c * std::pow(x, paper_a));
    law_y.push_back(law_c * std::pow(x, law.order));
    rule_y.push_back(2 * x / v);
    window_y.push_back(st.window_c * x / v);
  }
  json heps_series = {series("h_ε (measured)", fe, fh, "points", "#1f77b4")};
  if (law.ok)
    heps_series.push_back(series(fmt::format("fit {:.3g} ε^{:.2f}", law_c, law.order), lx, law_y, "lines", "#1f77b4"));
  heps_series.push_back(series(fmt::format("thesis {} ε^{}", paper_c, paper_a), lx, thesis_y, "dashes", "#d62728"));
  heps_series.push_back(series("rule of thumb 2ε/v", lx, rule_y, "dashes", "#7f7f7f"));
  heps_series.push_back(series(fmt::format("order-check windows end {:g} ε/v (fixed a priori)", st.window_c), lx,
                               window_y, "lines", "#2ca02c"));

  const double seps = st.sqrt_eps, xmax = st.sqrt_x_max;
  const int samples = st.sqrt_samples;
  const MollifiedSqrt<double> msq(seps);
  std::vector<double> qx, q_eps, q_sqrt, q_shift;
  for (int k = 0; k < samples; ++k) {
    const double x = xmax * k / (samples - 1);
    qx.push_back(x);
    q_eps.push_back(msq(x));
    q_sqrt.push_back(std::sqrt(x));
    q_shift.push_back(std::sqrt(std::max(0.0, x - seps)));
  }

  const std::string params_text = [&] {
    std::string s;
    for (const auto& p : st.params) s += (s.empty() ? "" : ", ") + p;
    return s;
  }();
  json figures = {
      {{"name", claim.id + "-convergence"},
       {"type", "lines"},
       {"title", "Damped Verlet, binary collision: final overlap error vs h, mollified KK and plain KK (thesis fig. 4.5)"},
       {"caption", fmt::format("Final-time overlap error against the CVODE reference ({}); usable points only (above {}× "
                               "the floor: the reference's overlap error estimate + √n·eps·|ξ_ref(T)|). Black points: h_ε. Below h_ε the "
                               "error falls as h²; above it, an oscillating band and, at large h, a monotone band "
                               "without a clear order (table). Plain KK stays at order 3/2.",
                               params_text, opt.floor_factor)},
       {"xlabel", "h (s)"},
       {"ylabel", "|ξ_h(T) − ξ_ref(T)| (m)"},
       {"logx", true},
       {"logy", true},
       {"series", conv}},
      {{"name", claim.id + "-slopes"},
       {"type", "lines"},
       {"title", "Sliding least-squares slopes of the error curves (the three regimes)"},
       {"caption", fmt::format("Least-squares slope of log error against log h over ±{:g} decades around each point. h_ε "
                               "is the largest h below which every such slope (windows clipped at h_ε) is within "
                               "{} ± {} and the error is monotone.",
                               ho.half_width_decades, ho.order, ho.band)},
       {"xlabel", "h (s)"},
       {"ylabel", "local slope"},
       {"logx", true},
       {"yrange", {-3, 6}},
       {"series", slopes}},
      {{"name", claim.id + "-heps"},
       {"type", "lines"},
       {"title", "h_ε against ε with the fitted power law (thesis fig. 4.6)"},
       {"caption", law.ok ? fmt::format("Least-squares fit h_ε = {:.3g} ε^{:.3f}, exponent 95% CI [{:.3f}, {:.3f}]; "
                                        "thesis (garbled label) 2.50 ε^1.18; rule of thumb h ≲ 2ε/v; the order-2 "
                                        "checks fit h ≤ {:g} ε/v, a window fixed before the fit.",
                                        law_c, law.order, law.ci_lo, law.ci_hi, st.window_c)
                          : "No power-law fit: " + law.message},
       {"xlabel", "ε (m)"},
       {"ylabel", "h_ε (s)"},
       {"logx", true},
       {"logy", true},
       {"series", heps_series}},
      {{"name", claim.id + "-sqrt"},
       {"type", "lines"},
       {"title", fmt::format("Mollified square root √_ε for ε = {:g} m (thesis fig. 4.3)", seps)},
       {"caption", "√_ε = φ_ε * (√ ∘ τ_ε) (4.6) from models/mollified_sqrt.hpp, against √x and the shifted √(x − ε)₊: "
                   "0 for x ≤ 0, C^∞, slightly below √(x − ε) for x ≥ 2ε."},
       {"xlabel", "x (m)"},
       {"ylabel", "√ (m^½)"},
       {"xrange", {0, xmax}},
       {"series",
        {series("√_ε(x)", qx, q_eps, "lines", "#1f77b4"), series("√x", qx, q_sqrt, "dashes", "#7f7f7f"),
         series("√(x − ε)₊", qx, q_shift, "dashes", "#d62728")}}}};
  return figures;
}

}  // namespace granconv::mollified_order
