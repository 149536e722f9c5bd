// The distribution layer over MPI (built with GRANCONV_MPI): rank 0 hands out
// the cells of a loop on request and learns how each ended; then it
// broadcasts every cell's status with the smaller results, and each larger
// result is broadcast by the rank that computed it. Only the main thread of a rank calls MPI (MPI_THREAD_FUNNELED);
// the cells run on `jobs` threads per rank, rank 0's own included.
#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "studies/support/distribution/cell_bytes.hpp"
#include "studies/support/distribution/distributed_for.hpp"

namespace granconv {
namespace {

bool initialised = false;
int rank = 0, ranks = 1;
std::thread::id main_thread;
int loop_depth = 0;
std::optional<std::string> shared_message;

enum Tag : int { kRequest = 1601, kAssign = 1602, kResult = 1603 };
constexpr std::uint64_t kNone = ~std::uint64_t{0};

// mpirun (Open MPI), srun and other PMI launchers set one of these.
bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

std::string receive(int source, int tag, MPI_Status& status) {
  MPI_Probe(source, tag, MPI_COMM_WORLD, &status);
  int len = 0;
  MPI_Get_count(&status, MPI_BYTE, &len);
  std::string buf(static_cast<std::size_t>(len), '\0');
  MPI_Recv(buf.data(), len, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return buf;
}

void send(const std::string& buf, int dest, int tag) {
  // MPI counts in int: a larger result (an extended reference over a huge
  // grid, studies/core/study.cpp) ends the run with its cause, never cut short.
  if (buf.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    std::fprintf(stderr, "granconv: error: rank %d: a distributed result of %zu bytes is above MPI's limit of %d\n", rank,
                 buf.size(), std::numeric_limits<int>::max());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Send(buf.data(), static_cast<int>(buf.size()), MPI_BYTE, dest, tag, MPI_COMM_WORLD);
}

// A message that breaks the protocol (a mangled or foreign one) leaves no
// way on: say so and end every rank, rather than let the threads of this loop
// be torn down by an exception.
[[noreturn]] void protocol_failure(const std::string& why) {
  std::fprintf(stderr, "granconv: error: rank %d: %s\n", rank, why.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 2);
  std::_Exit(2);
}

// One cell's outcome on the rank that holds it: its bytes, or the message of its failure.
struct Outcome {
  bool ok = false;
  std::string bytes;
  std::exception_ptr local;  // this rank's own failures, rethrown as they were
};

// What rank 0 knows of each cell at the end of a loop, and tells every rank:
// whether it succeeded, which rank holds its bytes, and how many there are.
struct CellStatus {
  bool ok = false;
  int holder = 0;
  std::uint64_t size = 0;
};

// A large result (an extended sweep's reference) stays on the rank that
// computed it until the end of the loop, when that rank broadcasts it itself:
// it crosses once, rather than to rank 0 and back. Smaller results go to rank
// 0 with the cell's report and reach every rank together, in the one
// broadcast of the loop's statuses, so that a loop of many small cells (the
// atlas has about 30 000) costs one broadcast, not one per cell. A loop whose
// results rank 0 takes in as they arrive (`arrived`) sends it every result.
constexpr std::uint64_t kKeptAbove = std::uint64_t{1} << 16;
bool sent_to_writer(const DistributedLoop& loop, std::uint64_t size) { return loop.arrived || size <= kKeptAbove; }
// Whether a cell's bytes travel in the broadcast of the statuses (every rank
// decides it alike from the statuses): those rank 0 holds, small, and needed
// (a success, or the failure that is rethrown).
bool in_statuses(const CellStatus& s, std::size_t i, std::uint64_t failed) {
  return s.holder == 0 && s.size <= kKeptAbove && (s.ok || i == failed);
}

Outcome run_cell(const DistributedLoop& loop, std::size_t i) {
  Outcome o;
  ++parallel_body_depth;  // a loop inside a cell stays on this process
  try {
    o.bytes = loop.compute(i);
    o.ok = true;
  } catch (const std::exception& e) {
    o.bytes = e.what();
    o.local = std::current_exception();
  } catch (...) {
    o.bytes = "unknown error";
    o.local = std::current_exception();
  }
  --parallel_body_depth;
  return o;
}

// Rank 0: its threads take cells from the same queue the other ranks' requests
// are served from. Messages name a cell by its index, so that only rank 0's
// order counts. Fills `mine` (by cell index) with the outcomes rank 0 holds.
std::vector<CellStatus> hand_out(const DistributedLoop& loop, std::vector<Outcome>& mine) {
  const std::size_t n = loop.order.size();
  std::vector<CellStatus> status(n);
  mine.assign(n, Outcome{});
  std::mutex mutex;
  std::size_t next = 0, done = 0;
  auto take = [&]() -> std::optional<std::size_t> {
    std::lock_guard<std::mutex> lock(mutex);
    if (next < n) return loop.order[next++];
    return std::nullopt;
  };
  std::mutex arrival;
  auto finish = [&](std::size_t i, CellStatus s) {
    std::size_t d;
    {
      std::lock_guard<std::mutex> lock(mutex);
      status[i] = s;
      d = ++done;
    }
    if (loop.progress) loop.progress(d, n);
  };
  auto store = [&](std::size_t i, Outcome o) {
    if (o.ok && loop.arrived) {
      std::lock_guard<std::mutex> lock(arrival);
      try {
        loop.arrived(i, o.bytes);
      } catch (const std::exception& e) {  // the cell fails, as it would in one process
        o = {false, e.what(), std::current_exception()};
      }
    }
    const CellStatus s{o.ok, 0, o.bytes.size()};
    {
      std::lock_guard<std::mutex> lock(mutex);
      mine[i] = std::move(o);
    }
    finish(i, s);
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, loop.jobs); ++t)
    pool.emplace_back([&] {
      while (const auto i = take()) store(*i, run_cell(loop, *i));
    });

  // Served until every other rank has been told there is nothing left and has
  // reported every cell it took. Polled, so that a waiting rank 0 costs no core.
  int finished = 0;
  std::size_t remote = 0;
  std::vector<int> holder(n, -1);  // the rank computing each cell handed out
  auto pause = std::chrono::microseconds(20);
  while (finished < ranks - 1 || remote > 0) {
    int flag = 0;
    MPI_Status probe;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &probe);
    if (!flag) {
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, std::chrono::microseconds(2000));
      continue;
    }
    pause = std::chrono::microseconds(20);
    if (probe.MPI_TAG != kRequest && probe.MPI_TAG != kResult)
      protocol_failure("a message of an unknown kind arrived during a distributed loop");
    const std::string msg = receive(probe.MPI_SOURCE, probe.MPI_TAG, probe);
    if (probe.MPI_TAG == kRequest) {
      const auto i = take();
      CellWriter w;
      w.put<std::uint64_t>(i ? *i : kNone);
      send(w.take(), probe.MPI_SOURCE, kAssign);
      if (i) ++remote, holder[*i] = probe.MPI_SOURCE;
      else ++finished;
      continue;
    }
    // The cell, whether it succeeded, its size, and its bytes when they are sent.
    std::uint64_t i = 0, size = 0;
    Outcome o;
    try {
      CellReader r(msg);
      i = r.get<std::uint64_t>();
      o.ok = r.get<std::uint8_t>() != 0;
      size = r.get<std::uint64_t>();
      if (sent_to_writer(loop, size)) o.bytes = r.get_string();
    } catch (const std::exception& e) {
      protocol_failure(e.what());
    }
    if (i >= n || holder[i] != probe.MPI_SOURCE) protocol_failure("a rank returned a cell it was not given");
    if (sent_to_writer(loop, size) && o.bytes.size() != size) protocol_failure("a cell's bytes are not the size its rank announced");
    holder[i] = -1;
    --remote;
    if (sent_to_writer(loop, size)) store(i, std::move(o));
    else finish(i, CellStatus{o.ok, probe.MPI_SOURCE, size});
  }
  for (auto& t : pool) t.join();
  return status;
}

// Another rank: asks for a cell whenever one of its threads is free, and
// reports each result to rank 0, with its bytes unless it keeps them
// (sent_to_writer). Fills `mine` (by cell index) with the outcomes it keeps.
void take_part(const DistributedLoop& loop, std::vector<Outcome>& mine) {
  const int jobs = std::max(1, loop.jobs);
  mine.assign(loop.order.size(), Outcome{});
  std::mutex mutex;
  std::condition_variable ready, finished;
  std::deque<std::size_t> tasks;  // cell indices
  std::deque<std::pair<std::size_t, Outcome>> results;
  bool stop = false;
  std::vector<std::thread> pool;
  for (int t = 0; t < jobs; ++t)
    pool.emplace_back([&] {
      for (;;) {
        std::size_t cell;
        {
          std::unique_lock<std::mutex> lock(mutex);
          ready.wait(lock, [&] { return stop || !tasks.empty(); });
          if (tasks.empty()) return;
          cell = tasks.front();
          tasks.pop_front();
        }
        Outcome o = run_cell(loop, cell);
        std::lock_guard<std::mutex> lock(mutex);
        results.emplace_back(cell, std::move(o));
        finished.notify_one();
      }
    });
  int in_flight = 0;
  bool exhausted = false;
  MPI_Status status;
  for (;;) {
    while (!exhausted && in_flight < jobs) {
      send({}, 0, kRequest);
      const std::string msg = receive(0, kAssign, status);
      if (msg.size() != sizeof(std::uint64_t)) protocol_failure("a cell's number from rank 0 is mangled");
      const auto cell = CellReader(msg).get<std::uint64_t>();
      if (cell == kNone) {
        exhausted = true;
      } else {
        if (cell >= loop.order.size()) protocol_failure("rank 0 handed out a cell that does not exist");
        std::lock_guard<std::mutex> lock(mutex);
        tasks.push_back(cell);
        ready.notify_one();
        ++in_flight;
      }
    }
    if (in_flight == 0) break;
    std::pair<std::size_t, Outcome> res;
    {
      std::unique_lock<std::mutex> lock(mutex);
      finished.wait(lock, [&] { return !results.empty(); });
      res = std::move(results.front());
      results.pop_front();
    }
    auto& [cell, outcome] = res;
    CellWriter w;
    w.put<std::uint64_t>(cell).put<std::uint8_t>(outcome.ok ? 1 : 0).put<std::uint64_t>(outcome.bytes.size());
    if (sent_to_writer(loop, outcome.bytes.size())) w.put(outcome.bytes);
    else mine[cell] = std::move(outcome);
    send(w.take(), 0, kResult);
    --in_flight;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = true;
  }
  ready.notify_all();
  for (auto& t : pool) t.join();
}

// Waits for a request without spinning: a rank done with its cells may wait
// long for the others, and a blocking MPI call would keep a core busy
// meanwhile (Open MPI polls), taking it from the ranks still computing.
void wait_idle(MPI_Request& request) {
  auto pause = std::chrono::microseconds(20);
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(2000));
  }
}

// `size` bytes at `data` from rank `root` to every rank, in pieces that fit an int count.
void broadcast_from(int root, char* data, std::uint64_t size) {
  constexpr std::uint64_t piece = std::uint64_t{1} << 30;
  MPI_Request request;
  for (std::uint64_t at = 0; at < size; at += piece) {
    MPI_Ibcast(data + at, static_cast<int>(std::min(piece, size - at)), MPI_BYTE, root, MPI_COMM_WORLD, &request);
    wait_idle(request);
  }
}

// Rank 0's bytes to every rank.
void broadcast(std::string& buf) {
  std::uint64_t size = buf.size();
  MPI_Request request;
  MPI_Ibcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD, &request);
  wait_idle(request);
  buf.resize(size);
  broadcast_from(0, buf.data(), size);
}

}  // namespace

DistributionSession::DistributionSession() {
  if (initialised || !launched_by_mpi()) return;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  initialised = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  main_thread = std::this_thread::get_id();
}

DistributionSession::~DistributionSession() {
  int finalized = 0;
  if (initialised && (MPI_Finalized(&finalized), !finalized)) MPI_Finalize();
}

int distribution_rank() { return rank; }
int distribution_ranks() { return ranks; }

bool error_is_shared(const std::exception& e) { return shared_message && *shared_message == e.what(); }

bool all_ranks_failed() {
  if (ranks < 2 || std::this_thread::get_id() != main_thread) return ranks < 2;
  // A barrier that need not complete: the ranks that failed together meet
  // here at about the same time (the same work precedes the same error).
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return true;
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

void abort_distribution(int status) {
  if (initialised) MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);
}

void run_on_writer(const std::function<void()>& work) {
  if (ranks < 2 || loop_depth > 0 || parallel_body_depth > 0 || std::this_thread::get_id() != main_thread) {
    if (rank == 0) work();
    return;
  }
  shared_message.reset();
  std::exception_ptr local;
  std::string outcome;
  if (rank == 0) {
    std::string message;
    try {
      work();
    } catch (const std::exception& e) {
      message = e.what();
      local = std::current_exception();
    } catch (...) {
      message = "unknown error";
      local = std::current_exception();
    }
    CellWriter w;
    w.put<std::uint8_t>(local ? 1 : 0).put(message);
    outcome = w.take();
  }
  broadcast(outcome);
  CellReader r(outcome);
  if (r.get<std::uint8_t>() == 0) return;
  shared_message = r.get_string();
  if (local) std::rethrow_exception(local);
  throw std::runtime_error(*shared_message);
}

void distributed_for(const DistributedLoop& loop) {
  if (ranks < 2 || loop_depth > 0 || parallel_body_depth > 0 || std::this_thread::get_id() != main_thread)
    return distribution_detail::local_for(loop);
  shared_message.reset();
  ++loop_depth;
  const std::size_t n = loop.order.size();
  std::vector<Outcome> mine;  // the outcomes whose bytes this rank holds, by cell index
  std::string header;         // the first failure, then each cell's status (and bytes, in_statuses)
  if (rank == 0) {
    const std::vector<CellStatus> status = hand_out(loop, mine);
    // The first failure in the order (or by index), as one process rethrows it.
    std::uint64_t failed = kNone;
    for (std::size_t p = 0; p < n && failed == kNone; ++p) {
      const std::size_t i = loop.first_failure_by_index ? p : loop.order[p];
      if (!status[i].ok) failed = i;
    }
    CellWriter w;
    w.put<std::uint64_t>(failed);
    for (std::size_t i = 0; i < n; ++i) {
      const CellStatus& s = status[i];
      w.put<std::uint8_t>(s.ok ? 1 : 0).put<std::int32_t>(s.holder).put<std::uint64_t>(s.size);
      if (in_statuses(s, i, failed)) w.put(mine[i].bytes);
    }
    header = w.take();
  } else {
    take_part(loop, mine);
  }
  broadcast(header);
  std::vector<CellStatus> status(n);
  std::vector<std::string_view> in_header(n);  // the bytes that came with the statuses
  std::uint64_t failed = kNone;
  try {
    CellReader r(header);
    failed = r.get<std::uint64_t>();
    for (std::size_t i = 0; i < n; ++i) {
      CellStatus& s = status[i];
      s.ok = r.get<std::uint8_t>() != 0;
      s.holder = r.get<std::int32_t>();
      s.size = r.get<std::uint64_t>();
      if (in_statuses(s, i, failed)) in_header[i] = r.get_view();
    }
  } catch (const std::exception& e) {
    protocol_failure(e.what());
  }
  --loop_depth;
  // Each cell's bytes, applied on every rank in index order: from the
  // statuses, or broadcast by the rank that holds them, the other ranks
  // receiving them into one buffer, reused.
  std::unique_ptr<char[]> buffer;
  std::uint64_t capacity = 0;
  std::string message;
  std::exception_ptr local_failure;
  for (std::size_t i = 0; i < n; ++i) {
    const CellStatus& s = status[i];
    if (!s.ok && i != failed) continue;
    if (s.holder < 0 || s.holder >= ranks) protocol_failure("a cell's bytes are held by no rank");
    const bool held = s.holder == rank, with_statuses = in_statuses(s, i, failed);
    if (in_header[i].size() != (with_statuses ? s.size : 0) || (held && mine[i].bytes.size() != s.size))
      protocol_failure("a cell's bytes are not the size rank 0 announced");
    std::string_view bytes = in_header[i];
    if (!with_statuses) {
      if (!held && s.size > capacity) {
        buffer.reset();
        buffer.reset(new char[s.size]);  // not zeroed: every byte is received
        capacity = s.size;
      }
      char* data = held ? mine[i].bytes.data() : buffer.get();
      broadcast_from(s.holder, data, s.size);
      bytes = std::string_view(data, s.size);
    }
    if (s.ok) {
      loop.apply(i, bytes);
    } else {
      message = std::string(bytes);
      if (held && rank == 0) local_failure = mine[i].local;  // rank 0 rethrows its own as it was
    }
    if (held) mine[i] = Outcome{};
  }
  if (failed == kNone) return;
  shared_message = message;
  if (local_failure) std::rethrow_exception(local_failure);
  throw std::runtime_error(message);
}

}  // namespace granconv
