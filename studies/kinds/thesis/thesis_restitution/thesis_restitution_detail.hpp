#pragma once
// Internals of the claim kind "thesis-restitution" (see
// thesis_restitution_claims.hpp for what it computes and its catalogue
// fields), shared between the collision runs (thesis_restitution_cells.cpp)
// and the two records built from them: the mollifier chain
// (thesis_restitution_eps.cpp) and schemes against the reference
// (thesis_restitution_schemes.cpp). Not for use outside these files.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "studies/core/claim_kinds.hpp"
#include "studies/support/record_helpers.hpp"
#include "studies/support/palette.hpp"
#include "studies/kinds/thesis/thesis_restitution/thesis_restitution_claims.hpp"

namespace granconv::thesis_restitution {

inline const std::string& color(std::size_t i) {
  static const std::vector<std::string> colors = {palette::black, palette::blue,   palette::green, palette::orange,
                                                  palette::red,   palette::purple, palette::brown};
  return colors[i % colors.size()];
}

inline std::string law_label(double eps) { return eps == 0 ? std::string("KK") : fmt::format("ε = {:g} m", eps); }

using Setup = ThesisRestitutionSpec;

// One (law, v_i) cell: the reference and the schemes.
struct Cell {
  double eps = 0, v = 0, t_end = 0;
  double e = 0, de = 0;                   // reference e_n and its error bound
  double xi_max = 0, dxi = 0, t_max = 0;  // maximum overlap, its error bound, when
  double hermite = 0;                     // accuracy estimate of the Hermite maximum
  double t_open = 0, error_estimate = 0;
  long steps = 0;
  std::vector<double> scheme_e;         // per scheme
  std::vector<long> scheme_separation;  // first step with ξ < 0
  std::vector<double> traj_t, traj_xi;  // reference ξ(t), only for the trajectory speed
};

// The steps of h a cell runs to t_end at approach speed v (a whole number, as
// a double: parse_thesis_restitution_spec holds it to the limits before any
// conversion).
double cell_steps(const Setup& s, double v);

// eps = 0 is plain KK. keep_trajectory stores ξ(t) for the trajectory figure.
Cell run_cell(double eps, double v, const Setup& s, const std::vector<std::string>& schemes, bool keep_trajectory,
              const StudyOptions& opt);

nlohmann::json physics(const Setup& s);
nlohmann::json reference_summary(const std::vector<Cell>& cells, const StudyOptions& opt);

// The fields both records share: head, checks, tables, figures, physics, reference.
nlohmann::json record_of(const Claim& claim, const CheckList& checks, nlohmann::json tables, nlohmann::json figures,
                         const Setup& s, const std::vector<Cell>& cells, const StudyOptions& opt);

// The records of "check": "eps" and "schemes".
ClaimResult run_eps(const Claim& claim, const Setup& s, const StudyOptions& opt);
ClaimResult run_schemes(const Claim& claim, const Setup& s, const StudyOptions& opt);

}  // namespace granconv::thesis_restitution
