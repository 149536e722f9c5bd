#pragma once
// The distribution layer: a loop whose cells may run on other processes
// (MPI ranks, docs/cluster.md) as well as on this process's threads.
//
// Every rank runs the same program (SPMD). A distributed loop is called by
// all ranks with the same cells; rank 0 hands out the cells one at a time,
// in the order given (longest first), to whichever rank asks next (its own
// threads included); a rank computes a cell into bytes (cell_bytes.hpp) and
// tells rank 0 how it ended, with the bytes unless they are large; when all
// are in, the bytes go to every rank (with the statuses from rank 0, or the
// large ones from the rank that computed them) and each rank applies them in
// index order in the same way, so all ranks go on with the same state, the
// same as one process with any --jobs. Only rank 0 writes files (is_writer()).
//
// Without MPI (built with GRANCONV_MPI=OFF, or not started by mpirun/srun),
// or inside a parallel_for body or another distributed loop, it is a
// parallel_for over `jobs` threads on this process. No header of the project
// but this one's implementation (distributed_for_mpi.cpp) includes mpi.h.
#include <cstddef>
#include <exception>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "studies/support/parallel_for.hpp"

namespace granconv {

// Started once by the command line (app/cli.cpp), before anything runs:
// initialises MPI when the process was started by mpirun or srun (their
// environment says so), and finalises it at the end. A plain `granconv`
// never touches MPI.
class DistributionSession {
 public:
  DistributionSession();
  ~DistributionSession();
  DistributionSession(const DistributionSession&) = delete;
  DistributionSession& operator=(const DistributionSession&) = delete;
};

int distribution_rank();   // 0 without MPI
int distribution_ranks();  // 1 without MPI
inline bool is_writer() { return distribution_rank() == 0; }

// Whether `e` is a cell's failure that distributed_for rethrew on every rank.
bool error_is_shared(const std::exception& e);
// Whether every rank has come to this call within a minute (all failed with
// an error, each its own copy of it); true with one rank. A rank that is
// alone with its error aborts the run (abort_distribution) rather than
// leave the others waiting in a loop for ever.
bool all_ranks_failed();
[[noreturn]] void abort_distribution(int status);

// What rank 0 does alone (draw a report, write its files), called by every
// rank from its main thread: each returns once rank 0 is done, or throws
// rank 0's error as a shared one (error_is_shared), so that no rank leaves
// rank 0 alone with an error the others never met. One process: work().
void run_on_writer(const std::function<void()>& work);

struct DistributedLoop {
  // Cells in the order rank 0 hands them out (a permutation of 0..n-1, the
  // dearest first); a failure rethrown is that of the first failing cell in
  // this order, as parallel_for does with its indices.
  std::vector<std::size_t> order;
  int jobs = 1;                                         // threads per rank
  std::function<std::string(std::size_t)> compute = {};  // cell -> its bytes (any thread, any rank)
  std::function<void(std::size_t, std::string_view)> apply = {};  // on every rank, each cell once
  ProgressFn progress = {};                             // (done, total), rank 0 only
  // Called on rank 0 (with one process: on it) as each cell's bytes arrive,
  // one call at a time, before the loop ends: to write a result as soon as it
  // is there. Optional.
  std::function<void(std::size_t, std::string_view)> arrived = {};
  // The failure rethrown is the first by cell index rather than in `order`
  // (a loop handing out its dearest cells first but failing as in index order).
  bool first_failure_by_index = false;
};
void distributed_for(const DistributedLoop& loop);

// Cells 0..n-1, the last first (for sweeps whose cells grow dearer with the index).
std::vector<std::size_t> last_first(std::size_t n);
std::vector<std::size_t> first_first(std::size_t n);

namespace distribution_detail {
// The loop on this process only: parallel_for over the order.
void local_for(const DistributedLoop& loop);
}  // namespace distribution_detail

}  // namespace granconv
