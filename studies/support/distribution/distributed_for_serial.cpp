// The distribution layer without MPI (GRANCONV_MPI=OFF): one process, its
// threads.
#include <cstdlib>

#include "studies/support/distribution/distributed_for.hpp"

namespace granconv {

DistributionSession::DistributionSession() = default;
DistributionSession::~DistributionSession() = default;
int distribution_rank() { return 0; }
int distribution_ranks() { return 1; }
bool error_is_shared(const std::exception&) { return false; }
bool all_ranks_failed() { return true; }
void abort_distribution(int status) { std::_Exit(status); }
void distributed_for(const DistributedLoop& loop) { distribution_detail::local_for(loop); }

}  // namespace granconv
