#pragma once
// An external scheme: a program that granconv runs once per step size, and
// whose trajectory it reads, checks and compares with the reference like a
// built-in scheme's (docs/external-codes.md). A claim names one under
// "external" in place of "scheme"; its fields are read here, at load.
//
// A claim file that names a command is code, like a CMakeLists.txt. Even so
// the command runs without a shell: argv is a list, and each placeholder is
// replaced inside its element by text, never split or interpreted, so that a
// scenario name holding ';' or '$(…)' stays text.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studies/support/child_process.hpp"  // program_found
#include "studies/support/field_reader.hpp"

namespace granconv {

enum class TrajectoryFormat { csv, lammps_dump };
enum class Coordinates { displacement, absolute };

struct ExternalStepper {
  std::string name;
  // Run once per step size, in its scratch folder, before `command` (a
  // generator mapping the scenario onto the code's input); may be empty.
  std::vector<std::string> prepare;
  std::vector<std::string> command;
  // A command whose output's first line naming a version is recorded (e.g.
  // `lmp -h`); empty: none.
  std::vector<std::string> version;
  // Programs whose absence means "this code is not installed here" (a ctest
  // then skips); any other missing program is an error.
  std::vector<std::string> requires_programs;
  TrajectoryFormat format = TrajectoryFormat::csv;
  Coordinates coordinates = Coordinates::displacement;
  // The largest |X| the program holds in absolute coordinates, declared where its
  // output does not show it (a CSV of displacements computed by the program).
  double position_scale = 0;
  double every = 0;  // output interval; every output time is a whole number of steps
  double budget_seconds = 60;
  std::uintmax_t max_output_bytes = std::uintmax_t(16) << 20;
  std::vector<std::string> identify;  // built-in schemes to compare step for step
  std::vector<std::string> labels;    // ctest labels beside "external" (granconv_add_claims)
  // The claim file's folder ({dir}), absolute.
  std::filesystem::path dir;
  // The scenario file's text, read once at load: what the program is given.
  std::string scenario_text;
  nlohmann::json record;  // the "external" object as written, for its digest
};

// The placeholders of a command element, each replaced in one pass (a value
// is never scanned again): {scenario}, {h}, {t_end}, {every} (numbers as
// %.17g), {steps}, {every_steps} (integers), {out}, {dir}.
struct Placeholders {
  std::map<std::string, std::string> values;
  std::string apply(const std::string& element) const;  // throws on an unknown placeholder
};
// Every placeholder name the protocol knows.
const std::vector<std::string>& placeholder_names();

// Reads "external" (an object) of a claim record; `dir` is the claim file's folder.
ExternalStepper read_external_stepper(FieldReader& r, const std::filesystem::path& dir);

// The limits a claim may ask for.
inline constexpr double kMaxExternalBudgetSeconds = 3600;
inline constexpr std::uintmax_t kMaxExternalOutputBytes = std::uintmax_t(1) << 30;

}  // namespace granconv
