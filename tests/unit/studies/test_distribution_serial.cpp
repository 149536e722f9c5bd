// The distribution layer as built without MPI (GRANCONV_MPI=OFF,
// distributed_for_serial.cpp): compiled into this test in every build, so
// that the path of a machine without Open MPI is tested where MPI is present
// too. The loop cases of test_distribution.cpp run against it as well (the
// same source in this binary).
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

#include "studies/support/distribution/distributed_for.hpp"

using namespace granconv;

namespace {
// The exit status of a child that sets `name`=`value` and opens a session.
int status_of_session_with(const char* name, const char* value) {
  const pid_t pid = fork();
  if (pid == 0) {
    if (!std::freopen("/dev/null", "w", stderr)) std::_Exit(99);  // the refusal's message is expected
    setenv(name, value, 1);
    DistributionSession session;
    std::_Exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
}  // namespace

TEST_CASE("without MPI, one process is one rank and writes", "[distribution]") {
  DistributionSession session;
  CHECK(distribution_rank() == 0);
  CHECK(distribution_ranks() == 1);
  CHECK(is_writer());
  CHECK(all_ranks_failed());
}

TEST_CASE("without MPI, a launch on several ranks is refused (status 2), one rank is not", "[distribution]") {
  CHECK(status_of_session_with("OMPI_COMM_WORLD_SIZE", "2") == 2);
  CHECK(status_of_session_with("PMI_SIZE", "3") == 2);
  CHECK(status_of_session_with("OMPI_COMM_WORLD_SIZE", "1") == 0);
}
