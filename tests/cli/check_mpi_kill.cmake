# A rank killed mid-run (SIGKILL, by `timeout` around rank 1 only): mpirun must
# end with a non-zero status and nothing half-written, and no rank may hang
# (the test's TIMEOUT is the bound). The claim must run longer than DELAY
# seconds on two ranks (jvb-fig10: about 10 s).
#   -DGRANCONV= -DMPIEXEC= -DOUT= -DSTUDY= -DDELAY= -DMPI_ENABLED=
cmake_minimum_required(VERSION 3.19)
include(${CMAKE_CURRENT_LIST_DIR}/mpi_launch.cmake)
mpi_skip_unless_available()

file(REMOVE_RECURSE ${OUT})
mpi_command(launch 2)
# The rank's number: Open MPI's variable, or PMIx's under another launcher.
set(wrapper [=[rank=${OMPI_COMM_WORLD_RANK:-$PMIX_RANK}; if [ "$rank" = 1 ]; then exec timeout -s KILL "$DELAY" "$@"; fi; exec "$@"]=])
set(ENV{DELAY} ${DELAY})
execute_process(COMMAND ${launch} sh -c "${wrapper}" sh ${GRANCONV} run ${STUDY} --jobs 1 --quiet --out ${OUT}
                        --cache none
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(status EQUAL 0)
  message(FATAL_ERROR "mpirun went on as if nothing happened when rank 1 was killed:\n${out}\n${err}")
endif()
if(EXISTS ${OUT}/studies/${STUDY}.json)
  message(FATAL_ERROR "a result was written although rank 1 was killed before the claim ended")
endif()
file(GLOB_RECURSE left RELATIVE ${OUT} ${OUT}/*)
list(FILTER left INCLUDE REGEX "\\.tmp")
if(left)
  message(FATAL_ERROR "temporary files left behind: ${left}")
endif()
message(STATUS "rank 1 killed: mpirun ended with status ${status}, nothing written")
