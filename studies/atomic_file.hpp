#pragma once
// Output files appear whole or not at all: written next to their final name
// and renamed into place (rename is atomic within a directory).
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace granconv {

inline void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  const auto tmp = path.string() + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) {
      std::filesystem::remove(tmp);
      throw std::runtime_error("cannot write " + path.string());
    }
  }
  std::filesystem::rename(tmp, path);
}

}  // namespace granconv
