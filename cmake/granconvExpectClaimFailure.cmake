# Runs `granconv run <ARGS> --check` and passes only when the claim fails its
# check: exit status 1 and a FAIL verdict. A crash or bad input (status 2)
# is not a failed claim, and neither is a pass.
set(args ${ARGS})
if(NOT JOBS)
  set(JOBS 2)
endif()
execute_process(COMMAND ${GRANCONV} run ${args} --check --jobs ${JOBS} --out ${OUT} --cache ${CACHE}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
if(NOT status EQUAL 1)
  message(FATAL_ERROR "expected the claim to fail (exit status 1), got status ${status}\n${err}")
endif()
if(NOT out MATCHES "FAIL ")
  message(FATAL_ERROR "exit status 1 but no FAIL verdict in the output")
endif()
