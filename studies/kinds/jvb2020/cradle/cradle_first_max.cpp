// Fig. 4: the bead's maximal deflection after the initial impact, against the
// reference and the rival (the classical θ method, μ = 1 − θ, run beside).
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "schemes/scheme_catalogue.hpp"
#include "studies/support/record_helpers.hpp"
#include "studies/kinds/jvb2020/cradle/cradle_detail.hpp"

namespace granconv::cradle {

void add_first_max(const CradleRun& run, CradleRecord& rec) {
  const Claim& claim = run.claim;
  const CradleSpec& spec = run.spec;
  const StudyOptions& opt = run.opt;
  const Problem<double>& pr = run.pr;
  const double h = run.h;
  const int beads = run.beads;
  const double theta = run.theta;
  const double mu = run.mu;
  const Comparison& c = run.c;
  if (!spec.first_max) return;
  auto& tables = rec.tables;
  auto& summary_extra = rec.summary_extra;
  auto add = [&](json ch) { rec.add(std::move(ch)); };
  const auto& fm = *spec.first_max;
  const int bead = fm.bead;
  if (bead > beads) throw std::invalid_argument("claim '" + claim.id + "': first_max.bead out of range");
  const auto& win = fm.window;
  const Peak pr_ref = window_max(c.t, bead_x(c.reference_xv, bead - 1), win.at(0), win.at(1));
  const Peak pr_sch = window_max(c.t, bead_x(c.scheme_xv, bead - 1), win.at(0), win.at(1));
  const double rel = (pr_sch.value - pr_ref.value) / pr_ref.value;
  // The rival, run beside: the classical θ method (μ = 1 − θ) over the window.
  SchemeOptions rival_options = opt.scheme;
  rival_options.mu = 1 - theta;
  const Scheme<double> rival_scheme = make_scheme<double>("theta", rival_options);
  const long rival_steps = std::lround(std::ceil(win.at(1) / h));
  std::vector<double> rival_t{0.0}, rival_x{pr.y0[2 * (bead - 1)]};
  rival_t.reserve(std::size_t(rival_steps) + 1);
  rival_x.reserve(std::size_t(rival_steps) + 1);
  rival_scheme.run(pr.chain, Formulation::xv, pr.y0, h, rival_steps,
                   [&](long k, const Vec<double>& xv) {
                     rival_t.push_back(double(k) * h);
                     rival_x.push_back(xv[2 * (bead - 1)]);
                   },
                   pr.exact);
  const Peak pr_rival = window_max(rival_t, rival_x, win.at(0), win.at(1));
  const double rel_rival = (pr_rival.value - pr_ref.value) / pr_ref.value;
  json ch = value_check(fmt::format("relative error of bead {}'s maximal deflection after the initial impact "
                                    "(t ∈ [{}, {}])",
                                    bead, win.at(0), win.at(1)),
                        fm, std::abs(rel), 4);
  ch["pass"] = ch.at("pass").get<bool>() && pr_ref.interior && pr_sch.interior;
  add(ch);
  tables.push_back({{"title", fmt::format("Maximal deflection of bead {} after the initial impact", bead)},
                    {"columns", {"solution", "t of the maximum", "x_max", "relative error (x − x_ref)/x_ref"}},
                    {"rows",
                     {{"CVODE reference", sig(pr_ref.t, 6), sig(pr_ref.value, 6), ""},
                      {fmt::format("additive θ method, h = {}, θ = {:g}, μ = {:g}", h, theta, mu), sig(pr_sch.t, 6),
                       sig(pr_sch.value, 6), sig(rel, 4)},
                      {fmt::format("rival: classical θ method, μ = 1 − θ = {:g}", 1 - theta), sig(pr_rival.t, 6),
                       sig(pr_rival.value, 6), sig(rel_rival, 4)}}}});
  summary_extra += fmt::format("\n  bead {} first maximum: reference {:.5f} at t = {:.2f}, scheme {:.5f} at t = {:.2f}, "
                               "relative error {:.2f}% (paper ≈ {:g}% ± {:g} pp; rival μ = 1 − θ: {:.2f}%)",
                               bead, pr_ref.value, pr_ref.t, pr_sch.value, pr_sch.t, 100 * rel, 100 * fm.expected,
                               100 * fm.tolerance, 100 * rel_rival);
}

}  // namespace granconv::cradle
