# The same study with 1 and with 2 threads must give bit-identical results
# (everything but the wall-clock `seconds` field, and the checksum over it).
foreach(jobs 1 2)
  file(REMOVE_RECURSE ${OUT}/jobs${jobs}/studies)
  set(claims)
  if(CLAIMS)  # a catalogue of cheap claim copies (tests/data/*-negative-claims.json)
    set(claims --claims ${CLAIMS})
  endif()
  execute_process(COMMAND ${GRANCONV} run ${STUDY} --jobs ${jobs} --out ${OUT}/jobs${jobs} --cache ${CACHE} ${claims}
                  RESULT_VARIABLE status OUTPUT_QUIET)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "granconv run ${STUDY} --jobs ${jobs} failed with status ${status}")
  endif()
  file(READ ${OUT}/jobs${jobs}/studies/${STUDY}.json text${jobs})
  string(REGEX REPLACE "\"(seconds|checksum)\": [^\n]*" "" text${jobs} "${text${jobs}}")
endforeach()
if(NOT text1 STREQUAL text2)
  message(FATAL_ERROR "results differ between --jobs 1 and --jobs 2")
endif()
