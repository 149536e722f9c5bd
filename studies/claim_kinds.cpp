#include "studies/claim_kinds.hpp"

#include <fmt/format.h>

#include "models/find_by_name.hpp"
#include "studies/history_claims.hpp"
#include "studies/lzb_claims.hpp"
#include "studies/order_sweep_claims.hpp"
#include "studies/analysis_claims.hpp"
#include "studies/atlas_claims.hpp"
#include "studies/bistiffness_claims.hpp"
#include "studies/cd_claims.hpp"
#include "studies/cradle_claims.hpp"
#include "studies/mollified_order_claims.hpp"
#include "studies/restitution_claims.hpp"
#include "studies/sweep_claims.hpp"
#include "studies/thesis_restitution_claims.hpp"

namespace granconv {

namespace {

ClaimResult run_order_claim(const Claim& claim, const StudyOptions& options) {
  const StudyResult r = run_study(claim, options);
  std::string s = fmt::format("{} {}", r.pass ? "PASS" : "FAIL", claim.id);
  for (const auto& c : r.checks) {
    const auto& f = c.used();
    s += fmt::format("\n  [{}] {} fit: observed order {:.3f}, 95% CI [{:.3f}, {:.3f}], expected {} ± {}, window "
                     "[{:.3g}, {:.3g}], {} points{}",
                     c.check.label, to_string(c.check.fit), f.order, f.ci_lo, f.ci_hi, c.check.expected_order,
                     c.check.tolerance, f.h_min, f.h_max, f.points, c.pass ? "" : " — " + c.reason);
  }
  return {r.to_json(), r.pass, s};
}

}  // namespace

const std::vector<ClaimKind>& claim_kinds() {
  static const std::vector<ClaimKind> kinds = {
      {"order", &run_order_claim},
      {"table", &run_table_claim},
      {"history", &run_history_claim},
      {"analysis", &run_analysis_claim},
      {"sweep", &run_sweep_claim},
      {"cradle", &run_cradle_claim},
      {"restitution", &run_restitution_claim},
      {"order-sweep", &run_order_sweep_claim},
      {"mollified-order", &run_mollified_order_claim},
      {"thesis-restitution", &run_thesis_restitution_claim},
      {"bistiffness", &run_bistiffness_claim},
      {"lzb", &run_lzb_claim},
      {"contact-dynamics", &run_contact_dynamics_claim},
      {"atlas", &run_atlas_claim},
  };
  return kinds;
}

ClaimResult run_claim(const Claim& claim, const StudyOptions& options) {
  const auto& kind = find_by_name(claim_kinds(), claim.kind, "claim kind", [](const ClaimKind& k) { return k.name; });
  // Overrides that a kind would silently ignore are errors.
  if (options.expected_order && claim.kind != "order")
    throw std::invalid_argument("--expected applies to order claims; '" + claim.id + "' is of kind " + claim.kind);
  if (options.tableau && claim.kind != "order" && claim.kind != "analysis")
    throw std::invalid_argument("--tableau applies to order and analysis claims; '" + claim.id + "' is of kind " +
                                claim.kind);
  return kind.run(claim, options);
}

nlohmann::json result_head(const Claim& claim, bool pass) {
  return {{"study", claim.id},
          {"kind", claim.kind},
          {"title", claim.title},
          {"source", {{"paper", claim.paper}, {"item", claim.item}}},
          {"figure_group", claim.figure_group},
          {"notes", claim.deviation.empty() ? claim.notes : "Deviation from the paper: " + claim.deviation + " " + claim.notes},
          {"expected_verdict", claim.expected_verdict},
          {"pass", pass}};
}

std::string CheckList::summary(const Claim& claim) const {
  std::string s = fmt::format("{} {}", pass ? "PASS" : "FAIL", claim.id);
  for (const auto& c : items) {
    const auto& o = c.at("observed");
    s += fmt::format("\n  [{}] {}: observed {}", c.at("pass").get<bool>() ? "ok" : "FAIL",
                     c.at("label").get<std::string>(), o.is_string() ? o.get<std::string>() : o.dump());
  }
  return s;
}

}  // namespace granconv
