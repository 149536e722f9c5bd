cmake_minimum_required(VERSION 3.19)
# Issue 33: a write inside --out never follows a link someone planted there.
# Before granconv starts, links are put at the names its temporaries had
# before they were made new files of random names (the output probe
# .write-probe.tmp-<pid>, a record's <id>.json.tmp-<pid>), pointing at files
# outside --out. The run succeeds, the files outside are untouched and the
# record is a regular file.
#   -DGRANCONV=<binary> -DOUT=<scratch dir>
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/out/studies ${OUT}/outside)
file(WRITE ${OUT}/outside/victim-probe "untouched\n")
file(WRITE ${OUT}/outside/victim-record "untouched\n")
execute_process(
  COMMAND sh -c "ln -s \"$1/outside/victim-probe\" \"$1/out/.write-probe.tmp-$$\" &&
                 ln -s \"$1/outside/victim-record\" \"$1/out/studies/jvb-fig3-cn-xv.json.tmp-$$\" &&
                 exec \"$0\" run jvb-fig3-cn-xv --cache none --quiet --out \"$1/out\"" ${GRANCONV} ${OUT}
  RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the run failed (status ${status}): ${err}")
endif()
foreach(victim victim-probe victim-record)
  file(READ ${OUT}/outside/${victim} text)
  if(NOT text STREQUAL "untouched\n")
    message(FATAL_ERROR "${victim} outside --out was written through a planted link")
  endif()
endforeach()
if(IS_SYMLINK ${OUT}/out/studies/jvb-fig3-cn-xv.json OR NOT EXISTS ${OUT}/out/studies/jvb-fig3-cn-xv.json)
  message(FATAL_ERROR "the record is not a regular file in --out")
endif()
file(REMOVE_RECURSE ${OUT})
message("links planted at the old temporary names: nothing outside --out written")
