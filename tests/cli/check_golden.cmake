# Runs fast claims of every family and compares their result records field by
# field with the stored ones (tests/data/golden/), ignoring timings and prose:
# the proof that a refactor changed no result. A result changed on purpose is
# re-stored (tests/data/golden/README.md says how) and the commit says why.
file(REMOVE_RECURSE ${OUT}/studies)
execute_process(COMMAND ${GRANCONV} run ${CLAIMS} --jobs 2 --out ${OUT} --cache ${OUT}/cache
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE err)
# 0, 1 and 3 are verdicts (the stored records say which one to expect); 2 is an error.
if(NOT status MATCHES "^[013]$")
  message(FATAL_ERROR "granconv run failed with status ${status}: ${err}")
endif()
execute_process(COMMAND ${COMPARE} ${GOLDEN} ${OUT}/studies RESULT_VARIABLE status OUTPUT_VARIABLE out)
message("${out}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "results differ from tests/data/golden")
endif()
