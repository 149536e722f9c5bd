#pragma once
// An order sweep's errors against a reference that is streamed, not kept
// (issue 38): memory O(N) whatever the number of steps and of step sizes.
//
// The sweep's shared reference is the one at the union of every run's grid
// times. Its provenance, error estimate and scale (what the floor needs) are
// taken by streaming it once at that union beside its error estimate's rerun,
// the differences taken state by state (summarise_streamed_reference). The
// runs then read the reference again while they step, a group of step sizes
// at a time: the group's runs side by side against one stream at the union of
// their grid times (grid_errors_broadcast, studies/support/reference_broadcast.hpp;
// a run alone: grid_errors_streamed), as many runs as fit in the memory given
// (stream_group_size). CVODE's steps do not depend on the output times (it
// steps to t_end and interpolates each requested time in the step holding it,
// reference/sundials/cvode_support.hpp), nor does an exact solution, so every
// state is the stored union reference's bit for bit whatever the grouping:
// the errors, the floor and the provenance are those of the stored sweep, for
// one more reference solve per group. ARKODE's erk8 and erk9 stop at each
// requested time, so their states depend on the union: those references are
// stored (can_stream_reference).
#include <cstddef>
#include <vector>

#include "models/scenarios.hpp"
#include "reference/provenance.hpp"
#include "reference/sundials/cvode_reference.hpp"
#include "schemes/scheme.hpp"
#include "studies/support/grid_errors.hpp"

namespace granconv {

// The union of the grid times is held (a double each; all_grid_times): at most
// this many, 800 MB, checked before it is built.
inline constexpr double kMaxStreamedUnionTimes = 1e8;

struct StreamedReferenceSummary {
  Provenance provenance;  // with the error estimate, as cached_reference gives it
  double scale = 0;       // max |state| over the union (the floor's scale)
};

// The reference at `times` (sorted, the union) under `opt`, nothing kept; the
// reference must stream without its estimate (can_stream_reference). With
// `running` >= 2 the solve and its estimate's rerun run at once.
StreamedReferenceSummary summarise_streamed_reference(const Problem<double>& problem, const std::vector<double>& times,
                                                      const ReferenceOptions& opt, int running = 1);

// grid_errors (grid_max) of one run of n steps against its own streamed reference.
GridErrors grid_errors_streamed(const Scheme<double>& scheme, const Problem<double>& problem, Formulation f, long n,
                                const ReferenceOptions& opt);

// grid_errors_streamed of a run of each of `steps`, all against one stream of
// the reference at the union of their grid times, at most `running` threads
// computing at a time: element j is grid_errors_streamed's of steps[j], bit
// for bit. Rethrows the failure of the first element that failed.
std::vector<GridErrors> grid_errors_broadcast(const Scheme<double>& scheme, const Problem<double>& problem, Formulation f,
                                              const std::vector<long>& steps, const ReferenceOptions& opt, int running);

// A group's runs each take a thread (at most --jobs computing at a time): at
// most this many, so that a grid of many step sizes (up to kMaxGridPoints) on
// a small chain does not start a thread for every one.
inline constexpr std::size_t kMaxRunsPerStream = 16;

// How many runs on a chain of `beads` beads one group holds within `bytes`:
// one reference (CVODE's storage and the ring) and that many runs
// (models/memory_budget.hpp), at least one and at most kMaxRunsPerStream.
std::size_t stream_group_size(double beads, double bytes);

// Indices 0..m-1 in contiguous groups of at most `size`, and at least
// `at_least` groups where there are that many indices, as even as possible.
std::vector<std::vector<std::size_t>> stream_groups(std::size_t m, std::size_t size, std::size_t at_least);

}  // namespace granconv
