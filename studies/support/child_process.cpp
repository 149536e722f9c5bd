#include "studies/support/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <thread>

#include <fmt/format.h>

#include "models/input/printable.hpp"
#include "studies/support/work_dirs.hpp"

extern char** environ;

namespace granconv {

namespace {

constexpr std::size_t kTailBytes = 2000;

std::uintmax_t size_of(const std::filesystem::path& p) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0 ? static_cast<std::uintmax_t>(st.st_size) : 0;
}

std::string part_of(const std::filesystem::path& p, bool tail) {
  const int fd = ::open(p.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return {};
  struct stat st {};
  std::string s;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    const off_t from = tail && st.st_size > off_t(kTailBytes) ? st.st_size - off_t(kTailBytes) : 0;
    s.resize(static_cast<std::size_t>(std::min<off_t>(st.st_size - from, off_t(kTailBytes))));
    const ssize_t got = ::pread(fd, s.data(), s.size(), from);
    s.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  }
  ::close(fd);
  return s;
}

// The inherited environment with `over` set on top of it.
std::vector<std::string> environment(const std::vector<std::string>& over) {
  std::map<std::string, std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const std::string kv = *e;
    env[kv.substr(0, kv.find('='))] = kv;
  }
  for (const auto& kv : over) env[kv.substr(0, kv.find('='))] = kv;
  std::vector<std::string> out;
  for (auto& [k, kv] : env) out.push_back(std::move(kv));
  return out;
}

std::vector<char*> c_strings(std::vector<std::string>& v) {
  std::vector<char*> out;
  for (auto& s : v) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

bool program_found(const std::string& program) {
  auto executable = [](const std::string& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string::npos) return executable(program);
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t a = 0;
  while (a <= dirs.size()) {
    std::size_t b = dirs.find(':', a);
    if (b == std::string::npos) b = dirs.size();
    const std::string d = dirs.substr(a, b - a);
    if (!d.empty() && executable(d + "/" + program)) return true;
    a = b + 1;
  }
  return false;
}

std::string ChildOutcome::describe(const ChildOptions& o) const {
  switch (end) {
    case End::exited: return fmt::format("exited {}", code);
    case End::signalled: return fmt::format("was killed by signal {} ({})", code, strsignal(code));
    case End::over_budget: return fmt::format("ran past its budget of {:g} s and was killed", o.budget_seconds);
    case End::over_output:
      return "wrote past its limit (" + over_output + ") and was killed";
    case End::not_started: return "could not be started: " + start_error;
  }
  return "ended in an unknown way";
}

std::string ChildOutcome::telling_line() const {
  auto lines_of = [](const std::string& s) {
    std::vector<std::string> out;
    std::size_t a = 0;
    while (a < s.size()) {
      std::size_t b = s.find('\n', a);
      if (b == std::string::npos) b = s.size();
      std::string l = s.substr(a, b - a);
      while (!l.empty() && (l.back() == '\r' || l.back() == ' ')) l.pop_back();
      if (!l.empty()) out.push_back(l);
      a = b + 1;
    }
    return out;
  };
  const auto err = lines_of(stderr_tail), out = lines_of(stdout_tail);
  for (const auto* v : {&out, &err})
    for (auto it = v->rbegin(); it != v->rend(); ++it)
      if (it->find("ERROR") != std::string::npos) return printable(*it);
  if (!err.empty()) return printable(err.back());
  if (!out.empty()) return printable(out.back());
  return {};
}

ChildOutcome run_child(const std::vector<std::string>& argv_in, const ChildOptions& o) {
  ChildOutcome r;
  if (argv_in.empty() || argv_in.front().empty()) {
    r.start_error = "no program named";
    return r;
  }
  // Absolute: the file actions run after the chdir, where a relative path would mean another file.
  std::error_code ec;
  const auto dir = std::filesystem::absolute(o.dir, ec);
  if (ec) {
    r.start_error = "its folder " + printable(o.dir.string()) + " has no absolute path: " + ec.message();
    return r;
  }
  const auto out_path = dir / o.stdout_name, err_path = dir / o.stderr_name;
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attr);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
  if (o.merge_stderr)
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
  else
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
  sigset_t none, all_default;
  sigemptyset(&none);
  sigemptyset(&all_default);
  for (const int s : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) sigaddset(&all_default, s);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all_default);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  std::vector<std::string> args = argv_in, env = environment(o.env);
  auto argv = c_strings(args), envp = c_strings(env);
  pid_t pid = 0;
  const auto start = std::chrono::steady_clock::now();
  const int spawned = ::posix_spawnp(&pid, args.front().c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (spawned != 0) {
    // ENOENT also comes from a file action (the folder or an output file gone).
    r.start_error = spawned == ENOENT && !program_found(args.front())
                        ? "no such program"
                        : fmt::format("{} (in {})", std::strerror(spawned), printable(dir.string()));
    return r;
  }
  const ScopedProcessGroup registered(pid);
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::vector<std::pair<std::filesystem::path, std::uintmax_t>> caps = o.watched;
  caps.emplace_back(out_path, o.max_stream_bytes);
  if (!o.merge_stderr) caps.emplace_back(err_path, o.max_stream_bytes);
  int status = 0;
  auto pause = std::chrono::microseconds(500);
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) {
      r.start_error = std::string("its process was lost: ") + std::strerror(errno);
      ::kill(-pid, SIGKILL);
      return r;
    }
    const bool late = elapsed() > o.budget_seconds;
    bool loud = false;
    for (const auto& [file, cap] : caps)
      if (!loud && size_of(file) > cap) {
        loud = true;
        r.over_output = fmt::format("{}: {} bytes", printable(file.filename().string()), cap);
      }
    if (late || loud) {
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      r.end = late ? ChildOutcome::End::over_budget : ChildOutcome::End::over_output;
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(20000));
  }
  ::kill(-pid, SIGKILL);  // whatever the program left running in its group
  r.seconds = elapsed();
  if (r.end == ChildOutcome::End::not_started) {
    if (WIFEXITED(status)) r.end = ChildOutcome::End::exited, r.code = WEXITSTATUS(status);
    else r.end = ChildOutcome::End::signalled, r.code = WTERMSIG(status);
  }
  r.stdout_tail = part_of(out_path, true);
  r.stdout_head = part_of(out_path, false);
  if (!o.merge_stderr) r.stderr_tail = part_of(err_path, true);
  return r;
}

}  // namespace granconv
