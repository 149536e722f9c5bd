# Issue 15: a shipped scenario file gives the built-in scenario's results bit
# for bit. Runs `granconv reference` and `granconv solve` with --scenario NAME
# and with --scenario-file FILE and compares their JSON output exactly, but
# for the line naming the scenario (the name, or the file's name) and the
# solve's wall-clock seconds.
#   -DGRANCONV=<exe> -DNAME=<built-in> -DFILE=<json> -DT=<time> -DSCHEME=<name> -DH=<step>
#   -DPARAMS=<key=value;...>: overrides of the built-in (a negative test: then
#   the outputs must differ).
#   -DEXPECT=differ: the negative twin.
#   -DREF_ARGS=<args;...>: more options of `reference` (the SI chains' tolerances).
if(NOT EXPECT)
  set(EXPECT identical)
endif()
set(builtin --scenario ${NAME})
foreach(p IN LISTS PARAMS)
  list(APPEND builtin --param ${p})
endforeach()
set(compared 0)
foreach(command reference solve)
  set(extra --t ${T} --json)
  if(command STREQUAL "solve")
    list(APPEND extra --scheme ${SCHEME} --h ${H})
  else()
    list(APPEND extra ${REF_ARGS})
  endif()
  execute_process(COMMAND ${GRANCONV} ${command} ${builtin} ${extra} RESULT_VARIABLE s1 OUTPUT_VARIABLE a ERROR_VARIABLE e1)
  execute_process(COMMAND ${GRANCONV} ${command} --scenario-file ${FILE} ${extra} RESULT_VARIABLE s2 OUTPUT_VARIABLE b
                  ERROR_VARIABLE e2)
  if(NOT s1 EQUAL 0 OR NOT s2 EQUAL 0)
    message(FATAL_ERROR "${command} failed: built-in ${s1} (${e1}), file ${s2} (${e2})")
  endif()
  foreach(v a b)
    string(REGEX REPLACE "\n \"(scenario|seconds)\": [^\n]*" "" ${v} "${${v}}")
  endforeach()
  if(NOT a MATCHES "\"(x|v)\": \\[")
    message(FATAL_ERROR "${command} printed no state:\n${a}")
  endif()
  if(EXPECT STREQUAL "differ")
    if(a STREQUAL b)
      message(FATAL_ERROR "${command}: the perturbed built-in (${PARAMS}) and ${FILE} agree: the comparison is blind")
    endif()
  elseif(NOT a STREQUAL b)
    message(FATAL_ERROR "${command}: --scenario ${NAME} and --scenario-file ${FILE} differ:\n--- built-in\n${a}\n--- file\n${b}")
  endif()
  math(EXPR compared "${compared} + 1")
endforeach()
message("${NAME}: reference and solve outputs compared (${compared}), ${EXPECT}")
