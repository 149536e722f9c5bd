#include "models/input/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <new>
#include <stdexcept>

#include "models/input/printable.hpp"

namespace granconv {

namespace {

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "an unknown kind of file";
}

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

RegularFileText try_read_regular_file(const std::filesystem::path& file, std::size_t max_bytes) {
  RegularFileText r;
  const auto fail = [&](ReadFailure f, std::string cause) {
    r.failure = f;
    r.cause = std::move(cause);
    r.text.clear();
    return r;
  };
  Fd f;
  do f.fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  while (f.fd < 0 && errno == EINTR);
  if (f.fd < 0) {
    const int err = errno;
    r.error = err;
    return fail(err == ENOENT || err == ENOTDIR ? ReadFailure::missing : ReadFailure::unreadable,
                std::string("cannot read it: ") + std::strerror(err));
  }
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) {
    r.error = errno;
    return fail(ReadFailure::unreadable, std::string("cannot stat it: ") + std::strerror(r.error));
  }
  if (!S_ISREG(st.st_mode)) {
    r.kind = kind_of(st.st_mode);
    return fail(ReadFailure::not_regular, std::string("is ") + r.kind + ", not a regular file");
  }
  if (static_cast<unsigned long long>(st.st_size) > max_bytes) {
    r.size = static_cast<unsigned long long>(st.st_size);
    return fail(ReadFailure::too_large, "more than " + std::to_string(max_bytes) + " bytes, the limit (it has " +
                                            std::to_string(st.st_size) + ")");
  }
  try {
    r.text.reserve(static_cast<std::size_t>(st.st_size));
    char buf[1 << 16];
    for (;;) {
      const ssize_t n = ::read(f.fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        r.error = errno;
        return fail(ReadFailure::unreadable, std::string("read error: ") + std::strerror(r.error));
      }
      if (n == 0) break;
      // A file that grows while it is read is held to the same limit.
      if (r.text.size() + static_cast<std::size_t>(n) > max_bytes)
        return fail(ReadFailure::too_large, "more than " + std::to_string(max_bytes) + " bytes, the limit");
      r.text.append(buf, static_cast<std::size_t>(n));
    }
  } catch (const std::bad_alloc&) {
    throw std::runtime_error("out of memory reading " + printable(file.string()));
  }
  return r;
}

std::string read_regular_file(const std::filesystem::path& file, std::size_t max_bytes, const std::string& what) {
  RegularFileText r = try_read_regular_file(file, max_bytes);
  if (r.failure != ReadFailure::none)
    throw std::runtime_error(what + (what.empty() ? "" : " ") + printable(file.string()) + ": " + r.cause);
  return std::move(r.text);
}

int write_new_file(const std::filesystem::path& file, const std::string& content) {
  Fd f;
  f.fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (f.fd < 0) return errno;
  int err = 0;
  for (std::size_t done = 0; done < content.size() && !err;) {
    const ssize_t n = ::write(f.fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) err = n < 0 ? errno : EIO;
    else done += static_cast<std::size_t>(n);
  }
  if (::close(f.fd) != 0 && !err) err = errno;
  f.fd = -1;
  if (err) ::unlink(file.c_str());
  return err;
}

}  // namespace granconv
