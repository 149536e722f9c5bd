// The fields of a "contact-dynamics" claim, read at load (studies/kinds/uk2003/contact_dynamics/contact_dynamics_claims.hpp),
// and the work they ask for, bounded.
#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_claims.hpp"
#include "studies/support/grid_budget.hpp"

namespace granconv {

// Fundamental mode: fixed wall, free end, wavelength 4L with L = disks · d
// (contact_dynamics_detail.hpp), in units d = m = Δt = 1.
double ContactDynamicsSpec::Chain::e1_steps(int ni) const {
  const double k1 = std::numbers::pi / (2.0 * disks);
  return std::ceil(settle + (skip_tau + span_tau + 0.5) * cd::predict_sound(q, ni, k1, 1, 1).tau);
}

namespace {

// Limits on the chain claims, from the shipped catalogue (cd-sound,
// cd-equivalent-chain, cd-raw-gap): 50 disks (limit 100 times that), 8 seeds
// (about 12 times), N_I up to 250 (40 times), runs of at most 3600 steps
// (rest_steps 3000 + hold_steps 600; limit about 30 times) and 7.2e6 disk
// updates (3600 steps × N_I = 40 × 50 disks; limit about 140 times).
constexpr int kMaxDisks = 5000;
constexpr int kMaxSeeds = 100;
constexpr int kMaxSweeps = 10000;  // N_I
constexpr int kMaxRunSteps = 100000;
constexpr double kMaxDiskUpdates = 1e9;  // steps × N_I × disks of one run

cd::GapMode read_gap(FieldReader& r, const std::string& key, const std::string& fallback) {
  return cd::gap_mode_from_string(r.name(key, [](const std::string& n) { cd::gap_mode_from_string(n); }, fallback));
}

// The E1 run at each N_I (and the raw-gap rest and hold) within the limits:
// its steps, its disk updates, and for the equivalent chain the reference
// states at every step. The first one over is reported.
void check_runs(FieldReader& r, const ContactDynamicsSpec& s) {
  const auto& c = s.chain;
  const auto within = [&](const std::string& key, int ni, const char* what, double value, double limit) {
    r.check(value <= limit, key,
            fmt::format("(N_I = {}, {} disks, settle = {:g}) is refused: {} {:.3g} are above the limit of {:.3g}", ni,
                        c.disks, c.settle, what, value, limit));
    return value <= limit;
  };
  for (const int ni : c.n_i) {
    const double steps = c.e1_steps(ni);
    if (!within("n_i", ni, "the steps of its run (settle, then the fit window of (skip + span + 1/2) τ)", steps,
                kMaxRunSteps) ||
        !within("n_i", ni, "the disk updates of its run (steps × N_I × disks)", steps * ni * c.disks,
                kMaxDiskUpdates))
      return;
    if (s.check == "equivalent-chain" &&
        !within("n_i", ni, "the state values of its reference (every step)", (steps + 1) * 2 * c.disks,
                kMaxStoredValues))
      return;
  }
  if (s.check == "raw-gap" && !c.n_i.empty())
    within("rest_steps", c.n_i.front(), "the disk updates of its rest and hold (steps × N_I × disks)",
           (double(s.raw_gap.rest_steps) + s.raw_gap.hold_steps) * c.n_i.front() * c.disks, kMaxDiskUpdates);
}

// The half-gap rule on ω and τ: at every checked N_I the tolerance is below
// half the relative distance from the prediction to the rival's.
void check_rival(FieldReader& r, const ContactDynamicsSpec::Chain& c) {
  const double k1 = std::numbers::pi / (2.0 * c.disks);
  for (const int ni : c.checked) {
    const auto p = cd::predict_sound(c.q, ni, k1, 1, 1), rv = cd::predict_sound(c.rival_q, ni, k1, 1, 1);
    const double dw = std::abs(rv.omega / p.omega - 1), dt = std::abs(rv.tau / p.tau - 1);
    r.check(c.tol < std::min(dw, dt) / 2, "tolerance",
            fmt::format("{:g} is not below half the distance to the rival q = {:g} at N_I = {} (ω {:+.2f}%, τ "
                        "{:+.2f}%: half is {:.2f}%)",
                        c.tol, c.rival_q, ni, 100 * (rv.omega / p.omega - 1), 100 * (rv.tau / p.tau - 1),
                        50 * std::min(dw, dt)));
    if (!r.ok()) return;
  }
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
  c.disks = r.opt<int>("disks", c.disks, between(2, kMaxDisks));
  c.force = r.opt<double>("force", c.force, positive());
  c.q = r.opt<double>("q", cd::q_random_sweep(), positive());
  c.n_i = r.opt<std::vector<int>>("n_i", {40}, between(1, kMaxSweeps));
  r.check(!c.n_i.empty(), "n_i", "must not be empty");
  c.checked = r.opt<std::vector<int>>("checked_n_i", c.n_i);
  for (int n : c.checked)
    r.check(std::find(c.n_i.begin(), c.n_i.end(), n) != c.n_i.end(), "checked_n_i", "must be among n_i");
  c.seeds = r.opt<int>("seeds", c.seeds, between(1, kMaxSeeds));
  c.settle = r.opt<double>("settle", c.settle, positive());
  c.skip_tau = r.opt<double>("fit_skip_tau", c.skip_tau, at_least(0));
  c.span_tau = r.opt<double>("fit_span_tau", c.span_tau, positive());
  c.tol = r.opt<double>("tolerance", c.tol, positive());
  c.slope_tol = r.opt<double>("slope_tolerance", c.slope_tol, positive());
  if (s.check == "equivalent-chain") s.stiffness_factor = r.opt<double>("stiffness_factor", 1.0, positive());
  if (s.check == "sound" || s.check == "equivalent-chain") {
    c.rival_q = r.opt<double>("rival_q", 1.0, positive());
    r.opt<std::string>("rival_note", "");  // prose for the report
    if (r.ok()) check_rival(r, c);
  }
  if (s.check == "raw-gap") {
    auto& g = s.raw_gap;
    g.passive = read_gap(r, "passive_gap", "g_pos");
    g.pumping = read_gap(r, "pumping_gap", "raw");
    g.pump_min = r.req<double>("pump_min", positive());
    g.passive_max = r.req<double>("passive_max", positive());
    g.rest_steps = r.req<int>("rest_steps", between(1, kMaxRunSteps));
    g.hold_steps = r.req<int>("hold_steps", between(1, kMaxRunSteps));
  }
  if (r.ok()) check_runs(r, s);
  return s;
}

}  // namespace granconv
