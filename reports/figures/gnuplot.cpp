#include "reports/figures/gnuplot.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fmt/format.h>

namespace granconv::report_detail {

namespace fs = std::filesystem;

namespace {

std::string read_tail(const fs::path& p, std::size_t max_chars = 2000) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  if (s.size() > max_chars) s = "..." + s.substr(s.size() - max_chars);
  return s;
}
}  // namespace

// Text from a record or a catalogue inside a script or a data file: a
// control character (a newline above all) would end the line it sits in and
// let the rest run as commands, so each becomes a space.
std::string one_script_line(const std::string& s) {
  std::string o = s;
  for (char& c : o)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return o;
}

// A gnuplot single-quoted string literal ('' escapes a quote).
std::string gq(const std::string& s) {
  std::string o = "'";
  for (char c : one_script_line(s)) {
    if (c == '\'') o += "''";
    else o += c;
  }
  return o + "'";
}

ImageFormat format_for(std::size_t points) { return points <= 400 ? ImageFormat::svg : ImageFormat::png; }

const char* extension(ImageFormat f) { return f == ImageFormat::svg ? ".svg" : ".png"; }

std::string terminal(const std::string& stem, ImageFormat format, const std::string& size, const std::string& body) {
  std::string s;
  if (format == ImageFormat::svg)
    s += "set terminal svg size " + size + " dynamic enhanced font 'Helvetica,13' background rgb 'white'\n";
  else
    s += "set terminal png size " + size + " enhanced font 'Helvetica,11' background rgb 'white'\n";  // indexed colour: a fifth of pngcairo's bytes
  s += "set output " + gq(stem + extension(format)) + "\n";
  return s + body + "set output\n";
}

std::string plotnum(double v) { return std::isfinite(v) ? fmt::format("{:.7g}", v) : "NaN"; }

std::string header(const std::string& what, const std::string& stem) {
  return "# granconv report: " + one_script_line(what) + "\n# Generated file; re-run with: cd figures && gnuplot " +
         one_script_line(stem) + ".gp\nset encoding utf8\nreset\n";
}

namespace {

// gnuplot runs without a shell (argv, in DIR, stdin from /dev/null, its
// output to STEM.log), with the signal mask cleared (granconv blocks SIGINT,
// SIGTERM and SIGHUP for its own cleanup thread: app/signal_cleanup.hpp), and
// within a wall-clock budget: a script takes well under a second.
constexpr double kGnuplotSeconds = 120;

int run_without_shell(const std::string& gnuplot, const fs::path& dir, const std::string& script, const fs::path& log) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attr);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
  std::vector<char*> argv = {const_cast<char*>(gnuplot.c_str()), const_cast<char*>(script.c_str()), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, gnuplot.c_str(), &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (spawned != 0)
    throw std::runtime_error("report: cannot run " + gnuplot + " on script " + (dir / script).string() + ": " +
                             std::strerror(spawned));
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) return status;
    if (done < 0 && errno != EINTR)
      throw std::runtime_error(std::string("report: lost gnuplot's process: ") + std::strerror(errno));
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > kGnuplotSeconds) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      throw std::runtime_error(fmt::format("report: gnuplot ran past its budget of {:g} s on script {}",
                                           kGnuplotSeconds, (dir / script).string()));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace

void run_gnuplot(const std::string& gnuplot, const fs::path& dir, const std::string& stem, ImageFormat format) {
  const fs::path script = dir / (stem + ".gp");
  const fs::path log = dir / (stem + ".log");
  const int status = run_without_shell(gnuplot, dir, stem + ".gp", log);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::string how = WIFEXITED(status) ? "status " + std::to_string(WEXITSTATUS(status))
                                              : "signal " + std::to_string(WTERMSIG(status));
    throw std::runtime_error("report: gnuplot failed (" + how + ") on script " + script.string() + ":\n" +
                             read_tail(log));
  }
  std::error_code ec;
  fs::remove(log, ec);
  const fs::path out = dir / (stem + extension(format));
  if (!fs::exists(out) || fs::file_size(out) == 0)
    throw std::runtime_error("report: gnuplot script " + script.string() + " produced no " + out.filename().string());
}

std::string datablock(const std::string& name, const std::vector<std::pair<double, double>>& pts) {
  std::string s = "$" + name + " << EOD\n";
  for (const auto& [x, y] : pts) s += fmt::format("{} {}\n", plotnum(x), plotnum(y));
  return s + "EOD\n";
}

}  // namespace granconv::report_detail
