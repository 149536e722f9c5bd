// The fields of an "lzb" claim, read at load (studies/kinds/nb2011/lzb/lzb_claims.hpp),
// and the work they ask for, held to studies/support/grid_budget.hpp's limits.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "studies/support/catalogue_fields.hpp"
#include "studies/support/grid_budget.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/step_grid_field.hpp"
#include "studies/kinds/nb2011/lzb/lzb_claims.hpp"

namespace granconv {

namespace {

// The CVODE samples of a scale run: 4000 in the shipped catalogue (lzb-scale); 25 times that.
constexpr int kMaxScaleSamples = 100000;

// An LZB run takes P_* / ΔP steps, P_* its principal impulse, known only once
// it has run. Estimated before: each of the chain's links passes the impact's
// momentum on once, P_* ≈ links × Σ m_i |v_i|. That is above the P_* of the
// shipped chains (0.652 N·s against 0.462 N·s measured on lzb-table2's
// monodisperse chain, 0.223 N·s on lzb-table3's tapered one); a run the
// estimate lets through is still stopped by LzbOptions::max_steps.
double impulse_estimate(const Problem<double>& pr) {
  double p = 0;
  for (int i = 0; i < pr.chain.beads(); ++i) p += pr.chain.m[i] * std::abs(pr.y0[2 * i + 1]);
  return std::max(1, pr.chain.links()) * p;
}

std::string about(const Problem<double>& pr, double P) {
  return fmt::format("about {:.3g} N·s of principal impulse ({} links × Σ m |v|)", P, pr.chain.links());
}

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
    w.check(n <= kMaxFinestSteps, "dP",
            fmt::format("gives {:.3g} steps between samples of Φ_h (phi_every / dP), above the limit of {:.3g}", n,
                        kMaxFinestSteps));
    return row;
  });
}

// The envelope's sampling rule (kMinSamplesPerEnvelopeBin, catalogue_rules.hpp),
// counted on the ΔP grid inside the window, where it is not uniform in log ΔP.
// The fewest grid points (ΔP = max · 10^{−k/per_decade} down to min) inside
// the window that one envelope bin holds (fit/order_fit.hpp's envelope_bin).
int fewest_per_envelope_bin(const LzbSpec& s, int bins) {
  const double lo = s.window.at(0) * (1 - 1e-9), hi = s.window.at(1) * (1 + 1e-9);
  std::vector<int> count;
  for (long k = 0;; ++k) {
    const double d = s.grid_max * std::pow(10.0, -double(k) / s.per_decade);
    if (d < s.grid_min * (1 - 1e-9)) break;
    if (d < lo || d > hi) continue;
    const auto bin = static_cast<std::size_t>(envelope_bin(d, s.window.at(1), bins));
    if (bin >= count.size()) count.resize(bin + 1, 0);
    ++count[bin];
  }
  int fewest = std::numeric_limits<int>::max();
  for (const int c : count)
    if (c > 0) fewest = std::min(fewest, c);
  return count.empty() ? 0 : fewest;
}

void read_order(FieldReader& r, LzbSpec& s) {
  // ΔP = max · 10^{−k/per_decade} down to min.
  r.object("dP_grid", [&](FieldReader& g) {
    s.grid_max = g.req<double>("max", positive());
    s.grid_min = g.req<double>("min", positive());
    s.per_decade = g.req<int>("per_decade", at_least(1));
    g.check(s.grid_max > s.grid_min, "min", "must be below max");
    if (g.ok())
      check_grid_points(g, s.grid_max, s.grid_min, s.per_decade, "per_decade", "impulse steps between max and min");
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
  s.samples = r.opt<int>("samples", 4000, between(10, kMaxScaleSamples));
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

// The steps of the claim's LZB runs at the estimated P_* (and the velocities a
// "steps" check samples), within grid_budget's limits.
void check_work(FieldReader& r, const LzbSpec& s) {
  if (s.check == "order") {
    const auto pr = make_problem<double>(s.scenario, s.params);
    const double P = impulse_estimate(pr);
    const std::string why =
        grid_budget_problem(grid_budget(P, s.grid_max, s.grid_min, s.per_decade, double(pr.y0.size()), false));
    r.check(why.empty(), "dP_grid",
            fmt::format("(ΔP from {:.3g} to {:.3g}, {} per decade; {}) is refused: {}", s.grid_max, s.grid_min,
                        s.per_decade, about(pr, P), why));
  } else if (s.check == "steps") {
    // Each row runs at ΔP and ΔP/2, both sampled every phi_every of P_*.
    const auto pr = make_problem<double>(s.scenario, s.params);
    const double P = impulse_estimate(pr);
    double finest = 0, total = 0, stored = 0;
    for (const auto& row : s.rows) {
      finest = std::max(finest, 2 * P / row.dP);
      total += 3 * P / row.dP;
      stored += 2 * (P / s.phi_every + 1) * pr.chain.beads();
    }
    const auto over = [&](const char* what, double value, double limit) {
      r.check(value <= limit, "rows",
              fmt::format("({}) is refused: {} {:.3g} are above the limit of {:.3g}", about(pr, P), what, value,
                          limit));
    };
    over("the steps of its finest run (the smallest ΔP halved)", finest, kMaxFinestSteps);
    over("the steps of all its runs", total, kMaxGridSteps);
    over("the velocities it samples (every phi_every of P_*)", stored, kMaxStoredValues);
  } else if (s.check == "scale") {
    for (const double V : s.V) {
      const auto pr = make_problem<double>(s.scenario, [&] {
        auto p = s.params;
        p.push_back(fmt::format("V={:.17g}", V));
        return p;
      }());
      const double P = impulse_estimate(pr), steps = P / (s.dP_per_V * V);
      r.check(steps <= kMaxFinestSteps, "lzb_dP_per_V",
              fmt::format("(ΔP = {:.3g} at V = {:g}; {}) is refused: the steps of its run {:.3g} are above the limit "
                          "of {:.3g}",
                          s.dP_per_V * V, V, about(pr, P), steps, kMaxFinestSteps));
    }
  }
}

// The upper envelope's bins hold enough samples (after check_work, which
// bounds the grid this walks).
void check_envelope(FieldReader& r, const LzbSpec& s) {
  if (s.window.size() != 2 || s.kinetic_fit != FitKind::upper_envelope) return;
  const int bins = kEnvelopeBinsPerDecade;
  const int fewest = fewest_per_envelope_bin(s, bins);
  r.check(fewest >= kMinSamplesPerEnvelopeBin, "dP_grid",
          fmt::format("gives {} ΔP in the emptiest bin of the kinetic-energy upper envelope ({} per decade, {} bins "
                      "per decade in the window [{:g}, {:g}]); the envelope needs at least {} per bin (per_decade ≥ {})",
                      fewest, s.per_decade, bins, s.window.at(0), s.window.at(1), kMinSamplesPerEnvelopeBin,
                      kMinSamplesPerEnvelopeBin * bins));
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
  if (r.ok()) try {
      check_work(r, s);
    } catch (const std::exception& e) {  // the scenario's own ranges
      r.problem("scenario", e.what());
    }
  if (r.ok() && s.check == "order") check_envelope(r, s);
  return s;
}

}  // namespace granconv
