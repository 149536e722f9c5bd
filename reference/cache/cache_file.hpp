#pragma once
// The file handling both reference caches share (reference_cache.hpp,
// extended_reference_cache.hpp): an entry read without trusting what is in
// its place, an entry written to a temporary and renamed into place, and
// their warnings, each said once per process.
//
// Nothing found at an entry's path is trusted to be a file: a FIFO, a device
// or a directory there is opened without blocking and refused after fstat,
// and a regular file larger than the caller's bound is not read. Such an
// entry is damaged like one with a bad checksum: recomputed and replaced (a
// directory in its place is removed first, as rename cannot replace it).
#include <cstdint>
#include <filesystem>
#include <string>

namespace granconv::cache_file {

struct Read {
  enum class Outcome { ok, absent, damaged } outcome = Outcome::absent;
  std::string content;  // ok: the whole file
  std::string why;      // damaged: the cause, e.g. "a FIFO, not a regular file"
};

// `file` read whole when it is a regular file of at most max_bytes; absent
// when nothing is there. `what` names the entry in the one error this
// throws: memory for the file's bytes refused (std::runtime_error).
Read read_entry(const std::filesystem::path& file, std::uint64_t max_bytes, const char* what);

// False, with one warning per process, when `dir` exists and is not a
// directory: the caches then compute without storing.
bool usable_directory(const std::filesystem::path& dir);

// `content` written to a temporary in `dir` (created if need be) and renamed
// onto `file`, replacing whatever is there, a directory included. On failure
// one warning per process and cause ("...; continuing without caching"); a
// cache that cannot be written is not fatal.
void write_entry(const std::filesystem::path& dir, const std::filesystem::path& file, const std::string& content,
                 const char* what);

// `line` on stderr unless a line with the same `key` was written before by
// this process (keys name the entry or directory and the cause).
void warn_once(const std::string& key, const std::string& line);

}  // namespace granconv::cache_file
