#pragma once
// A few independent computations, each done once on whichever rank or thread
// is free (one distributed loop of a cell each, distributed_for.hpp), and
// taken in from their bytes on every rank: what every rank needs but none
// should compute twice, such as an extended sweep's reference and its
// certification. A failure rethrown is the first by index, on every rank.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "studies/support/distribution/distributed_for.hpp"

namespace granconv {

struct ComputedOnce {
  std::function<std::string()> compute;             // the result as bytes (any thread, any rank)
  std::function<void(std::string_view)> take_in;     // on every rank, once; the bytes live only for the call
};

// Each task's take_in reads its bytes where they are, without keeping a copy:
// a result of gigabytes (an extended sweep's reference) is held once as bytes
// and once decoded, and only while it is decoded.
inline void computed_once(const std::vector<ComputedOnce>& tasks, int jobs) {
  DistributedLoop loop{.order = first_first(tasks.size()), .jobs = jobs, .first_failure_by_index = true};
  loop.compute = [&](std::size_t i) { return tasks[i].compute(); };
  loop.apply = [&](std::size_t i, std::string_view b) { tasks[i].take_in(b); };
  distributed_for(loop);
}

}  // namespace granconv
