// The fields of a "bistiffness" claim, read at load (the list is at the top
// of studies/kinds/nb2011/bistiffness/bistiffness_claims.cpp).
#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>

#include "models/parameter_ranges.hpp"
#include "studies/kinds/nb2011/bistiffness/bistiffness_claims.hpp"
#include "studies/core/catalogue_rules.hpp"

namespace granconv {

namespace {

const Range restitution{0, 1, true, false};  // e_s in (0, 1]

// The longest chain any scenario builds (models/parameter_ranges.hpp); the shipped claims use 20 to 26 beads.
Range beads_from(int lo) { return between(lo, kMaxBeads); }

ContactMemory read_memory(FieldReader& r, const std::string& key, std::optional<std::string> fallback) {
  return r.one_of(key, {"gap", "none"}, fallback) == "gap" ? ContactMemory::gap : ContactMemory::none;
}

// Impulse steps, largest first.
std::vector<double> read_dP(FieldReader& r) {
  auto d = r.req<std::vector<double>>("dP", positive());
  std::sort(d.begin(), d.end(), std::greater<>());
  return d;
}

// {"force", "tau", "arrival"}: the three pulse ratios.
std::map<std::string, double> read_ratios(FieldReader& r, const std::string& key, std::optional<Range> range) {
  return r.object(key, [&](FieldReader& o) {
    std::map<std::string, double> m;
    for (const char* k : {"force", "tau", "arrival"}) m[k] = o.req<double>(k, range);
    return m;
  });
}

}  // namespace

BistiffnessSpec parse_bistiffness_spec(FieldReader& r) {
  BistiffnessSpec s;
  s.check = r.one_of("check", {"zode", "binary-restitution", "wall-factor", "table1"});
  if (!r.ok()) {  // the other fields depend on the check: one message is enough
    for (const auto& [k, v] : r.json().items()) r.accept(k);
    return s;
  }
  if (auto m = r.opt_object("material", [](FieldReader& o) {
        SphereMaterial d;
        d.rho = o.opt<double>("rho", d.rho, positive());
        d.E = o.opt<double>("E", d.E, positive());
        d.nu = o.opt<double>("nu", d.nu, between(0, 0.5));
        return d;
      }))
    s.material = *m;
  const bool chain_checks = s.check == "zode" || s.check == "wall-factor" || s.check == "table1";
  s.rtol = r.opt<double>("rtol", s.check == "zode" || s.check == "binary-restitution" ? 1e-15 : 1e-13, positive());
  if (chain_checks) {
    s.bead_radius = r.req<double>("bead_radius", positive());
    s.striker_radius = r.req<double>("striker_radius", positive());
  }
  if (s.check == "zode") {
    s.V = r.req<double>("V", positive());
    s.beads = r.req<int>("beads", beads_from(1));
    s.es_list = r.req<std::vector<double>>("es", restitution);
    s.dP = read_dP(r);
    r.check(s.dP.size() >= 2, "dP", "needs at least two impulse steps");
    s.min_order = r.req<double>("min_order", positive());
    s.max_final_error = r.req<double>("max_final_error", positive());
    s.hertz_tolerance = r.req<double>("hertz_tolerance", positive());
    s.memory = read_memory(r, "memory", "none");
  } else if (s.check == "binary-restitution") {
    s.radii = r.req<std::vector<double>>("radii", positive());
    r.check(s.radii.size() == 2, "radii", "must hold two radii (striker, bead)");
    s.V = r.req<double>("V", positive());
    s.es_list = r.req<std::vector<double>>("es", restitution);
    s.dP = read_dP(r);
    s.ratio_tolerance = r.req<double>("ratio_tolerance", positive());
    s.duration_tolerance = r.req<double>("duration_tolerance", positive());
    s.lzb_duration_tolerance = r.req<double>("lzb_duration_tolerance", positive());
  } else if (s.check == "wall-factor") {
    s.V = r.req<double>("V", positive());
    s.t_end = r.req<double>("t_end", positive());
    s.beads = r.req<int>("beads", beads_from(2));
    s.contact = r.req<int>("contact", at_least(1));
    r.check(s.contact < s.beads, "contact", "must lie in [1, beads − 1]");
    s.wall_cases = r.list("cases", [](FieldReader& c) {
      BistiffnessSpec::WallCase k;
      k.es = c.req<double>("es", restitution);
      k.memory = read_memory(c, "memory", std::nullopt);
      k.paper = read_ratios(c, "paper", positive());
      return k;
    });
    s.wall_tolerance = read_ratios(r, "tolerance", positive());
    s.tolerance_source = source_of(r.json(), "tolerance");
    // The rivals (ratio 1: no wall effect), each with its tolerance below half the gap.
    r.opt_object("rival", [&](FieldReader& o) {
      for (const char* k : {"force", "tau", "arrival"})
        if (const auto v = o.maybe<double>(k)) s.wall_rival[k] = *v;
      return 0;
    });
    for (const auto& [key, rv] : s.wall_rival)
      for (const auto& c : s.wall_cases) {
        const double p = c.paper.at(key), t = s.wall_tolerance.at(key);
        r.check(t < std::abs(p - rv) / 2, "rival",
                fmt::format("'{}': tolerance {} is not below half the distance from {} to its rival {}", key, t, p, rv));
      }
    r.opt<std::string>("rival_note", "");  // prose for the report
  } else {
    s.es = r.req<double>("es", restitution);
    s.t_end = r.req<double>("t_end", positive());
    s.tolerance = r.req<double>("tolerance", positive());
    s.tolerance_source = source_of(r.json(), "tolerance");
    s.memory = read_memory(r, "memory", "none");
    s.lzb_dP = r.opt<double>("lzb_dP", 0.0, at_least(0));  // 0: no LZB peaks beside
    const double tol = s.tolerance;
    s.chains = r.list("chains", [tol](FieldReader& c) {
      BistiffnessSpec::Table1Chain k;
      // Right contact of bead 9 and left contact of bead 17.
      k.beads = c.req<int>("beads", beads_from(17));
      k.V = c.req<double>("V", positive());
      k.paper = c.req<std::vector<double>>("paper", positive());
      c.check(k.paper.size() == 2, "paper", "must hold two forces [9R, 17L]");
      k.experiment = c.req<std::vector<double>>("experiment", positive());
      c.check(k.experiment.size() == 2, "experiment", "must hold two forces [9R, 17L]");
      // The rival: the elastic (e_s = 1) peaks, which a damped chain must rule out.
      k.rival = c.opt<std::vector<double>>("rival", {}, positive());
      c.check(k.rival.empty() || k.rival.size() == 2, "rival", "must be two forces [9R, 17L]");
      if (c.ok() && k.paper.size() == 2)
        for (std::size_t i = 0; i < k.rival.size(); ++i)
          c.check(tol * k.paper[i] < std::abs(k.paper[i] - k.rival[i]) / 2, "rival",
                  fmt::format("tolerance {:g}% of {} is not below half the distance to its rival {}", 100 * tol,
                              k.paper[i], k.rival[i]));
      return k;
    });
    r.opt<std::string>("rival_note", "");  // prose for the report
  }
  return s;
}

}  // namespace granconv
