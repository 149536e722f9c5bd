#pragma once
// Internals of the claim kind "contact-dynamics" (see contact_dynamics_claims.hpp
// for what it checks and its catalogue fields), shared between the E1 runs and
// their mode fits (contact_dynamics_e1.cpp), the checks and figures built from
// them (contact_dynamics_checks.cpp, contact_dynamics_figures.cpp) and the
// four records of "check" (contact_dynamics_<check>.cpp). Not for use outside
// these files.
#include <cstdint>
#include <numbers>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fit/damped_sine_fit.hpp"
#include "fit/sample_statistics.hpp"
#include "schemes/contact_dynamics.hpp"
#include "studies/core/claim_kinds.hpp"
#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_claims.hpp"

namespace granconv::contact_dynamics {

// d = m = Δt = 1 throughout (the paper states its parameters in these units).
struct Spec : ContactDynamicsSpec::Chain {
  std::string id;
  Spec(const Claim& claim, const ContactDynamicsSpec& spec) : ContactDynamicsSpec::Chain(spec.chain), id(claim.id) {}
  // Fundamental mode: fixed wall, free end, wavelength 4L with L = disks · d
  // (the wall contact is half a contact, see the notes).
  double k1() const { return std::numbers::pi / (2.0 * disks); }
  cd::SoundPrediction predict(int ni) const { return cd::predict_sound(q, ni, k1(), 1, 1); }
  cd::SoundPrediction predict_rival(int ni) const { return cd::predict_sound(rival_q, ni, k1(), 1, 1); }
  int steps(int ni) const { return static_cast<int>(e1_steps(ni)); }
};

// A run of E1: the rightmost disk's centre, kinetic energy and the work of
// the external force, sampled at every step (index = time).
struct Trace {
  std::vector<double> t, x, ke, work;
  double t_linear = 0;  // after this, every contact carried a force (or, for CVODE, no gap crossed 0)
};

cd::Chain1D make_e1(const Spec& s, int ni, std::uint64_t seed, cd::GapMode gap);
Trace run_e1(const Spec& s, int ni, std::uint64_t seed, cd::GapMode gap, int steps);

struct ModeFit {
  DampedSineFit fit, predicted;
  double t0 = 0, t1 = 0;
};
ModeFit fit_mode(const Spec& s, const Trace& tr, int ni, const std::string& what);

// ω and τ of every (N_I, seed) CD run, fitted.
struct Sweep {
  std::vector<std::vector<ModeFit>> fits;  // [n_i][seed]
  std::vector<std::vector<Trace>> first;   // [n_i][0]: the seed-1 trace, for figures
  std::vector<MeanSd> omega, tau;
};
Sweep cd_sweep(const Spec& s, const StudyOptions& opt);
std::size_t index_of(const Spec& s, int ni);

// Checks (contact_dynamics_checks.cpp).
nlohmann::json relative_check(const std::string& label, double paper, double observed, double tol);
nlohmann::json relative_ci_check(const std::string& label, double paper, double observed, double lo, double hi,
                                 double tol, int samples, const nlohmann::json& source, double rival);
nlohmann::json slope_check(const std::string& label, const std::vector<double>& x, const std::vector<double>& y,
                           double expected, double tol, double rival, const nlohmann::json& source);

// Tables and figures (contact_dynamics_figures.cpp).
std::vector<double> sig_all(const std::vector<double>& v, int digits = 8);
nlohmann::json line_series(const std::string& title, const std::vector<double>& x, const std::vector<double>& y,
                           const std::string& style, const std::string& color);
nlohmann::json trajectory_figure(const std::string& name, const std::string& title, const std::string& caption,
                                 const Trace& tr, const ModeFit& mf, const std::string& data_title, double t_from);
nlohmann::json sweep_table(const Spec& s, const Sweep& sw);

// The records of "check".
ClaimResult run_shock_law(const Claim& claim, const ContactDynamicsSpec& spec);
ClaimResult run_sound(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt);
ClaimResult run_equivalent_chain(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt);
ClaimResult run_raw_gap(const Claim& claim, const ContactDynamicsSpec& spec, const StudyOptions& opt);

}  // namespace granconv::contact_dynamics
