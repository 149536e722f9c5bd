#include "schemes/scheme_catalogue.hpp"

#include <algorithm>
#include <type_traits>

#include "models/find_by_name.hpp"
#include "schemes/families/file_fields.hpp"
#include "schemes/families/shipped_scheme_files.hpp"

namespace granconv {

namespace {

// The scalar of a std::type_identity tag.
template <class Tag>
using scalar_of = typename Tag::type;

// The three instantiations of `make(tag, row, options)`, a captureless generic lambda.
template <class Make>
PerScalar<SchemeFactory> factories(Make) {
  return {[](const SchemeInfo& row, const SchemeOptions& o) { return Make{}(std::type_identity<double>{}, row, o); },
          [](const SchemeInfo& row, const SchemeOptions& o) { return Make{}(std::type_identity<DoubleDouble>{}, row, o); },
          [](const SchemeInfo& row, const SchemeOptions& o) { return Make{}(std::type_identity<Mp50>{}, row, o); }};
}

// A shipped tableau, `tableau(tag)` a captureless generic lambda: direct
// discretisation of the physical chain in either formulation.
template <class MakeTableau>
SchemeInfo runge_kutta_row(std::string name, std::string label, int classical_order, MakeTableau) {
  return {.name = std::move(name),
          .label = std::move(label),
          .classical_order = classical_order,
          .family = SchemeFamily::runge_kutta,
          .accepts_xw = true,
          .make = factories([](auto tag, const SchemeInfo& row, const SchemeOptions&) {
            return runge_kutta_scheme(MakeTableau{}(tag), row.label);
          }),
          .tableau = {[] { return MakeTableau{}(std::type_identity<double>{}); },
                      [] { return MakeTableau{}(std::type_identity<DoubleDouble>{}); },
                      [] { return MakeTableau{}(std::type_identity<Mp50>{}); }}};
}

// A DEM method (schemes/dem_methods.hpp); the label is the default start's.
template <class Method>
SchemeInfo dem_row() {
  return {.name = Method::name,
          .label = dem::label<Method>(),
          .classical_order = dem::classical_order<Method>(),
          .family = SchemeFamily::dem,
          .staggered = Method::staggered,
          .make = factories([](auto tag, const SchemeInfo&, const SchemeOptions& o) {
            return dem::dem_scheme<Method, scalar_of<decltype(tag)>>(o.start);
          })};
}

SchemeFamily family_of_file(const std::string& family) {
  for (const SchemeFamily f : {SchemeFamily::partitioned_runge_kutta, SchemeFamily::splitting, SchemeFamily::nystrom,
                               SchemeFamily::newmark, SchemeFamily::gear, SchemeFamily::linear_multistep})
    if (family == to_string(f)) return f;
  throw std::logic_error("scheme-file family '" + family + "' has no SchemeFamily value (schemes/scheme_catalogue.hpp)");
}

// The shipped file of the row's name (its stem), in the row's name and order.
template <class S>
Scheme<S> file_scheme(const SchemeInfo& row, const SchemeOptions&) {
  const SchemeFile& file = shipped_scheme_file(row.name);
  Scheme<S> s;
  if constexpr (std::is_same_v<S, double>) s = file.make_double();
  else s = file.make_mp50();
  s.name = row.name;
  s.classical_order = row.classical_order;
  return s;
}

// A row per shipped scheme file of a family other than runge-kutta (the
// tableaux are rows of their own above). Only the header fields are read
// here; the family's parser runs when the scheme is first made, so that no
// parser runs while the catalogue is being built.
void append_file_rows(std::vector<SchemeInfo>& rows) {
  for (const auto& embedded : embedded_scheme_files()) {
    const std::string stem(embedded.stem), source = "shipped scheme file " + stem;
    const std::string family = scheme_file_family(embedded.text, source);
    if (family == "runge-kutta") continue;
    // A stem that repeats a catalogue name would make names ambiguous: left
    // out (tests/unit/schemes/test_file_scheme_rows.cpp fails on it).
    if (std::any_of(rows.begin(), rows.end(), [&](const SchemeInfo& r) { return r.name == stem; })) continue;
    const nlohmann::json doc = file_fields::parse_exact(embedded.text, source);
    const std::string description = file_fields::description_field(doc, source);
    std::optional<int> order = file_fields::order_field(doc, source);
    if (!order) order = shipped_scheme_file(stem).order_conditions().order;
    rows.push_back({.name = stem,
                    .label = description.empty() ? stem : description,
                    .classical_order = std::clamp(*order, 1, 20),
                    .family = family_of_file(family),
                    .accepts_xw = false,
                    .make = {.for_double = &file_scheme<double>, .for_mp50 = &file_scheme<Mp50>}});
  }
}

// The shipped rows, then the caller's (register_scheme); read-only once read.
struct Registry {
  std::vector<SchemeInfo> rows;
  bool read = false;
};
Registry& registry();

}  // namespace

const std::vector<SchemeInfo>& scheme_catalogue() {
  Registry& r = registry();
  r.read = true;
  return r.rows;
}

void register_scheme(SchemeInfo row) {
  Registry& r = registry();
  if (r.read) throw std::logic_error("register_scheme('" + row.name + "'): the scheme catalogue has already been read");
  if (row.name.empty() || row.name.find_first_of(" \t\n/") != std::string::npos)
    throw std::invalid_argument("register_scheme: the name '" + row.name + "' is empty or holds a space or '/'");
  for (const auto& s : r.rows)
    if (s.name == row.name) throw std::invalid_argument("register_scheme: a scheme '" + row.name + "' exists already");
  if (row.family == SchemeFamily::impulse || !row.make.for_double)
    throw std::invalid_argument("register_scheme('" + row.name + "'): a time-stepping scheme with a double factory is "
                                "needed");
  if (!(row.classical_order >= 1 && row.classical_order <= 20))
    throw std::invalid_argument("register_scheme('" + row.name + "'): classical_order must be in [1, 20]");
  r.rows.push_back(std::move(row));
}

namespace {

Registry& registry() {
  static Registry r{{
      runge_kutta_row("cn", "Crank–Nicolson (trapezoidal rule)", 2,
                      [](auto tag) { return tableaux::crank_nicolson<scalar_of<decltype(tag)>>(); }),
      runge_kutta_row("gl2", "Gauss–Legendre 2-stage", 4,
                      [](auto tag) { return tableaux::gauss_legendre2<scalar_of<decltype(tag)>>(); }),
      runge_kutta_row("radau2", "Radau IIA 2-stage", 3,
                      [](auto tag) { return tableaux::radau_iia2<scalar_of<decltype(tag)>>(); }),
      runge_kutta_row("rk4", "explicit Runge–Kutta 4", 4,
                      [](auto tag) { return tableaux::rk4<scalar_of<decltype(tag)>>(); }),
      // Order 1 as integrators of the undamped chain they step (θ ≠ 1/2,
      // C11 ≠ 0); consistent at orders 2 and 3 with the damped (KK) chain.
      {.name = "theta",
       .label = "θ method with tailored KK dissipation (eqs. (34), (41), (43))",
       .classical_order = 1,
       .family = SchemeFamily::tailored,
       .tailored = true,
       .accepts_xw = true,
       .takes_mu = true,
       .make = factories([](auto tag, const SchemeInfo&, const SchemeOptions& o) {
         return theta_scheme<scalar_of<decltype(tag)>>(o);
       })},
      {.name = "irk-tailored",
       .label = "tailored-dissipation IRK (eqs. (64)–(66), (72), (73))",
       .classical_order = 1,
       .family = SchemeFamily::tailored,
       .tailored = true,
       .accepts_xw = true,
       .make = factories([](auto tag, const SchemeInfo&, const SchemeOptions& o) {
         return tailored_irk_scheme<scalar_of<decltype(tag)>>(o);
       })},
      // Explicit DEM integrators of the thesis, section 1.4 (labels with the
      // default start). Orders for velocity-independent forces: with a
      // dashpot, leapfrog, Störmer–Verlet and velocity Verlet drop to 1,
      // damped Verlet keeps 2.
      dem_row<dem::Euler>(),
      dem_row<dem::SymplecticEuler>(),
      dem_row<dem::Leapfrog>(),
      dem_row<dem::StormerVerlet>(),
      dem_row<dem::VelocityVerlet>(),
      dem_row<dem::DampedVerlet>(),
      // Steps in the principal impulse of a multiple impact, not in time: its
      // "h" is ΔP (N·s); `granconv solve` runs it, studies/kinds/nb2011/lzb_claims.* check it.
      {.name = "lzb",
       .label = "LZB multiple-impact impulse stepping (Nguyen & Brogliato 2011, App. A.1; h = ΔP)",
       .classical_order = 1,
       .family = SchemeFamily::impulse},
  }};
  static const bool files_added = (append_file_rows(r.rows), true);
  (void)files_added;
  return r;
}

}  // namespace

const SchemeInfo& scheme_info(const std::string& name) {
  return find_by_name(scheme_catalogue(), name, "scheme", [](const SchemeInfo& s) { return s.name; });
}

bool scheme_takes_mu(const std::string& name) {
  const auto& rows = scheme_catalogue();
  const auto it = std::find_if(rows.begin(), rows.end(), [&](const SchemeInfo& s) { return s.name == name; });
  return it != rows.end() && it->takes_mu;
}

}  // namespace granconv
