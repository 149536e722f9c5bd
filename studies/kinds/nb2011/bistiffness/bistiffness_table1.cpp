// check "table1": peak forces F9R, F17L of the bi-stiffness chains against
// the paper's Table 1 (and LZB's own peaks beside).
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
#include "studies/support/palette.hpp"
#include "studies/support/parallel_for.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv::bistiffness {

using nlohmann::json;

namespace {

double lzb_force(double K, double E, double eta) {
  return std::pow(1 + eta, eta / (eta + 1)) * std::pow(K, 1 / (1 + eta)) * std::pow(E, eta / (eta + 1));
}

}  // namespace

// ----------------------------------------------------------------- table 1

ClaimResult run_table1(const Claim& claim, const BistiffnessSpec& spec, const StudyOptions& opt, CheckList& checks,
                       json& record) {
  const auto& mat = spec.material;
  const double R = spec.bead_radius, rs = spec.striker_radius, es = spec.es;
  const double t_end = spec.t_end, tol = spec.tolerance;
  const auto mem = spec.memory;
  const double lzb_dP = spec.lzb_dP;
  const double rtol = spec.rtol;
  // Right contact of bead 9 = link 9, left contact of bead 17 = link 16
  // (striker = body 0, bead n = body n).
  const int links[2] = {9, 16};
  struct Case {
    int beads;
    double V;
    std::vector<double> paper, experiment, rival;
    double F[2] = {0, 0}, T[2] = {0, 0}, F_other[2] = {0, 0}, F_lzb[2] = {0, 0};
    long lzb_steps = 0;
    std::vector<double> t, f[2];
  };
  std::vector<Case> cases;
  for (const auto& c : spec.chains) {
    Case cs;
    cs.beads = c.beads;
    cs.V = c.V;
    cs.paper = c.paper;
    cs.experiment = c.experiment;
    cs.rival = c.rival;  // the elastic peaks (checked at load)
    cases.push_back(cs);
  }
  const ContactMemory other = mem == ContactMemory::none ? ContactMemory::gap : ContactMemory::none;
  parallel_for(3 * cases.size(), opt.jobs, [&](std::size_t k) {
    auto& cs = cases[k / 3];
    const std::vector<double> radii(cs.beads, R);
    const int what = static_cast<int>(k % 3);
    if (what == 2) {
      if (!(lzb_dP > 0)) return;
      const auto s = make_setup(radii, rs, cs.V, false, es, mem, mat);
      LzbOptions lo;
      lo.dP = lzb_dP;
      lo.es = es;
      lo.max_seconds = opt.reference.max_seconds;
      LzbImpact lzb(s.sc.chain, lo);
      Vec<double> v0 = velocities(s.bc, s.y0);
      const auto& K = s.sc.chain.k;
      const double eta = s.sc.chain.law.twice_alpha / 2.0;
      const auto r = lzb.run(v0, [&](long, double, double, const Vec<double>&, const Vec<double>& E) {
        for (int c = 0; c < 2; ++c) cs.F_lzb[c] = std::max(cs.F_lzb[c], lzb_force(K[links[c]], E[links[c]], eta));
      });
      cs.lzb_steps = r.steps;
      return;
    }
    const auto s = make_setup(radii, rs, cs.V, false, es, what == 0 ? mem : other, mat);
    const auto sol =
        bistiffness_reference(s.bc, s.y0, linspace(0, t_end, 1500), ref_options(rtol, s, opt.reference.max_seconds));
    for (int c = 0; c < 2; ++c) {
      const auto [F, T] = peak_force(sol, s.bc, links[c]);
      if (T < 0) throw std::runtime_error(fmt::format("claim '{}': contact {} never loaded by t_end", claim.id, links[c]));
      (what == 0 ? cs.F : cs.F_other)[c] = F;
      if (what == 0) {
        cs.T[c] = T;
        for (const auto& y : sol.states) cs.f[c].push_back(rounded(s.bc.force(y, links[c]), 6));
      }
    }
    if (what == 0)
      for (double t : sol.times) cs.t.push_back(rounded(t * 1e6, 8));
  });

  json rows = json::array(), series = json::array();
  const char* where[2] = {"9R", "17L"};
  const auto colors = palette::first(4);
  int ci = 0;
  for (const auto& cs : cases) {
    for (int c = 0; c < 2; ++c) {
      const double rel = cs.F[c] / cs.paper[c] - 1;
      checks.add(check(fmt::format("{} beads, V = {} m/s: F_m at contact {} (z-ODE, memory {}), relative to the paper's "
                                   "LZB value",
                                   cs.beads, cs.V, where[c], to_string(mem)),
                       cs.paper[c], rounded(cs.F[c], 4), fmt::format("± {:g}%", 100 * tol), std::abs(rel) <= tol));
      if (!cs.rival.empty()) checks.items.back()["rival"] = cs.rival[c];
      checks.items.back()["tolerance_source"] = spec.tolerance_source;
      rows.push_back({cs.beads, cs.V, where[c], cs.paper[c], rounded(cs.F[c], 4), rounded(100 * rel, 3),
                      lzb_dP > 0 ? json(rounded(cs.F_lzb[c], 4)) : json("—"), rounded(cs.F_other[c], 4), cs.experiment[c],
                      rounded(100 * (cs.F[c] / cs.experiment[c] - 1), 3), rounded(cs.T[c] * 1e6, 5)});
      series.push_back({{"title", fmt::format("{} beads, V = {} m/s: contact {}", cs.beads, cs.V, where[c])},
                        {"x", cs.t},
                        {"y", cs.f[c]},
                        {"style", c ? "dashes" : "lines"},
                        {"color", colors[(2 * ci + c) % 4]}});
    }
    ++ci;
  }
  record["tables"] = json::array(
      {{{"title", fmt::format("Table 1: peak contact forces of the reference solitary wave (one striker R = {} mm, beads "
                              "R = {} mm, e_s = {})",
                              rs * 1e3, R * 1e3, es)},
        {"columns", {"beads", "V (m/s)", "contact", "paper LZB (N)", fmt::format("z-ODE, memory {} (N)", to_string(mem)),
                     "vs paper (%)", fmt::format("our LZB, ΔP = {:g} (N)", lzb_dP),
                     fmt::format("z-ODE, memory {} (N)", to_string(other)), "experiment (N)", "z-ODE vs experiment (%)",
                     "peak time (μs)"}},
        {"rows", rows}}});
  record["figures"] = json::array(
      {{{"name", claim.id + "-pulses"},
        {"type", "lines"},
        {"title", "Force at the right contact of bead 9 and the left contact of bead 17"},
        {"caption", "z-ODE reference (LZB's limit), single striker at the left end. The paper shows no force history "
                    "for Table 1."},
        {"xlabel", "t (μs)"},
        {"ylabel", "force (N)"},
        {"series", series}}});
  return {};
}

}  // namespace granconv::bistiffness
