#include "reference/cache/cache_entry.hpp"

#include <fmt/core.h>

#include "models/input/json_input.hpp"
#include "reference/cache/cache_file.hpp"
#include "reference/cache/cache_key.hpp"

namespace granconv::cache_entry {

namespace {
std::string first_line(const Format& f, const char* rest, std::size_t size) {
  return fmt::format("{} {} {}\n", f.magic, f.version, cache_key::hex64(f.checksum(rest, size)));
}
}  // namespace

std::optional<Entry> load(const std::filesystem::path& file, const std::string& key, std::uint64_t max_bytes,
                          const Format& format, CacheStatus& status, const ShapeCheck& shape) {
  auto bad = [&](CacheStatus s, const std::string& why) -> std::optional<Entry> {
    status = s;
    const std::string line = "granconv: warning: " + std::string(format.what) + " " + file.string() + " is " +
                             (s == CacheStatus::stale ? "stale" : "corrupted") + " (" + why +
                             "); recomputing and replacing it";
    cache_file::warn_once(line, line);
    return std::nullopt;
  };
  cache_file::Read read = cache_file::read_entry(file, max_bytes, format.what);
  if (read.outcome == cache_file::Read::Outcome::absent) {
    status = CacheStatus::miss;
    return std::nullopt;
  }
  if (read.outcome == cache_file::Read::Outcome::damaged) return bad(CacheStatus::corrupted, read.why);
  // Nothing of the entry is used before the checksum over all of it matched.
  const std::string& content = read.content;
  const auto eol = content.find('\n');
  if (eol == std::string::npos) return bad(CacheStatus::corrupted, "no header");
  const std::string magic = std::string(format.magic) + " ";
  if (content.compare(0, magic.size(), magic) != 0) return bad(CacheStatus::corrupted, "not a cache entry");
  // After the first line, read in place (no copy of the payload).
  const std::string_view rest(content.data() + eol + 1, content.size() - eol - 1);
  if (content.compare(0, eol + 1, first_line(format, rest.data(), rest.size())) != 0) {
    const std::string this_format = magic + std::to_string(format.version) + " ";
    return content.compare(0, this_format.size(), this_format) != 0 ? bad(CacheStatus::stale, "another format")
                                                                      : bad(CacheStatus::corrupted, "checksum mismatch");
  }
  const auto header_end = rest.find('\n');
  if (header_end == std::string::npos) return bad(CacheStatus::corrupted, "no header");
  nlohmann::json header;
  try {
    header = parse_json_limited(rest.substr(0, header_end), std::string(format.what) + " header");
  } catch (const std::exception&) {
    return bad(CacheStatus::corrupted, "unreadable header");
  }
  try {
    if (header.at("format").get<int>() != format.version) return bad(CacheStatus::stale, "another format");
    if (header.at("key").get<std::string>() != key) return bad(CacheStatus::stale, "key mismatch");
    const std::size_t offset = eol + 1 + header_end + 1;
    if (const Refusal r = shape(header, content.size() - offset)) return bad(r->first, r->second);
    status = CacheStatus::hit;
    return Entry{std::move(header), std::move(read.content), offset};
  } catch (const nlohmann::json::exception& e) {
    return bad(CacheStatus::corrupted, std::string("malformed header: ") + e.what());
  }
}

void store(const std::filesystem::path& dir, const std::filesystem::path& file, const Format& format,
           const std::string& rest) {
  cache_file::write_entry(dir, file, first_line(format, rest.data(), rest.size()) + rest, format.what);
}

}  // namespace granconv::cache_entry
