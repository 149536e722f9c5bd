// Reading back a JSON file granconv wrote earlier (a result record, a results
// summary): nothing read from disk is trusted unverified. At most max_bytes
// are read (a huge file, or a device that never ends, is refused before it is
// parsed), and every failure — unreadable, too large, truncated, not JSON —
// is one line naming the file.
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace granconv {

// About 20 times the largest record a full report writes (~3 MB).
inline constexpr std::size_t kMaxResultFileBytes = std::size_t(64) << 20;

// `what` names the kind of file in the message, e.g. "results summary".
inline nlohmann::json read_json_file(const std::filesystem::path& file, const std::string& what,
                                     std::size_t max_bytes = kMaxResultFileBytes) {
  const std::string where = what + " " + file.string() + ": ";
  errno = 0;
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(where + "cannot read it: " + std::strerror(errno ? errno : EIO));
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes)
      throw std::runtime_error(where + "more than " + std::to_string(max_bytes) + " bytes, the limit for a " + what);
  }
  if (in.bad()) throw std::runtime_error(where + "read error: " + std::strerror(errno ? errno : EIO));
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(where + "not valid JSON (truncated or damaged?): " + e.what());
  }
}

}  // namespace granconv
