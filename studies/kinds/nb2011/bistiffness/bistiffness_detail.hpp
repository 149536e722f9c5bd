#pragma once
// Internals of the claim kind "bistiffness" (see bistiffness_claims.hpp for
// what it checks and bistiffness_claims.cpp for its catalogue fields), shared
// between the set-up every check uses (bistiffness_setup.cpp) and the four
// records of "check": zode, binary-restitution, wall-factor and table1
// (bistiffness_<check>.cpp). Not for use outside these files.
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/bistiffness_chain.hpp"
#include "models/sphere_chains.hpp"
#include "reference/sundials/bistiffness_reference.hpp"
#include "studies/core/claim_kinds.hpp"
#include "studies/kinds/nb2011/bistiffness/bistiffness_claims.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv::bistiffness {

// Rounded for the record; forces ahead of a wave underflow (std::stod throws
// on subnormals), and are zero for any figure.
double rounded(double v, int digits);

inline constexpr auto check = &check_entry;  // studies/support/record_helpers.hpp

// A striker of radius rs at speed V hitting touching beads from the left.
struct Setup {
  SphereChain<double> sc;
  BistiffnessChain<double> bc;
  Vec<double> y0;
  double dm = 0, V = 0;  // max overlap of the striker's binary Hertz collision: the length scale
};

Setup make_setup(const std::vector<double>& radii, double rs, double V, bool wall, double es, ContactMemory mem,
                 const SphereMaterial& mat);

// The claim's tolerance, within the run's wall-clock budget (--reference-budget).
BistiffnessReferenceOptions ref_options(double rtol, const Setup& s, double max_seconds);

Vec<double> velocities(const BistiffnessChain<double>& c, const Vec<double>& y);

// No contact carries force or approaches: nothing changes any more (z-ODE
// without gap memory; LZB's termination (19)).
bool terminal(const BistiffnessChain<double>& c, const Vec<double>& y);

std::vector<double> linspace(double a, double b, int n);

// Largest force at contact j over the peak events (exact maxima of K z^η)
// and its time; {0, −1} if the contact never peaked.
std::pair<double, double> peak_force(const BistiffnessSolution& sol, const BistiffnessChain<double>& c, int j);

// The duration of a binary Hertz collision of reduced mass mu, stiffness K, at speed V.
double hertz_binary_duration(double mu, double K, double V);

// The records of "check"; each adds its checks and its record's fields.
ClaimResult run_zode(const Claim& claim, const BistiffnessSpec& spec, const StudyOptions& opt, CheckList& checks,
                     nlohmann::json& record);
ClaimResult run_binary(const Claim& claim, const BistiffnessSpec& spec, const StudyOptions& opt, CheckList& checks,
                       nlohmann::json& record);
ClaimResult run_wall_factor(const Claim& claim, const BistiffnessSpec& spec, const StudyOptions& opt,
                            CheckList& checks, nlohmann::json& record);
ClaimResult run_table1(const Claim& claim, const BistiffnessSpec& spec, const StudyOptions& opt, CheckList& checks,
                       nlohmann::json& record);

}  // namespace granconv::bistiffness
