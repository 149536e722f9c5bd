# One command in one process and on RANKS MPI ranks (mpirun on this machine),
# every result compared field by field with tests/compare_results (numbers bit
# for bit, strings too; `seconds` fields ignored): the distribution layer
# (studies/support/distribution/) must not change a result.
#   -DGRANCONV= -DCOMPARE= -DMPIEXEC= -DRANKS= -DOUT= -DSUBCOMMAND=run|atlas|validate
#   -DARGS=<the command's arguments, ;-separated> -DRESULT=<result file or folder under the output dir>
#   -DMPI_ENABLED=ON|OFF [-DCACHE=<reference cache of the one-process run>]
cmake_minimum_required(VERSION 3.19)
include(${CMAKE_CURRENT_LIST_DIR}/mpi_launch.cmake)
mpi_skip_unless_available()

file(REMOVE_RECURSE ${OUT})
# One process, one thread; then RANKS ranks of two threads each. The ranks
# have a cache of their own, so they compute (and share) their references;
# the process may read the suite's (-DCACHE=, default its own): a cached
# reference is the one it would compute, and jvb-fig9's take 3 of its 3.5 s.
if(NOT CACHE)
  set(CACHE ${OUT}/cache-single)
endif()
execute_process(COMMAND ${GRANCONV} ${SUBCOMMAND} ${ARGS} --jobs 1 --quiet --out ${OUT}/single --cache ${CACHE}
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE err)
set(verdicts 0)
if(SUBCOMMAND STREQUAL "validate")
  set(verdicts 0 1 3)  # a failed or inconclusive verdict is a result too
endif()
if(NOT status IN_LIST verdicts)
  message(FATAL_ERROR "granconv ${SUBCOMMAND} ${ARGS} failed with status ${status}: ${err}")
endif()
set(single_status ${status})
mpi_command(launch ${RANKS})
execute_process(COMMAND ${launch} ${GRANCONV} ${SUBCOMMAND} ${ARGS} --jobs 2 --quiet --out ${OUT}/mpi --cache ${OUT}/cache-mpi
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL single_status)
  message(FATAL_ERROR "mpirun -n ${RANKS} granconv ${SUBCOMMAND} ended with status ${status}, one process with "
                      "${single_status}:\n${out}\n${err}")
endif()
execute_process(COMMAND ${COMPARE} --strings ${OUT}/single/${RESULT} ${OUT}/mpi/${RESULT} RESULT_VARIABLE same
                OUTPUT_VARIABLE diff ERROR_VARIABLE diff)
if(NOT same EQUAL 0)
  message(FATAL_ERROR "results differ between one process and ${RANKS} MPI ranks:\n${diff}")
endif()
message(STATUS "${RESULT}: identical in one process and on ${RANKS} ranks")
