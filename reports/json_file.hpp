// Reading back a JSON file granconv wrote earlier (a result record, a results
// summary): nothing read from disk is trusted unverified. Only a regular file
// of at most max_bytes is read (a huge file, a FIFO or a device is refused
// before it is parsed), nesting is limited while parsing, and every failure —
// unreadable, too large, truncated, too deep, not JSON — is one line naming
// the file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "models/input/json_input.hpp"

#include <nlohmann/json.hpp>

namespace granconv {

// About 20 times the largest record a full report writes (~3 MB).
inline constexpr std::size_t kMaxResultFileBytes = std::size_t(64) << 20;

// `what` names the kind of file in the message, e.g. "results summary".
inline nlohmann::json read_json_file(const std::filesystem::path& file, const std::string& what,
                                     std::size_t max_bytes = kMaxResultFileBytes) {
  return read_json_limited(file.string(), max_bytes, what);
}

}  // namespace granconv
