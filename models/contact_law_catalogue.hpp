#pragma once
// The contact laws: one row per law, the only table of law names and
// exponents. Scenario files (`contacts.law`), the thesis's binary scenario
// (its `law` parameter), the order atlas (a column per row), the model name
// of a result, the tailored schemes and Chain::validate all read it; the
// reference caches key on the ContactLaw value itself
// (reference/cache/cache_key.hpp). Adding a law is a row here, and its force
// in models/contact_law.hpp when the force is not of the power-law family
// already written there. `ctest -R layout.one-law-table` refuses a second
// table of law names and exponents elsewhere.
#include <string>
#include <vector>

#include "models/contact_law.hpp"

namespace granconv {

struct ContactLawInfo {
  std::string name;  // scenario files, atlas columns, `granconv list models`
  int twice_alpha = 3, four_beta = 6;
  bool damped = true;       // takes a damping constant γ (force β γ k s(δ) δ̇)
  bool mollified = false;   // takes a mollifier width ε > 0 (s = √_ε)
  bool nontensile = false;  // the force clipped at zero
  // The name of a result's model (Result::model) and, with binary_law, of
  // the binary scenario's `law` parameter (the thesis's names); "" = name.
  std::string model_name{};  // a default initializer: rows leave it out (GCC 12 warns otherwise)
  bool binary_law = false;
  // The atlas's column: its title, its parametrisation (γ = 0.1, ε = 1e-3:
  // studies/atlas/atlas_models.cpp) and why, whether it runs by default,
  // whether the tailored schemes approximate it.
  std::string label, notes;
  bool atlas_default = true;
  bool tailored_applies = false;
  // Whether this is the damping that tailored numerical dissipation matches
  // (schemes/tailored_schemes.hpp, JVB §3): its exponents with any 2α.
  bool tailored_match = false;

  const std::string& result_name() const { return model_name.empty() ? name : model_name; }
  // The law with width eps (> 0 exactly when mollified).
  template <class S>
  ContactLaw<S> law(const S& eps = S(0)) const {
    return {twice_alpha, four_beta, mollified ? eps : S(0), nontensile};
  }
};

const std::vector<ContactLawInfo>& contact_law_catalogue();
// Throws std::invalid_argument on an unknown name, listing the known ones.
const ContactLawInfo& contact_law_info(const std::string& name);
// The binary scenario's law named `name` (a row with binary_law, by result_name()).
const ContactLawInfo& binary_law_info(const std::string& name);
std::vector<std::string> binary_law_names();

// The row of a chain's law: exponents, clipping and mollifier as given, the
// damping exponent and clipping read only when damped; null when none is.
const ContactLawInfo* find_contact_law(int twice_alpha, int four_beta, bool mollified, bool nontensile, bool damped);

// Throws std::invalid_argument unless some row has these exponents (and,
// when mollified, is mollified).
void check_law_exponents(int twice_alpha, int four_beta, bool mollified);

}  // namespace granconv
