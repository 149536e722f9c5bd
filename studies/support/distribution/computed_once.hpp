#pragma once
// A few independent computations, each done once on whichever rank or thread
// is free (one distributed loop of a cell each, distributed_for.hpp), their
// bytes on every rank: what every rank needs but none should compute twice,
// such as an extended sweep's reference and its certification. A failure
// rethrown is the first by index, on every rank.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "studies/support/distribution/distributed_for.hpp"

namespace granconv {

inline std::vector<std::string> computed_once(const std::vector<std::function<std::string()>>& tasks, int jobs) {
  std::vector<std::string> out(tasks.size());
  DistributedLoop loop{.order = first_first(tasks.size()), .jobs = jobs, .first_failure_by_index = true};
  loop.compute = [&](std::size_t i) { return tasks[i](); };
  loop.apply = [&](std::size_t i, std::string_view b) { out[i] = std::string(b); };
  distributed_for(loop);
  return out;
}

}  // namespace granconv
