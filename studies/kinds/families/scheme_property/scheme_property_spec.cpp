// The fields of a "scheme-property" claim, read at load (scheme_property_claims.hpp).
#include <exception>

#include "schemes/families/shipped_scheme_files.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/kinds/families/scheme_property/scheme_property_claims.hpp"

namespace granconv {

SchemePropertySpec parse_scheme_property_spec(FieldReader& r) {
  SchemePropertySpec s;
  const bool shipped = r.has("scheme_file"), path = r.has("scheme_path");
  r.check(shipped != path, "scheme_file", "or scheme_path: exactly one of them names the scheme file");
  if (shipped) {
    s.scheme_file = r.req<std::string>("scheme_file");
    if (r.ok()) try {
        (void)shipped_scheme_file(s.scheme_file);
      } catch (const std::exception& e) {
        r.problem("scheme_file", e.what());
      }
  }
  if (path) {
    const auto name = r.req<std::string>("scheme_path");
    try {
      s.scheme_path = resolve_claim_file(name, claim_file_folders().tableaux, r.base_dir).string();
      // Read once at load, so that a broken file fails the catalogue, not a run.
      (void)read_scheme_file(s.scheme_path);
    } catch (const std::exception& e) {
      r.problem("scheme_path", e.what());
    }
  }
  s.check = r.one_of("check", {"rho_infinity", "spectral_radius", "stability_interval", "order_conditions"});
  if (s.check == "order_conditions") {
    s.expected_order = r.req<int>("expected_order", between(1, 20));
    s.rivals = r.req<std::vector<int>>("rivals");
    r.check(!s.rivals.empty(), "rivals", "names at least one order the claim rules out");
    for (int o : s.rivals) r.check(o != s.expected_order, "rivals", "must differ from expected_order");
    return s;
  }
  if (s.check == "spectral_radius") s.omega = r.req<double>("omega", between(1e-6, 1e12));
  s.zeta = r.opt<double>("zeta", 0.0, between(0, 1));
  s.paper = r.req<double>("paper");
  s.tolerance = r.req<double>("tolerance", positive());
  s.rival = r.req<double>("rival");
  s.rival_note = r.req<std::string>("rival_note");
  s.tolerance_source = source_of(r.json(), "tolerance");
  r.accept("tolerance_source");
  return s;
}

}  // namespace granconv
