#pragma once
// A program run the way a careful CI system runs one: argv without a shell
// (each element one argument, never split or interpreted), in a folder of its
// own, stdin from /dev/null, stdout and stderr to files in that folder (each
// capped in size), the signal mask cleared (granconv blocks SIGINT, SIGTERM
// and SIGHUP for its cleanup thread), in a process group of its own that is
// killed whole when the wall-clock budget or an output cap is passed, and
// after the program ends (no grandchild outlives it). The group is registered
// while it runs, so that a signal ending granconv kills it too
// (studies/support/work_dirs.hpp).
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace granconv {

struct ChildOptions {
  std::filesystem::path dir;  // working directory, and where stdout and stderr go
  double budget_seconds = 60;
  std::uintmax_t max_stream_bytes = std::uintmax_t(16) << 20;  // stdout's and stderr's cap each
  std::vector<std::string> env;  // "KEY=VALUE", set over the inherited environment
  std::string stdout_name = "stdout.txt", stderr_name = "stderr.txt";
  bool merge_stderr = false;  // stderr into stdout's file
  // Files the program writes (its output), each with a size cap watched while
  // it runs: a program filling the disk is stopped, not waited for.
  std::vector<std::pair<std::filesystem::path, std::uintmax_t>> watched;
};

struct ChildOutcome {
  enum class End { exited, signalled, over_budget, over_output, not_started };
  End end = End::not_started;
  int code = 0;               // the exit status, or the signal
  std::string start_error;    // not_started: the system's reason
  std::string over_output;    // over_output: which file passed which cap ("stdout.txt: 16777216 bytes")
  std::string stdout_tail, stderr_tail;  // their last 2000 bytes
  std::string stdout_head;               // stdout's first 2000 bytes (a version banner)
  double seconds = 0;
  bool ok() const { return end == End::exited && code == 0; }
  // "exited 3", "was killed by signal 11", "ran past its budget of 5 s", ...
  std::string describe(const ChildOptions& options) const;
  // The line of the tails that says most: the last "ERROR" line, else the last non-empty line of stderr, else of stdout.
  std::string telling_line() const;
};

ChildOutcome run_child(const std::vector<std::string>& argv, const ChildOptions& options);

// Whether `program` (a path, or a name looked up in PATH) is an executable file.
bool program_found(const std::string& program);

}  // namespace granconv
