#pragma once
// One run of an external program at one step size, as a careful CI system
// runs it: in a folder of its own under --out (OUT/external/<claim>-h<i>.tmp-
// <pid>-<hex>/work, removed afterwards), without a shell, within the claim's
// wall-clock budget, its exit status checked and the tails of its stdout and
// stderr kept for the message; the trajectory read only from the path it was
// given, size-capped, and checked (trajectory_readers.hpp). Anything the
// program leaves beside its work folder is refused (it wrote outside it).
// Every failure is one ExternalFailure line naming the program, the step size
// and the cause.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "studies/external/external_stepper.hpp"
#include "studies/external/trajectory_readers.hpp"

namespace granconv {

struct ExternalFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ExternalRunSpec {
  const ExternalStepper* stepper = nullptr;
  std::string claim_id;
  std::size_t index = 0;  // of the step size, for the folder's name
  double h = 0, t_end = 0;
  long steps = 0;
  TrajectoryGrid grid;
  std::filesystem::path out_dir;           // --out: the scratch folders go under OUT/external
  std::vector<std::string> extra_args;     // appended to the command (a negative twin's perturbation)
};

struct ExternalRun {
  ExternalTrajectory trajectory;
  std::vector<std::string> command;  // as run, placeholders replaced, the scratch folder written <work>
  double seconds = 0;
};

ExternalRun run_external(const ExternalRunSpec& spec);

// The version line of the stepper's program (its "version" command run once,
// the first non-empty output line holding a digit), or "" when it names none.
std::string external_version(const ExternalStepper& e, const std::filesystem::path& out_dir);

// The numbers a placeholder receives: %.17g, so that the program reads the same double.
std::string exact_number(double v);

}  // namespace granconv
