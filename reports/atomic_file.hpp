#pragma once
// Output files appear whole or not at all: written to a new temporary next to
// their final name and renamed into place (rename is atomic within a
// directory; the temporary is created with O_EXCL | O_NOFOLLOW, so nothing
// planted at its name is followed). Failures say why (the system's error
// text: disk full, permission denied, ...).
//
// Every file lies under the output directory (--out) once symlinks are
// resolved: a command sets it as the output root before writing, and a path
// that leaves it (a symlink inside --out pointing out of it) is refused.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>

#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"

namespace granconv {

namespace detail {
inline std::filesystem::path& output_root() {
  static std::filesystem::path root;  // set once, before any thread starts
  return root;
}
}  // namespace detail

// `path` with its symlinks resolved; throws when it cannot be resolved.
inline std::filesystem::path resolved(const std::filesystem::path& path) {
  std::error_code ec;
  auto real = std::filesystem::weakly_canonical(std::filesystem::absolute(path), ec);
  if (ec) throw std::runtime_error("cannot resolve " + printable(path.string()) + ": " + ec.message());
  return real;
}

// Whether `real` (resolved) lies in the directory `root` (resolved) or is it.
inline bool lies_under(const std::filesystem::path& root, const std::filesystem::path& real) {
  return std::mismatch(root.begin(), root.end(), real.begin(), real.end()).first == root.end();
}

// The directory every later write must stay in (empty: no check, as for a library user).
inline void set_output_root(const std::filesystem::path& out) { detail::output_root() = resolved(out); }

// Throws unless `path`, its symlinks resolved, lies under the output root.
inline void check_under_output_root(const std::filesystem::path& path) {
  const auto& root = detail::output_root();
  if (root.empty()) return;
  const auto real = resolved(path);
  if (!lies_under(root, real))
    throw std::runtime_error("refusing to write " + printable(path.string()) + ": it resolves to " +
                             printable(real.string()) + ", outside the output directory " + printable(root.string()));
}

// A fresh name beside `path` for its temporary: <path>.tmp-<pid>-<8 hex>
// (app/output_dir.hpp removes those of processes that are gone).
inline std::string temporary_name(const std::filesystem::path& path) {
  static thread_local std::mt19937 bits(std::random_device{}());
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(bits()));
  return path.string() + ".tmp-" + std::to_string(::getpid()) + "-" + hex;
}

inline void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
  check_under_output_root(path);
  std::error_code ec;
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) throw std::runtime_error("cannot create directory " + path.parent_path().string() + ": " + ec.message());
  }
  const std::string tmp = temporary_name(path);
  if (const int err = write_new_file(tmp, content))
    throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(err));
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    std::filesystem::remove(tmp, ec);
    throw std::runtime_error("cannot move " + tmp + " to " + path.string() + ": " + why);
  }
}

}  // namespace granconv
