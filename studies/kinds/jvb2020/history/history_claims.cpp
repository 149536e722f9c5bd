#include "studies/kinds/jvb2020/history/history_claims.hpp"

#include <cmath>

#include <fmt/format.h>

#include "reference/cache/reference_cache.hpp"
#include "studies/kinds/jvb2020/history/history_detail.hpp"
#include "studies/support/catalogue_fields.hpp"
#include "studies/support/record_helpers.hpp"
#include "studies/support/palette.hpp"
#include "studies/support/step_grid.hpp"

namespace granconv {

namespace {

struct Peak {
  double t = 0, v = 0;
};

// The largest velocity of bead i and when it occurs: the solitary wave's
// passage. On a coarse grid it is the largest grid value.
Peak peak(const std::vector<double>& t, const std::vector<Vec<double>>& xv, int bead) {
  Peak p{t.front(), xv.front()[2 * bead + 1]};
  for (std::size_t k = 1; k < t.size(); ++k)
    if (xv[k][2 * bead + 1] > p.v) p = {t[k], xv[k][2 * bead + 1]};
  return p;
}

std::vector<double> component(const std::vector<Vec<double>>& xv, int index) {
  std::vector<double> out;
  out.reserve(xv.size());
  for (const auto& s : xv) out.push_back(s[index]);
  return out;
}

}  // namespace

// JVB figs. 7 and 8: velocity histories of named beads, scheme against
// reference. The check reads the figure's message — the solitary wave passes
// each named bead at the right time with the right amplitude — as bounds on
// the peak velocity and its time, and the velocity error over the named beads.
HistorySpec parse_history_spec(FieldReader& r) {
  using namespace history;
  HistorySpec s;
  const auto sc = read_scenario(r);
  s.scenario = sc.scenario;
  s.params = sc.params;
  s.runs = r.list("runs", [](FieldReader& e) {
    HistorySpec::Run run;
    static_cast<SchemeRun&>(run) = read_run(e);
    run.peak_relative_tolerance = e.req<double>("peak_relative_tolerance", positive());
    run.peak_time_tolerance_steps = e.req<double>("peak_time_tolerance_steps", positive());
    run.max_velocity_error = e.maybe<double>("max_velocity_error", positive());
    run.paper_statement = e.opt<std::string>("paper_statement", "close to the reference");
    run.tolerance_source = e.json().value("tolerance_source", nlohmann::json());
    e.opt_object("rivals", [&run](FieldReader& f) {
      run.rival_note = f.req<std::string>("note");
      run.rival_peak_relative = f.maybe<double>("peak_relative", positive());
      run.rival_peak_time_steps = f.maybe<double>("peak_time_steps", positive());
      run.rival_max_velocity_error = f.maybe<double>("velocity_error", positive());
      // The half-gap rule of the catalogue (studies/core/catalogue_rules.hpp)
      // for a quantity whose expected value is 0.
      auto half_gap = [&f](const char* key, double tolerance, const std::optional<double>& rival) {
        if (rival)
          f.check(tolerance < *rival / 2, key,
                  fmt::format("is {:g}: the tolerance {:g} is not below half of it", *rival, tolerance));
      };
      half_gap("peak_relative", run.peak_relative_tolerance, run.rival_peak_relative);
      half_gap("peak_time_steps", run.peak_time_tolerance_steps, run.rival_peak_time_steps);
      if (run.rival_max_velocity_error)
        f.check(run.max_velocity_error.has_value(), "velocity_error", "names a rival for an unchecked quantity");
      half_gap("velocity_error", run.max_velocity_error.value_or(0), run.rival_max_velocity_error);
      return 0;
    });
    return run;
  });
  s.beads = r.req<std::vector<int>>("beads", at_least(1));
  s.caption = r.opt<std::string>("caption", "");
  check_runs(r, s.scenario, s.params, s.runs);
  return s;
}

ClaimResult run_history_claim(const Claim& claim, const HistorySpec& spec, const StudyOptions& opt) {
  using namespace history;
  const auto pr = make_problem<double>(spec.scenario, spec.params);
  const auto& beads = spec.beads;
  for (int b : beads)
    if (b > pr.chain.beads()) throw std::invalid_argument("claim '" + claim.id + "': bead out of range");
  const auto runs = run_all(spec.runs, pr, opt, true);

  // A fine reference for the curves.
  const long fine = 1500;
  std::vector<double> ft;
  for (long k = 0; k <= fine; ++k) ft.push_back(grid_time(pr.t_end, k, fine));
  ReferenceOptions ro = opt.reference;
  ro.estimate_error = false;
  const auto ref = cached_reference(pr, ft, ro, opt.cache_dir);

  nlohmann::json checks = nlohmann::json::array(), figures = nlohmann::json::array();
  nlohmann::json info_rows = nlohmann::json::array();
  bool pass = true;
  std::string summary;
  const char* colors[] = {palette::dark_blue, palette::green, palette::red,  palette::purple, palette::brown,
                          palette::pink,      palette::cyan,  palette::grey, palette::olive,  palette::orange};
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const auto& j = spec.runs[r];
    const auto& c = runs[r].result;
    const double peak_rel = j.peak_relative_tolerance;
    const double peak_dt = j.peak_time_tolerance_steps * c.h;
    double max_ev = 0, worst_peak = 0, worst_dt = 0;
    nlohmann::json series = nlohmann::json::array();
    for (std::size_t b = 0; b < beads.size(); ++b) {
      const int i = beads[b] - 1;
      for (std::size_t k = 0; k < c.t.size(); ++k)
        max_ev = std::max(max_ev, std::abs(c.scheme_xv[k][2 * i + 1] - c.reference_xv[k][2 * i + 1]));
      const Peak ps = peak(c.t, c.scheme_xv, i), pr_ = peak(ft, ref.states, i);
      if (pr_.t >= ft.back())  // a peak cut by the window would be compared at the window's end
        throw std::invalid_argument(fmt::format("claim '{}': the wave has not passed bead {} by t = {}; lengthen t_end",
                                                claim.id, beads[b], ft.back()));
      worst_peak = std::max(worst_peak, std::abs(ps.v - pr_.v) / std::abs(pr_.v));
      worst_dt = std::max(worst_dt, std::abs(ps.t - pr_.t));
      const std::string color = colors[b % 10];
      series.push_back({{"title", fmt::format("reference, bead {}", beads[b])},
                        {"x", ft},
                        {"y", component(ref.states, 2 * i + 1)},
                        {"style", "lines"},
                        {"color", color}});
      series.push_back({{"title", fmt::format("{}, bead {}", runs[r].label, beads[b])},
                        {"x", c.t},
                        {"y", component(c.scheme_xv, 2 * i + 1)},
                        {"style", c.h >= 0.5 ? "linespoints" : "dashes"},
                        {"color", color}});
    }
    const bool ok_peak = worst_peak <= peak_rel, ok_dt = worst_dt <= peak_dt + 1e-12;
    // The check with its rival (in the check's unit) and the source of its tolerance.
    auto with = [&j](nlohmann::json ch, const char* key, const std::optional<double>& rival) {
      if (rival) {
        ch["rival"] = *rival;
        ch["rival_note"] = j.rival_note;
      }
      if (j.tolerance_source.is_object() && j.tolerance_source.contains(key))
        ch["tolerance_source"] = j.tolerance_source.at(key);
      return ch;
    };
    checks.push_back(with(check_entry(runs[r].label + ": peak velocity at the named beads", j.paper_statement,
                                      worst_peak, fmt::format("≤ {:g}% relative", 100 * peak_rel), ok_peak),
                          "peak_relative_tolerance", j.rival_peak_relative));
    checks.push_back(with(check_entry(runs[r].label + ": time of the peak at the named beads (in steps)",
                                      j.paper_statement, worst_dt / c.h,
                                      fmt::format("≤ {:g} steps", peak_dt / c.h), ok_dt),
                          "peak_time_tolerance_steps", j.rival_peak_time_steps));
    // Checked only where the catalogue states a bound; otherwise information
    // (a table row), never a check that passes by construction.
    if (j.max_velocity_error) {
      const double bound = *j.max_velocity_error;
      checks.push_back(with(check_entry(runs[r].label + ": max velocity error at the named beads", bound, max_ev,
                                        fmt::format("≤ {:g}", bound), max_ev <= bound),
                            "max_velocity_error", j.rival_max_velocity_error));
      pass = pass && max_ev <= bound;
    }
    info_rows.push_back({runs[r].label, worst_peak, worst_dt, max_ev});
    pass = pass && ok_peak && ok_dt;
    summary += fmt::format("\n  {}: worst peak deviation {:.3g}% , worst peak time shift {:.3g}, max velocity error {:.3g}",
                           runs[r].label, 100 * worst_peak, worst_dt, max_ev);
    figures.push_back({{"name", fmt::format("{}-{}", claim.id, r)},
                       {"type", "lines"},
                       {"title", fmt::format("{}: velocities of beads {}, {} vs reference", claim.item,
                                             nlohmann::json(beads).dump(), runs[r].label)},
                       {"caption", spec.caption},
                       {"xlabel", "t"},
                       {"ylabel", "velocity"},
                       {"logx", false},
                       {"logy", false},
                       {"series", series}});
  }
  nlohmann::json record = result_head(claim, pass);
  record["checks"] = checks;
  record["figures"] = figures;
  record["tables"] = {{{"title", fmt::format("Measured at beads {} (information: the checks above carry the verdict)",
                                             nlohmann::json(beads).dump())},
                       {"columns", {"run", "worst relative peak-velocity deviation", "worst peak-time shift",
                                    "max velocity error"}},
                       {"rows", info_rows}}};
  record["reference"] = runs.front().result.reference_provenance;
  return {record, pass, fmt::format("{} {}", pass ? "PASS" : "FAIL", claim.id) + summary};
}

}  // namespace granconv
