#include "models/contact_law_catalogue.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "models/find_by_name.hpp"

namespace granconv {

const std::vector<ContactLawInfo>& contact_law_catalogue() {
  // In the atlas's column order. The atlas runs every damped law at γ = 0.1
  // (the trimer-impact default of JVB fig. 2, so the KK column reproduces
  // jvb-fig2-* exactly) and the mollified ones at ε = 1e-3; the notes say so.
  static const std::vector<ContactLawInfo> rows = {
      // The tailored schemes step the undamped chain with numerical dissipation
      // C11 = θ − 1/2 = γ/(2h) standing in for KK damping γ: a consistent
      // approximation only with γ ∝ h (JVB §3, the γ = h of jvb-fig6-*). At the
      // atlas's fixed physical γ, C11 → ∞ as h → 0 (measured: order 0 on KK);
      // so they apply to the undamped law only, as their γ = 0 member.
      {.name = "hertz", .twice_alpha = 3, .four_beta = 6, .damped = false,
       .label = "Hertz (elastic)", .notes = "k δ^{3/2}, γ = 0 (α = 3/2)", .tailored_applies = true},
      {.name = "kk", .twice_alpha = 3, .four_beta = 6, .binary_law = true,
       .label = "Kuwabara–Kono", .notes = "k δ^{3/2} + (3/2) γ k δ^{1/2} δ̇, γ = 0.1 (α = β = 3/2)",
       .tailored_match = true},
      {.name = "hertz-dashpot", .twice_alpha = 3, .four_beta = 4, .model_name = "hertz-damped", .binary_law = true,
       .label = "Hertz + linear dashpot (β = 1)",
       .notes = "k δ^{3/2} + γ k δ̇, γ = 0.1 (α = 3/2, β = 1): the β = 1 member of JVB eq. (1), which is also the "
                "thesis's 'Hertz + linear damping' (1.22) with γ_n = γ k — one law, listed once"},
      {.name = "hunt-crossley", .twice_alpha = 3, .four_beta = 10,
       .label = "Hunt–Crossley (β = 5/2)", .notes = "k δ^{3/2} + (5/2) γ k δ^{3/2} δ̇, γ = 0.1 (α = 3/2, β = 5/2)"},
      {.name = "spring-dashpot", .twice_alpha = 2, .four_beta = 4, .binary_law = true,
       .label = "linear spring–dashpot",
       .notes = "k δ + γ k δ̇, γ = 0.1 (α = β = 1; thesis (1.19) with γ_n = γ k): the force jumps by γ k δ̇ when a "
                "contact closes or opens"},
      // ε: √_ε differs from √ on δ < 2ε, which the overlap (rising at speed ≈ 1)
      // crosses in a time ≈ 2ε = 2e-3, inside the atlas's step range
      // [1e-4, 1e-1]: the finest steps resolve the mollified layer (a smooth
      // law), the coarsest step over it (KK-like), so the column shows the
      // crossover of th-mollified-verlet rather than either limit alone.
      {.name = "mollified-kk", .twice_alpha = 3, .four_beta = 6, .mollified = true, .binary_law = true,
       .label = "mollified KK (ε = 1e-3)",
       .notes = "k δ^{3/2} + (3/2) γ k √_ε(δ) δ̇, γ = 0.1, ε = 1e-3 (thesis (4.6)–(4.7))"},
      {.name = "tsuji", .twice_alpha = 3, .four_beta = 5,
       .label = "Tsuji (β = 5/4)",
       .notes = "k δ^{3/2} + (5/4) γ k δ^{1/4} δ̇, γ = 0.1 (α = 3/2, β = 5/4): LAMMPS `granular … damping tsuji`, "
                "YADE's Hertz–Mindlin damping (`betan`) before its clipping"},
      // The non-tensile variants: the force max(0, f) of the law above them
      // (LAMMPS `limit_damping`, YADE always); no (x, w) form. Only YADE's
      // tsuji-nontensile is a default atlas column: each column adds about a
      // seventh to the atlas ctest's time, and it shows what clipping does.
      {.name = "kk-nontensile", .twice_alpha = 3, .four_beta = 6, .nontensile = true,
       .label = "Kuwabara–Kono, non-tensile",
       .notes = "max(0, k δ^{3/2} + (3/2) γ k δ^{1/2} δ̇), γ = 0.1: LAMMPS `gran/hertz/history … limit_damping`",
       .atlas_default = false},
      {.name = "tsuji-nontensile", .twice_alpha = 3, .four_beta = 5, .nontensile = true,
       .label = "Tsuji, non-tensile",
       .notes = "max(0, k δ^{3/2} + (5/4) γ k δ^{1/4} δ̇), γ = 0.1: YADE's Hertz–Mindlin with `betan`"},
      {.name = "hertz-dashpot-nontensile", .twice_alpha = 3, .four_beta = 4, .nontensile = true,
       .model_name = "hertz-damped-nontensile", .label = "Hertz + linear dashpot, non-tensile",
       .notes = "max(0, k δ^{3/2} + γ k δ̇), γ = 0.1", .atlas_default = false},
      {.name = "hunt-crossley-nontensile", .twice_alpha = 3, .four_beta = 10, .nontensile = true,
       .label = "Hunt–Crossley, non-tensile", .notes = "max(0, k δ^{3/2} + (5/2) γ k δ^{3/2} δ̇), γ = 0.1",
       .atlas_default = false},
      {.name = "spring-dashpot-nontensile", .twice_alpha = 2, .four_beta = 4, .nontensile = true,
       .label = "linear spring–dashpot, non-tensile", .notes = "max(0, k δ + γ k δ̇), γ = 0.1",
       .atlas_default = false},
      {.name = "mollified-kk-nontensile", .twice_alpha = 3, .four_beta = 6, .mollified = true, .nontensile = true,
       .label = "mollified KK (ε = 1e-3), non-tensile",
       .notes = "max(0, k δ^{3/2} + (3/2) γ k √_ε(δ) δ̇), γ = 0.1, ε = 1e-3", .atlas_default = false},
      // The undamped linear spring (the contact-dynamics column's law, uk2003).
      {.name = "linear-spring", .twice_alpha = 2, .four_beta = 4, .damped = false, .model_name = "linear spring",
       .label = "linear spring (elastic)", .notes = "k δ, γ = 0 (α = 1)", .atlas_default = false},
  };
  return rows;
}

const ContactLawInfo& contact_law_info(const std::string& name) {
  return find_by_name(contact_law_catalogue(), name, "contact law", [](const ContactLawInfo& l) { return l.name; });
}

const ContactLawInfo& binary_law_info(const std::string& name) {
  for (const auto& l : contact_law_catalogue())
    if (l.binary_law && l.result_name() == name) return l;
  throw std::invalid_argument("unknown binary-collision law '" + name + "'");
}

std::vector<std::string> binary_law_names() {
  std::vector<std::string> names;
  for (const auto& l : contact_law_catalogue())
    if (l.binary_law) names.push_back(l.result_name());
  return names;
}

const ContactLawInfo* find_contact_law(int twice_alpha, int four_beta, bool mollified, bool nontensile, bool damped) {
  for (const auto& l : contact_law_catalogue()) {
    if (l.twice_alpha != twice_alpha || l.mollified != mollified) continue;
    // A mollified law is one law with or without its damping.
    if (!mollified && l.damped != damped) continue;
    if ((damped || mollified) && l.nontensile != nontensile) continue;
    if (damped && l.four_beta != four_beta) continue;
    return &l;
  }
  return nullptr;
}

namespace {
// "1, 5/4, 3/2 or 5/2" from the values x/denominator.
std::string fractions(const std::set<int>& values, int denominator) {
  std::string s;
  std::size_t i = 0;
  for (int v : values) {
    int num = v, den = denominator;
    while (den > 1 && num % 2 == 0) num /= 2, den /= 2;
    s += (i == 0 ? "" : i + 1 == values.size() ? " or " : ", ") + std::to_string(num) +
         (den > 1 ? "/" + std::to_string(den) : "");
    ++i;
  }
  return s;
}
}  // namespace

void check_law_exponents(int twice_alpha, int four_beta, bool mollified) {
  std::set<int> alphas, betas, mollified_betas;
  for (const auto& l : contact_law_catalogue()) {
    alphas.insert(l.twice_alpha);
    betas.insert(l.four_beta);
    if (l.mollified) mollified_betas.insert(l.four_beta);
  }
  if (!betas.count(four_beta)) throw std::invalid_argument("beta must be " + fractions(betas, 4));
  if (!alphas.count(twice_alpha)) throw std::invalid_argument("the elastic exponent must be " + fractions(alphas, 2));
  if (mollified && !mollified_betas.count(four_beta))
    throw std::invalid_argument("the mollified damping (eps > 0) is defined for beta = " + fractions(mollified_betas, 4) +
                                " only");
}

}  // namespace granconv
