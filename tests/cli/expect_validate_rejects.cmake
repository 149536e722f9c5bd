# A malformed tableau file: `granconv validate` must exit 2 with a message on
# stderr matching REGEX (the field at fault) and write nothing at all under
# OUT (not even OUT/validate or a reference cache).
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${GRANCONV} validate --tableau ${TABLEAU} --out ${OUT} --jobs 2
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 2)
  message(FATAL_ERROR "expected exit status 2, got ${status}\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${REGEX}")
  message(FATAL_ERROR "stderr does not match '${REGEX}':\n${err}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "bad input printed a partial result on stdout:\n${out}")
endif()
if(EXISTS ${OUT})
  file(GLOB_RECURSE leftovers LIST_DIRECTORIES true ${OUT}/*)
  message(FATAL_ERROR "bad input left ${OUT} behind: ${leftovers}")
endif()
message("stderr: ${err}")
