#include "reference/cache/cache_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
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

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "an unknown kind of file";
}

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

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
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer
  // forever; on a regular file it changes nothing.
  Fd in;
  do in.fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  while (in.fd < 0 && errno == EINTR);
  if (in.fd < 0) {
    // ENOTDIR: the directory is not one, which writing the entry reports.
    if (errno == ENOENT || errno == ENOTDIR) return {};
    return damaged(fmt::format("unreadable: {}", std::strerror(errno)));
  }
  struct stat st {};
  if (::fstat(in.fd, &st) != 0) return damaged(fmt::format("unreadable: {}", std::strerror(errno)));
  if (!S_ISREG(st.st_mode)) return damaged(fmt::format("{}, not a regular file", kind_of(st.st_mode)));
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size > max_bytes)
    return damaged(fmt::format("{} bytes, more than the {} an entry of this key can hold", size, max_bytes));
  Read r;
  try {
    r.content.resize(static_cast<std::size_t>(size));
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(fmt::format("out of memory reading {} {} ({} bytes)", what, file.string(), size));
  }
  std::size_t got = 0;
  while (got < r.content.size()) {
    const ssize_t n = ::read(in.fd, r.content.data() + got, r.content.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return damaged(fmt::format("unreadable: {}", std::strerror(errno)));
    if (n == 0) return damaged("shorter than its size while read");
    got += static_cast<std::size_t>(n);
  }
  r.outcome = Read::Outcome::ok;
  return r;
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
  {
    Fd out;
    out.fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (out.fd < 0) return fail("write", fmt::format("write {} {}", what, file.string()), std::strerror(errno));
    std::size_t put = 0;
    int err = 0;
    while (put < content.size() && !err) {
      const ssize_t n = ::write(out.fd, content.data() + put, content.size() - put);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) err = n < 0 ? errno : EIO;
      else put += static_cast<std::size_t>(n);
    }
    if (!err && ::close(out.fd) != 0) err = errno;
    out.fd = -1;
    if (err) {
      fs::remove(tmp, ec);
      return fail("write", fmt::format("write {} {}", what, file.string()), std::strerror(err));
    }
  }
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
