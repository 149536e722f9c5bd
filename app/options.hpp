#pragma once
// The options every command shares (--jobs, --cache, --claims), resolved in
// one place so that `run`, `report`, `atlas` and `validate` agree.
#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>

#include "models/input/printable.hpp"
#include "reports/atomic_file.hpp"

namespace granconv::cli {

// --jobs: 0 means every core.
inline int resolve_jobs(int jobs) {
  return jobs > 0 ? jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// --cache: "none" disables the reference cache, "" means OUT/cache (or none
// when there is no output directory).
inline std::filesystem::path resolve_cache(const std::string& cache, const std::string& out) {
  if (cache == "none") return {};
  if (!cache.empty()) return cache;  // named by the user: written where it says
  if (out.empty()) return {};
  // The default lies under --out; a symlink OUT/cache pointing out of it is refused.
  const std::filesystem::path dir = std::filesystem::path(out) / "cache";
  if (const auto real = resolved(dir); !lies_under(resolved(out), real))
    throw std::runtime_error("the reference cache " + printable(dir.string()) + " resolves to " + printable(real.string()) +
                             ", outside --out; name it with --cache DIR to use it there");
  return dir;
}

// --claims: a catalogue file or directory (studies/core/catalogue.hpp); ""
// the shipped one, which GRANCONV_CLAIMS overrides. Defined in options.cpp,
// so that this header does not bring the claim types to every command
// (validate has its own StepGrid).
std::filesystem::path catalogue_path(const std::string& claims);

}  // namespace granconv::cli
