#include "studies/atlas/atlas_models.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "models/bistiffness_chain.hpp"
#include "models/find_by_name.hpp"
#include "reference/sundials/bistiffness_reference.hpp"
#include "schemes/blow_up_guard.hpp"
#include "schemes/dense_runge_kutta.hpp"

namespace granconv {

const char* to_string(AtlasProblem p) { return p == AtlasProblem::binary ? "binary" : "trimer"; }

const std::vector<AtlasProblem>& atlas_problems() {
  static const std::vector<AtlasProblem> problems = {AtlasProblem::binary, AtlasProblem::trimer};
  return problems;
}

std::string ForceModel::xw_not_applicable() const {
  if (!chain_not_applicable.empty()) return chain_not_applicable;
  if (internal_state())
    return "no (x, w) form: the law dissipates through its internal state z, not a damping force with a potential; "
           "its state is (x, v, z)";
  if (law.mollified()) return "no damping potential in closed form for the mollified damping (Chain::has_damping_potential)";
  if (law.nontensile) return "no (x, w) form of a non-tensile law: the damping potential cannot switch off with the clipped force";
  if (gamma == 0) return "undamped: (x, w) is (x, v) (w = v without damping), the xv row is the same run";
  return "";
}

namespace {
// The atlas's parametrisation of every law (the rows' notes say it): one
// damping constant for every damped law, γ = 0.1, the trimer-impact default
// of JVB fig. 2, so the KK column reproduces jvb-fig2-* exactly; the
// mollifier width ε = 1e-3 (models/contact_law_catalogue.cpp says why).
constexpr double kAtlasGamma = 0.1;
constexpr double kAtlasEps = 1e-3;

ForceModel column(const ContactLawInfo& row) {
  ForceModel m;
  m.name = row.name;
  m.label = row.label;
  m.notes = row.notes;
  m.law = row.law(kAtlasEps);
  m.gamma = row.damped ? kAtlasGamma : 0.0;
  m.tailored_applies = row.tailored_applies;
  m.atlas_default = row.atlas_default;
  return m;
}
}  // namespace

const std::vector<ForceModel>& force_models() {
  static const std::vector<ForceModel> models = [] {
    std::vector<ForceModel> m;
    for (const auto& row : contact_law_catalogue()) m.push_back(column(row));
    // e_s = 0.9: a restitution typical of steel beads, far enough from 1 that
    // the kinks of the law (ż jumps from u to u/e_s² at the force peak, and
    // the force is cut at z = 0 with a residual overlap δ_r) are not
    // negligible, close enough that the trimer's three bodies still collide
    // repeatedly within t_end. Gap memory: a released contact re-engages only
    // when its gap closes again, as the compliant chains of the other columns.
    // Its chain is the undamped Hertz chain of the problem.
    ForceModel bi = column(contact_law_info("hertz"));
    bi.name = "bistiffness";
    bi.label = "bi-stiffness (Nguyen–Brogliato, e_s = 0.9)";
    bi.notes = "K z^{3/2} with a virtual indentation z per contact (ż = δ̇ compressing, δ̇/e_s² expanding, "
               "0 released), e_s = 0.9, gap memory, on the undamped Hertz chain of the problem "
               "(models/bistiffness_chain.hpp); state (x, v, z) per bead, stepped by the Runge–Kutta "
               "tableaux on the generic system (schemes/dense_runge_kutta.hpp) against the bi-stiffness "
               "CVODE reference (reference/sundials/bistiffness_reference.hpp); errors on x and v only";
    bi.tailored_applies = false;
    bi.atlas_default = true;
    bi.bistiffness_es = 0.9;
    m.push_back(bi);
    return m;
  }();
  return models;
}

const ForceModel& force_model(const std::string& name) {
  return find_by_name(force_models(), name, "force model", [](const ForceModel& f) { return f.name; });
}

Problem<double> atlas_problem(const ForceModel& model, AtlasProblem problem, double t_end) {
  if (!model.chain_not_applicable.empty())
    throw std::invalid_argument("force model '" + model.name + "': " + model.chain_not_applicable);
  const double beta = model.law.four_beta / 4.0;
  const std::vector<std::string> params = {fmt::format("beta={}", beta), fmt::format("gamma={:.17g}", model.gamma),
                                           fmt::format("t_end={:.17g}", t_end)};
  auto pr = make_problem<double>(problem == AtlasProblem::binary ? "binary-kk" : "trimer-impact", params);
  pr.chain.law = model.law;
  pr.chain.validate();
  return pr;
}

namespace {
BistiffnessChain<double> bistiffness_of(const ForceModel& model, const Problem<double>& problem) {
  if (!model.internal_state())
    throw std::invalid_argument("force model '" + model.name + "' has no internal state (it steps as a Chain)");
  return BistiffnessChain<double>::from_chain(problem.chain, model.bistiffness_es, ContactMemory::gap);
}
}  // namespace

Scheme<double> internal_state_scheme(const ForceModel& model, const Problem<double>& problem,
                                     const Tableau<double>& tableau, std::string label) {
  // Shared, not copied per run: Scheme::run is a std::function copied around.
  auto chain = std::make_shared<const BistiffnessChain<double>>(bistiffness_of(model, problem));
  DenseRungeKutta<double> rk(tableau);
  Scheme<double> s{tableau.name, std::move(label), tableau.classical_order, {}};
  s.run = [rk, chain, name = model.name](const Chain<double>&, Formulation f, const Vec<double>& y0, const double& h,
                                         long n, const Scheme<double>::Observer& obs, const ExactSolution<double>&) {
    if (f != Formulation::xv)
      throw std::invalid_argument("force model '" + name + "': only the (x, v, z) state is integrated (no xw)");
    Vec<double> y = chain->from_xv(y0), xv(y0.size());
    auto ws = rk.make_workspace(chain->dim());
    for (long k = 0; k < n; ++k) {
      rk.step(*chain, h * double(k), y, h, ws, k + 1);
      if (!obs) continue;
      for (int i = 0; i < chain->beads(); ++i) xv[2 * i] = y[chain->ix(i)], xv[2 * i + 1] = y[chain->iv(i)];
      obs(k + 1, xv);
    }
  };
  return guarded(std::move(s));
}

ReferenceSolution internal_state_reference(const ForceModel& model, const Problem<double>& problem,
                                           const std::vector<double>& times, const ReferenceOptions& options) {
  const auto chain = bistiffness_of(model, problem);
  BistiffnessReferenceOptions o;
  o.rtol = options.rtol;
  o.atol_x = o.atol_v = options.atol;
  o.method = options.method.empty() ? "adams" : options.method;  // the scenarios' default (Adams: non-stiff)
  o.max_steps = options.max_steps;
  o.max_seconds = options.max_seconds;
  o.estimate_error = false;  // estimated below, as cvode_reference does
  const Vec<double> y0 = chain.from_xv(problem.y0);
  BistiffnessSolution sol = bistiffness_reference(chain, y0, times, o);
  ReferenceSolution r;
  r.times = std::move(sol.times);
  r.states.reserve(sol.states.size());
  for (const auto& y : sol.states) r.states.push_back(chain.to_xv(y));
  r.provenance = std::move(sol.provenance);
  if (!options.estimate_error) return r;
  // The error estimate of reference/sundials/cvode_reference.cpp: a rerun at rtol/10,
  // atol/10, or, when CVODE refuses that (at rtol = 1e-15 it does: below what
  // double allows), a rerun with the other method at the same tolerances.
  auto difference = [&](const BistiffnessSolution& other) {
    double d = 0;
    for (std::size_t i = 0; i < r.states.size(); ++i)
      d = std::max(d, (r.states[i] - chain.to_xv(other.states[i])).cwiseAbs().maxCoeff());
    return d;
  };
  BistiffnessReferenceOptions fine = o;
  fine.rtol /= 10;
  fine.atol_x /= 10;
  fine.atol_v /= 10;
  try {
    r.provenance.error_estimate = difference(bistiffness_reference(chain, y0, times, fine));
    r.provenance.error_estimate_method =
        fmt::format("max |Δ| of (x, v) vs rerun ({}) at rtol {:g}, atol {:g}", o.method, fine.rtol, fine.atol_x);
  } catch (const std::runtime_error& refused) {
    BistiffnessReferenceOptions alt = o;
    alt.method = o.method == "adams" ? "bdf" : "adams";
    r.provenance.error_estimate = difference(bistiffness_reference(chain, y0, times, alt));
    r.provenance.error_estimate_method =
        fmt::format("max |Δ| of (x, v) vs rerun ({}) at rtol {:g}, atol {:g} (CVODE refused rtol {:g}: {})",
                    alt.method, o.rtol, o.atol_x, fine.rtol, refused.what());
  }
  return r;
}

}  // namespace granconv
