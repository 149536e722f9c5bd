// The parts of the distribution layer that do not depend on MPI.
#include <atomic>
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
  const std::size_t n = loop.order.size();
  parallel_for(n, loop.jobs, [&](std::size_t j) {
    const std::size_t i = loop.order[j];
    loop.apply(i, loop.compute(i));
    if (loop.progress) loop.progress(++done, n);
  });
}
}  // namespace distribution_detail

}  // namespace granconv
