#pragma once
// The force-model catalogue of the order atlas (studies/atlas/atlas.hpp): one entry
// per contact law of the law catalogue (models/contact_law_catalogue.hpp),
// then the bi-stiffness law, and how to build the atlas's two problems with
// it. Adding a law to the law catalogue adds a column to the atlas with no
// other edit (unless it is left out of the default columns: atlas_default).
//
// Both problems are Problem<double> against the CVODE reference:
//   binary  two beads of mass 2 (reduced mass 1), k = 1, approaching at
//           relative speed 1 from touching (scenario `binary-kk`, eq. (7) of
//           JVB), integrated through the whole collision and past separation;
//   trimer  the JVB trimer with the impact IC (3) (scenario `trimer-impact`:
//           x = 0, v = (1, 0, 0)), its two contacts closing and opening.
// The law is set on the scenario's chain (exponents, damping constant, ε);
// the reference cache keys on the chain itself, so each law has its own entry.
#include <string>
#include <vector>

#include "models/scenarios.hpp"
#include "reference/sundials/cvode_reference.hpp"
#include "schemes/scheme.hpp"
#include "schemes/tableau.hpp"

namespace granconv {

enum class AtlasProblem { binary, trimer };
const char* to_string(AtlasProblem p);
const std::vector<AtlasProblem>& atlas_problems();

struct ForceModel {
  std::string name, label;
  std::string notes;  // parametrisation and why, for the report
  ContactLaw<double> law;  // exponents, ε (> 0: mollified damping of that width), clipping
  double gamma = 0;  // our convention: damping force β γ k δ^{β−1} δ̇ (the thesis's γ_n = β γ k)
  // Non-empty: no scheme stepping Chain<S> can integrate this law (why).
  std::string chain_not_applicable;
  // > 0: the law is the bi-stiffness z-ODE (models/bistiffness_chain.hpp)
  // with this energetic restitution e_s and gap memory, built from the
  // problem's undamped chain: state (x, v, z) per bead. Such a column takes
  // the atlas's second path: Runge–Kutta tableaux on the generic system
  // (DenseRungeKutta) against the bi-stiffness CVODE reference, errors on
  // x and v only (z is internal).
  double bistiffness_es = 0;
  bool internal_state() const { return bistiffness_es > 0; }
  // Whether the tailored schemes (which step the undamped chain with
  // numerical dissipation tuned to a KK damping γ) approximate this law.
  bool tailored_applies = false;
  // Whether the atlas runs this law when its claim names no `models`. The
  // non-tensile variants of the laws other than Tsuji's are in the catalogue
  // (scenario files, `granconv list models`) but not among the default
  // columns: each column adds about a seventh to the atlas ctest's time, and
  // tsuji-nontensile already shows what clipping does.
  bool atlas_default = true;

  // Why the (x, w) formulation does not apply ("" when it does).
  std::string xw_not_applicable() const;
};

const std::vector<ForceModel>& force_models();
const ForceModel& force_model(const std::string& name);  // throws on unknown names

// The atlas problem with this law (throws std::invalid_argument for a law the
// chain cannot carry, with its reason). t_end: the problem's final time.
Problem<double> atlas_problem(const ForceModel& model, AtlasProblem problem, double t_end);

// The second path, for a model with internal_state() on its atlas_problem
// (whose chain is the undamped law the state is built from):
//   internal_state_scheme  the tableau stepping the model's own ODE from the
//                          problem's (x, v) initial state (z = 0), observed in
//                          (x, v) like any Scheme<double>; the chain, the
//                          formulation and the exact solution run() receives
//                          are ignored (xv only);
//   internal_state_reference  its CVODE reference at `times`, in (x, v).
Scheme<double> internal_state_scheme(const ForceModel& model, const Problem<double>& problem,
                                     const Tableau<double>& tableau, std::string label);
ReferenceSolution internal_state_reference(const ForceModel& model, const Problem<double>& problem,
                                           const std::vector<double>& times, const ReferenceOptions& options);

}  // namespace granconv
