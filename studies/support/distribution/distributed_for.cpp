// The parts of the distribution layer that do not depend on MPI.
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <numeric>

#include "studies/support/distribution/distributed_for.hpp"

namespace granconv {

std::vector<std::size_t> first_first(std::size_t n) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  return order;
}

std::vector<std::size_t> last_first(std::size_t n) {
  std::vector<std::size_t> order = first_first(n);
  std::reverse(order.begin(), order.end());
  return order;
}

namespace distribution_detail {
void local_for(const DistributedLoop& loop) {
  // The bytes go through apply here too, so that every run, with MPI or not,
  // takes its results through the same serialisation.
  std::atomic<std::size_t> done{0};
  std::mutex arrival;
  const std::size_t n = loop.order.size();
  std::vector<std::exception_ptr> failures(loop.first_failure_by_index ? n : 0);
  parallel_for(n, loop.jobs, [&](std::size_t j) {
    const std::size_t i = loop.order[j];
    std::string bytes;
    try {
      bytes = loop.compute(i);
    } catch (...) {
      if (!loop.first_failure_by_index) throw;  // parallel_for keeps the first in the order
      failures[i] = std::current_exception();
      return;
    }
    if (loop.arrived) {
      std::lock_guard<std::mutex> lock(arrival);
      loop.arrived(i, bytes);
    }
    loop.apply(i, bytes);
    if (loop.progress) loop.progress(++done, n);
  });
  for (const auto& f : failures)
    if (f) std::rethrow_exception(f);
}
}  // namespace distribution_detail

}  // namespace granconv
