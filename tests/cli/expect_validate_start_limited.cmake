# `granconv validate FILE` on a Gear file (tableaux/gear-4.json): Gear's order
# is limited by its start, so on the oscillator item 4 expects k - 1 and names
# the principal root's k as the pre-asymptotic order; a 95% CI between the two
# is neither a pass nor a failure. The whole validation must end INCONCLUSIVE
# (exit status 3) because of item 4 alone: item 4 inconclusive on the
# oscillator for that reason, every other item not a failure and not
# inconclusive.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${GRANCONV} validate ${FILE} --out ${OUT} --cache none --jobs 2
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
if(NOT status EQUAL 3)
  message(FATAL_ERROR "expected exit status 3 (inconclusive), got ${status}\nstdout: ${out}\nstderr: ${err}")
endif()
set(json_file ${OUT}/validate/${NAME}.json)
if(NOT EXISTS ${json_file})
  message(FATAL_ERROR "validate did not write ${json_file}")
endif()
file(READ ${json_file} record)
string(JSON verdict GET "${record}" verdict)
if(NOT verdict STREQUAL "inconclusive")
  message(FATAL_ERROR "record verdict: expected inconclusive, got ${verdict}")
endif()
string(JSON count LENGTH "${record}" items)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON number GET "${record}" items ${i} number)
  string(JSON id GET "${record}" items ${i} id)
  string(JSON v GET "${record}" items ${i} verdict)
  if(number EQUAL 4)
    if(NOT id STREQUAL "observed_order_smooth" OR NOT v STREQUAL "inconclusive")
      message(FATAL_ERROR "item 4 (${id}): expected observed_order_smooth, inconclusive; got ${v}")
    endif()
    set(item4 ${i})
  elseif(v STREQUAL "fail" OR v STREQUAL "inconclusive")
    message(FATAL_ERROR "item ${number} (${id}) is ${v}: only item 4 may keep the validation from passing")
  endif()
  message("item ${number} ${id}: ${v}")
endforeach()
if(NOT DEFINED item4)
  message(FATAL_ERROR "the record has no item 4")
endif()
# Item 4's first problem, the oscillator: start-limited order k - 1 expected,
# k named as the pre-asymptotic order, the CI strictly between them.
string(JSON problem GET "${record}" items ${item4} value problems 0 problem)
string(JSON expected GET "${record}" items ${item4} value problems 0 expected_order)
string(JSON pre GET "${record}" items ${item4} value problems 0 pre_asymptotic_order)
string(JSON lo GET "${record}" items ${item4} value problems 0 ci95 0)
string(JSON hi GET "${record}" items ${item4} value problems 0 ci95 1)
string(JSON reason GET "${record}" items ${item4} value problems 0 reason)
math(EXPR k "${ORDER} + 1")
if(NOT problem MATCHES "oscillator" OR NOT expected EQUAL ${ORDER} OR NOT pre EQUAL ${k})
  message(FATAL_ERROR "item 4's first problem: expected the oscillator at order ${ORDER} (pre-asymptotic ${k}), "
                      "got '${problem}' at ${expected} (pre-asymptotic ${pre})")
endif()
if(NOT lo GREATER expected OR NOT hi LESS pre OR NOT reason MATCHES "^inconclusive: .*start-limited")
  message(FATAL_ERROR "item 4 on the oscillator: CI [${lo}, ${hi}] not between ${expected} and ${pre}, or "
                      "the reason does not say start-limited: ${reason}")
endif()
message("item 4 on the oscillator: [${lo}, ${hi}] between ${expected} and ${pre}: ${reason}")
