# Issue 12, item 8: temporaries of a run killed between write and rename are
# removed at the next start when their process is gone (pid 4999999 is above
# Linux's pid_max), and kept while it lives (pid 1).
cmake_minimum_required(VERSION 3.19)
file(REMOVE_RECURSE ${OUT})
set(stale ${OUT}/studies/jvb-fig3-cn-xv.json.tmp-4999999 ${OUT}/cache/.0123456789abcdef.ref.tmp.4999999.0.deadbeef
          ${OUT}/validate/gl2.json.tmp-4999999)
set(live ${OUT}/studies/other.json.tmp-1)
foreach(f ${stale} ${live})
  file(WRITE ${f} "half-written")
endforeach()
execute_process(COMMAND ${GRANCONV} run jvb-fig3-cn-xv --jobs 2 --out ${OUT} RESULT_VARIABLE status
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "run: status ${status}\n${out}\n${err}")
endif()
foreach(f ${stale})
  if(EXISTS ${f})
    message(FATAL_ERROR "stale temporary not removed: ${f}")
  endif()
endforeach()
if(NOT EXISTS ${live})
  message(FATAL_ERROR "a live process's temporary was removed: ${live}")
endif()
message("stale temporaries removed, the live one kept")
