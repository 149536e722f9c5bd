#include "studies/external/external_run.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <random>
#include <thread>

#include <fmt/format.h>
#include <unistd.h>

#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"
#include "studies/support/child_process.hpp"
#include "studies/support/work_dirs.hpp"

namespace granconv {

namespace fs = std::filesystem;

std::string exact_number(double v) { return fmt::format("{:.17g}", v); }

namespace {

// OUT/external, a real folder (a symlink planted there would lead out of --out).
fs::path external_root(const fs::path& out_dir) {
  if (out_dir.empty()) throw ExternalFailure("an external program runs only with an output folder (--out)");
  // Absolute: the program runs in its own folder, where a relative path would lead elsewhere.
  const fs::path root = fs::absolute(out_dir) / "external";
  if (::mkdir(root.c_str(), 0755) != 0 && errno != EEXIST)
    throw ExternalFailure(fmt::format("cannot create {}: {}", printable(root.string()), std::strerror(errno)));
  struct stat st {};
  if (::lstat(root.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw ExternalFailure(fmt::format("{} is not a folder (a link or a file is refused: it could lead outside --out)",
                                      printable(root.string())));
  return root;
}

// A new folder of this run's own, named like the work folders a later start
// removes when their process is gone (app/output_dir.hpp).
fs::path new_container(const fs::path& root, const std::string& stem) {
  std::random_device rd;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const fs::path p = root / fmt::format("{}.tmp-{}-{:08x}", stem, ::getpid(), rd());
    if (::mkdir(p.c_str(), 0700) == 0) return p;
    if (errno != EEXIST) throw ExternalFailure(fmt::format("cannot create {}: {}", printable(p.string()), std::strerror(errno)));
  }
  throw ExternalFailure("cannot find a free name for a scratch folder under " + printable(root.string()));
}

// Removes the folder on every path out of the run. A program may leave a
// helper tidying its own files in there after it exits (LAMMPS built with
// Open MPI: the singleton's daemon removes its session folder, ompi.*, from
// TMPDIR a moment later), and remove_all stops at the first entry that
// vanishes under it: so it is tried again until the folder is gone, for at
// most about a second.
struct Container {
  fs::path path;
  ScopedWorkDir registered;
  explicit Container(const fs::path& p) : path(p), registered(p) {}
  ~Container() {
    for (int attempt = 0; attempt < 50; ++attempt) {
      std::error_code ec;
      fs::remove_all(path, ec);
      if (!ec) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
};

std::string joined(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& a : argv) s += (s.empty() ? "" : " ") + a;
  return printable(s.size() > 300 ? s.substr(0, 300) + "…" : s);
}

ChildOptions child_options(const fs::path& container, double budget) {
  ChildOptions o;
  o.dir = container / "work";
  o.budget_seconds = budget;
  // Outside the work folder, so that its listing is the program's alone.
  o.stdout_name = "../stdout.txt";
  o.stderr_name = "../stderr.txt";
  const std::string work = (container / "work").string();
  o.env = {"HOME=" + work, "TMPDIR=" + work, "OMP_NUM_THREADS=1", "LC_ALL=C"};
  return o;
}

}  // namespace

ExternalRun run_external(const ExternalRunSpec& s) {
  const ExternalStepper& e = *s.stepper;
  const std::string where = fmt::format("external {}, h = {:.6g}", e.name, s.h);
  auto fail = [&](const std::string& why) { return ExternalFailure(where + ": " + why); };
  const fs::path root = external_root(s.out_dir);
  const Container c(new_container(root, fmt::format("{}-h{}", s.claim_id, s.index)));
  const fs::path work = c.path / "work";
  if (::mkdir(work.c_str(), 0700) != 0) throw fail("cannot create its work folder: " + std::string(std::strerror(errno)));
  const fs::path scenario = work / "scenario.json";
  if (const int err = write_new_file(scenario, e.scenario_text))
    throw fail("cannot write the scenario file: " + std::string(std::strerror(err)));
  const fs::path out = work / (e.format == TrajectoryFormat::csv ? "trajectory.csv" : "trajectory.dump");

  Placeholders p;
  p.values = {{"scenario", scenario.string()},       {"h", exact_number(s.h)},
              {"t_end", exact_number(s.t_end)},      {"every", exact_number(s.grid.every)},
              {"steps", std::to_string(s.steps)},    {"every_steps", std::to_string(s.grid.every_steps)},
              {"out", out.string()},                 {"dir", e.dir.string()}};
  ExternalRun run;
  ChildOptions o = child_options(c.path, e.budget_seconds);
  o.watched = {{out, e.max_output_bytes}};
  auto run_one = [&](const std::vector<std::string>& tmpl, const std::vector<std::string>& extra) {
    std::vector<std::string> argv;
    for (const auto& a : tmpl) argv.push_back(p.apply(a));
    argv.insert(argv.end(), extra.begin(), extra.end());
    const ChildOutcome r = run_child(argv, o);
    run.seconds += r.seconds;
    if (!r.ok()) {
      const std::string line = r.telling_line();
      throw fail(fmt::format("{} {}{}", joined(argv), r.describe(o), line.empty() ? "" : ": " + line));
    }
    return argv;
  };
  if (!e.prepare.empty()) run_one(e.prepare, {});
  run.command = run_one(e.command, s.extra_args);
  // Recorded with its scratch folder as <work>: the record is the same for any run.
  for (auto& a : run.command)
    for (std::size_t at; (at = a.find(work.string())) != std::string::npos;) a.replace(at, work.string().size(), "<work>");

  // The program's output, from the path it was given only.
  std::error_code ec;
  for (fs::directory_iterator it(c.path, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name != "work" && name != "stdout.txt" && name != "stderr.txt")
      throw fail(fmt::format("{} wrote outside its work folder: {}", printable(e.command.front()), printable(it->path().string())));
  }
  const RegularFileText t = try_read_regular_file(out, static_cast<std::size_t>(e.max_output_bytes));
  switch (t.failure) {
    case ReadFailure::none: break;
    case ReadFailure::missing: throw fail(fmt::format("{} wrote no trajectory at {}", printable(e.command.front()), printable(out.string())));
    case ReadFailure::too_large:
      throw fail(fmt::format("its trajectory is {} bytes, over the limit of {} (max_output_bytes)", t.size, e.max_output_bytes));
    default: throw fail("its trajectory cannot be read: " + t.cause);
  }
  try {
    run.trajectory = e.format == TrajectoryFormat::csv ? read_trajectory_csv(t.text, s.grid) : read_lammps_dump(t.text, s.grid);
  } catch (const std::runtime_error& x) {
    throw fail(fmt::format("its trajectory {}: {}", out.filename().string(), x.what()));
  }
  return run;
}

std::string external_version(const ExternalStepper& e, const fs::path& out_dir) {
  if (e.version.empty()) return {};
  const Container c(new_container(external_root(out_dir), "version"));
  if (::mkdir((c.path / "work").c_str(), 0700) != 0) throw ExternalFailure("cannot create a work folder for the version");
  const ChildOptions o = child_options(c.path, 30);
  Placeholders p;
  p.values = {{"dir", e.dir.string()}};
  std::vector<std::string> argv;
  for (const auto& a : e.version) argv.push_back(p.apply(a));
  const ChildOutcome r = run_child(argv, o);
  if (r.end == ChildOutcome::End::not_started || r.end == ChildOutcome::End::over_budget)
    throw ExternalFailure(fmt::format("external {}: its version command {} {}", e.name, joined(argv), r.describe(o)));
  for (const std::string* text : {&r.stdout_head, &r.stderr_tail}) {
    std::size_t a = 0;
    while (a < text->size()) {
      std::size_t b = text->find('\n', a);
      if (b == std::string::npos) b = text->size();
      const std::string line = text->substr(a, b - a);
      if (line.find_first_of("0123456789") != std::string::npos) return printable(line.substr(0, 200));
      a = b + 1;
    }
  }
  return {};
}

}  // namespace granconv
