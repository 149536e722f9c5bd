#pragma once
// The reference at the grid times of a run of n steps, handed to the caller
// state by state while the scheme steps (compare_with_reference), so that
// neither trajectory is kept: memory O(N) whatever the number of steps.
//
// The reference's solver loop and the scheme's loop each want to drive, so
// the reference runs on a thread of its own, in turns with the caller: it
// fills a ring of `slots` states and waits; the caller takes them in order,
// and asking for one past the ring hands the turn back. One side runs at a
// time, so the caller's clock, less waited(), is the scheme's own time, and
// the reference's budget counts its own time only.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "reference/streamed_reference.hpp"

namespace granconv {

class ReferenceStream {
 public:
  // The reference must be streamable (can_stream_reference); slots >= 1.
  ReferenceStream(const Problem<double>& problem, long n, const ReferenceOptions& opt, std::size_t slots);
  // Any producer of `count` states of `width` values in order (stream_reference_at
  // at an order sweep's union of grid times, or an error estimate's rerun):
  // it gives each to its sink and returns its provenance.
  using Producer = std::function<Provenance(const ReferenceSink&)>;
  ReferenceStream(Producer produce, long count, Eigen::Index width, std::size_t slots);
  // An unfinished reference is stopped (its solver unwound) and joined.
  ~ReferenceStream();
  ReferenceStream(const ReferenceStream&) = delete;
  ReferenceStream& operator=(const ReferenceStream&) = delete;

  // The state at grid time k (the producer's k-th), k = 0, 1, ... in order; valid until the next
  // call. Rethrows the reference's failure.
  const Vec<double>& at(long k);
  // After the state at t_n: the reference's provenance.
  Provenance finish();
  // The time the caller spent in at() waiting for the reference.
  std::chrono::steady_clock::duration waited() const { return waited_; }

 private:
  struct Stopped {};
  enum class Turn { reference, caller };
  std::chrono::steady_clock::duration take(const Vec<double>& xv);  // the reference's side
  void pass_turn(std::unique_lock<std::mutex>& lock, Turn to);

  long n_;  // the last state's index
  Producer produce_;
  std::vector<Vec<double>> ring_;
  long produced_ = 0;  // states written into the ring so far
  std::mutex mutex_;
  std::condition_variable turn_changed_;
  Turn turn_ = Turn::caller;
  bool done_ = false, stop_ = false;
  std::exception_ptr failure_;
  Provenance provenance_;
  std::chrono::steady_clock::duration waited_{};
  std::thread thread_;
};

// Ring slots for states of `width` values: about 16 MB of them, at least 2,
// at most what the run needs.
std::size_t reference_stream_slots(std::size_t width, long n);

}  // namespace granconv
