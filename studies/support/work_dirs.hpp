#pragma once
// The work directories of `report` and `validate` (a page is built whole in
// one, then swapped into place) and the scratch folders of external programs
// are registered while they exist, so that a run stopped by SIGINT, SIGTERM
// or SIGHUP removes them before it ends (app/signal_cleanup.cpp); the process
// groups of running external programs are registered too, and killed first.
// After SIGKILL, which no process can catch, the next start in the same --out
// removes the folders (app/output_dir.hpp).
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <cstdio>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <system_error>
#include <thread>

namespace granconv {

namespace detail {
struct WorkDirRegistry {
  std::mutex mutex;
  std::set<std::filesystem::path> dirs;
  std::set<pid_t> process_groups;
  std::atomic<bool> ending_by_signal{false};  // set by remove_registered_work_dirs, never cleared
};
// Never destroyed: the cleanup thread may still use it while the process exits.
inline WorkDirRegistry& work_dir_registry() {
  static WorkDirRegistry* r = new WorkDirRegistry;
  return *r;
}
}  // namespace detail

// <pid>-<8 hex>: the end of a work directory's name, by which a later start
// in the same --out tells those of processes that are gone (app/output_dir.hpp).
inline std::string work_dir_suffix() {
  static thread_local std::mt19937 bits(std::random_device{}());
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(bits()));
  return std::to_string(::getpid()) + "-" + hex;
}

// Registers `dir` for its lifetime; the owner still removes it on every normal path.
class ScopedWorkDir {
 public:
  explicit ScopedWorkDir(std::filesystem::path dir) : dir_(std::move(dir)) {
    auto& r = detail::work_dir_registry();
    const std::lock_guard lock(r.mutex);
    r.dirs.insert(dir_);
  }
  ~ScopedWorkDir() {
    auto& r = detail::work_dir_registry();
    const std::lock_guard lock(r.mutex);
    r.dirs.erase(dir_);
  }
  ScopedWorkDir(const ScopedWorkDir&) = delete;
  ScopedWorkDir& operator=(const ScopedWorkDir&) = delete;

 private:
  std::filesystem::path dir_;
};

// Registers a child's process group while it runs (studies/support/child_process.hpp).
class ScopedProcessGroup {
 public:
  explicit ScopedProcessGroup(pid_t group) : group_(group) {
    auto& r = detail::work_dir_registry();
    const std::lock_guard lock(r.mutex);
    r.process_groups.insert(group_);
  }
  ~ScopedProcessGroup() {
    auto& r = detail::work_dir_registry();
    const std::lock_guard lock(r.mutex);
    r.process_groups.erase(group_);
  }
  ScopedProcessGroup(const ScopedProcessGroup&) = delete;
  ScopedProcessGroup& operator=(const ScopedProcessGroup&) = delete;

 private:
  pid_t group_;
};

// Kills every registered process group, then removes every registered
// directory (called once, as the process is about to end by a signal).
// From here on the process ends by that signal: a thread that would end it
// first with a status of its own, the command failing because its child was
// just killed or its work directory removed, waits instead
// (wait_if_ending_by_signal).
inline void remove_registered_work_dirs() {
  auto& r = detail::work_dir_registry();
  r.ending_by_signal.store(true);  // before the first kill: whoever sees a child killed sees this
  const std::lock_guard lock(r.mutex);
  for (const pid_t g : r.process_groups) ::kill(-g, SIGKILL);
  r.process_groups.clear();
  for (const auto& d : r.dirs) {
    std::error_code ec;
    std::filesystem::remove_all(d, ec);
  }
  r.dirs.clear();
}

// Returns at once, unless a signal is ending the process
// (remove_registered_work_dirs): then it never returns, and the thread that
// took the signal ends the process by it.
inline void wait_if_ending_by_signal() {
  if (!detail::work_dir_registry().ending_by_signal.load()) return;
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

}  // namespace granconv
