#pragma once
// The error estimate's rerun (rtol/10) of a SUNDIALS reference, either after
// the first solve or on a second thread beside it (ReferenceOptions::threads
// > 1). The two solves share nothing, so their results are the same bits
// either way; side by side the reference takes the time of the longer solve
// instead of the sum. When the first solve fails, its error is the one
// reported, as it would be had the rerun never started: the rerun is told to
// stop and its outcome is dropped.
#include <atomic>
#include <functional>
#include <future>
#include <stdexcept>
#include <utility>

namespace granconv::sundials_chain {

// Thrown by a solve whose stop flag was raised: nobody reads it.
struct RerunAbandoned : std::runtime_error {
  RerunAbandoned() : std::runtime_error("reference rerun abandoned: the first solve failed") {}
};

// A solve's stop flag, polled where it checks its wall-clock budget.
inline void check_stop(const std::atomic<bool>* stop) {
  if (stop != nullptr && stop->load(std::memory_order_relaxed)) throw RerunAbandoned();
}

template <class Run>
class RerunBeside {
 public:
  using Solve = std::function<Run(const std::atomic<bool>* stop)>;

  // beside: start `solve` now on its own thread; otherwise get() runs it.
  RerunBeside(Solve solve, bool beside) : solve_(std::move(solve)) {
    if (beside) result_ = std::async(std::launch::async, solve_, &stop_);
  }
  RerunBeside(const RerunBeside&) = delete;
  RerunBeside& operator=(const RerunBeside&) = delete;
  // Leaving early (the first solve threw): the rerun stops at its next budget
  // check, and result_'s destructor waits for it.
  ~RerunBeside() { stop_ = true; }

  // The rerun's result, or its exception.
  Run get() { return result_.valid() ? result_.get() : solve_(nullptr); }

 private:
  Solve solve_;
  std::atomic<bool> stop_{false};
  std::future<Run> result_;  // declared last: destroyed (joined) before stop_ and solve_
};

}  // namespace granconv::sundials_chain
