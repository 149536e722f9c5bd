// The fields of a "sweep" claim (studies/kinds/jvb2020/sweep/sweep_claims.hpp), read at load:
// every run key a check or figure names must be a run of the claim, and the
// swept parameter one of the scenario's.
#include <algorithm>

#include <fmt/format.h>

#include "models/input/printable.hpp"
#include "models/scenarios.hpp"
#include "studies/support/catalogue_fields.hpp"
#include "studies/support/grid_budget.hpp"
#include "studies/core/step_grid_field.hpp"
#include "studies/kinds/jvb2020/sweep/sweep_claims.hpp"

namespace granconv {

namespace {

using Check = SweepSpec::Check;

// Values of the swept parameter: 51 in the shipped catalogue (jvb-fig10, -fig11), about 20 times that.
constexpr int kMaxSweepCount = 1000;

void read_check_fields(FieldReader& c, Check& k) {
  if (k.type == "local-minimum") {
    k.series = c.req<std::string>("series");
    k.paper = c.req<double>("paper");
    k.interval = c.interval("interval", true).value_or(std::vector<double>{0, 0});
  } else if (k.type == "max-deviation") {
    k.series = c.req<std::string>("series");
    k.from = c.req<std::string>("from");
    k.bound = c.req<double>("bound", positive());
    k.paper_statement = c.opt<std::string>("paper", "close to the reference");
  } else if (k.type == "extreme-set") {
    k.runs = c.req<std::vector<std::string>>("runs");
    k.run = c.req<std::string>("run");
    k.extreme = c.one_of("extreme", {"smallest", "largest"});
    k.paper_sets = c.req<std::vector<std::vector<double>>>("paper");
    for (const auto& p : k.paper_sets) c.check(p.size() == 2 && p[0] < p[1], "paper", "intervals are [lo, hi], lo < hi");
    k.tolerance = c.req<double>("tolerance", positive());
    k.resolution = c.req<double>("resolution", positive());
  } else if (k.type == "coincide") {
    k.runs = c.req<std::vector<std::string>>("runs");
    k.at = c.req<double>("at");
    k.relative = c.req<double>("relative", positive());
  } else if (k.type == "reference-sup") {
    k.h = c.req<double>("h", positive());
    k.at = c.req<double>("at");
    k.paper = c.req<double>("paper", positive());
    k.relative = c.req<double>("relative", positive());
  }
}

// Each run at both ends of the sweep (the swept parameter may set t_end or
// the chain) within the limits of one run, and all of them, count × runs,
// within the limit of a claim's steps.
void check_sweep_budget(FieldReader& r, const SweepSpec& s) {
  double total = 0;
  for (const double x : {s.sweep.from, s.sweep.to}) {
    Parameters p = scenario_info(s.scenario).defaults;
    for (const auto& a : s.params) p.set_assignment(a);
    p.set(s.sweep.parameter, x);
    const auto pr = make_problem<double>(s.scenario, p);
    double steps = 0;
    for (std::size_t i = 0; i < s.runs.size(); ++i)
      steps += check_run_budget(r, "runs[" + std::to_string(i) + "].h", s.runs[i].h, pr.t_end,
                                static_cast<std::size_t>(pr.y0.size()));
    total = std::max(total, steps * s.sweep.count);
  }
  if (r.ok())  // one line: a run over its own limit is the cause
    r.check(total <= kMaxGridSteps, "sweep",
            fmt::format("({} values × {} runs) is refused: the steps of all its runs {:.3g} are above the limit of "
                        "{:.3g}",
                        s.sweep.count, s.runs.size(), total, kMaxGridSteps));
}

}  // namespace

SweepSpec parse_sweep_spec(FieldReader& r) {
  SweepSpec s;
  const auto sc = read_scenario(r, std::nullopt, true);
  s.scenario = sc.scenario;
  s.params = sc.params;
  s.sweep = r.object("sweep", [](FieldReader& a) {
    SweepSpec::Axis x;
    x.parameter = a.req<std::string>("parameter");
    x.label = a.opt<std::string>("label", x.parameter);
    x.from = a.req<double>("from");
    x.to = a.req<double>("to");
    x.count = a.req<int>("count", between(3, kMaxSweepCount));
    a.check(x.to > x.from, "to", "must be above 'from'");
    return x;
  });
  if (r.ok()) try {
      Parameters p = scenario_info(s.scenario).defaults;
      p.set(s.sweep.parameter, s.sweep.from);
    } catch (const std::exception& e) {
      r.problem("sweep", std::string("(parameter): ") + e.what());
    }
  s.quantity = r.one_of("quantity", {"final-velocity", "global-error"});
  s.runs = r.list("runs", [](FieldReader& e) {
    SweepSpec::Run run;
    run.key = e.req<std::string>("key");
    run.label = e.req<std::string>("label");
    run.scheme = read_scheme(e);
    run.formulation = read_formulation(e, "formulation", "xv");
    run.color = e.opt<std::string>("color", "");
    run.style = e.opt<std::string>("style", "lines");
    run.h = e.req<double>("h", positive());
    return run;
  });
  s.reference = r.opt_object("reference", [](FieldReader& e) {
    return SweepSpec::Reference{e.opt<std::string>("label", "reference"), e.opt<std::string>("style", "lines"),
                                e.maybe<std::string>("color"), e.maybe<double>("h", positive())};
  });
  s.figures = r.list(
      "figures",
      [](FieldReader& e) {
        const auto name = e.req<std::string>("name");
        e.check(valid_output_name(name), "name", fmt::format("'{}' is refused: {}", printable(name), output_name_rule()));
        return SweepSpec::Figure{name,                         e.opt<std::string>("title", ""),
                                 e.opt<std::string>("caption", ""), e.opt<std::string>("ylabel", ""),
                                 e.opt<bool>("logy", false),    e.req<std::vector<std::string>>("series")};
      },
      false);
  s.checks = r.list("checks", [](FieldReader& c) {
    Check k;
    k.type = c.one_of("type", {"local-minimum", "max-deviation", "extreme-set", "coincide", "reference-sup"});
    k.label = c.req<std::string>("label");
    read_check_fields(c, k);
    return k;
  });
  // Every series a check or figure names: a run key, or the reference curve of a final-velocity sweep.
  auto known = [&](const std::string& key) {
    if (key == "reference") return s.quantity == "final-velocity";
    return std::any_of(s.runs.begin(), s.runs.end(), [&](const SweepSpec::Run& x) { return x.key == key; });
  };
  for (std::size_t i = 0; i < s.checks.size(); ++i) {
    const auto& k = s.checks[i];
    std::vector<std::string> named = k.runs;
    for (const auto* n : {&k.series, &k.from, &k.run})
      if (!n->empty()) named.push_back(*n);
    for (const auto& n : named)
      if (!known(n)) r.problem("checks[" + std::to_string(i) + "]", "names the series '" + n + "', which the claim has not");
  }
  for (std::size_t i = 0; i < s.figures.size(); ++i)
    for (const auto& n : s.figures[i].series)
      if (!known(n)) r.problem("figures[" + std::to_string(i) + "]", "names the series '" + n + "', which the claim has not");
  if (r.ok()) try {
      check_sweep_budget(r, s);
    } catch (const std::exception& e) {
      r.problem("sweep", e.what());
    }
  return s;
}

}  // namespace granconv
