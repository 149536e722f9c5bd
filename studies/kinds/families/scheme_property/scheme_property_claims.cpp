// A "scheme-property" claim run: the property computed from the scheme file
// and compared with the published value (scheme_property_claims.hpp).
#include "studies/kinds/families/scheme_property/scheme_property_claims.hpp"

#include <chrono>
#include <cmath>

#include <fmt/format.h>

#include "schemes/families/second_order_stability.hpp"
#include "schemes/families/shipped_scheme_files.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv {

namespace {

using json = nlohmann::json;

json value_check(const std::string& label, const SchemePropertySpec& s, double observed) {
  json ch = check_entry(label, s.paper, sig(observed, 15), fmt::format("± {:g} (absolute)", s.tolerance),
                        std::abs(observed - s.paper) <= s.tolerance);
  ch["rival"] = s.rival;
  ch["rival_note"] = s.rival_note;
  ch["tolerance_source"] = s.tolerance_source;
  return ch;
}

}  // namespace

ClaimResult run_scheme_property_claim(const Claim& claim, const SchemePropertySpec& s, const StudyOptions&) {
  const auto wall_clock = std::chrono::steady_clock::now();
  const SchemeFile file = s.scheme_path.empty() ? shipped_scheme_file(s.scheme_file) : read_scheme_file(s.scheme_path);
  CheckList checks;
  const Mp50 zeta(s.zeta);
  std::string what;
  if (s.check == "order_conditions") {
    const FamilyOrderReport r = file.order_conditions();
    std::string rivals;
    for (int o : s.rivals) rivals += (rivals.empty() ? "" : ", ") + std::to_string(o);
    json ch = check_entry(fmt::format("order from the {} conditions", file.family), s.expected_order, r.order,
                          "exact (an integer)", r.order == s.expected_order);
    ch["rivals"] = s.rivals;
    ch["theory"] = r.theory;
    if (!r.first_failure.empty()) ch["first_failure"] = r.first_failure;
    checks.add(ch);
    what = fmt::format("order {} by {} (first failure: {}; rivals {})", r.order, r.theory,
                       r.first_failure.empty() ? "none up to the order checked" : r.first_failure, rivals);
  } else if (!file.oscillator.step) {
    throw std::invalid_argument("claim '" + claim.id + "': family '" + file.family +
                                "' has no second-order stability analysis (check " + s.check + ")");
  } else if (s.check == "rho_infinity") {
    const double rho = rho_infinity(file.oscillator, zeta);
    checks.add(value_check(fmt::format("ρ∞ (ρ at Ω = 1e12, ζ = {:g})", s.zeta), s, rho));
    what = fmt::format("ρ∞ = {:.15g}", rho);
  } else if (s.check == "spectral_radius") {
    const double rho = amplification_at(file.oscillator, Mp50(s.omega), zeta).rho;
    checks.add(value_check(fmt::format("ρ(Ω = {:g}, ζ = {:g})", s.omega, s.zeta), s, rho));
    what = fmt::format("ρ({:g}) = {:.15g}", s.omega, rho);
  } else {
    const auto interval = stability_interval(file.oscillator, zeta);
    // Stable on the whole scan: the interval is unbounded, reported as infinity.
    const double omega0 = interval ? *interval : INFINITY;
    checks.add(value_check(fmt::format("stability interval Ω₀ (ζ = {:g})", s.zeta), s, omega0));
    what = interval ? fmt::format("Ω₀ = {:.12g}", omega0) : std::string("stable up to Ω = 1e6");
  }
  json out = result_head(claim, checks.pass);
  out["checks"] = checks.items;
  out["check"] = s.check;
  out["scheme_file"] = s.scheme_path.empty() ? s.scheme_file : s.scheme_path;
  out["family"] = file.family;
  out["coefficients"] = file.coefficients;
  out["seconds"] = seconds_since(wall_clock);
  std::string summary = checks.summary(claim);
  summary += "\n  " + file.name + ": " + what;
  return {out, checks.pass, summary};
}

}  // namespace granconv
