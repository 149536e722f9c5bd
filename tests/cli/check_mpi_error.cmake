# An error under mpirun ends as in one process: status 2 and the same one
# line, said once (by rank 0), whether every rank met it on its own (bad
# input) or one rank's cell failed and every rank rethrew it.
#   -DGRANCONV= -DMPIEXEC= -DOUT= -DARGS=<run's arguments, ;-separated> -DMPI_ENABLED=
#   -DSUBCOMMAND=<another command than run, e.g. reference: ARGS are then all its arguments>
#   -DMAX_SECONDS=<optional: mpirun must end within this; a rank left alone
#    with an error waits 60 s for the others before it ends them>
cmake_minimum_required(VERSION 3.19)
include(${CMAKE_CURRENT_LIST_DIR}/mpi_launch.cmake)
mpi_skip_unless_available()

file(REMOVE_RECURSE ${OUT})
if(SUBCOMMAND)
  set(single_args ${SUBCOMMAND} ${ARGS})
  set(mpi_args ${SUBCOMMAND} ${ARGS})
else()
  set(single_args run ${ARGS} --jobs 1 --quiet --out ${OUT}/single --cache none)
  set(mpi_args run ${ARGS} --jobs 1 --quiet --out ${OUT}/mpi --cache none)
endif()
execute_process(COMMAND ${GRANCONV} ${single_args} RESULT_VARIABLE single_status ERROR_VARIABLE single_err OUTPUT_QUIET)
mpi_command(launch 2)
string(TIMESTAMP start "%s")
execute_process(COMMAND ${launch} ${GRANCONV} ${mpi_args} RESULT_VARIABLE status ERROR_VARIABLE err OUTPUT_QUIET)
string(TIMESTAMP end "%s")
math(EXPR seconds "${end} - ${start}")
if(MAX_SECONDS AND seconds GREATER MAX_SECONDS)
  message(FATAL_ERROR "mpirun took ${seconds} s, more than ${MAX_SECONDS} s (a rank waited for the others):\n${err}")
endif()
if(NOT single_status EQUAL 2 OR NOT status EQUAL 2)
  message(FATAL_ERROR "expected status 2 from both, got ${single_status} (one process) and ${status} (mpirun):\n${err}")
endif()
string(REGEX MATCHALL "granconv: error: [^\n]*" single_lines "${single_err}")
string(REGEX MATCHALL "granconv: error: [^\n]*" lines "${err}")
list(LENGTH lines count)
if(NOT count EQUAL 1 OR NOT lines STREQUAL single_lines)
  message(FATAL_ERROR "one process said\n  ${single_lines}\nmpirun said (${count} times)\n  ${lines}")
endif()
# Under mpirun --quiet that line is all of stderr: no banner of Open MPI's after it.
string(REGEX REPLACE "\n$" "" whole "${err}")
if(NOT whole STREQUAL lines)
  message(FATAL_ERROR "mpirun --quiet printed more than granconv's line:\n${err}")
endif()
if(EXISTS ${OUT}/mpi/studies)
  file(GLOB written ${OUT}/mpi/studies/*)
  if(written)
    message(FATAL_ERROR "files written despite the error: ${written}")
  endif()
endif()
message(STATUS "both: status 2, ${lines}")
