#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_claims.hpp"

#include <chrono>

#include <fmt/format.h>

#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_detail.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv {

ClaimResult run_contact_dynamics_claim(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt) {
  using namespace contact_dynamics;
  const auto wall = std::chrono::steady_clock::now();
  ClaimResult res = spec.check == "shock-law"          ? run_shock_law(claim, spec)
                    : spec.check == "sound"            ? run_sound(claim, spec, opt)
                    : spec.check == "equivalent-chain" ? run_equivalent_chain(claim, spec, opt)
                                                       : run_raw_gap(claim, spec, opt);
  const double seconds = seconds_since(wall);
  res.record["seconds"] = seconds;
  res.summary += fmt::format("\n  {:.2f} s", seconds);
  return res;
}

}  // namespace granconv
