#include "studies/kinds/thesis/thesis_restitution/thesis_restitution_claims.hpp"

#include <chrono>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "studies/kinds/thesis/thesis_restitution/thesis_restitution_detail.hpp"

namespace granconv {

ClaimResult run_thesis_restitution_claim(const Claim& claim, const StudyOptions& opt) {
  const auto wall = std::chrono::steady_clock::now();
  const thesis_restitution::Setup s = thesis_restitution::read_setup(claim);
  const std::string compare = claim.record.value("compare", "");
  ClaimResult res;
  if (compare == "eps")
    res = thesis_restitution::run_eps(claim, s, opt);
  else if (compare == "schemes")
    res = thesis_restitution::run_schemes(claim, s, opt);
  else
    throw std::invalid_argument("claim '" + claim.id + "': 'compare' must be 'eps' or 'schemes', not '" + compare + "'");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
  res.record["seconds"] = seconds;
  res.summary += fmt::format("\n  {:.2f} s", seconds);
  return res;
}

}  // namespace granconv
