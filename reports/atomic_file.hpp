#pragma once
// Output files appear whole or not at all: written next to their final name
// and renamed into place (rename is atomic within a directory). Failures say
// why (the system's error text: disk full, permission denied, ...).
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace granconv {

inline void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
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
