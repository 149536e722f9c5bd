#include "studies/support/reference_broadcast.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "studies/support/parallel_for.hpp"

namespace granconv {

namespace {
constexpr long kDone = std::numeric_limits<long>::max();  // the position of a consumer that reads no more
struct Stopped {};
}  // namespace

struct ReferenceBroadcast::Shared {
  Shared(long count, std::size_t slots, Eigen::Index width, int limit, std::size_t consumers)
      : count(count), ring(slots, Vec<double>(width)), limit(limit), positions(consumers, 0) {}
  long count;
  std::vector<Vec<double>> ring;
  int limit;
  std::mutex mutex;
  std::condition_variable changed;
  long produced = 0;             // states written so far
  std::vector<long> positions;   // each consumer's last asked index (held until its next ask)
  int running = 0;               // threads computing now
  // Who waits on a predicate other than a turn, so that a state written or a
  // slot freed wakes the threads only when one of them could use it (a
  // notification per state woke every waiting thread for nothing; figures in
  // docs/performance.md). A turn given up always notifies, so no thread waits
  // for ever on these alone.
  bool producer_waiting = false;
  int consumers_waiting = 0;
  bool producer_done = false, stop = false;
  std::exception_ptr failure;

  long slowest() const { return *std::min_element(positions.begin(), positions.end()); }
  // Gives the turn up while `ready` is false, and waits for it and for a turn.
  template <class Ready>
  void wait_for(std::unique_lock<std::mutex>& lock, Ready ready) {
    if (ready()) return;
    --running;
    changed.notify_all();
    changed.wait(lock, [&] { return ready() && running < limit; });
    ++running;
  }
  void take_turn(std::unique_lock<std::mutex>& lock) {
    changed.wait(lock, [&] { return running < limit; });
    ++running;
  }
};

const Vec<double>& ReferenceBroadcast::Reader::at(long u) {
  Shared& s = shared_;
  std::unique_lock lock(s.mutex);
  if (u < s.positions[index_] || u >= s.count)
    throw std::logic_error(fmt::format("ReferenceBroadcast: state {} asked out of order (after {}, of {})", u,
                                       s.positions[index_], s.count));
  if (u > s.positions[index_]) {
    s.positions[index_] = u;  // frees the slots of the states before u
    // Only the producer waits for freed slots, and it needs a turn to use
    // them: with none free, the turn given up later notifies it.
    if (s.producer_waiting && s.running < s.limit) s.changed.notify_all();
  }
  ++s.consumers_waiting;
  s.wait_for(lock, [&] { return s.produced > u || s.producer_done; });
  --s.consumers_waiting;
  if (s.produced <= u) {
    if (s.failure) std::rethrow_exception(s.failure);
    throw std::logic_error(fmt::format("ReferenceBroadcast: the reference gave {} of {} states", s.produced, s.count));
  }
  return s.ring[static_cast<std::size_t>(u) % s.ring.size()];
}

ReferenceBroadcast::Outcome ReferenceBroadcast::run(const Producer& produce, long count, Eigen::Index width,
                                                    std::size_t slots, int running,
                                                    const std::vector<Consumer>& consumers) {
  if (slots < 1 || count < 1 || running < 1 || consumers.empty())
    throw std::invalid_argument("ReferenceBroadcast: at least one state, slot, consumer and running thread");
  Shared s(count, slots, width, running, consumers.size());
  Outcome out;
  out.failures.resize(consumers.size());

  // On the producer's thread, holding a turn.
  const ReferenceSink sink = [&s](const Vec<double>& xv) {
    std::unique_lock lock(s.mutex);
    if (s.produced >= s.count)
      throw std::logic_error("ReferenceBroadcast: the reference gave more states than grid times");
    const long p = s.produced;
    const auto start = std::chrono::steady_clock::now();
    const bool free = s.stop || p - static_cast<long>(s.ring.size()) < s.slowest();
    s.producer_waiting = true;
    s.wait_for(lock, [&] { return s.stop || p - static_cast<long>(s.ring.size()) < s.slowest(); });
    s.producer_waiting = false;
    const auto waited = free ? std::chrono::steady_clock::duration::zero() : std::chrono::steady_clock::now() - start;
    if (s.stop) throw Stopped{};
    lock.unlock();
    // No consumer holds this slot's previous state (p − slots), nor reads
    // this one before `produced` says so: the copy needs no lock.
    s.ring[static_cast<std::size_t>(p) % s.ring.size()] = xv;  // same size: no allocation
    lock.lock();
    ++s.produced;
    if (s.consumers_waiting > 0 && s.running < s.limit) s.changed.notify_all();
    return waited;
  };

  // A thread's work, its turn taken first and given back at its end; a loop
  // inside stays on this process (distribution/distributed_for.hpp).
  const auto thread_of = [&s](auto work, auto finished) {
    return std::thread([&s, work, finished] {
      ++parallel_body_depth;
      {
        std::unique_lock lock(s.mutex);
        s.take_turn(lock);
      }
      std::exception_ptr failure;
      try {
        work();
      } catch (const Stopped&) {
      } catch (...) {
        failure = std::current_exception();
      }
      std::unique_lock lock(s.mutex);
      finished(failure);
      --s.running;
      s.changed.notify_all();
    });
  };
  std::vector<std::thread> threads;
  std::vector<Reader> readers;
  readers.reserve(consumers.size());
  for (std::size_t c = 0; c < consumers.size(); ++c) readers.push_back(Reader(s, c));
  try {
    threads.push_back(thread_of([&] { out.provenance = produce(sink); },
                                [&](std::exception_ptr failure) {
                                  out.reference_failure = failure;
                                  s.failure = failure;
                                  s.producer_done = true;
                                }));
    for (std::size_t c = 0; c < consumers.size(); ++c)
      threads.push_back(thread_of([&, c] { consumers[c](readers[c]); },
                                  [&, c](std::exception_ptr failure) {
                                    out.failures[c] = failure;
                                    s.positions[c] = kDone;
                                    // No one reads any more: the producer is stopped.
                                    s.stop = s.slowest() == kDone;
                                  }));
  } catch (...) {
    // A thread that could not start: the others are told to stop and joined.
    {
      std::unique_lock lock(s.mutex);
      s.stop = true;
      std::fill(s.positions.begin(), s.positions.end(), kDone);
      s.producer_done = true;
      s.changed.notify_all();
    }
    for (auto& t : threads) t.join();
    throw;
  }
  for (auto& t : threads) t.join();
  return out;
}

}  // namespace granconv
