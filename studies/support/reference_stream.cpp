#include "studies/support/reference_stream.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace granconv {

std::size_t reference_stream_slots(std::size_t width, long n) {
  constexpr std::size_t kRingBytes = std::size_t(16) << 20;
  const std::size_t fit = kRingBytes / (std::max<std::size_t>(width, 1) * sizeof(double));
  return std::min<std::size_t>(std::max<std::size_t>(fit, 2), static_cast<std::size_t>(std::max(n, 1L)) + 1);
}

ReferenceStream::ReferenceStream(const Problem<double>& problem, long n, const ReferenceOptions& opt,
                                 std::size_t slots)
    : ReferenceStream([&problem, opt, n](const ReferenceSink& sink) { return stream_reference(problem, n, opt, sink); },
                      n + 1, problem.y0.size(), slots) {}

ReferenceStream::ReferenceStream(Producer produce, long count, Eigen::Index width, std::size_t slots)
    : n_(count - 1), produce_(std::move(produce)) {
  if (slots < 1 || count < 2) throw std::invalid_argument("ReferenceStream: at least two states and one slot");
  ring_.assign(slots, Vec<double>(width));
  // The thread waits for its first turn (the caller's first at()), so that
  // nothing of the reference runs on the caller's clock.
  thread_ = std::thread([this] {
    {
      std::unique_lock lock(mutex_);
      turn_changed_.wait(lock, [&] { return turn_ == Turn::reference; });
      if (stop_) {
        done_ = true;
        return;
      }
    }
    Provenance provenance;
    std::exception_ptr failure;
    try {
      provenance = produce_([this](const Vec<double>& xv) { return take(xv); });
    } catch (const Stopped&) {
    } catch (...) {
      failure = std::current_exception();
    }
    std::unique_lock lock(mutex_);
    provenance_ = std::move(provenance);
    failure_ = failure;
    done_ = true;
    pass_turn(lock, Turn::caller);
  });
}

ReferenceStream::~ReferenceStream() {
  {
    std::unique_lock lock(mutex_);
    if (!done_) {
      stop_ = true;
      pass_turn(lock, Turn::reference);
    }
  }
  thread_.join();
}

void ReferenceStream::pass_turn(std::unique_lock<std::mutex>&, Turn to) {
  turn_ = to;
  turn_changed_.notify_all();
}

// On the reference's thread, which holds the turn: the ring is its own until
// it passes the turn (the mutex orders the writes before the caller's reads).
std::chrono::steady_clock::duration ReferenceStream::take(const Vec<double>& xv) {
  if (produced_ > n_) throw std::logic_error("ReferenceStream: the reference gave more states than grid times");
  ring_[static_cast<std::size_t>(produced_) % ring_.size()] = xv;  // same size: no allocation
  ++produced_;
  if (produced_ % static_cast<long>(ring_.size()) != 0 || produced_ == n_ + 1)
    return std::chrono::steady_clock::duration::zero();
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  pass_turn(lock, Turn::caller);
  turn_changed_.wait(lock, [&] { return turn_ == Turn::reference; });
  if (stop_) throw Stopped{};
  return std::chrono::steady_clock::now() - start;
}

const Vec<double>& ReferenceStream::at(long k) {
  if (k >= produced_ && !done_) {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    pass_turn(lock, Turn::reference);
    turn_changed_.wait(lock, [&] { return turn_ == Turn::caller; });
    waited_ += std::chrono::steady_clock::now() - start;
  }
  if (failure_) std::rethrow_exception(failure_);
  if (k < 0 || k >= produced_ || k < produced_ - static_cast<long>(ring_.size()))
    throw std::logic_error(fmt::format("ReferenceStream: state {} asked out of order ({} produced)", k, produced_));
  return ring_[static_cast<std::size_t>(k) % ring_.size()];
}

Provenance ReferenceStream::finish() {
  if (!done_) {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    pass_turn(lock, Turn::reference);
    turn_changed_.wait(lock, [&] { return turn_ == Turn::caller; });
    waited_ += std::chrono::steady_clock::now() - start;
  }
  if (failure_) std::rethrow_exception(failure_);
  if (!done_ || produced_ != n_ + 1)
    throw std::logic_error(fmt::format("ReferenceStream: finished with {} of {} states", produced_, n_ + 1));
  return provenance_;
}

}  // namespace granconv
