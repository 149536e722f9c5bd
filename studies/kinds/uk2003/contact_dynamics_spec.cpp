// The fields of a "contact-dynamics" claim, read at load (studies/kinds/uk2003/contact_dynamics_claims.hpp).
#include <algorithm>

#include "studies/kinds/uk2003/contact_dynamics_claims.hpp"

namespace granconv {

namespace {

cd::GapMode read_gap(FieldReader& r, const std::string& key, const std::string& fallback) {
  return cd::gap_mode_from_string(r.name(key, [](const std::string& n) { cd::gap_mode_from_string(n); }, fallback));
}

}  // namespace

ContactDynamicsSpec parse_contact_dynamics_spec(FieldReader& r) {
  ContactDynamicsSpec s;
  s.check = r.one_of("check", {"shock-law", "sound", "equivalent-chain", "raw-gap"});
  if (!r.ok()) {  // the other fields depend on the check: one message is enough
    for (const auto& [k, v] : r.json().items()) r.accept(k);
    return s;
  }
  if (s.check == "shock-law") {
    s.tolerance = r.req<double>("tolerance", positive());
    s.gap = read_gap(r, "gap", "g_pos");
    s.cases = r.list("cases", [](FieldReader& c) {
      // m0 = 0: disk 1 meets the wall.
      ContactDynamicsSpec::Case k{c.req<double>("m0", at_least(0)), c.req<double>("m1", positive()),
                                  c.req<double>("v0"), c.req<double>("v1"), c.req<double>("gap"),
                                  c.req<double>("dt", positive())};
      return k;
    });
    return s;
  }
  auto& c = s.chain;
  c.disks = r.opt<int>("disks", c.disks, at_least(2));
  c.force = r.opt<double>("force", c.force, positive());
  c.q = r.opt<double>("q", cd::q_random_sweep(), positive());
  c.n_i = r.opt<std::vector<int>>("n_i", {40}, at_least(1));
  r.check(!c.n_i.empty(), "n_i", "must not be empty");
  c.checked = r.opt<std::vector<int>>("checked_n_i", c.n_i);
  for (int n : c.checked)
    r.check(std::find(c.n_i.begin(), c.n_i.end(), n) != c.n_i.end(), "checked_n_i", "must be among n_i");
  c.seeds = r.opt<int>("seeds", c.seeds, at_least(1));
  c.settle = r.opt<double>("settle", c.settle, positive());
  c.skip_tau = r.opt<double>("fit_skip_tau", c.skip_tau, at_least(0));
  c.span_tau = r.opt<double>("fit_span_tau", c.span_tau, positive());
  c.tol = r.opt<double>("tolerance", c.tol, positive());
  c.slope_tol = r.opt<double>("slope_tolerance", c.slope_tol, positive());
  if (s.check == "equivalent-chain") s.stiffness_factor = r.opt<double>("stiffness_factor", 1.0, positive());
  if (s.check == "raw-gap") {
    auto& g = s.raw_gap;
    g.passive = read_gap(r, "passive_gap", "g_pos");
    g.pumping = read_gap(r, "pumping_gap", "raw");
    g.pump_min = r.req<double>("pump_min", positive());
    g.passive_max = r.req<double>("passive_max", positive());
    g.rest_steps = r.req<int>("rest_steps", at_least(1));
    g.hold_steps = r.req<int>("hold_steps", at_least(1));
  }
  return s;
}

}  // namespace granconv
