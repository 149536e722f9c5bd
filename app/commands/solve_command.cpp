// `granconv solve`: one scheme at one step size on a scenario, compared with
// its reference (the LZB impulse scheme through one impact).
#include <cmath>
#include <iostream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/commands/problem_input.hpp"
#include "app/output_flags.hpp"
#include "reference/hertz_post_impact.hpp"
#include "schemes/lzb_solve.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/support/comparison.hpp"

namespace granconv::cli {

int solve(const SolveArgs& a) {
  if (!(a.h > 0) || !std::isfinite(a.h)) throw std::invalid_argument("--h must be a positive step size");
  const auto pr = problem_for(a);
  if (scheme_info(a.scheme).family == SchemeFamily::impulse) {
    // Impulse stepping through one impact (no time grid): --h is ΔP and the
    // CVODE Hertz velocities at --t (after the impact) are the reference.
    if (a.mu || !a.start.empty() || a.formulation != "xv")
      throw std::invalid_argument("--mu, --start and --formulation do not apply to scheme '" + a.scheme + "'");
    const auto hertz_at = [&](const Problem<double>& at_t) {
      return hertz_solve_velocities(at_t, a.cache, a.reference_budget);
    };
    const auto j = solve_lzb(pr, a.h, a.t, hertz_at, a.reference_budget);
    if (a.json)
      print_json(j);
    else
      std::cout << fmt::format("lzb ΔP = {} N·s: {} steps, impact duration {:.6e} s, post-impact velocity error vs "
                               "CVODE Hertz {:.4e} (relative to V {:.4e})\n  v = {}\n",
                               a.h, j["steps"].get<long>(), j["impact_duration"].get<double>(),
                               j["final_error"].get<double>(), j["relative_error"].get<double>(), j["v"].dump());
    return 0;
  }
  SchemeOptions so;
  so.mu = a.mu;
  so.start = a.start;
  ComparisonOptions co;
  co.reference.estimate_error = false;
  co.reference.max_seconds = a.reference_budget;
  co.cache_dir = a.cache;
  const auto c = compare_with_reference(pr, make_scheme<double>(a.scheme, so), formulation_from_string(a.formulation),
                                        a.h, co);
  if (c.diverged) throw std::runtime_error(c.diverged_reason);
  nlohmann::json j = state_json(c.final_xv);
  j["t"] = a.t;
  j["max_error_x"] = c.max_error_x;
  j["max_error_v"] = c.max_error_v;
  j["final_error"] = c.final_error;
  j["steps"] = c.steps;
  j["seconds"] = c.seconds;
  j["scheme"] = a.scheme;
  j["formulation"] = a.formulation;
  if (a.json) {
    print_json(j);
  } else {
    std::cout << fmt::format("{} {} h = {} ({} steps): max error x {:.4e}, v {:.4e}, final {:.4e}; reference sup "
                             "x {:.4g}, v {:.4g}\n",
                             a.scheme, a.formulation, a.h, c.steps, c.max_error_x, c.max_error_v,
                             j["final_error"].get<double>(), c.ref_sup_x, c.ref_sup_v);
  }
  return 0;
}

}  // namespace granconv::cli
