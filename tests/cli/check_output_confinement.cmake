cmake_minimum_required(VERSION 3.19)
include(${CMAKE_CURRENT_LIST_DIR}/one_line_contract.cmake)
# Issue 33: nothing is written outside --out. A claim id that would become a
# path outside DIR/studies ("../x", "/abs", "", "..", "a/b", control
# characters) is refused at load by check-claims and by run, in one line with
# the control characters escaped, status 2, and nothing written anywhere; a
# symlink inside --out pointing out of it is refused before anything runs.
#   -DGRANCONV=<binary> -DOUT=<scratch dir> -DTEMPLATE=<claim file with @ID@> -DPART=ids|symlinks
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
string(ASCII 27 esc)
set(outside ${OUT}/outside)
file(MAKE_DIRECTORY ${outside})
# JSON text of each id (escaped for the catalogue) and the id as given on the command line.
set(json_ids "../../../../evil" "${outside}/abs" "" ".." "a/b" "red\\u001b[31mtext" "cr\\r\\nlf" "Upper" ".hidden")
set(cli_ids "../../../../evil" "${outside}/abs" "" ".." "a/b" "red${esc}[31mtext" "cr\r\nlf" "Upper" ".hidden")
file(READ ${TEMPLATE} template)


if(PART STREQUAL "ids")
list(LENGTH json_ids n)
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
  list(GET json_ids ${i} json_id)
  list(GET cli_ids ${i} cli_id)
  set(case ${OUT}/case-${i})
  file(MAKE_DIRECTORY ${case}/a/b)
  string(REPLACE "@ID@" "${json_id}" text "${template}")
  file(WRITE ${case}/claims.json "${text}")
  execute_process(COMMAND ${GRANCONV} check-claims ${case}/claims.json RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  granconv_expect_one_line("check-claims, id #${i}" "${status}" "${out}" "${err}" "id '.*' is refused: it must be 1 to 100 lower-case")
  execute_process(COMMAND ${GRANCONV} run "${cli_id}" --claims ${case}/claims.json --out ${case}/a/b/out
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  granconv_expect_one_line("run, id #${i}" "${status}" "${out}" "${err}" "id '.*' is refused")
  execute_process(COMMAND ${GRANCONV} report --no-run --claims ${case}/claims.json --out ${case}/a/b/out
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  granconv_expect_one_line("report, id #${i}" "${status}" "${out}" "${err}" "id '.*' is refused")
  file(GLOB_RECURSE written LIST_DIRECTORIES true ${case}/a/b/* ${outside}/*)
  file(GLOB beside LIST_DIRECTORIES true ${case}/*)
  list(REMOVE_ITEM beside ${case}/claims.json ${case}/a)
  list(APPEND written ${beside})
  if(written)
    message(FATAL_ERROR "run, id #${i}: files written: ${written}")
  endif()
endforeach()
file(REMOVE_RECURSE ${OUT})
message("every id refused in one line, nothing written")
return()
endif()

# A symlink inside --out pointing out of it: refused before the claim runs.
foreach(sub studies report)
  set(dir ${OUT}/symlink-${sub})
  file(MAKE_DIRECTORY ${dir}/out)
  file(CREATE_LINK ${outside} ${dir}/out/${sub} SYMBOLIC)
  if(sub STREQUAL "studies")
    set(command run jvb-fig3-cn-xv --cache none --out ${dir}/out)
  else()
    set(command report --no-run --out ${dir}/out)
  endif()
  execute_process(COMMAND ${GRANCONV} ${command} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  granconv_expect_one_line("symlink ${sub}" "${status}" "${out}" "${err}"
                          "refusing to write .*/out/${sub}: it resolves to .*outside, outside the output directory")
  file(GLOB_RECURSE written LIST_DIRECTORIES true ${outside}/*)
  if(written)
    message(FATAL_ERROR "symlink ${sub}: files written outside --out: ${written}")
  endif()
endforeach()
# The default cache, OUT/cache, likewise (--cache DIR names a place on purpose).
set(dir ${OUT}/symlink-cache)
file(MAKE_DIRECTORY ${dir}/out)
file(CREATE_LINK ${outside} ${dir}/out/cache SYMBOLIC)
execute_process(COMMAND ${GRANCONV} run jvb-fig3-cn-xv --out ${dir}/out RESULT_VARIABLE status OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
granconv_expect_one_line("symlink cache" "${status}" "${out}" "${err}" "reference cache .*/out/cache resolves to .*outside, outside --out")
file(GLOB_RECURSE written LIST_DIRECTORIES true ${outside}/*)
if(written)
  message(FATAL_ERROR "symlink cache: files written outside --out: ${written}")
endif()
file(REMOVE_RECURSE ${OUT})
message("symlinks out of --out refused, nothing written through them")
