cmake_minimum_required(VERSION 3.19)
# An external program is killed with granconv: `run` stopped by SIGTERM while
# a program sleeps in its scratch folder ends by that signal (status 143), the
# program's process group is killed and no scratch folder is left
# (docs/external-codes.md, "How a program is run").
#   -DGRANCONV=<binary> -DCLAIMS=<bad-claims.json> -DOUT=<scratch dir>
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
set(script [=[
  GRANCONV_TEST_MARKER="$1/marker" "$0" run bad-sleep --claims "$2" --cache none --out "$1/out" 2>/dev/null & pid=$!
  i=0
  while [ ! -s "$1/marker" ]; do
    i=$((i + 1)); if [ $i -gt 3000 ]; then echo never-started; kill -9 $pid; exit 0; fi; sleep 0.01
  done
  kill -TERM $pid
  wait $pid; echo status=$?
  sleep 0.2
  p=$(cat "$1/marker")
  # Alive unless gone or a zombie (a container's PID 1 may not reap the orphan).
  if [ -r /proc/$p/stat ] && [ "$(cut -d' ' -f3 /proc/$p/stat)" != Z ]; then echo program-alive; kill -9 $p; fi
]=])
execute_process(COMMAND sh -c "${script}" ${GRANCONV} ${OUT} ${CLAIMS} OUTPUT_VARIABLE out)
if(NOT out MATCHES "status=143" OR out MATCHES "program-alive|never-started")
  message(FATAL_ERROR "SIGTERM during an external program: expected status 143 and the program killed, got: ${out}")
endif()
file(GLOB left LIST_DIRECTORIES true ${OUT}/out/external/*)
if(left)
  message(FATAL_ERROR "SIGTERM during an external program: scratch folders left behind: ${left}")
endif()
file(REMOVE_RECURSE ${OUT})
message("SIGTERM while an external program runs: status 143, the program killed, no scratch folder left")
