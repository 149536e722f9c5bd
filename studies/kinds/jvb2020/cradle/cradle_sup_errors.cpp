// Fig. 5 text: the sup-norm errors of the run against the paper's, and their
// table.
#include <cmath>

#include <fmt/format.h>

#include "studies/support/record_helpers.hpp"
#include "studies/kinds/jvb2020/cradle/cradle_detail.hpp"

namespace granconv::cradle {

void add_sup_errors(const CradleRun& run, CradleRecord& rec) {
  const CradleSpec& spec = run.spec;
  const Problem<double>& pr = run.pr;
  const double h = run.h;
  const Comparison& c = run.c;
  auto& tables = rec.tables;
  auto add = [&](json ch) { rec.add(std::move(ch)); };
  const double rel_x = c.max_error_x / c.ref_sup_x, rel_v = c.max_error_v / c.ref_sup_v;
  if (spec.sup_errors) {
    const auto& se = *spec.sup_errors;
    add(value_check("sup-norm error of the displacements over the run", se.x, c.max_error_x, 4));
    add(value_check("sup-norm error of the velocities over the run", se.v, c.max_error_v, 4));
    if (se.relative_paper) {
      const double rp = *se.relative_paper, rpt = *se.relative_paper_tolerance;
      add(check_entry("displacement error / reference sup norm", rp, sig(rel_x, 4), fmt::format("± {} (absolute)", rpt),
                std::abs(rel_x - rp) <= rpt));
      add(check_entry("velocity error / reference sup norm", rp, sig(rel_v, 4), fmt::format("± {} (absolute)", rpt),
                std::abs(rel_v - rp) <= rpt));
    }
  }
  tables.push_back({{"title", fmt::format("Errors of the additive θ method (h = {}) over t ∈ [0, {}]", h, pr.t_end)},
                    {"columns", {"quantity", "displacements", "velocities"}},
                    {"rows",
                     {{"max over grid times of the sup-norm error", sig(c.max_error_x, 4), sig(c.max_error_v, 4)},
                      {"sup norm of the reference", sig(c.ref_sup_x, 4), sig(c.ref_sup_v, 4)},
                      {"relative error", sig(rel_x, 4), sig(rel_v, 4)}}}});

}

}  // namespace granconv::cradle
