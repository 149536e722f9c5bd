#pragma once
// Reading a file that someone else may have put there (and, at the end,
// creating one where someone else may have put something): only a regular file is
// read. The open is non-blocking, so a FIFO with no writer (or a device) is
// refused at once instead of blocking forever; fstat then says what it is. At
// most max_bytes are read: a larger file is refused before it is read whole.
// Every failure is one line "WHAT PATH: cause", the path printed escaped.
#include <cstddef>
#include <filesystem>
#include <string>

namespace granconv {

// Why a file could not be read: the caller decides whether that is an error
// (a scenario file) or damage to repair (a cache entry).
// `missing`: nothing there (ENOENT, or a path through something that is not a directory).
enum class ReadFailure { none, missing, not_regular, too_large, unreadable };

struct RegularFileText {
  std::string text;
  ReadFailure failure = ReadFailure::none;
  std::string cause;         // the one-line cause, empty on success
  const char* kind = "";     // not_regular: what is there instead ("a FIFO", "a directory", ...)
  int error = 0;             // unreadable: the errno
  unsigned long long size = 0;  // too_large: the file's size when known
};

// Never throws for what the file is; only for memory exhaustion, as a one-line message.
RegularFileText try_read_regular_file(const std::filesystem::path& file, std::size_t max_bytes);

// Throws std::runtime_error "WHAT PATH: cause" on any failure.
std::string read_regular_file(const std::filesystem::path& file, std::size_t max_bytes, const std::string& what);

// The writing side, for a temporary that is then renamed into place: `file`
// created as a new regular file (O_EXCL | O_NOFOLLOW: nothing someone put at
// that name, a link or a FIFO, is followed or opened) holding `content`.
// Returns 0, or the errno of the failure, the file then removed.
int write_new_file(const std::filesystem::path& file, const std::string& content);

}  // namespace granconv
