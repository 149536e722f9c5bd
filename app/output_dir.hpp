#pragma once
// The output directory is checked before any computation: an empty --out, a
// directory that cannot be created or written are errors at once, not after
// an hour of work. Temporaries of runs killed between write and rename
// (<file>.tmp-<pid>[-<hex>], cache .<entry>.tmp.<pid>.*) and the work directories of
// a killed `report` or `validate` (report.tmp-<pid>-<hex>, report.old-…,
// validate/.tmp-<name>-<pid>-<hex>, validate/<name>.old-…) whose process is
// gone are removed at start.
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <stdexcept>
#include <string>

#include "reports/atomic_file.hpp"

namespace granconv {

namespace detail {

inline bool process_alive(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

// The pid in a temporary's name, or -1 when the name is not one of ours.
inline long temporary_pid(const std::string& name) {
  static const std::regex atomic_tmp(R"(.+\.tmp-([0-9]{1,10})(-[0-9a-f]{8})?)"), cache_tmp(R"(\..+\.tmp\.([0-9]{1,10})\.[0-9]+\.[0-9a-f]+)");
  std::smatch m;
  if (std::regex_match(name, m, atomic_tmp) || std::regex_match(name, m, cache_tmp)) return std::stol(m[1].str());
  return -1;
}

// The same for a work directory, named <...>.tmp-[<name>-]<pid>-<8 hex> or .old-.
inline long temporary_dir_pid(const std::string& name) {
  static const std::regex work_dir(R"(.*\.(tmp|old)-(.+-)?([0-9]{1,10})-[0-9a-f]{8})");
  std::smatch m;
  return std::regex_match(name, m, work_dir) ? std::stol(m[3].str()) : -1;
}

}  // namespace detail

// Removes stale temporaries in dir and its subdirectories (two levels: DIR/studies,
// DIR/cache, DIR/validate, ...); returns how many.
inline int remove_stale_temporaries(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  int removed = 0;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it.depth() > 1) it.disable_recursion_pending();
    if (it->is_directory(ec) && !it->is_symlink(ec)) {
      const long pid = detail::temporary_dir_pid(it->path().filename().string());
      if (pid < 0 || pid == static_cast<long>(::getpid()) || detail::process_alive(pid)) continue;
      it.disable_recursion_pending();
      std::error_code rm;
      if (fs::remove_all(it->path(), rm) > 0) ++removed;
      continue;
    }
    if (!it->is_regular_file(ec)) continue;
    const long pid = detail::temporary_pid(it->path().filename().string());
    if (pid < 0 || pid == static_cast<long>(::getpid()) || detail::process_alive(pid)) continue;
    std::error_code rm;
    if (fs::remove(it->path(), rm)) ++removed;
  }
  return removed;
}

// Creates `out` and proves it writable; throws with the system's reason.
inline void prepare_output_dir(const std::string& out, const std::string& option = "--out") {
  namespace fs = std::filesystem;
  if (out.empty()) throw std::invalid_argument(option + " must name a directory (got an empty string)");
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) throw std::runtime_error("cannot create output directory " + out + ": " + ec.message());
  if (!fs::is_directory(out, ec)) throw std::runtime_error("output " + out + " is not a directory");
  const std::string probe = temporary_name(fs::path(out) / ".write-probe");
  if (const int err = write_new_file(probe, "x"))
    throw std::runtime_error("cannot write into output directory " + out + ": " + std::strerror(err));
  fs::remove(probe, ec);
  set_output_root(out);
  // What granconv writes into, checked before an hour of work rather than at the first write.
  for (const char* sub : {"studies", "report", "validate", "atlas", "results-summary.json"})
    check_under_output_root(fs::path(out) / sub);
  remove_stale_temporaries(out);
}

}  // namespace granconv
