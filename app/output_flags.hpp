#pragma once
// --quiet and --json, the same on every command that has them: --quiet prints
// nothing but errors (the exit status tells the outcome); --json prints one
// JSON document on stdout and nothing else there (progress stays on stderr).
#include <CLI/CLI.hpp>
#include <nlohmann/json_fwd.hpp>

#include "app/commands.hpp"

namespace granconv::cli {

inline void add_output_flags(CLI::App* cmd, OutputFlags& f) {
  auto* quiet = cmd->add_flag("--quiet,-q", f.quiet, "Print nothing but errors (the exit status tells the outcome)");
  auto* json = cmd->add_flag("--json", f.json, "Print the outcome as one JSON document on stdout (progress: stderr)");
  quiet->excludes(json);
}

// Prints j on stdout; throws when it cannot (a full disk, a closed pipe).
void print_json(const nlohmann::json& j);

}  // namespace granconv::cli
