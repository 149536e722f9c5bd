cmake_minimum_required(VERSION 3.19)
# Issue 33 (left from issue 12): a `report` stopped by SIGTERM while it
# builds its pages in DIR/report.tmp-<pid>-<hex> ends by that signal (status
# 143 from the shell) and leaves no work directory behind.
#   -DGRANCONV=<binary> -DOUT=<scratch dir>
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${GRANCONV} run jvb-fig3-cn-xv jvb-fig3-cn-xw jvb-fig3-gl-xv --cache none --quiet --out ${OUT}
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the claims the report draws did not run (status ${status})")
endif()
# Poll for the work directory every 10 ms, then stop the report with SIGTERM.
execute_process(
  COMMAND sh -c "\"$0\" report --no-run --out \"$1\" 2>/dev/null & pid=$!; i=0
                 while ! ls -d \"$1\"/report.tmp-* >/dev/null 2>&1; do
                   i=$((i + 1)); if [ $i -gt 3000 ]; then echo never-seen; exit 0; fi; sleep 0.01
                 done
                 kill -TERM $pid; wait $pid; echo status=$?" ${GRANCONV} ${OUT}
  OUTPUT_VARIABLE out)
if(NOT out MATCHES "status=143")
  message(FATAL_ERROR "expected the report to end by SIGTERM (status 143), got: ${out}")
endif()
file(GLOB left LIST_DIRECTORIES true ${OUT}/report.tmp-* ${OUT}/report.old-*)
if(left)
  message(FATAL_ERROR "work directories left behind: ${left}")
endif()
file(REMOVE_RECURSE ${OUT})
message("SIGTERM in mid-report: status 143, no work directory left")
