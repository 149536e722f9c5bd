// Scenario files (models/scenario_file/): the shipped files are the built-in
// scenarios bit for bit, the law table is the force-model catalogue's, and
// bad files end with one line naming the file and the field.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "models/scenario_file/scenario_file.hpp"
#include "models/scenarios.hpp"
#include "studies/atlas/atlas_models.hpp"

using namespace granconv;

namespace {

const std::filesystem::path kShipped = GRANCONV_SCENARIOS_DIR;

std::string message_of(const std::string& text) {
  try {
    parse_scenario_file(text, "chain.json");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

// A trimer file with `contacts` and `tail` (more top-level fields) spliced in.
std::string trimer(const std::string& contacts = R"({"law": "kk", "stiffness": 1, "damping": 0.1})",
                   const std::string& tail = R"("initial": {"impact": {"bead": 0, "speed": 1}}, "t_end": 5)") {
  return R"({"masses": [1, 0.5, 0.7], "contacts": )" + contacts + ", " + tail + "}";
}

}  // namespace

TEST_CASE("every shipped scenario file is its built-in scenario, bit for bit in double", "[scenario-file]") {
  int files = 0;
  for (const auto& info : scenario_catalogue()) {
    const auto file = kShipped / (info.name + ".json");
    if (info.name == "forced-particle" || info.name == "singular-q") {
      CHECK_FALSE(std::filesystem::exists(file));  // on-site forces and exact references: not in the format
      continue;
    }
    INFO(info.name);
    const auto built_in = make_problem<double>(info.name, info.defaults);
    const auto from_file = read_scenario_file(file).problem<double>();
    const auto &a = built_in.chain, &b = from_file.chain;
    CHECK(a.m == b.m);
    CHECK(a.K == b.K);
    CHECK(a.k == b.k);
    CHECK(a.gamma == b.gamma);
    CHECK(a.law.twice_alpha == b.law.twice_alpha);
    CHECK(a.law.four_beta == b.law.four_beta);
    CHECK(a.law.nontensile == b.law.nontensile);
    CHECK(a.law.eps == b.law.eps);
    CHECK(a.wall == b.wall);
    CHECK(a.has_on_site_force() == b.has_on_site_force());
    CHECK(built_in.y0 == from_file.y0);
    CHECK(built_in.t_end == from_file.t_end);
    CHECK(built_in.reference_method == from_file.reference_method);
    CHECK(from_file.scenario == info.name + ".json");
    ++files;
  }
  CHECK(files == 9);
}

TEST_CASE("the file's laws are the force-model catalogue's chain laws", "[scenario-file]") {
  std::size_t chain_laws = 0;
  for (const auto& m : force_models()) {
    if (m.internal_state() || !m.chain_not_applicable.empty()) continue;
    ++chain_laws;
    INFO(m.name);
    const ContactLawInfo& law = contact_law_info(m.name);
    CHECK(law.twice_alpha == m.law.twice_alpha);
    CHECK(law.four_beta == m.law.four_beta);
    CHECK(law.nontensile == m.law.nontensile);
    CHECK(law.damped == (m.gamma > 0));
    CHECK(law.mollified == m.law.mollified());
  }
  CHECK(contact_law_catalogue().size() == chain_laws);
}

TEST_CASE("a scenario file builds the chain it describes", "[scenario-file]") {
  const auto f = parse_scenario_file(
      R"({"masses": [1, 2, 3], "contacts": {"law": "mollified-kk", "stiffness": 2, "damping": 0.2, "eps": 1e-3},
          "wall": true, "local_springs": [0, 0.5, 0], "reference_method": "bdf",
          "initial": {"positions": [0.1, 0, -0.1], "velocities": [1, 0, -1]}, "t_end": 2})",
      "chain.json");
  const auto pr = f.problem<double>();
  CHECK(pr.chain.links() == 3);  // two pairs and the wall
  CHECK(pr.chain.k == std::vector<double>(3, 2.0));
  CHECK(pr.chain.gamma == std::vector<double>(3, 0.2));
  CHECK(pr.chain.law.eps == 1e-3);
  CHECK(pr.chain.K[1] == 0.5);
  CHECK(pr.y0[4] == -0.1);
  CHECK(pr.y0[5] == -1);
  CHECK(pr.reference_method == "bdf");
  // Radii with a material: masses and Hertz stiffnesses of models/sphere_chains.hpp, the wall's included.
  const auto s = parse_scenario_file(
      R"({"radii": [0.01, 0.02], "density": 7780, "young_modulus": 2e11, "poisson_ratio": 0.3, "wall": true,
          "contacts": {"law": "hertz", "restitution": 0.8}, "initial": {"impact": {"bead": 0, "speed": 1}},
          "t_end": 1e-3})",
      "spheres.json")
                     .problem<double>();
  const double e_star = effective_modulus(2e11, 0.3, 2e11, 0.3);
  CHECK(s.chain.m[1] == sphere_mass(0.02, 7780));
  CHECK(s.chain.k[0] == hertz_stiffness(0.01, 0.02, e_star));
  CHECK(s.chain.k[1] == hertz_stiffness(0.02, 0, e_star));
  CHECK(s.params.get("es") == 0.8);
}

TEST_CASE("bad scenario files: one line naming the file and the field", "[scenario-file]") {
  using Catch::Contains;
  CHECK_THAT(message_of(trimer(R"([{"law": "kk", "stiffness": 1, "damping": 0.1}, {"law": "kk", "stiffness": -1,
                                   "damping": 0.1}])")),
             Contains("chain.json: contacts[1].stiffness: must be > 0 (got -1)"));
  CHECK_THAT(message_of(trimer(R"({"law": "hooke", "stiffness": 1})")), Contains("contacts.law: unknown law 'hooke'"));
  CHECK_THAT(message_of(trimer(R"({"law": "kk", "stiffness": 1, "damping": -0.1})")),
             Contains("contacts.damping: must be ≥ 0 (got -0.1)"));
  CHECK_THAT(message_of(trimer(R"({"law": "kk", "stiffness": 1})")), Contains("contacts.damping: missing"));
  CHECK_THAT(message_of(trimer(R"({"law": "hertz", "stiffness": 1, "damping": 0.1})")),
             Contains("contacts.damping: law 'hertz' is undamped"));
  CHECK_THAT(message_of(trimer(R"([{"law": "kk", "stiffness": 1, "damping": 0.1}, {"law": "hunt-crossley",
                                   "stiffness": 1, "damping": 0.1}])")),
             Contains("contacts[1].law: 'hunt-crossley' differs from contacts[0]'s 'kk'"));
  CHECK_THAT(message_of(trimer(R"([{"law": "kk", "stiffness": 1, "damping": 0.1}])")),
             Contains("contacts: must have 2 entries, one per contact (got 1)"));
  CHECK_THAT(message_of(trimer(R"([{"law": "kk", "stiffness": 1, "damping": 0.1, "stiffness": 2}, {}])")),
             Contains("contacts[0].stiffness: key given twice"));
  CHECK_THAT(message_of(trimer(R"({"law": "kk", "stifness": 1, "damping": 0.1})")),
             Contains("contacts.stifness: unknown key (did you mean 'stiffness'?)"));
  CHECK_THAT(message_of(trimer(R"({"law": "kk", "stiffness": 1, "damping": 0.1})",
                               R"("initial": {"impact": {"bead": 3, "speed": 1}}, "t_end": 5)")),
             Contains("initial.impact.bead: must be in [0, 2] (got 3)"));
  CHECK_THAT(message_of(trimer(R"({"law": "kk", "stiffness": 1, "damping": 0.1})",
                               R"("initial": {"positions": [0, 0, 0], "velocities": [0, 1]}, "t_end": 5)")),
             Contains("initial.velocities: must have 3 entries, one per bead (got 2)"));
  CHECK_THAT(message_of(trimer(R"({"law": "kk", "stiffness": 1, "damping": 0.1})",
                               R"("initial": {"impact": {"bead": 0, "speed": 1}}, "t_end": 1e400)")),
             Contains("t_end: must be a finite number"));
  CHECK_THAT(message_of(trimer(R"({"law": "kk", "stiffness": 1, "damping": 0.1})",
                               R"("initial": {"impact": {"bead": 0, "speed": 1}}, "t_end": "5")")),
             Contains("t_end: must be a number (got a string)"));
  CHECK_THAT(message_of(trimer(R"({"law": "kk", "stiffness": 1, "damping": 0.1})",
                               R"("initial": {"impact": {"bead": 0, "speed": 1}})")),
             Contains("chain.json: t_end: missing"));
  CHECK_THAT(message_of(R"({"masses": [1, -1e400, 1]})"), Contains("chain.json: masses[1]: must be a finite number"));
  CHECK_THAT(message_of(R"({"contacts": {"law": "hertz", "stiffness": 1}, "t_end": 1})"), Contains("masses: missing"));
  CHECK_THAT(message_of(R"({"masses": [1, 1], "radii": [1, 1]})"), Contains("radii: give 'masses' or 'radii'"));
  CHECK_THAT(message_of("{\"masses\": [1, 1], "), Contains("chain.json: not valid JSON"));
  // The longest chain is kMaxBeads: one more is refused before any entry is read.
  std::string many = "{\"masses\": [1";
  for (int i = 0; i < kMaxBeads; ++i) many += ",1";
  CHECK_THAT(message_of(many + "]}"), Contains("masses: 100001 beads, more than the maximum 100000"));
}

TEST_CASE("a scenario file is read up to its size cap only", "[scenario-file]") {
  using Catch::Contains;
  const auto path = std::filesystem::temp_directory_path() / "granconv-test-scenario-file-cap.json";
  {
    std::ofstream out(path);
    out << trimer() << std::string(2000, ' ');
  }
  CHECK_NOTHROW(read_scenario_file(path));
  CHECK_THROWS_WITH(read_scenario_file(path, 1000), Contains("more than 1000 bytes, the limit"));
  std::filesystem::remove(path);
  CHECK_THROWS_WITH(read_scenario_file(path), Contains("cannot read it"));
}
