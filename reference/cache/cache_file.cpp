#include "reference/cache/cache_file.hpp"

#include "models/input/regular_file.hpp"

#include <unistd.h>

#include <fmt/core.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <mutex>
#include <new>
#include <random>
#include <set>
#include <stdexcept>
#include <system_error>

namespace granconv::cache_file {

namespace {

namespace fs = std::filesystem;

Read damaged(std::string why) {
  Read r;
  r.outcome = Read::Outcome::damaged;
  r.why = std::move(why);
  return r;
}

}  // namespace

void warn_once(const std::string& key, const std::string& line) {
  static std::mutex mutex;
  static std::set<std::string> said;
  const std::lock_guard<std::mutex> lock(mutex);
  if (said.insert(key).second) std::cerr << line << '\n';
}

Read read_entry(const fs::path& file, std::uint64_t max_bytes, const char* what) {
  // Opened without blocking (a FIFO would otherwise wait for a writer for
  // ever) and checked with fstat: models/input/regular_file.hpp.
  RegularFileText t;
  try {
    t = try_read_regular_file(file, static_cast<std::size_t>(max_bytes));
  } catch (const std::runtime_error&) {
    throw std::runtime_error(fmt::format("out of memory reading {} {}", what, file.string()));
  }
  switch (t.failure) {
    case ReadFailure::none: {
      Read r;
      r.outcome = Read::Outcome::ok;
      r.content = std::move(t.text);
      return r;
    }
    case ReadFailure::missing: return {};
    case ReadFailure::not_regular: return damaged(fmt::format("{}, not a regular file", t.kind));
    case ReadFailure::too_large:
      return damaged(t.size ? fmt::format("{} bytes, more than the {} an entry of this key can hold", t.size, max_bytes)
                            : fmt::format("more than the {} bytes an entry of this key can hold", max_bytes));
    case ReadFailure::unreadable: break;
  }
  return damaged(fmt::format("unreadable: {}", std::strerror(t.error ? t.error : EIO)));
}

bool usable_directory(const fs::path& dir) {
  std::error_code ec;
  const auto st = fs::status(dir, ec);
  if (ec || !fs::exists(st) || fs::is_directory(st)) return true;  // created, or its failure said, when written
  warn_once("not a directory: " + dir.string(),
            "granconv: warning: reference cache directory " + dir.string() +
                " is not a directory; continuing without caching");
  return false;
}

void write_entry(const fs::path& dir, const fs::path& file, const std::string& content, const char* what) {
  // Keyed by the directory, not the entry: a full disk is one cause however
  // many entries meet it.
  auto fail = [&](const char* step, const std::string& operation, const std::string& cause) {
    warn_once(fmt::format("{} in {}: {}", step, dir.string(), cause),
              fmt::format("granconv: warning: cannot {}: {}; continuing without caching", operation, cause));
  };
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return fail("create", "create reference cache directory " + dir.string(), ec.message());
  static std::atomic<unsigned> counter{0};
  std::random_device rd;
  // The name app/output_dir.hpp's remove_stale_temporaries knows by its pid.
  const fs::path tmp = dir / fmt::format(".{}.tmp.{}.{}.{:08x}", file.filename().string(),
                                         static_cast<long>(::getpid()), counter.fetch_add(1), rd());
  if (const int err = write_new_file(tmp, content))
    return fail("write", fmt::format("write {} {}", what, file.string()), std::strerror(err));
  // rename replaces a file, a FIFO or a link, not a directory: one in the
  // entry's place (it can be nothing of ours) goes first.
  if (fs::is_directory(fs::symlink_status(file, ec))) fs::remove_all(file, ec);
  fs::rename(tmp, file, ec);  // atomic replace: concurrent writers are safe, last one wins
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    fail("move", fmt::format("move {} into place: {}", what, file.string()), why);
  }
}

}  // namespace granconv::cache_file
