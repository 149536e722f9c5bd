#include "schemes/families/scheme_file.hpp"

#include <stdexcept>

#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"
#include "schemes/families/file_fields.hpp"
#include "schemes/families/partitioned/partitioned_files.hpp"
#include "schemes/families/multistep/multistep_files.hpp"
#include "schemes/families/newmark/newmark_file.hpp"
#include "schemes/families/nystrom/nystrom_file.hpp"
#include "schemes/families/runge_kutta_oscillator.hpp"
#include "schemes/families/shipped_scheme_files.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "schemes/tableau_file.hpp"

namespace granconv {

namespace {

using json = nlohmann::json;

// A Butcher tableau as a scheme file. validate analyses it with the rooted
// trees and R(z) of studies/validate (analyse_tableau), so the order
// conditions and structure stay empty; the oscillator step gives it the
// second-order stability summary of the other families.
SchemeFile parse_runge_kutta(const json& doc, const std::string& source) {
  const Tableau<Mp50> mp = tableau_from_json_mp(doc, source);
  SchemeFile f;
  f.family = "runge-kutta";
  f.name = mp.name;
  f.source = source;
  f.description = doc.contains("description") ? doc.at("description").get<std::string>() : "";
  if (mp.classical_order > 0) f.claimed_order = mp.classical_order;
  f.explicit_method = mp.explicit_method();
  Tableau<double> d;
  d.name = mp.name;
  d.classical_order = mp.classical_order;
  d.A = mp.A.unaryExpr([&](const Mp50& x) { return file_fields::to_double(x, "A", source); });
  d.b = mp.b.unaryExpr([&](const Mp50& x) { return file_fields::to_double(x, "b", source); });
  d.c = mp.c.unaryExpr([&](const Mp50& x) { return file_fields::to_double(x, "c", source); });
  d.validate();
  f.make_double = [d] { return runge_kutta_scheme(d, d.name); };
  f.make_mp50 = [mp] { return runge_kutta_scheme(mp, mp.name); };
  f.oscillator = runge_kutta_oscillator(mp);
  return f;
}

}  // namespace

// One row per family, in the order docs/scheme-files.md lists them.
const std::vector<FamilyRow>& family_table() {
  static const std::vector<FamilyRow> rows = {
      {"runge-kutta", "a Butcher tableau (A, b, c) on the first-order system", &parse_runge_kutta},
      {"partitioned-runge-kutta", "(A, b, c) for positions, (Â, b̂, ĉ) for velocities", &partitioned::parse_partitioned_runge_kutta},
      {"splitting", "kicks and drifts (a, ahat), ARKODE's SPRK tables", &partitioned::parse_splitting},
      {"linear-multistep", "an explicit predictor and a corrector (alpha, beta), PECE on (x, v)",
       &multistep::parse_linear_multistep},
      {"gear", "Gear's predictor-corrector in Nordsieck form for x'' = F(t, x, v)", &multistep::parse_gear},
      {"newmark", "Newmark-β, HHT-α and generalized-α (β, γ, α_m, α_f, or ρ∞) on x'' = F(t, x, v)", &parse_newmark},
      {"nystrom", "a Runge–Kutta–Nyström method (Abar, bbar, b, c) on x'' = F(t, x, v)", &parse_nystrom},
  };
  return rows;
}

std::string scheme_file_family(std::string_view text, const std::string& source) {
  const json doc = file_fields::parse_exact(text, source);
  if (!doc.is_object()) throw std::invalid_argument(printable(source + " must hold a JSON object"));
  if (!doc.contains("family")) return "runge-kutta";
  const auto& f = doc.at("family");
  std::string list;
  for (const auto& row : family_table()) list += (list.empty() ? "" : ", ") + std::string(row.name);
  if (f.is_string())
    for (const auto& row : family_table())
      if (f.get<std::string>() == row.name) return row.name;
  file_fields::fail(source, "family", "is unknown (expected one of: " + list + ")");
}

SchemeFile parse_scheme_file(std::string_view text, const std::string& source) {
  const std::string family = scheme_file_family(text, source);
  const json doc = file_fields::parse_exact(text, source);
  for (const auto& row : family_table())
    if (family == row.name) return row.parse(doc, source);
  throw std::logic_error("family '" + family + "' has no row");
}

SchemeFile read_scheme_file(const std::filesystem::path& file) {
  // The largest file (16 stages of long expressions, or 6-value Gear) fits in a fraction of this.
  constexpr std::size_t max_bytes = 1 << 20;
  const std::string text = read_regular_file(file, max_bytes, "scheme file");
  return parse_scheme_file(text, "scheme file " + printable(file.string()));
}

const SchemeFile& shipped_scheme_file(const std::string& stem) {
  // Parsed on first use and kept: the files never change while the program runs.
  static const std::vector<std::pair<std::string, SchemeFile>> parsed = [] {
    std::vector<std::pair<std::string, SchemeFile>> v;
    for (const auto& f : embedded_scheme_files())
      v.emplace_back(std::string(f.stem), parse_scheme_file(f.text, "shipped scheme file " + std::string(f.stem)));
    return v;
  }();
  std::string list;
  for (const auto& [name, file] : parsed) {
    if (name == stem) return file;
    list += (list.empty() ? "" : ", ") + name;
  }
  throw std::invalid_argument("no shipped scheme file '" + printable(stem) + "' (shipped: " + list + ")");
}

}  // namespace granconv
