// The fields of a "cradle" claim, read at load (cradle_claims.hpp).
#include <stdexcept>

#include "studies/core/catalogue_rules.hpp"
#include "studies/core/step_grid_field.hpp"
#include "studies/kinds/jvb2020/cradle/cradle_claims.hpp"
#include "studies/support/catalogue_fields.hpp"

namespace granconv {

namespace {

// A value check of the catalogue: its expected number (under `key`), tolerance,
// the rival it rules out and the sources (checked on load by catalogue_rules).
CradleSpec::Value read_value(FieldReader& f, const char* key) {
  CradleSpec::Value v;
  v.expected = f.req<double>(key);
  v.tolerance = f.req<double>("tolerance", positive());
  v.rival = f.req<double>("rival");
  v.rival_note = f.req<std::string>("rival_note");
  v.tolerance_source = source_of(f.json(), "tolerance");
  return v;
}
}  // namespace

CradleSpec parse_cradle_spec(FieldReader& r) {
  CradleSpec s;
  const auto sc = read_scenario(r, "cradle");
  s.scenario = sc.scenario;
  s.params = sc.params;
  r.one_of("scheme", {"theta"}, "theta");  // the kind runs the additive θ method
  s.h = r.req<double>("h", positive());
  s.theta = r.req<double>("theta", between(0.5, 1));
  s.histories_window = r.interval("histories_window", false);
  s.first_max = r.opt_object("first_max", [](FieldReader& f) {
    CradleSpec::FirstMax m;
    static_cast<CradleSpec::Value&>(m) = read_value(f, "paper");
    m.bead = f.req<int>("bead", at_least(1));
    m.window = f.interval("window", true).value_or(std::vector<double>{0, 0});
    return m;
  });
  s.sup_errors = r.opt_object("sup_errors", [](FieldReader& f) {
    CradleSpec::SupErrors e;
    e.x = f.object("x", [](FieldReader& g) { return read_value(g, "paper"); });
    e.v = f.object("v", [](FieldReader& g) { return read_value(g, "paper"); });
    e.relative_paper = f.maybe<double>("relative_paper");
    e.relative_paper_tolerance = f.maybe<double>("relative_paper_tolerance", positive());
    f.check(e.relative_paper.has_value() == e.relative_paper_tolerance.has_value(), "relative_paper",
            "comes with relative_paper_tolerance, and only with it");
    return e;
  });
  s.in_phase = r.opt_object("in_phase", [](FieldReader& f) { return read_value(f, "expected"); });
  s.sync = r.opt_object("sync", [](FieldReader& f) {
    return CradleSpec::Sync{f.req<double>("late_max_over_min", positive()), f.req<double>("cv_ratio", positive())};
  });
  s.heatmaps = r.opt<bool>("heatmaps", false);
  if (r.ok()) try {
      const auto pr = make_problem<double>(s.scenario, s.params);
      check_run_budget(r, "h", s.h, pr.t_end, static_cast<std::size_t>(pr.y0.size()));
    } catch (const std::exception& e) {
      r.problem("scenario", e.what());
    }
  return s;
}
}  // namespace granconv
