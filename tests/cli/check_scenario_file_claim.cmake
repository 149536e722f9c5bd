# Issue 15: an order claim on a scenario file gives the records of its twin on
# the built-in scenario. Runs both claims of CLAIMS (--check: both must pass)
# and compares their result records exactly, but for the lines naming the
# claim or its scenario, the wall-clock seconds and the checksum (over them).
#   -DGRANCONV=<exe> -DCLAIMS=<catalogue> -DOUT=<dir>
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${GRANCONV} run sf-builtin-cn-xv sf-file-cn-xv --claims ${CLAIMS} --check --jobs 2
                        --out ${OUT} --cache none
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "granconv run failed (${status}):\n${out}\n${err}")
endif()
foreach(id sf-builtin-cn-xv sf-file-cn-xv)
  file(READ ${OUT}/studies/${id}.json r)
  string(REGEX REPLACE "\n \"(study|title|scenario|seconds|checksum)\": [^\n]*" "" r "${r}")
  string(REGEX REPLACE "\n  \"seconds\": [^\n]*" "" r "${r}")
  set(record_${id} "${r}")
endforeach()
if(NOT record_sf-builtin-cn-xv MATCHES "\"error\": \\[")
  message(FATAL_ERROR "no errors in the record:\n${record_sf-builtin-cn-xv}")
endif()
if(NOT record_sf-builtin-cn-xv STREQUAL record_sf-file-cn-xv)
  message(FATAL_ERROR "the records differ:\n--- built-in\n${record_sf-builtin-cn-xv}\n--- file\n${record_sf-file-cn-xv}")
endif()
message("${out}")
