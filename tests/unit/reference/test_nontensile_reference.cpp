// The references of non-tensile laws: the zero of a closed contact's
// unclipped force is located as a contact event, so that every segment is
// smooth; checked against an independent integration (scipy's DOP853
// restarted at the same events, docs/research/issue-34/reference.py) and
// between CVODE and erk8.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <iostream>
#include <stdexcept>

#include "reference/extended/mp_reference.hpp"
#include "reference/sundials/cvode_reference.hpp"
#include "reference/sundials/erk_reference.hpp"

using namespace granconv;

namespace {

// studies/claims/external/scenarios/chain3-tsuji-nt.json and chain3-kk-nontensile.json: three unit
// beads, k = 1, γ = 0.1, bead 0 hitting the others at speed 1.
Problem<double> chain3(int four_beta, bool nontensile) {
  Problem<double> pr;
  pr.scenario = "chain3-test";
  pr.chain.m = {1, 1, 1};
  pr.chain.K = {0, 0, 0};
  pr.chain.k = {1, 1};
  pr.chain.gamma = {0.1, 0.1};
  pr.chain.law.four_beta = four_beta;
  pr.chain.law.nontensile = nontensile;
  pr.y0 = Vec<double>::Zero(6);
  pr.y0[1] = 1;
  pr.t_end = 5;
  pr.reference_method = "adams";
  return pr;
}

struct Expected {
  double t;
  double y[6];  // x_0, x_1, x_2, v_0, v_1, v_2
};

// reference.py SCENARIO 5 0.5 OUT.csv 1e-13 (DOP853, rtol 1e-13, atol 1e-16,
// restarted at the gaps' and the clipped forces' zeros; its 6 events count
// the two closings of touching contacts, which CVODE does not: it starts the
// gaps' root functions at zero and sees no crossing).
const Expected kTsuji[] = {
    {1, {0.86579228428415833, 0.13106937887295256, 0.0031383368428895319, 0.61931053167380545, 0.3641838634760553,
         0.016505604850139584}},
    {2.5, {1.2014577330191905, 0.97574443257731258, 0.32279783440349813, 0.0051514121995370685, 0.44958556072432171,
           0.54526302707614183}},
    {5, {1.1858278174249302, 1.5069922718887416, 2.3071799106863322, -0.0068716139253406968, 0.1724955549965265,
         0.83437605892881483}}};
const Expected kKk[] = {
    {1, {0.86941601382600897, 0.12843584031299918, 0.0021481458609919528, 0.6193883407245615, 0.36773052919713339,
         0.012881130078305141}},
    {2.5, {1.2033637932645691, 0.97877288054247491, 0.31786332619295699, 0.003435386089587409, 0.4471395155519387,
           0.5494250983584742}},
    {5, {1.1762475247767905, 1.4994930036166843, 2.3242594716065268, -0.011781035340721715, 0.16702181839280195,
         0.84475921694792011}}};

double max_deviation(const ReferenceSolution& ref, const Expected (&expected)[3]) {
  double worst = 0;
  for (std::size_t i = 0; i < 3; ++i)
    for (int c = 0; c < 3; ++c) {
      worst = std::max(worst, std::abs(ref.states[i][2 * c] - expected[i].y[c]));
      worst = std::max(worst, std::abs(ref.states[i][2 * c + 1] - expected[i].y[3 + c]));
    }
  return worst;
}

// At an event, some closed contact's unclipped force or some gap is zero.
double event_residual(const ChainSystem<double>& sys, const Vec<double>& y) {
  const auto& c = sys.chain();
  double r = 1e300;
  for (int j = 0; j < c.links(); ++j) {
    const double d = c.gap(y, j);
    r = std::min(r, std::abs(d));
    if (d > 0) r = std::min(r, std::abs(sys.unclipped_force(j, d, c.gap_rate(y, j))));
  }
  return r;
}

}  // namespace

TEST_CASE("CVODE locates the clipping of a non-tensile law as contact events", "[reference][nontensile]") {
  const std::vector<double> times = {1, 2.5, 5};
  struct Case {
    const char* law;
    int four_beta;
    const Expected (&expected)[3];
  };
  for (const Case& c : {Case{"tsuji-nontensile", 5, kTsuji}, Case{"kk-nontensile", 6, kKk}}) {
    INFO(c.law);
    const auto pr = chain3(c.four_beta, true);
    ReferenceOptions opt;
    const auto ref = cvode_reference(pr, times, opt);
    const auto& p = ref.provenance;
    const double dev = max_deviation(ref, c.expected);
    std::cout << "[reference] chain3 " << c.law << ": " << p.events << " events, " << p.steps
              << " steps, error estimate " << p.error_estimate << ", max |Δ| vs reference.py " << dev << "\n";
    // Per contact: its clipping and its opening.
    CHECK(p.events == 4);
    CHECK(p.error_estimate < 1e-11);
    CHECK(dev < 1e-10);
    // Each event is at a zero: a gap's, or a clipped force's (two of them).
    opt.estimate_error = false;
    const auto at_events = cvode_reference(pr, p.event_times, opt);
    const ChainSystem<double> sys(pr.chain, Formulation::xv);
    int clippings = 0;
    for (std::size_t i = 0; i < p.event_times.size(); ++i) {
      INFO("event at t = " << p.event_times[i]);
      CHECK(event_residual(sys, at_events.states[i]) < 1e-9);
      const auto& y = at_events.states[i];
      for (int j = 0; j < pr.chain.links(); ++j)
        if (pr.chain.gap(y, j) > 1e-6 &&
            std::abs(sys.unclipped_force(j, pr.chain.gap(y, j), pr.chain.gap_rate(y, j))) < 1e-9)
          ++clippings;
    }
    CHECK(clippings == 2);

    // The tensile law has the gaps' events only, and another trajectory.
    const auto tensile = cvode_reference(chain3(c.four_beta, false), times, opt);
    CHECK(tensile.provenance.events == 2);
    CHECK(max_deviation(tensile, c.expected) > 1e-4);
  }
}

TEST_CASE("erk8 locates the same clipping events as CVODE", "[reference][nontensile][arkode]") {
  const auto pr = chain3(5, true);
  const std::vector<double> times = {1, 2.5, 5};
  ReferenceOptions opt;
  opt.rtol = 1e-13;
  opt.atol = 1e-15;
  opt.method = "erk8";
  const auto erk = erk_reference(pr, times, opt);
  std::cout << "[reference] chain3 tsuji-nontensile, erk8: " << erk.provenance.events << " events, "
            << erk.provenance.steps << " steps, max |Δ| vs reference.py " << max_deviation(erk, kTsuji) << "\n";
  CHECK(erk.provenance.events == 4);
  CHECK(max_deviation(erk, kTsuji) < 1e-10);
}

TEST_CASE("Tsuji's law has a CVODE reference in (x, w) and an extended-precision one", "[reference][tsuji]") {
  const auto pr = chain3(5, false);
  const std::vector<double> times = {1, 2.5, 5};
  ReferenceOptions opt;
  const auto ref = cvode_reference(pr, times, opt);
  CHECK(ref.provenance.events == 2);
  CHECK(ref.provenance.error_estimate < 1e-11);
  // The double-double reference (certified in 50 digits by its caller; here
  // against CVODE at its own tolerance).
  Problem<DoubleDouble> dd;
  dd.scenario = pr.scenario;
  dd.chain.m.assign(3, DoubleDouble(1));
  dd.chain.K.assign(3, DoubleDouble(0));
  dd.chain.k.assign(2, DoubleDouble(1));
  dd.chain.gamma.assign(2, DoubleDouble(1) / 10);
  dd.chain.law.four_beta = 5;
  dd.y0 = Vec<DoubleDouble>::Zero(6);
  dd.y0[1] = DoubleDouble(1);
  dd.t_end = DoubleDouble(5);
  const auto ext = double_double_reference(dd, {DoubleDouble(1), DoubleDouble(2.5), DoubleDouble(5)}, 600.0);
  double worst = 0;
  for (std::size_t i = 0; i < times.size(); ++i)
    for (int c = 0; c < 6; ++c)
      worst = std::max(worst, std::abs(static_cast<double>(ext.states[i][c]) - ref.states[i][c]));
  std::cout << "[reference] chain3 tsuji: double-double vs CVODE max |Δ| " << worst << "\n";
  CHECK(worst < 1e-12);
}

TEST_CASE("the extended-precision references refuse a non-tensile law with one line", "[reference][nontensile]") {
  Problem<DoubleDouble> dd;
  dd.scenario = "chain3-test";
  dd.chain.m.assign(3, DoubleDouble(1));
  dd.chain.K.assign(3, DoubleDouble(0));
  dd.chain.k.assign(2, DoubleDouble(1));
  dd.chain.gamma.assign(2, DoubleDouble(1) / 10);
  dd.chain.law.four_beta = 5;
  dd.chain.law.nontensile = true;
  dd.y0 = Vec<DoubleDouble>::Zero(6);
  dd.y0[1] = DoubleDouble(1);
  dd.t_end = DoubleDouble(5);
  CHECK_THROWS_WITH(double_double_reference(dd, {DoubleDouble(1)}, 60.0),
                    Catch::Contains("do not locate the clipping events of a non-tensile law"));
}
