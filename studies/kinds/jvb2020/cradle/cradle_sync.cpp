// Synchronisation: the spread of the amplitudes across beads per local period
// (table, checks, figure), and the in-phase motion, which no local numerical
// damping may shrink.
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "studies/support/record_helpers.hpp"
#include "studies/kinds/jvb2020/cradle/cradle_detail.hpp"

namespace granconv::cradle {

Spreads add_sync(const CradleRun& run, CradleRecord& rec) {
  const Claim& claim = run.claim;
  const CradleSpec& spec = run.spec;
  const Problem<double>& pr = run.pr;
  const double h = run.h;
  const int beads = run.beads;
  const double m = run.m;
  const double K = run.K;
  const double period = run.period;
  const Comparison& c = run.c;
  const std::string& paper_item = claim.item;
  auto& tables = rec.tables;
  auto& figures = rec.figures;
  auto& summary_extra = rec.summary_extra;
  auto add = [&](json ch) { rec.add(std::move(ch)); };
  // Synchronisation: spread of the amplitudes across beads, per local period.
  const auto spread_ref = amplitude_spread(c.t, c.reference_xv, beads, period);
  const auto spread_sch = amplitude_spread(c.t, c.scheme_xv, beads, period);
  if (spread_ref.size() < 2) throw std::invalid_argument("claim '" + claim.id + "': t_end shorter than two local periods");
  {
    json rows = json::array();
    for (std::size_t j = 0; j < spread_ref.size(); ++j)
      if (j < 4 || j + 4 >= spread_ref.size() || j % 8 == 0)
        rows.push_back({j + 1, sig(spread_ref[j].t_mid, 5), sig(spread_ref[j].max_over_min, 4), sig(spread_ref[j].cv, 4),
                        sig(spread_sch[j].max_over_min, 4), sig(spread_sch[j].cv, 4)});
    tables.push_back(
        {{"title", fmt::format("Amplitude spread across beads per local period 2π√(m/K) = {:.4f} (A_n = (max − min)/2 "
                               "of x_n over the period)",
                               period)},
         {"columns", {"period", "t (mid)", "reference max A/min A", "reference CV", "scheme max A/min A", "scheme CV"}},
         {"rows", rows}});
  }
  // No local numerical damping: the in-phase motion keeps its amplitude.
  {
    const double a_ref0 = in_phase_amplitude(c.t, c.reference_xv, beads, 0, period);
    const double a_sch0 = in_phase_amplitude(c.t, c.scheme_xv, beads, 0, period);
    const double t1 = spread_ref.back().t_mid + period / 2, t0 = t1 - period;
    const double a_ref1 = in_phase_amplitude(c.t, c.reference_xv, beads, t0, t1);
    const double a_sch1 = in_phase_amplitude(c.t, c.scheme_xv, beads, t0, t1);
    const double v0 = pr.y0[1];
    tables.push_back(
        {{"title", fmt::format("In-phase motion (1/N) Σ x_n: half its peak-to-peak range over the first and the last "
                               "full local period (V/(N√(K/m)) = {:.6g} for the model, where the contact forces cancel)",
                               v0 / beads / std::sqrt(K / m))},
         {"columns", {"solution", "first period", fmt::format("last period (t ∈ [{:.1f}, {:.1f}])", t0, t1), "last / first"}},
         {"rows",
          {{"CVODE reference", sig(a_ref0, 6), sig(a_ref1, 6), sig(a_ref1 / a_ref0, 6)},
           {"additive θ method", sig(a_sch0, 6), sig(a_sch1, 6), sig(a_sch1 / a_sch0, 6)}}}});
    if (spec.in_phase)
      add(value_check(fmt::format("in-phase amplitude of the scheme, last / first full local period (t ∈ [{:.1f}, {:.1f}] "
                                  "against [0, {:.1f}])",
                                  t0, t1, period),
                      *spec.in_phase, a_sch1 / a_sch0, 6));
    summary_extra += fmt::format("\n  in-phase amplitude last/first period: reference {:.5f}, scheme {:.5f}",
                                 a_ref1 / a_ref0, a_sch1 / a_sch0);
  }
  if (spec.sync) {
    const double late_max = spec.sync->late_max_over_min, cv_ratio = spec.sync->cv_ratio;
    for (const auto* sp : {&spread_ref, &spread_sch}) {
      const std::string who = sp == &spread_ref ? "reference" : "scheme";
      const auto &early = sp->front(), &late = sp->back();
      add(check_entry(fmt::format("{}: max_n A_n / min_n A_n over the last full local period (t ∈ [{:.1f}, {:.1f}])", who,
                            late.t_mid - period / 2, late.t_mid + period / 2),
                "≈ 1 (almost equal amplitudes)", sig(late.max_over_min, 4), fmt::format("≤ {}", late_max),
                late.max_over_min <= late_max));
      add(check_entry(fmt::format("{}: coefficient of variation of the amplitudes over the last full local period "
                            "(first period: {:.4g})",
                            who, early.cv),
                "decreasing to ≈ 0", sig(late.cv, 4),
                fmt::format("≤ {} × first = {:.4g}", cv_ratio, cv_ratio * early.cv), late.cv <= cv_ratio * early.cv));
    }
    json series = json::array();
    for (const auto* sp : {&spread_ref, &spread_sch}) {
      std::vector<double> x, y;
      for (const auto& s : *sp) {
        x.push_back(sig(s.t_mid, 6));
        y.push_back(sig(s.max_over_min - 1, 5));
      }
      const bool r = sp == &spread_ref;
      series.push_back({{"title", r ? "CVODE reference" : fmt::format("additive θ method, h = {}", h)},
                        {"x", x}, {"y", y}, {"style", r ? "linespoints" : "dashes"},
                        {"color", r ? "#1f77b4" : "#d62728"}});
    }
    figures.push_back({{"name", claim.id + "-sync"},
                       {"type", "lines"},
                       {"title", "Synchronisation: spread of the oscillation amplitudes across beads"},
                       {"caption", fmt::format("max_n A_n / min_n A_n − 1 per local period (A_n = half the peak-to-peak "
                                               "displacement of bead n over [jP, (j+1)P], P = {:.4f}). Quantifies the "
                                               "synchronisation the paper shows qualitatively in {}.",
                                               period, paper_item)},
                       {"xlabel", "t"},
                       {"ylabel", "max A / min A − 1"},
                       {"logy", true},
                       {"series", series}});
  }
  return {spread_ref, spread_sch};
}

}  // namespace granconv::cradle
