cmake_minimum_required(VERSION 3.19)
# A point whose program diverges (finite values beyond the blow-up bound) is
# marked "diverged" in the record, as for built-in schemes, and the run goes on.
#   -DGRANCONV=<binary> -DCLAIMS=<bad-claims.json> -DOUT=<scratch dir>
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${GRANCONV} run bad-diverge --claims ${CLAIMS} --cache none --out ${OUT} --quiet
                RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the run ended with status ${status}: ${err}")
endif()
file(READ ${OUT}/studies/bad-diverge.json record)
string(JSON first GET "${record}" diverged 0)
string(JSON second TYPE "${record}" diverged 1)
if(NOT first MATCHES "blow-up bound" OR NOT second STREQUAL "NULL")
  message(FATAL_ERROR "expected the largest step size marked diverged and the other not: ${first}, ${second}")
endif()
file(REMOVE_RECURSE ${OUT})
message("diverged point: ${first}")
