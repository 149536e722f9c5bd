#include "models/scenario_file/scenario_file.hpp"

#include <cmath>
#include <cstdio>

#include "models/parameter_ranges.hpp"
#include "models/input/printable.hpp"
#include "models/input/strict_json.hpp"
#include "models/sphere_chains.hpp"

namespace granconv {

namespace {

using json = nlohmann::json;
using strict_json::element;
using strict_json::field;

std::string number_text(double v) {
  char s[40];
  std::snprintf(s, sizeof s, "%g", v);
  return s;
}

// "> 0", "≥ 0", "in (0, 1]" from a range of models/parameter_ranges.hpp.
std::string describe(const ParameterRange& r) {
  if (std::isinf(r.hi)) return (r.lo_open ? "> " : "≥ ") + number_text(r.lo);
  return std::string("in ") + (r.lo_open ? "(" : "[") + number_text(r.lo) + ", " + number_text(r.hi) +
         (r.hi_open ? ")" : "]");
}

std::string type_of(const json& v) {
  if (v.is_boolean()) return "true/false";
  if (v.is_number()) return "a number";
  return v.type_name() == std::string("array") ? "a list" : std::string("a ") + v.type_name();
}

class Reader {
 public:
  explicit Reader(std::string source) : source_(std::move(source)) {}
  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    strict_json::fail(source_, path, what);
  }

  // A number in the range the built-in parameter `key` has.
  double number(const json& v, const std::string& path, const std::string& key) const {
    if (!v.is_number()) fail(path, "must be a number (got " + type_of(v) + ")");
    const double x = v.get<double>();
    const ParameterRange r = parameter_range("", key);
    if (!((r.lo_open ? x > r.lo : x >= r.lo) && (r.hi_open ? x < r.hi : x <= r.hi)))
      fail(path, "must be " + describe(r) + " (got " + v.dump() + ")");
    return x;
  }
  std::vector<double> numbers(const json& v, const std::string& path, const std::string& key,
                              std::size_t size) const {
    if (!v.is_array()) fail(path, "must be a list of numbers (got " + type_of(v) + ")");
    if (v.size() != size) fail(path, "must have " + std::to_string(size) + " entries, one per bead (got " +
                                         std::to_string(v.size()) + ")");
    std::vector<double> out;
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(number(v[i], element(path, i), key));
    return out;
  }
  // One number for every bead, or a list of them.
  std::vector<double> per_bead(const json& v, const std::string& path, const std::string& key, std::size_t n) const {
    return v.is_array() ? numbers(v, path, key, n) : std::vector<double>(n, number(v, path, key));
  }
  const json& object(const json& v, const std::string& path, const std::vector<std::string>& keys) const {
    if (!v.is_object()) fail(path, "must be an object (got " + type_of(v) + ")");
    strict_json::check_keys(v, keys, path, source_);
    return v;
  }
  const json* find(const json& o, const std::string& key) const {
    const auto it = o.find(key);
    return it == o.end() ? nullptr : &*it;
  }
  const json& need(const json& o, const std::string& path, const std::string& key, const std::string& hint = "") const {
    const json* v = find(o, key);
    if (!v) fail(field(path, key), "missing" + hint);
    return *v;
  }
  std::string string(const json& v, const std::string& path) const {
    if (!v.is_string()) fail(path, "must be a string (got " + type_of(v) + ")");
    return v.get<std::string>();
  }

 private:
  std::string source_;
};

// The bead count from "masses" or "radii", refused above kMaxBeads before any entry is read.
std::size_t bead_count(const Reader& rd, const json& list, const std::string& key) {
  if (!list.is_array()) rd.fail(key, "must be a list of numbers (got " + type_of(list) + ")");
  if (list.size() > static_cast<std::size_t>(kMaxBeads))
    rd.fail(key, std::to_string(list.size()) + " beads, more than the maximum " + std::to_string(kMaxBeads));
  if (list.empty()) rd.fail(key, "must list at least one bead");
  return list.size();
}

void read_beads(const Reader& rd, const json& j, ScenarioFile& f, std::vector<double>& radii) {
  const json* masses = rd.find(j, "masses");
  const json* r = rd.find(j, "radii");
  if (masses && r) rd.fail("radii", "give 'masses' or 'radii' with 'density', not both");
  if (!masses && !r) rd.fail("masses", "missing (give 'masses', or 'radii' with 'density')");
  for (const char* k : {"density", "young_modulus", "poisson_ratio"})
    if (!r && rd.find(j, k)) rd.fail(k, "applies to beads given by 'radii'");
  if (masses) {
    f.masses = rd.numbers(*masses, "masses", "m", bead_count(rd, *masses, "masses"));
    return;
  }
  radii = rd.numbers(*r, "radii", "R", bead_count(rd, *r, "radii"));
  const double rho = rd.number(rd.need(j, "", "density", " (beads given by 'radii' need it)"), "density", "rho");
  for (double ri : radii) f.masses.push_back(sphere_mass(ri, rho));
}

const ContactLawInfo& law_named(const Reader& rd, const std::string& name, const std::string& path) {
  std::string known;
  for (const auto& l : contact_law_catalogue()) {
    if (l.name == name) return l;
    known += (known.empty() ? "" : ", ") + l.name;
  }
  if (name == "bistiffness")
    rd.fail(path, "law 'bistiffness' has an internal state per contact, which a chain cannot carry (the atlas runs it)");
  rd.fail(path, "unknown law '" + name + "' (known: " + known + ")");
}

// The contacts: one object for all, or one per contact (the wall's last).
void read_contacts(const Reader& rd, const json& j, ScenarioFile& f, const std::vector<double>& radii) {
  const std::size_t n = f.masses.size(), links = n - 1 + (f.wall ? 1 : 0);
  if (links == 0) rd.fail("masses", "one bead and no wall: a chain needs at least one contact");
  const json& c = rd.need(j, "", "contacts");
  if (c.is_array() && c.size() != links)
    rd.fail("contacts", "must have " + std::to_string(links) + " entries, one per contact" +
                            (f.wall ? " (the wall's last)" : "") + " (got " + std::to_string(c.size()) + ")");
  if (!c.is_array() && !c.is_object()) rd.fail("contacts", "must be an object or a list of objects (got " + type_of(c) + ")");
  // Hertz stiffness from the material, eqs. (33)–(35) of models/sphere_chains.hpp.
  const json* E = rd.find(j, "young_modulus");
  const json* nu = rd.find(j, "poisson_ratio");
  if (bool(E) != bool(nu)) rd.fail(E ? "poisson_ratio" : "young_modulus", "missing (the material needs both)");
  double e_star = 0;
  if (E) e_star = effective_modulus(rd.number(*E, "young_modulus", "E"), rd.number(*nu, "poisson_ratio", "nu"),
                                    E->get<double>(), nu->get<double>());
  const ContactLawInfo* first = nullptr;
  double eps_all = 0;
  for (std::size_t i = 0; i < links; ++i) {
    const std::string path = c.is_array() ? element("contacts", i) : "contacts";
    const json& o = rd.object(c.is_array() ? c[i] : c, path, {"law", "stiffness", "damping", "eps", "restitution"});
    const auto& law = law_named(rd, rd.string(rd.need(o, path, "law"), field(path, "law")), field(path, "law"));
    if (first && law.name != first->name)
      rd.fail(field(path, "law"), "'" + law.name + "' differs from contacts[0]'s '" + first->name +
                                      "': a chain carries one law on every contact");
    first = &law;
    if (const json* k = rd.find(o, "stiffness")) {
      if (E) rd.fail(field(path, "stiffness"), "give the stiffness or the beads' material (young_modulus), not both");
      f.stiffness.push_back(rd.number(*k, field(path, "stiffness"), "k"));
    } else if (!E) {
      rd.fail(field(path, "stiffness"), "missing (or give the beads' young_modulus and poisson_ratio)");
    } else if (law.twice_alpha != 3) {
      rd.fail(field(path, "stiffness"), "missing: the material gives a Hertz stiffness, law '" + law.name + "' is linear");
    } else {
      const bool to_wall = f.wall && i + 1 == links;
      f.stiffness.push_back(hertz_stiffness(radii[i], to_wall ? 0.0 : radii[i + 1], e_star));
    }
    const json* g = rd.find(o, "damping");
    if (law.damped && !g) rd.fail(field(path, "damping"), "missing (law '" + law.name + "' is damped)");
    if (!law.damped && g) rd.fail(field(path, "damping"), "law '" + law.name + "' is undamped (a damped one: kk)");
    f.damping.push_back(g ? rd.number(*g, field(path, "damping"), "gamma") : 0.0);
    const json* eps = rd.find(o, "eps");
    if (law.mollified != bool(eps))
      rd.fail(field(path, "eps"), law.mollified ? "missing (the mollifier width of law '" + law.name + "')"
                                                : "applies to the mollified laws only");
    if (eps) {
      const double e = rd.number(*eps, field(path, "eps"), "eps");
      if (!(e > 0)) rd.fail(field(path, "eps"), "must be > 0 (got " + eps->dump() + ")");
      if (i > 0 && e != eps_all) rd.fail(field(path, "eps"), "differs from contacts[0]'s: the chain has one width");
      eps_all = e;
    }
    const json* es = rd.find(o, "restitution");
    if (es && law.name != "hertz")
      rd.fail(field(path, "restitution"), "applies to law 'hertz' (read by the impulse scheme lzb), not '" + law.name + "'");
    const std::optional<double> e = es ? std::optional(rd.number(*es, field(path, "restitution"), "es")) : std::nullopt;
    if (i > 0 && e != f.restitution)
      rd.fail(field(path, "restitution"), "differs from contacts[0]'s: the impulse scheme has one restitution");
    f.restitution = e;
  }
  f.law = first->name;
  f.contact_law = first->law(eps_all);
}

void read_initial(const Reader& rd, const json& j, ScenarioFile& f) {
  const std::size_t n = f.masses.size();
  const json& init = rd.object(rd.need(j, "", "initial"), "initial", {"impact", "positions", "velocities"});
  f.x0.assign(n, 0.0);
  f.v0.assign(n, 0.0);
  if (const json* imp = rd.find(init, "impact")) {
    if (rd.find(init, "positions") || rd.find(init, "velocities"))
      rd.fail("initial.impact", "give an impact, or positions and velocities, not both");
    const json& o = rd.object(*imp, "initial.impact", {"bead", "speed"});
    const json& b = rd.need(o, "initial.impact", "bead");
    if (!b.is_number_integer()) rd.fail("initial.impact.bead", "must be an integer (got " + type_of(b) + ")");
    const auto bead = b.get<long long>();
    if (bead < 0 || bead >= static_cast<long long>(n))
      rd.fail("initial.impact.bead", "must be in [0, " + std::to_string(n - 1) + "] (got " + b.dump() + ")");
    f.v0[bead] = rd.number(rd.need(o, "initial.impact", "speed"), "initial.impact.speed", "v");
    return;
  }
  f.x0 = rd.numbers(rd.need(init, "initial", "positions", " (or give an impact)"), "initial.positions", "x", n);
  f.v0 = rd.numbers(rd.need(init, "initial", "velocities"), "initial.velocities", "x", n);
}

}  // namespace

ScenarioFile parse_scenario_file(const std::string& text, const std::string& source) {
  const Reader rd(source);
  const json j = strict_json::parse(text, source);
  rd.object(j, "", {"description", "masses", "radii", "density", "young_modulus", "poisson_ratio", "contacts", "wall",
                    "local_springs", "initial", "t_end", "reference_method"});
  ScenarioFile f;
  f.source = source;
  f.name = std::filesystem::path(source).filename().string();
  if (const json* d = rd.find(j, "description")) f.description = rd.string(*d, "description");
  std::vector<double> radii;
  read_beads(rd, j, f, radii);
  if (const json* w = rd.find(j, "wall")) {
    if (!w->is_boolean()) rd.fail("wall", "must be true or false (got " + type_of(*w) + ")");
    f.wall = w->get<bool>();
  }
  read_contacts(rd, j, f, radii);
  const std::size_t n = f.masses.size();
  const json* K = rd.find(j, "local_springs");
  f.local_springs = K ? rd.per_bead(*K, "local_springs", "K", n) : std::vector<double>(n, 0.0);
  read_initial(rd, j, f);
  f.t_end = rd.number(rd.need(j, "", "t_end"), "t_end", "t_end");
  if (const json* m = rd.find(j, "reference_method")) {
    f.reference_method = rd.string(*m, "reference_method");
    if (f.reference_method != "adams" && f.reference_method != "bdf")
      rd.fail("reference_method", "must be 'adams' or 'bdf' (got " + m->dump() + ")");
  }
  // What Chain::validate checks beyond the ranges (none expected: a last guard, named).
  try {
    (void)f.problem<double>();
  } catch (const std::exception& e) {
    rd.fail("", e.what());
  }
  return f;
}

ScenarioFile read_scenario_file(const std::filesystem::path& file, std::size_t max_bytes) {
  return parse_scenario_file(strict_json::read_capped(file, max_bytes), printable(file.string()));
}

}  // namespace granconv
