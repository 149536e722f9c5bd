#pragma once
// Runs body(i) for i in [0, count) on `jobs` threads. Each index writes only
// its own results, so the outcome does not depend on the thread count; the
// exception of the lowest failing index is rethrown, for the same reason.
#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace granconv {

// How far a long loop is, for whoever shows it (app/progress_display.hpp):
// (done, total) after each unit of work (one step size of a sweep, one atlas
// run), never per time step. Loops call it from their worker threads, so
// calls may come concurrently and out of order: the receiver locks and keeps
// the largest `done`. It never sees a result, so it cannot change one.
using ProgressFn = std::function<void(std::size_t done, std::size_t total)>;

// How many parallel_for bodies this thread is inside: a loop started from
// within one stays on this process (distribution/distributed_for.hpp).
inline thread_local int parallel_body_depth = 0;

inline void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& body) {
  std::atomic<std::size_t> next{0};
  std::mutex failure_mutex;
  std::size_t failed_index = count;
  std::exception_ptr failure;
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < count;) {
      try {
        ++parallel_body_depth;
        body(i);
        --parallel_body_depth;
      } catch (...) {
        --parallel_body_depth;
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (i < failed_index) {
          failed_index = i;
          failure = std::current_exception();
        }
      }
    }
  };
  const int threads = std::max(1, std::min<int>(jobs, static_cast<int>(count)));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& th : pool) th.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace granconv
