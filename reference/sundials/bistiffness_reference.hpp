#pragma once
// CVODE reference of the bi-stiffness z-ODE (models/bistiffness_chain.hpp).
//
// Three root functions per contact j locate the switches of its state
// machine: the approach rate u_j (compression ↔ expansion, reloading,
// re-engagement of a released contact; where z_j > 0 the downward crossing is
// the force peak), the virtual indentation z_j (end of expansion: z_j is then
// set to exactly 0) and, with gap memory, the overlap δ_j (a contact closing
// or opening geometrically). At every located switch the integration is
// restarted (CVodeReInit), so each segment has a smooth right-hand side.
// Banded Newton matrix (mu = ml = 2) with the analytic Jacobian. The switch
// events are returned with their states: peak forces K z^η are read there
// exactly instead of from samples.
#include <string>
#include <vector>

#include "models/bistiffness_chain.hpp"
#include "reference/sundials/cvode_reference.hpp"  // kDefaultReferenceBudget
#include "reference/reference_solution.hpp"

namespace granconv {

struct BistiffnessReferenceOptions {
  double rtol = 1e-15;  // as reference/sundials/cvode_reference.hpp: global errors near switches are ~60× rtol
  double atol_x = 1e-16;  // positions and virtual indentations
  double atol_v = 1e-16;  // velocities
  std::string method = "adams";  // "adams" | "bdf" (Adams: non-stiff, high order, the accurate choice here)
  long max_steps = 50'000'000;
  bool estimate_error = false;  // rerun at rtol/10, atol/10 and record max |difference| of the samples
  // Wall-clock budget of each run (the error estimate's rerun has its own):
  // beyond it the reference ends with an error, as does a state beyond the
  // blow-up bound (models/blow_up.hpp), instead of grinding on.
  double max_seconds = kDefaultReferenceBudget;
};

struct BistiffnessEvent {
  enum class Kind { peak, reload, engage, release, close, open };
  double t = 0;
  int contact = 0;
  Kind kind = Kind::peak;
};
const char* to_string(BistiffnessEvent::Kind k);

struct BistiffnessSolution {
  std::vector<double> times;
  std::vector<Vec<double>> states;  // the model's interleaved (x, v, z) state at each time
  std::vector<BistiffnessEvent> events;
  std::vector<Vec<double>> event_states;  // the state at each event (after the z = 0 projection)
  Provenance provenance;                  // event_times: the restart times
};

// States at `times` (sorted ascending, ≥ 0) from y0 (model layout) at t = 0.
// Throws std::invalid_argument on bad input and std::runtime_error (naming the
// CVODE flag and the time) on a solver failure.
BistiffnessSolution bistiffness_reference(const BistiffnessChain<double>& chain, const Vec<double>& y0,
                                          const std::vector<double>& times,
                                          const BistiffnessReferenceOptions& opt = {});

}  // namespace granconv
