#pragma once
// A chain described in a JSON file instead of models/scenarios.cpp
// (docs/scenario-files.md): masses (or radii with a density), one contact
// law of the force-model catalogue with its parameters per contact, an
// optional wall and local springs, the initial state (or an impact on one
// bead) and the final time. The file is checked with the ranges of the
// built-in parameters (models/parameter_ranges.hpp) and every error is one
// line naming the file and the field.
//
// Numbers are read as doubles, so a file reproduces a built-in scenario bit
// for bit in double; in extended precision its values are those doubles
// (the built-in trimer's (4/5)^3 is computed in the scalar itself).
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "models/chain.hpp"
#include "models/contact_law_catalogue.hpp"
#include "models/parameters.hpp"
#include "models/scenarios.hpp"

namespace granconv {

// A file bigger than this is refused unread: 100000 beads (kMaxBeads) with
// masses, contacts, positions and velocities written out take about 25 MB.
inline constexpr std::size_t kMaxScenarioFileBytes = std::size_t(32) << 20;

struct ScenarioFile {
  std::string source;  // the path as given, for messages
  std::string name;    // the file name: the problem's scenario name
  std::string description;
  std::vector<double> masses, local_springs, x0, v0;  // per bead
  std::vector<double> stiffness, damping;              // per contact (the wall's last)
  // A law of the catalogue (models/contact_law_catalogue.hpp) by its name:
  // the exponents come with it, the file gives the stiffness k, the damping
  // constant γ (force β γ k δ^{β−1} δ̇) and the mollifier width ε.
  std::string law;
  ContactLaw<double> contact_law;
  std::optional<double> restitution;  // e_s of the impulse scheme (problem parameter "es")
  bool wall = false;
  double t_end = 0;
  std::string reference_method = "adams";

  template <class S>
  Problem<S> problem() const;
};

ScenarioFile read_scenario_file(const std::filesystem::path& file, std::size_t max_bytes = kMaxScenarioFileBytes);
// The same from text already read; `source` names it in messages.
ScenarioFile parse_scenario_file(const std::string& text, const std::string& source);

template <class S>
Problem<S> ScenarioFile::problem() const {
  auto to_s = [](const std::vector<double>& v) { return std::vector<S>(v.begin(), v.end()); };
  Problem<S> pr;
  pr.scenario = name;
  if (restitution) pr.params = Parameters({{"es", *restitution}});
  pr.chain.m = to_s(masses);
  pr.chain.K = to_s(local_springs);
  pr.chain.k = to_s(stiffness);
  pr.chain.gamma = to_s(damping);
  pr.chain.law = {contact_law.twice_alpha, contact_law.four_beta, S(contact_law.eps), contact_law.nontensile};
  pr.chain.wall = wall;
  pr.chain.validate();
  pr.y0.resize(2 * static_cast<Eigen::Index>(masses.size()));
  for (std::size_t i = 0; i < masses.size(); ++i) {
    pr.y0[2 * i] = S(x0[i]);
    pr.y0[2 * i + 1] = S(v0[i]);
  }
  pr.t_end = S(t_end);
  pr.reference_method = reference_method;
  return pr;
}

}  // namespace granconv
