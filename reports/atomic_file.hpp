#pragma once
// Output files appear whole or not at all: written next to their final name
// and renamed into place (rename is atomic within a directory). Failures say
// why (the system's error text: disk full, permission denied, ...).
//
// Every file lies under the output directory (--out) once symlinks are
// resolved: a commands sets it as the output root before writing, and a path
// that leaves it (a symlink inside --out pointing out of it) is refused.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include "models/input/printable.hpp"

namespace granconv {

namespace detail {
inline std::filesystem::path& output_root() {
  static std::filesystem::path root;  // set once, before any thread starts
  return root;
}
}  // namespace detail

// The directory every later write must stay in (empty: no check, as for a library user).
inline void set_output_root(const std::filesystem::path& out) {
  std::error_code ec;
  const auto real = std::filesystem::weakly_canonical(std::filesystem::absolute(out), ec);
  if (ec) throw std::runtime_error("cannot resolve output directory " + printable(out.string()) + ": " + ec.message());
  detail::output_root() = real;
}

// Throws unless `path`, its symlinks resolved, lies under the output root.
inline void check_under_output_root(const std::filesystem::path& path) {
  const auto& root = detail::output_root();
  if (root.empty()) return;
  std::error_code ec;
  const auto real = std::filesystem::weakly_canonical(std::filesystem::absolute(path), ec);
  if (ec) throw std::runtime_error("cannot resolve " + printable(path.string()) + ": " + ec.message());
  const auto [r, p] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
  if (r != root.end())
    throw std::runtime_error("refusing to write " + printable(path.string()) + ": it resolves to " +
                             printable(real.string()) + ", outside the output directory " + printable(root.string()));
}

inline void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
  check_under_output_root(path);
  std::error_code ec;
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) throw std::runtime_error("cannot create directory " + path.parent_path().string() + ": " + ec.message());
  }
  const auto tmp = path.string() + ".tmp-" + std::to_string(::getpid());
  {
    errno = 0;
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << content;
    out.close();
    if (!out) {
      const int err = errno;
      std::filesystem::remove(tmp, ec);
      throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(err ? err : EIO));
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    std::filesystem::remove(tmp, ec);
    throw std::runtime_error("cannot move " + tmp + " to " + path.string() + ": " + why);
  }
}

}  // namespace granconv
