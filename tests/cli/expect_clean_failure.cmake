# Issue 12's contract for bad input and faults: the command ends with exit
# status STATUS (default 2), ONE line on stderr matching REGEX (and not
# NOT_REGEX), nothing on stdout, and no file left behind, neither under OUT
# nor in the working directory it ran in.
#   ARGS: the command line; @OUT@ stands for OUT, @DATA@ for DATA, @EMPTY@
#   for an empty argument (run through sh, which CMake lists cannot carry).
#   STDOUT_FILE: send stdout there instead (e.g. /dev/full).
#   FILE_SIZE_LIMIT: every file the command writes is cut at this many 512-byte
#   blocks (ulimit -f, SIGXFSZ ignored): each write past it fails with EFBIG,
#   as on a full disk, whatever file it is.
# The progress lines ("study 1 of 1  <id>: PASS (1.0 s)", "item 4 of 6  ...") are not
# messages and are left out of the one-line check.
cmake_minimum_required(VERSION 3.19)
set(work ${OUT}.cwd)
file(REMOVE_RECURSE ${OUT} ${work})
file(MAKE_DIRECTORY ${work})
set(command "exec '${GRANCONV}'")
if(FILE_SIZE_LIMIT)
  set(command "trap '' XFSZ && ulimit -f ${FILE_SIZE_LIMIT} && ${command}")
endif()
foreach(a ${ARGS})
  string(REPLACE "@OUT@" "${OUT}" a "${a}")
  string(REPLACE "@DATA@" "${DATA}" a "${a}")
  string(REPLACE "@EMPTY@" "" a "${a}")
  string(APPEND command " '${a}'")
endforeach()
if(NOT DEFINED STATUS)
  set(STATUS 2)
endif()
if(STDOUT_FILE)
  execute_process(COMMAND sh -c "${command}" WORKING_DIRECTORY ${work} RESULT_VARIABLE status
                  OUTPUT_FILE ${STDOUT_FILE} ERROR_VARIABLE err)
  set(out "")
else()
  execute_process(COMMAND sh -c "${command}" WORKING_DIRECTORY ${work} RESULT_VARIABLE status
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
endif()
if(NOT status EQUAL STATUS)
  message(FATAL_ERROR "expected exit status ${STATUS}, got ${status}\nstdout: ${out}\nstderr: ${err}")
endif()
string(REGEX REPLACE "(^|\n)(study|item) [0-9]+ of [0-9]+  [^\n]*\n" "\\1" line "${err}")
string(REGEX REPLACE "\n$" "" line "${line}")
if(line MATCHES "\n" OR line STREQUAL "")
  message(FATAL_ERROR "expected one line on stderr, got:\n${err}")
endif()
if(NOT line MATCHES "${REGEX}")
  message(FATAL_ERROR "stderr does not match '${REGEX}':\n${err}")
endif()
if(NOT_REGEX AND line MATCHES "${NOT_REGEX}")
  message(FATAL_ERROR "stderr matches '${NOT_REGEX}', which it must not:\n${err}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "a failed command printed on stdout:\n${out}")
endif()
file(GLOB_RECURSE left LIST_DIRECTORIES false ${OUT}/* ${work}/*)
if(left)
  message(FATAL_ERROR "files left behind: ${left}")
endif()
file(REMOVE_RECURSE ${work})
message("stderr: ${err}")
