#include "studies/external/external_stepper.hpp"

#include "models/input/printable.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/core/claim.hpp"

namespace granconv {

const std::vector<std::string>& placeholder_names() {
  static const std::vector<std::string> names = {"scenario", "h", "t_end", "every", "steps", "every_steps", "out", "dir"};
  return names;
}

std::string Placeholders::apply(const std::string& element) const {
  std::string out;
  std::size_t i = 0;
  while (i < element.size()) {
    const std::size_t open = element.find('{', i);
    if (open == std::string::npos) break;
    const std::size_t close = element.find('}', open);
    if (close == std::string::npos) break;
    const std::string key = element.substr(open + 1, close - open - 1);
    const auto it = values.find(key);
    if (it == values.end()) throw std::invalid_argument("unknown placeholder {" + key + "} in '" + element + "'");
    out += element.substr(i, open - i) + it->second;
    i = close + 1;
  }
  return out + element.substr(i);
}

namespace {

// The placeholders a template may use: a typo is a catalogue problem, not a run's.
void check_placeholders(FieldReader& r, const std::string& key, const std::vector<std::string>& argv) {
  Placeholders known;
  for (const auto& n : placeholder_names()) known.values[n] = "";
  for (const auto& a : argv) try {
      (void)known.apply(a);
    } catch (const std::exception& e) {
      r.problem(key, e.what());
    }
}

std::vector<std::string> read_argv(FieldReader& r, const std::string& key, bool required) {
  auto argv = required ? r.req<std::vector<std::string>>(key) : r.opt<std::vector<std::string>>(key, {});
  r.check(!required || !argv.empty(), key, "must name a program");
  r.check(argv.empty() || !argv.front().empty(), key, "must name a program first, not an empty string");
  r.check(argv.size() <= 1000, key, "has more than 1000 elements");
  check_placeholders(r, key, argv);
  return argv;
}

}  // namespace

ExternalStepper read_external_stepper(FieldReader& claim, const std::filesystem::path& dir) {
  return claim.object("external", [&](FieldReader& r) {
    ExternalStepper e;
    e.dir = dir;
    e.record = r.json();
    e.name = r.req<std::string>("name");
    r.check(valid_output_name(e.name), "name", "'" + printable(e.name) + "' is refused: " + output_name_rule());
    e.prepare = read_argv(r, "prepare", false);
    e.command = read_argv(r, "command", true);
    e.version = read_argv(r, "version", false);
    e.requires_programs = r.opt<std::vector<std::string>>("requires", {});
    e.every = r.req<double>("every", positive());
    e.budget_seconds = r.opt<double>("budget_seconds", 60.0, Range{0, kMaxExternalBudgetSeconds, true, false});
    e.max_output_bytes = r.opt<std::uintmax_t>("max_output_bytes", std::uintmax_t(16) << 20,
                                               Range{1, double(kMaxExternalOutputBytes)});
    e.identify = r.opt<std::vector<std::string>>("identify", {});
    e.labels = r.opt<std::vector<std::string>>("labels", {});
    for (const auto& l : e.labels)
      r.check(!l.empty() && l.size() <= 40 && l.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos,
              "labels", "must be lower-case letters, digits and '-' (ctest labels), not '" + l + "'");
    for (const auto& s : e.identify) try {
        (void)make_scheme<double>(s);
      } catch (const std::exception& ex) {
        r.problem("identify", ex.what());
      }
    r.object("output", [&](FieldReader& o) {
      e.format = o.one_of("format", {"csv", "lammps-dump"}) == "csv" ? TrajectoryFormat::csv : TrajectoryFormat::lammps_dump;
      e.coordinates = o.one_of("coordinates", {"displacement", "absolute"}, "displacement") == "absolute"
                          ? Coordinates::absolute
                          : Coordinates::displacement;
      // Which velocity the program writes: only the synchronised v(t_k) is compared today.
      (void)o.one_of("velocity", {"synchronised"}, "synchronised");
      e.position_scale = o.opt<double>("position_scale", 0.0, positive());
      o.check(e.coordinates == Coordinates::displacement || e.format != TrajectoryFormat::csv || e.position_scale > 0,
              "position_scale", "is required with absolute coordinates in a CSV: the largest |X| the program holds (its round-off)");
      o.check(e.format != TrajectoryFormat::lammps_dump || e.coordinates == Coordinates::absolute, "coordinates",
              "must be 'absolute' for a LAMMPS dump (LAMMPS stores positions, not displacements)");
      return 0;
    });
    return e;
  });
}

}  // namespace granconv
