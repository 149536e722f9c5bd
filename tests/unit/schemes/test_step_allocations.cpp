// Runge–Kutta steps allocate nothing once a path has its storage, and the
// Newton storage a path never takes is never allocated
// (schemes/runge_kutta.hpp, Workspace): the O(N) memory of a long chain's run
// rests on both.
#include <catch2/catch.hpp>

#include "models/scenarios.hpp"
#include "schemes/runge_kutta.hpp"
#include "schemes/tailored_tableaux.hpp"
#include "tests/unit/allocation_counter.hpp"  // this binary's operator new

using namespace granconv;

namespace {

// The allocations of steps 2..steps (the first step may size the storage of
// its path) of `rk` on a KK chain of 40 beads after an impact, whose
// contacts open and close; `ws` is left as the run left it.
template <class System>
long allocations_after_first_step(const RungeKutta<double>& rk, const System& sys, const Vec<double>& y0,
                                  typename RungeKutta<double>::Workspace& ws, int steps) {
  Vec<double> y = y0;
  const double h = 0.05;
  rk.step(sys, 0.0, y, h, ws, 1);
  const long before = test::allocations.load();
  for (int k = 1; k < steps; ++k) rk.step(sys, h * k, y, h, ws, k + 1);
  return test::allocations.load() - before;
}

}  // namespace

TEST_CASE("a Runge-Kutta step allocates nothing once its path has its storage", "[schemes][allocations]") {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=40", "gamma=0.1"});
  NewtonOptions full_only;
  full_only.simplified = false;
  struct Case {
    const char* what;
    RungeKutta<double> rk;
    Formulation f;
    bool newton_storage;  // whether the run must have sized the Newton storage beside the transformed path
  };
  const Case cases[] = {
      {"gl2, transformed simplified Newton", RungeKutta<double>(tableaux::gauss_legendre2<double>()), Formulation::xw,
       false},
      {"radau2, transformed simplified Newton", RungeKutta<double>(tableaux::radau_iia2<double>()), Formulation::xv,
       false},
      {"cn, transformed simplified Newton", RungeKutta<double>(tableaux::crank_nicolson<double>()), Formulation::xw,
       false},
      {"rk4, explicit", RungeKutta<double>(tableaux::rk4<double>()), Formulation::xv, false},
      {"gl2, full Newton only", RungeKutta<double>(tableaux::gauss_legendre2<double>(), full_only), Formulation::xw,
       true},
  };
  for (const auto& c : cases) {
    const ChainSystem<double> sys(pr.chain, c.f);
    auto ws = c.rk.make_workspace(sys.dim());
    const long n = allocations_after_first_step(c.rk, sys, sys.from_xv(pr.y0), ws, 200);
    INFO(c.what << ": " << n << " allocations in steps 2-200");
    CHECK(n == 0);
    // The paths not taken hold nothing: the banded matrix alone is 88
    // doubles per bead for GL2.
    CHECK(ws.newton_storage == c.newton_storage);
    CHECK((ws.lu.size() > 0) == c.newton_storage);
    CHECK((ws.blocks.blocks() > 0) == c.newton_storage);
  }
}

TEST_CASE("an additive step (no transformed system) sizes its block storage once", "[schemes][allocations]") {
  // The θ scheme's form: a second tableau for the local springs, so the
  // simplified Newton matrix is block tridiagonal from the first step on.
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=40", "gamma=0.1"});
  Tableau<double> local{"theta-local", {}, {}, {}, 1};
  local.A.resize(2, 2);
  local.A << 0.5, 0.0, 0.5, 0.5;
  local.b.resize(2);
  local.b << 0.5, 0.5;
  local.c.resize(2);
  local.c << 0.0, 1.0;
  const RungeKutta<double> rk(tableaux::theta_method(0.6), local);
  const ChainSystem<double> sys(pr.chain, Formulation::xv, true);
  auto ws = rk.make_workspace(sys.dim());
  CHECK_FALSE(ws.newton_storage);
  const long n = allocations_after_first_step(rk, sys, pr.y0, ws, 200);
  INFO(n << " allocations in steps 2-200");
  CHECK(n == 0);
  CHECK(ws.newton_storage);
  CHECK(ws.blocks.blocks() == sys.beads());
}
