#include "studies/kinds/nb2011/lzb/lzb_claims.hpp"

#include "studies/kinds/nb2011/lzb/lzb_detail.hpp"

namespace granconv {

ClaimResult run_lzb_claim(const Claim& claim, const LzbSpec& spec, const StudyOptions& options) {
  using namespace lzb_kind;
  if (spec.check == "steps") return steps_claim(claim, spec, options);
  if (spec.check == "order") return order_claim(claim, spec, options);
  return scale_claim(claim, spec, options);
}

}  // namespace granconv
