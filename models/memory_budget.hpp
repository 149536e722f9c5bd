#pragma once
// How long a chain this machine can run: a bead count is bounded by the memory
// its runs take side by side, against the machine's physical memory, rather
// than by a fixed count (issue 38). A run compared while stepping holds O(N):
// CVODE's banded Jacobian and its LU, Adams' history, the scheme's stage
// vectors and the chain's arrays, and a ring of reference states of about 16 MB.
#include <string>

#include <fmt/format.h>
#include <unistd.h>

namespace granconv {

// The ceiling of a built-in scenario's `n` (models/parameter_ranges.cpp; a
// chain listed bead by bead, a scenario file or the bi-stiffness kind's, keeps
// kMaxBeads). Below it, what bounds a chain is the memory of its runs.
inline constexpr int kMaxScenarioBeads = 100'000'000;

// Peak bytes per bead of one run, and what a run holds whatever N, for the
// scheme of the catalogue that takes the most (the tailored IRK once a step
// has fallen back to full Newton and allocated its banded matrix,
// schemes/runge_kutta.hpp; ahead of GL2 and Radau IIA), rounded up: the bead
// count is checked where the scheme is not known (a scenario's `n`), and a
// bound must not fall short for any scheme or path. Measured per scheme in
// docs/performance.md ("Comparing while stepping").
inline constexpr double kPeakBytesPerBead = 3200;
inline constexpr double kRunFixedBytes = 64e6;

// An order study's memory per --jobs thread (issue 38 §1: a study on N = 1e5
// at any h under 300 MB per job), which bounds how many runs read one
// streamed reference side by side (studies/support/streamed_grid_errors.hpp).
inline constexpr double kStudyBytesPerJob = 300e6;
// What that grouping counts, measured like kPeakBytesPerBead (docs/performance.md,
// "Comparing while stepping"), rounded up: the reference's CVODE storage with
// the chain's arrays, the ring and the process; and a run's own vectors for
// the catalogue's dearest scheme on the path its steps take (the tailored
// IRK's Newton vectors; a step that falls back to full Newton adds its banded
// matrix, about 700 B per bead, which this does not count).
inline constexpr double kStreamReferenceBytesPerBead = 1200;
inline constexpr double kStreamReferenceFixedBytes = 32e6;
inline constexpr double kStreamRunBytesPerBead = 500;
inline constexpr double kStreamRunFixedBytes = 1e6;

// This machine's physical memory in bytes (0 when it cannot be told).
inline double physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? double(pages) * double(page) : 0;
}

// "" when `runs` runs on a chain of `beads` beads fit in physical memory,
// else one line with the estimate, the memory and what the runs are.
inline std::string chain_memory_problem(double beads, int runs, const std::string& what_runs) {
  const double memory = physical_memory_bytes();
  const double need = double(runs) * (beads * kPeakBytesPerBead + kRunFixedBytes);
  if (!(memory > 0) || need <= memory) return "";
  return fmt::format("a chain of {:g} beads needs about {:.3g} GB ({} × {:.0f} B per bead and {:.0f} MB, {}), above "
                     "this machine's {:.3g} GB of memory",
                     beads, need * 1e-9, runs, kPeakBytesPerBead, kRunFixedBytes * 1e-6, what_runs, memory * 1e-9);
}

}  // namespace granconv
