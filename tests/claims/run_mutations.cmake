# The mutation run: applies every perturbation of tests/claims/mutations.txt (one per
# line: `kind | name | family | granconv arguments [| fields that may differ]`)
# and reports how many the claims kill.
#
# A mutation is killed when `granconv <arguments> --check` exits 1 with a FAIL
# verdict printed (the headline: "killed K of M"). A mutation whose claims only
# become inconclusive (exit 3, no FAIL) is "made inconclusive": counted and
# listed apart, and not a kill — the claim no longer vouches for the mutant,
# but nor does it say that the mutant is wrong — so, like a survivor (exit 0),
# it fails the run: each one needs a claim that fails it, or its own line
# here. Any other status is an error (a crash or bad input kills nothing),
# and so is a control claim (kind `control`) that does not pass unperturbed,
# since a mutation of a claim that fails anyway proves nothing.
#
# Kind `equivalent`: a perturbation that cannot change the result (the reason
# is in the list). It is shown equivalent, not merely passing: the unmutated
# run (the same arguments without the perturbation options --tableau,
# --expected, --dissipation-scale, --start, --mu, --param) is run too, and
# every result record of each (OUT/<name>/studies/*.json) is compared with the
# other's by tests/tools/compare_results.cpp, in both directions and with strings
# (numbers bit for bit, booleans, nulls, lengths, keys, text). Not compared:
# wall-clock timings (keys naming seconds, timing table columns) and the
# checksum that covers them, which differ between any two runs. A line's fifth
# field may name further fields (JSON pointers as compare_results prints them,
# `<id>.json/<key>...`, separated by spaces) that legitimately differ — a label
# that names the perturbation as run — with the reason in the list; every
# other difference makes the mutation an error.
#   cmake -DGRANCONV=... -DCOMPARE=<compare_results> -DLIST=tests/claims/mutations.txt -DDATA=tests/data
#         -DOUT=dir -DCACHE=dir -P run_mutations.cmake
cmake_minimum_required(VERSION 3.16)  # new-style evaluation: "@DATA@" is text, quoted names are not variables
file(STRINGS ${LIST} lines ENCODING UTF-8)  # (a ';' would split a line: the list holds none)
set(killed 0)
set(inconclusive 0)
set(total 0)
set(survivors "")
set(made_inconclusive "")
set(errors "")
set(equivalent 0)
string(TIMESTAMP start "%s")

# Runs granconv with `args` into a fresh OUT/<dir>: sets status, out, err and
# the claims or tableaux whose verdict is FAIL (fails) or INCONCLUSIVE (inconclusives).
function(run_granconv dir)
  file(REMOVE_RECURSE ${OUT}/${dir})
  execute_process(COMMAND ${GRANCONV} ${ARGN} --jobs 2 --out ${OUT}/${dir} --cache ${CACHE}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  foreach(word FAIL INCONCLUSIVE)
    # run prints "<WORD> <id>", validate "<name>: <WORD>".
    string(REGEX MATCHALL "(^|\n)${word} [^ \n]+" claims "${out}")
    string(REGEX REPLACE "(^|\n)${word} " "" claims "${claims}")
    string(REGEX MATCHALL "(^|\n)[^ \n:]+: ${word} " validated "${out}")
    string(REGEX REPLACE "(^|\n)([^ \n:]+): ${word} " "\\2" validated "${validated}")
    list(APPEND claims ${validated})
    string(REPLACE ";" ", " claims "${claims}")
    set(by_${word} "${claims}" PARENT_SCOPE)
  endforeach()
  set(status "${status}" PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

# The records of OUT/<a> and OUT/<b> compared both ways: sets `differences`
# (one per line, the allowed fields left out) or an error in `compare_error`.
function(compare_records a b allowed)
  set(found "")
  set(compare_error "")
  foreach(pair "${a};${b}" "${b};${a}")
    list(GET pair 0 expected)
    list(GET pair 1 actual)
    execute_process(COMMAND ${COMPARE} --strings ${OUT}/${expected}/studies ${OUT}/${actual}/studies
                    RESULT_VARIABLE rc OUTPUT_VARIABLE report ERROR_VARIABLE report_err)
    if(NOT rc MATCHES "^[01]$")
      set(compare_error "compare_results: status ${rc}: ${report_err}")
      break()
    endif()
    string(REPLACE "\n" ";" report_lines "${report}")
    foreach(l IN LISTS report_lines)
      if(l STREQUAL "" OR l MATCHES "^[0-9]+ result files compared" OR l MATCHES "^\\.\\.\\. and ")
        continue()
      endif()
      # The second pass (mutant against unmutated) adds only the keys the mutant alone has.
      if(expected STREQUAL b AND NOT l MATCHES ": missing( in .*)?$")
        continue()
      endif()
      string(REGEX REPLACE ": .*" "" where "${l}")
      if(NOT where IN_LIST allowed)
        list(APPEND found "${l}")
      endif()
    endforeach()
    if(report MATCHES "\n\\.\\.\\. and ([0-9]+) more")
      list(APPEND found "... and ${CMAKE_MATCH_1} more (${expected} against ${actual})")
    endif()
  endforeach()
  set(differences "${found}" PARENT_SCOPE)
  set(compare_error "${compare_error}" PARENT_SCOPE)
endfunction()

foreach(line IN LISTS lines)
  if(line MATCHES "^[ \t]*(#|$)")
    continue()
  endif()
  if(NOT line MATCHES "^ *([a-z]+) *\\| *([^ |]+) *\\| *([^|]*[^ |]) *\\| *([^|]*[^ |]) *(\\| *([^|]*[^ |]) *)?$")
    message(FATAL_ERROR "malformed line in ${LIST}: ${line}")
  endif()
  set(kind ${CMAKE_MATCH_1})
  set(name ${CMAKE_MATCH_2})
  set(family ${CMAKE_MATCH_3})
  set(allowed "${CMAKE_MATCH_6}")
  string(REPLACE "@DATA@" "${DATA}" args "${CMAKE_MATCH_4}")
  separate_arguments(args UNIX_COMMAND "${args}")
  separate_arguments(allowed UNIX_COMMAND "${allowed}")
  if(NOT kind MATCHES "^(control|mutation|equivalent)$")
    message(FATAL_ERROR "unknown kind '${kind}' in ${LIST}: ${line}")
  endif()
  if(allowed AND NOT kind STREQUAL "equivalent")
    message(FATAL_ERROR "only an equivalent mutation names fields that may differ: ${line}")
  endif()
  list(GET args 0 command)
  if(command STREQUAL "run")
    list(APPEND args --check)  # validate reports its verdict in its exit status anyway
  endif()
  run_granconv(${name} ${args})
  if(kind STREQUAL "control")
    if(NOT status EQUAL 0)
      list(APPEND errors "control ${name} does not pass (status ${status})")
      message("control    ${name} (${family}): status ${status} — NOT PASSING\n${out}${err}")
    else()
      message("control    ${name} (${family}): passes unperturbed")
    endif()
    continue()
  endif()
  if(NOT status MATCHES "^(0|1|3)$" OR (status EQUAL 1 AND by_FAIL STREQUAL "")
     OR (status EQUAL 3 AND by_INCONCLUSIVE STREQUAL ""))
    list(APPEND errors "${name}: status ${status}")
    message("error      ${name} (${family}): status ${status}\n${err}")
    continue()
  endif()
  if(kind STREQUAL "equivalent")
    if(NOT status EQUAL 0)
      list(APPEND errors "${name}: listed as equivalent but its claims end ${by_FAIL}${by_INCONCLUSIVE} (status ${status}); move it to the mutations")
      message("error      ${name} (${family}): listed as equivalent, status ${status}")
      continue()
    endif()
    # The unmutated run: the same arguments without the perturbation options.
    set(unmutated "")
    set(skip_value FALSE)
    foreach(a IN LISTS args)
      if(skip_value)
        set(skip_value FALSE)
      elseif(a MATCHES "^--(tableau|expected|dissipation-scale|start|mu|param)$")
        set(skip_value TRUE)
      else()
        list(APPEND unmutated "${a}")
      endif()
    endforeach()
    if(unmutated STREQUAL args)
      list(APPEND errors "${name}: listed as equivalent but perturbs nothing (no perturbation option)")
      continue()
    endif()
    run_granconv(${name}.unmutated ${unmutated})
    if(NOT status EQUAL 0)
      list(APPEND errors "${name}: the unmutated run does not pass (status ${status})")
      message("error      ${name} (${family}): unmutated run, status ${status}\n${err}")
      continue()
    endif()
    compare_records(${name}.unmutated ${name} "${allowed}")
    if(compare_error)
      list(APPEND errors "${name}: ${compare_error}")
    elseif(differences)
      list(LENGTH differences n)
      list(SUBLIST differences 0 10 shown)
      string(REPLACE ";" "\n    " shown "${shown}")
      if(n GREATER 10)
        string(APPEND shown "\n    (${n} lines in all)")
      endif()
      list(APPEND errors "${name}: listed as equivalent but its records differ from the unmutated run's")
      message("error      ${name} (${family}): records differ from the unmutated run's:\n    ${shown}")
    else()
      math(EXPR equivalent "${equivalent} + 1")
      set(except "")
      if(allowed)
        string(REPLACE ";" ", " except " except ${allowed}")
      endif()
      message("equivalent ${name} (${family}): records identical to the unmutated run's${except} (timings and checksum aside)")
    endif()
    continue()
  endif()
  math(EXPR total "${total} + 1")
  if(status EQUAL 0)
    list(APPEND survivors ${name})
    message("SURVIVED   ${name} (${family})")
  elseif(status EQUAL 1)
    math(EXPR killed "${killed} + 1")
    message("killed     ${name} (${family}) by FAIL of ${by_FAIL}")
  else()
    math(EXPR inconclusive "${inconclusive} + 1")
    list(APPEND made_inconclusive ${name})
    message("INCONCL.   ${name} (${family}): only made ${by_INCONCLUSIVE} inconclusive (not a kill)")
  endif()
endforeach()
string(TIMESTAMP stop "%s")
math(EXPR seconds "${stop} - ${start}")
list(LENGTH survivors survived)
message("killed ${killed} of ${total} (fail); made inconclusive ${inconclusive} of ${total} (not kills); "
        "survived ${survived}; ${equivalent} equivalent mutations shown identical to the unmutated runs; ${seconds} s")
if(errors)
  string(REPLACE ";" "\n  " errors "${errors}")
  message(FATAL_ERROR "errors:\n  ${errors}")
endif()
if(survivors OR made_inconclusive)
  message(FATAL_ERROR "mutations not killed (a missing check, or an equivalent mutation to explain): "
                      "survived: ${survivors}; only made inconclusive: ${made_inconclusive}")
endif()
if(total LESS 20)
  message(FATAL_ERROR "the mutation list holds ${total} mutations; at least 20 are required")
endif()
