// The fields of an "lzb" claim, read at load (studies/kinds/nb2011/lzb_claims.hpp).
#include <cmath>

#include "studies/support/catalogue_fields.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/kinds/nb2011/lzb_claims.hpp"

namespace granconv {

namespace {

void read_steps(FieldReader& r, LzbSpec& s) {
  s.tolerance = r.req<double>("tolerance", positive());
  s.phi_every = r.opt<double>("phi_every", 1e-4, positive());
  s.figure_beads = r.opt<std::vector<int>>("figure_beads", {0, 5, 10, 15, 20}, at_least(0));
  s.rows = r.list("rows", [&](FieldReader& w) {
    LzbSpec::Row row;
    row.dP = w.req<double>("dP", positive());
    row.paper_steps = w.req<long>("paper_steps", at_least(1));
    row.paper_seconds = w.opt<double>("paper_seconds", 0.0, at_least(0));
    row.paper_max_phi = w.opt<double>("paper_max_phi", 0.0, at_least(0));
    row.paper_phi_plus = w.opt<double>("paper_phi_plus", 0.0, at_least(0));
    row.paper_converged = w.opt<bool>("paper_converged", false);
    // Φ_h is sampled at P = k · phi_every: a whole number of steps of ΔP.
    const double n = std::round(s.phi_every / row.dP);
    w.check(n >= 1 && std::abs(n * row.dP - s.phi_every) <= 1e-9 * s.phi_every, "dP",
            "must divide phi_every (Φ_h is sampled at its multiples)");
    return row;
  });
}

void read_order(FieldReader& r, LzbSpec& s) {
  // ΔP = max · 10^{−k/per_decade} down to min.
  r.object("dP_grid", [&](FieldReader& g) {
    s.grid_max = g.req<double>("max", positive());
    s.grid_min = g.req<double>("min", positive());
    s.per_decade = g.req<int>("per_decade", at_least(1));
    g.check(s.grid_max > s.grid_min, "min", "must be below max");
    return 0;
  });
  s.kinetic_fit = r.one_of("kinetic_fit", {"least-squares", "upper-envelope"}, "least-squares") == "upper-envelope"
                      ? FitKind::upper_envelope
                      : FitKind::least_squares;
  s.window = r.interval("window", true, positive()).value_or(std::vector<double>{});
  s.expected_order = r.req<double>("expected_order");
  s.tolerance = r.req<double>("tolerance", positive());
  // Rounding bound: each step adds ±δP_j to the momenta, an error of order ε |p| per step.
  s.momentum_tolerance = r.req<double>("momentum_tolerance_per_step", positive());
  s.kinetic_sign = r.one_of("kinetic_sign", {"positive", "negative"});
  s.profile_dP = r.opt<std::vector<double>>("profile_dP", {}, positive());
  s.rivals = r.opt<std::vector<double>>("rivals", {});
}

void read_scale(FieldReader& r, LzbSpec& s) {
  s.V = r.req<std::vector<double>>("V", positive());
  r.check(s.V.size() >= 2, "V", "needs at least two speeds");
  s.contact = r.req<int>("contact", at_least(0));  // below the chain's links: checked by the run
  s.samples = r.opt<int>("samples", 4000, at_least(10));
  s.t_end = r.req<double>("t_end", positive());  // at V = 1
  s.velocity_tolerance = r.req<double>("velocity_tolerance", positive());
  s.time_exponent = r.req<double>("time_exponent");
  s.force_exponent = r.req<double>("force_exponent");
  s.exponent_tolerance = r.req<double>("exponent_tolerance", positive());
  // The rivals: a linear contact (η = 1) has t ∝ V^0 and F ∝ V^1. The
  // exponents are exact (scaled runs), so the rule is a tolerance, not a CI.
  s.time_exponent_rival = r.req<double>("time_exponent_rival");
  s.force_exponent_rival = r.req<double>("force_exponent_rival");
  r.check(s.exponent_tolerance < std::abs(s.time_exponent - s.time_exponent_rival) / 2 &&
              s.exponent_tolerance < std::abs(s.force_exponent - s.force_exponent_rival) / 2,
          "exponent_tolerance", "is not below half the distance from the exponents to their rivals");
  r.opt<std::string>("rival_note", "");  // prose for the report
  s.dP_per_V = r.req<double>("lzb_dP_per_V", positive());
  s.gamma = r.opt<double>("gamma", 0.0, at_least(0));
  s.exponent_tolerance_source = source_of(r.json(), "exponent_tolerance");
}

}  // namespace

LzbSpec parse_lzb_spec(FieldReader& r) {
  LzbSpec s;
  s.check = r.one_of("check", {"steps", "order", "scale"});
  if (!r.ok()) {  // the other fields depend on the check: one message is enough
    for (const auto& [k, v] : r.json().items()) r.accept(k);
    return s;
  }
  const auto sc = read_scenario(r);
  s.scenario = sc.scenario;
  s.params = sc.params;
  s.method.swap_rule11_exponents =
      r.one_of("distribution", {"paper", "rule-11-exponents-swapped"}, "paper") == "rule-11-exponents-swapped";
  // CVODE tolerances: velocities ~1 m/s and overlaps ~1e-5 m need an absolute
  // tolerance far below the dimensionless default's scale.
  r.opt_object("reference", [&](FieldReader& o) {
    s.rtol = o.req<double>("rtol", positive());
    s.atol = o.req<double>("atol", positive());
    return 0;
  });
  if (s.check == "steps") read_steps(r, s);
  if (s.check == "order") read_order(r, s);
  if (s.check == "scale") read_scale(r, s);
  return s;
}

}  // namespace granconv
