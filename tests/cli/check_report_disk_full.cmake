cmake_minimum_required(VERSION 3.19)
# Issue 33 (left from issue 12): the report's own files on a full disk. Every
# file the report writes is cut at 512 bytes (ulimit -f 1, SIGXFSZ ignored:
# each write past it fails with EFBIG, as on a full disk). The command ends
# with one line naming the file, status 2, and leaves no report and no work
# directory behind; the records it read are untouched.
#   -DGRANCONV=<binary> -DOUT=<scratch dir>
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${GRANCONV} run jvb-fig3-cn-xv --cache none --quiet --out ${OUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the claim the report draws did not run (status ${status})")
endif()
file(GLOB_RECURSE before ${OUT}/*)
execute_process(COMMAND sh -c "trap '' XFSZ && ulimit -f 1 && exec \"$0\" report --no-run --out \"$1\"" ${GRANCONV} ${OUT}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 2)
  message(FATAL_ERROR "expected status 2, got ${status}\nstdout: ${out}\nstderr: ${err}")
endif()
string(REGEX REPLACE "\n$" "" line "${err}")
if(line MATCHES "\n" OR NOT line MATCHES "^granconv: error: .*cannot write .*: File too large$")
  message(FATAL_ERROR "expected one line naming the file and 'File too large', got:\n${err}")
endif()
file(GLOB_RECURSE after ${OUT}/*)
if(NOT after STREQUAL before)
  list(REMOVE_ITEM after ${before})
  message(FATAL_ERROR "files left behind: ${after}")
endif()
file(REMOVE_RECURSE ${OUT})
message("report on a full disk: ${line}")
