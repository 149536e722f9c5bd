#pragma once
// An entry of either reference cache (reference_cache.cpp,
// extended_reference_cache.cpp), read and written the one way both use:
//   <magic> <format> <checksum>\n  {"format", "key", ... shape ...}\n  payload
// the checksum over everything after the first line. An entry is trusted
// only when it is a regular file of bounded size (cache_file.hpp), its
// checksum matches, its header parses (nesting limited), its format and key
// are the caller's and the caller's shape check passes; otherwise it is
// stale or corrupted, with a one-line warning said once.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "reference/cache/reference_cache.hpp"

namespace granconv::cache_entry {

struct Format {
  const char* magic;  // the first word of an entry
  int version;        // the format on the first line and in the header
  std::uint64_t (*checksum)(const void* data, std::size_t size);
  const char* what;   // names an entry in warnings and errors: "reference cache entry"
};

struct Entry {
  nlohmann::json header;
  std::string content;         // the whole file
  std::size_t payload_offset;  // where the payload starts in content
  std::size_t payload_size() const { return content.size() - payload_offset; }
};

// Why an entry read whole is refused after its key matched: its status
// (stale or corrupted) and the cause; nullopt accepts it.
using Refusal = std::optional<std::pair<CacheStatus, std::string>>;
using ShapeCheck = std::function<Refusal(const nlohmann::json& header, std::size_t payload_bytes)>;

// The entry of `file` when it holds `key`; else nullopt and why in `status`.
// max_bytes bounds the file (payload, key and header allowance). `shape`
// runs with header fields read through .at() (a missing or mistyped one is a
// corrupted entry).
std::optional<Entry> load(const std::filesystem::path& file, const std::string& key, std::uint64_t max_bytes,
                          const Format& format, CacheStatus& status, const ShapeCheck& shape);

// rest = the header line and the payload, written behind its first line.
void store(const std::filesystem::path& dir, const std::filesystem::path& file, const Format& format,
           const std::string& rest);

}  // namespace granconv::cache_entry
