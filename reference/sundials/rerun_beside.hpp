#pragma once
// The error estimate's solve of a SUNDIALS reference (the rerun at rtol/10,
// or what replaces it where the solver refuses that tolerance), either after
// the first solve or on a second thread beside it (ReferenceOptions::threads
// > 1). The solves share nothing, so their results are the same bits either
// way; side by side the reference takes the time of the longer solve instead
// of the sum. When the first solve fails, its error is the one reported, as
// it would be had the estimate never started: the estimate is told to stop
// and its outcome is dropped.
#include <atomic>
#include <functional>
#include <future>
#include <stdexcept>
#include <system_error>
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

template <class Result>
class RerunBeside {
 public:
  using Solve = std::function<Result(const std::atomic<bool>* stop)>;

  // beside: start `solve` now on a thread of its own (or, where no thread can
  // be had, later, as without beside); otherwise get() runs it.
  RerunBeside(Solve solve, bool beside) : solve_(std::move(solve)) {
    if (!beside) return;
    try {
      result_ = std::async(std::launch::async, solve_, &stop_);
    } catch (const std::system_error&) {
      // No thread: one solve after the other gives the same result.
    }
  }
  RerunBeside(const RerunBeside&) = delete;
  RerunBeside& operator=(const RerunBeside&) = delete;
  // Leaving early (the first solve threw): the solve beside stops at its next
  // budget check, and result_'s destructor waits for it.
  ~RerunBeside() { stop_ = true; }

  // The solve's result, or its exception. Once: the result is moved out.
  Result get() { return result_.valid() ? result_.get() : solve_(nullptr); }

 private:
  Solve solve_;  // std::async runs a copy of it
  std::atomic<bool> stop_{false};
  std::future<Result> result_;  // declared last: destroyed (joined) while stop_ lives
};

}  // namespace granconv::sundials_chain
