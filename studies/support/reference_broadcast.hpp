#pragma once
// One reference stream read by several runs at once (issue 38): an order
// sweep's runs at every step size step beside one solve of the reference at
// the union of their grid times, instead of one solve each
// (studies/support/streamed_grid_errors.hpp). Nothing is kept but a ring of
// states: memory O(N) for each run and the reference, whatever the steps.
//
// The producer and every consumer run on threads of their own. The producer
// writes state p into the ring only when no consumer still holds the state
// that slot had (p − slots below every consumer's position); a consumer
// asking for a state not yet written waits for it. At most `running` of these
// threads compute at a time (a thread waiting gives its turn up), so a sweep
// takes its `--jobs` cores and no more, and the reference's budget counts
// only the time it was running. The slowest consumer holds the producer back
// and the producer the others, so no thread waits for ever: some thread can
// always go on. What each consumer reads does not depend on any timing.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <limits>
#include <mutex>
#include <vector>

#include "reference/streamed_reference.hpp"

namespace granconv {

class ReferenceBroadcast {
 public:
  // Any producer of `count` states of `width` values in order, as
  // ReferenceStream::Producer; slots >= 1, consumers >= 1, running >= 1.
  using Producer = std::function<Provenance(const ReferenceSink&)>;
  // A consumer: reads states through its reader (at(), indices not decreasing).
  class Reader;
  using Consumer = std::function<void(Reader&)>;

  struct Outcome {
    Provenance provenance;                  // the producer's, when it finished
    std::exception_ptr reference_failure;   // the producer's failure, if any
    std::vector<std::exception_ptr> failures;  // each consumer's own (the reference's when it met it)
  };
  // Runs the producer and the consumers to their ends. A producer left with
  // no consumer that still reads is stopped (its solver unwound), not failed.
  static Outcome run(const Producer& produce, long count, Eigen::Index width, std::size_t slots, int running,
                     const std::vector<Consumer>& consumers);

 private:
  struct Shared;
};

class ReferenceBroadcast::Reader {
 public:
  // The state of index u (< count, not below the last asked); valid until the
  // next call. Rethrows the producer's failure where it stopped before u.
  const Vec<double>& at(long u);

 private:
  friend class ReferenceBroadcast;
  Reader(ReferenceBroadcast::Shared& shared, std::size_t index) : shared_(shared), index_(index) {}
  ReferenceBroadcast::Shared& shared_;
  std::size_t index_;
};

}  // namespace granconv
