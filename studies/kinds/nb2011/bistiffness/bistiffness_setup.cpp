// The set-up every record of the bistiffness kind shares: the striker and
// chain, the z-ODE reference options, and what is read off a solution.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reference/sundials/cvode_reference.hpp"
#include "schemes/lzb.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/kinds/nb2011/bistiffness/bistiffness_detail.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv::bistiffness {

using nlohmann::json;

double rounded(double v, int digits) { return sig(v, digits, 1e-300); }


Setup make_setup(const std::vector<double>& radii, double rs, double V, bool wall, double es, ContactMemory mem,
                 const SphereMaterial& mat) {
  SphereChainSpec spec;
  spec.radii = radii;
  spec.material = mat;
  spec.wall = wall;
  spec.strikers = {Striker{Striker::Side::left, rs, V, 0.0}};
  Setup s;
  s.sc = make_sphere_chain<double>(spec);
  s.bc = BistiffnessChain<double>::from_chain(s.sc.chain, es, mem);
  s.y0 = s.bc.from_xv(s.sc.y0);
  const auto& m = s.sc.chain.m;
  const double mu = m.size() > 1 ? m[0] * m[1] / (m[0] + m[1]) : m[0];
  s.dm = std::pow(5 * mu * V * V / (4 * s.sc.chain.k[0]), 0.4);
  s.V = V;
  return s;
}

// The claim's tolerance, within the run's wall-clock budget (--reference-budget).
BistiffnessReferenceOptions ref_options(double rtol, const Setup& s, double max_seconds) {
  BistiffnessReferenceOptions o;
  o.rtol = rtol;
  o.max_seconds = max_seconds;
  o.atol_x = 1e-3 * rtol * s.dm;
  o.atol_v = 1e-3 * rtol * s.V;
  return o;
}

Vec<double> velocities(const BistiffnessChain<double>& c, const Vec<double>& y) {
  Vec<double> v(c.beads());
  for (int i = 0; i < c.beads(); ++i) v[i] = y[c.iv(i)];
  return v;
}

// No contact carries force or approaches: nothing changes any more (z-ODE
// without gap memory; LZB's termination (19)).
bool terminal(const BistiffnessChain<double>& c, const Vec<double>& y) {
  for (int j = 0; j < c.links(); ++j)
    if (y[c.iz(j)] > 0 || c.approach(y, j) > 0) return false;
  return true;
}

std::vector<double> linspace(double a, double b, int n) {
  std::vector<double> t(n + 1);
  for (int k = 0; k <= n; ++k) t[k] = a + (b - a) * k / n;
  return t;
}

// Largest force at contact j over the peak events (exact maxima of K z^η)
// and its time; {0, −1} if the contact never peaked.
std::pair<double, double> peak_force(const BistiffnessSolution& sol, const BistiffnessChain<double>& c, int j) {
  double F = 0, T = -1;
  for (std::size_t i = 0; i < sol.events.size(); ++i) {
    const auto& ev = sol.events[i];
    if (ev.contact != j || ev.kind != BistiffnessEvent::Kind::peak) continue;
    const double f = c.force(sol.event_states[i], j);
    if (f > F) F = f, T = ev.t;
  }
  return {F, T};
}

double hertz_binary_duration(double mu, double K, double V) {
  // 2 (δ_m/V) ∫_0^1 (1 − s^{5/2})^{-1/2} ds with the integral (2/5) B(2/5, 1/2).
  const double dm = std::pow(5 * mu * V * V / (4 * K), 0.4);
  return 2 * dm / V * 0.4 * std::tgamma(0.4) * std::tgamma(0.5) / std::tgamma(0.9);
}

}  // namespace granconv::bistiffness
