// The distribution layer without MPI (GRANCONV_MPI=OFF): one process, its
// threads.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "studies/support/distribution/distributed_for.hpp"

namespace granconv {

// Started by mpirun or srun on several ranks, a build without MPI would run
// the whole command once per rank, each writing the same files: refused.
DistributionSession::DistributionSession() {
  long ranks = 1, rank = 0;
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
    if (const char* s = std::getenv(v)) ranks = std::max(ranks, std::strtol(s, nullptr, 10));
  for (const char* v : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char* s = std::getenv(v)) rank = std::max(rank, std::strtol(s, nullptr, 10));
  if (ranks < 2) return;
  if (rank == 0)
    std::fprintf(stderr, "granconv: error: started on %ld ranks, but built without MPI (GRANCONV_MPI=OFF): run it "
                         "without mpirun/srun, or build it with MPI (docs/cluster.md)\n", ranks);
  std::exit(2);
}
DistributionSession::~DistributionSession() = default;
int distribution_rank() { return 0; }
int distribution_ranks() { return 1; }
bool error_is_shared(const std::exception&) { return false; }
bool all_ranks_failed() { return true; }
void abort_distribution(int status) { std::_Exit(status); }
void run_on_writer(const std::function<void()>& work) { work(); }
void distributed_for(const DistributedLoop& loop) { distribution_detail::local_for(loop); }

}  // namespace granconv
