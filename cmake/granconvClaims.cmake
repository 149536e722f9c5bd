# Claim catalogues for CMake: reading one (granconv_read_catalogue) and
# registering its claims as ctests (granconv_add_claims). Shipped in the
# installed package (find_package(granconv) includes it), used by granconv's
# own tests/CMakeLists.txt, and usable from -P (the reader only).
#
#   granconv_read_catalogue(<file-or-dir>) sets, one entry per claim in
#   catalogue order, GRANCONV_CLAIM_IDS, GRANCONV_CLAIM_KINDS (default
#   "order"), GRANCONV_CLAIM_VERDICTS (expected_verdict, default "pass"),
#   GRANCONV_CLAIM_TWINS (per claim, its negative twins' names joined by "|",
#   or "-"), GRANCONV_CLAIM_HEAVY ("heavy" for a claim with "heavy": true,
#   else "-"), GRANCONV_CLAIM_EXTERNAL ("external" and the labels of an external
#   scheme's "labels", joined by "|", or "-") and GRANCONV_CLAIM_FILES (for
#   CMAKE_CONFIGURE_DEPENDS). A <dir> is
#   a catalogue folder (index.json and the files it lists, in that order).
# A claim id in two files stops the configuration, naming both.
cmake_policy(VERSION 3.19)  # also under -P (IN_LIST)
function(granconv_read_catalogue dir)
  set(ids)
  set(kinds)
  set(verdicts)
  set(twins)
  set(heavy)
  set(external)
  if(IS_DIRECTORY ${dir})
    set(files ${dir}/index.json)
    file(READ ${dir}/index.json index)
    string(JSON nfiles LENGTH "${index}" files)
    math(EXPR last_file "${nfiles} - 1")
    set(names)
    foreach(f RANGE ${last_file})
      string(JSON name GET "${index}" files ${f})
      list(APPEND names ${name})
    endforeach()
    set(base ${dir}/)
  else()
    set(files)
    get_filename_component(names ${dir} NAME)
    get_filename_component(base ${dir} DIRECTORY)
    set(base ${base}/)
  endif()
  foreach(name IN LISTS names)
    list(APPEND files ${base}${name})
    file(READ ${base}${name} text)
    string(JSON n LENGTH "${text}" claims)
    if(n EQUAL 0)
      continue()
    endif()
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON id GET "${text}" claims ${i} id)
      if(id IN_LIST ids)
        message(FATAL_ERROR "claim id '${id}' appears twice in the catalogue ${dir} (again in ${name})")
      endif()
      string(JSON kind ERROR_VARIABLE no_kind GET "${text}" claims ${i} kind)
      if(no_kind)
        set(kind order)
      endif()
      string(JSON verdict ERROR_VARIABLE no_verdict GET "${text}" claims ${i} expected_verdict)
      if(no_verdict)
        set(verdict pass)
      endif()
      list(APPEND ids ${id})
      list(APPEND kinds ${kind})
      list(APPEND verdicts ${verdict})
      set(claim_twins -)
      string(JSON nt ERROR_VARIABLE no_twins LENGTH "${text}" claims ${i} negative_twins)
      if(NOT no_twins AND nt GREATER 0)
        set(claim_twins)
        math(EXPR last_twin "${nt} - 1")
        foreach(t RANGE ${last_twin})
          string(JSON twin GET "${text}" claims ${i} negative_twins ${t} name)
          list(APPEND claim_twins ${twin})
        endforeach()
        string(JOIN "|" claim_twins ${claim_twins})
      endif()
      list(APPEND twins "${claim_twins}")
      string(JSON is_heavy ERROR_VARIABLE no_heavy GET "${text}" claims ${i} heavy)
      if(NOT no_heavy AND is_heavy)
        list(APPEND heavy heavy)
      else()
        list(APPEND heavy -)
      endif()
      string(JSON ext_type ERROR_VARIABLE no_external TYPE "${text}" claims ${i} external)
      if(NOT no_external AND ext_type STREQUAL "OBJECT")
        set(ext_labels external)
        string(JSON nl ERROR_VARIABLE no_labels LENGTH "${text}" claims ${i} external labels)
        if(NOT no_labels AND nl GREATER 0)
          math(EXPR last_label "${nl} - 1")
          foreach(l RANGE ${last_label})
            string(JSON label GET "${text}" claims ${i} external labels ${l})
            list(APPEND ext_labels ${label})
          endforeach()
        endif()
        string(JOIN "|" ext_labels ${ext_labels})
        list(APPEND external "${ext_labels}")
      else()
        list(APPEND external -)
      endif()
    endforeach()
  endforeach()
  set(GRANCONV_CLAIM_IDS ${ids} PARENT_SCOPE)
  set(GRANCONV_CLAIM_KINDS ${kinds} PARENT_SCOPE)
  set(GRANCONV_CLAIM_VERDICTS ${verdicts} PARENT_SCOPE)
  set(GRANCONV_CLAIM_TWINS ${twins} PARENT_SCOPE)
  set(GRANCONV_CLAIM_HEAVY ${heavy} PARENT_SCOPE)
  set(GRANCONV_CLAIM_EXTERNAL ${external} PARENT_SCOPE)
  set(GRANCONV_CLAIM_FILES ${files} PARENT_SCOPE)
endfunction()

set(_granconv_claims_dir ${CMAKE_CURRENT_LIST_DIR})

# granconv_add_claims(): one ctest per claim of a catalogue, plus one per
# negative twin the claim asks for (its "negative_twins": a perturbation of
# the method or the model, run with --check, that must FAIL), in the manner
# of gtest_discover_tests / catch_discover_tests.
#
#   granconv_add_claims(CLAIMS <file-or-dir>       catalogue, the shipped schema
#                       [TABLEAUX <dir>]          tableau files the claims name ("tableau": "<file>")
#                       [SCENARIOS <dir>]         scenario files the claims name ("scenario_file")
#                       [COMMAND <target|path>]   default: granconv::granconv, or granconv in its own tree
#                       [SCHEMES <name>...]       schemes COMMAND registers in C++ (register_scheme)
#                       [LABELS <label>...]       added to every test
#                       [PREFIX <prefix>]         test names <prefix>order.<id>, <prefix>claim.<id>,
#                                                 <prefix>negative.<twin>-fails-<id>
#                       [JOBS <n>] [OUT <dir>]    --jobs per test (2); results and reference cache
#                       [NO_CONFIGURE_CHECK])
#
# At configure time the catalogue is checked with `granconv check-claims`
# (unless the command is not built yet, as in granconv's own tree, or
# NO_CONFIGURE_CHECK): a broken catalogue fails cmake, naming the claim and
# the field. A claim that expects "pass" passes on exit status 0; "fail" (a
# documented deviation: exactly its pinned check fails, in its band) and
# "inconclusive" are checked from the result record.
function(granconv_add_claims)
  cmake_parse_arguments(PARSE_ARGV 0 arg "NO_CONFIGURE_CHECK" "CLAIMS;TABLEAUX;SCENARIOS;COMMAND;PREFIX;JOBS;OUT"
                        "SCHEMES;LABELS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "granconv_add_claims: unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_CLAIMS)
    message(FATAL_ERROR "granconv_add_claims: CLAIMS <file-or-dir> is required")
  endif()
  get_filename_component(claims ${arg_CLAIMS} ABSOLUTE)
  if(NOT EXISTS ${claims})
    message(FATAL_ERROR "granconv_add_claims: CLAIMS ${claims} does not exist")
  endif()
  if(NOT arg_COMMAND)
    if(TARGET granconv::granconv)
      set(arg_COMMAND granconv::granconv)
    elseif(TARGET granconv)
      set(arg_COMMAND granconv)
    else()
      message(FATAL_ERROR "granconv_add_claims: no COMMAND and no granconv::granconv (find_package(granconv) first)")
    endif()
  endif()
  if(NOT arg_JOBS)
    set(arg_JOBS 2)
  endif()
  if(NOT arg_OUT)
    set(arg_OUT ${CMAKE_CURRENT_BINARY_DIR}/granconv-claims)
  endif()
  set(extra --claims ${claims})
  foreach(opt TABLEAUX SCENARIOS)
    if(arg_${opt})
      get_filename_component(d ${arg_${opt}} ABSOLUTE)
      if(NOT IS_DIRECTORY ${d})
        message(FATAL_ERROR "granconv_add_claims: ${opt} ${d} is not a directory")
      endif()
      string(TOLOWER ${opt} o)
      list(APPEND extra --${o} ${d})
    endif()
  endforeach()
  set(check_extra ${extra})
  foreach(s IN LISTS arg_SCHEMES)
    list(APPEND check_extra --scheme-name ${s})
  endforeach()

  # The configure-time check runs an installed (imported) granconv; a command
  # built in this project does not exist yet, so the installed granconv
  # checks its catalogue, told the names of the schemes the command adds.
  if(NOT arg_NO_CONFIGURE_CHECK)
    set(checker)
    if(TARGET granconv::granconv)
      get_target_property(checker granconv::granconv IMPORTED_LOCATION_RELEASE)
      if(NOT checker)
        get_target_property(checker granconv::granconv IMPORTED_LOCATION_NOCONFIG)
      endif()
      if(NOT checker)
        get_target_property(checker granconv::granconv LOCATION)
      endif()
    elseif(NOT TARGET ${arg_COMMAND} AND EXISTS ${arg_COMMAND})
      set(checker ${arg_COMMAND})
    endif()
    if(checker)
      list(REMOVE_ITEM check_extra --claims ${claims})
      execute_process(COMMAND ${checker} check-claims ${claims} ${check_extra}
                      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
      if(NOT rc EQUAL 0)
        string(STRIP "${err}" err)
        message(FATAL_ERROR "granconv_add_claims: the catalogue ${claims} is broken:\n${err}")
      endif()
    endif()
  endif()

  granconv_read_catalogue(${claims})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${GRANCONV_CLAIM_FILES})
  if(TARGET ${arg_COMMAND})
    set(cmd $<TARGET_FILE:${arg_COMMAND}>)
  else()
    set(cmd ${arg_COMMAND})
  endif()
  set(cache ${arg_OUT}/cache)
  foreach(id kind verdict twins heavy external IN ZIP_LISTS GRANCONV_CLAIM_IDS GRANCONV_CLAIM_KINDS
                                                       GRANCONV_CLAIM_VERDICTS GRANCONV_CLAIM_TWINS GRANCONV_CLAIM_HEAVY
                                                       GRANCONV_CLAIM_EXTERNAL)
    # A heavy claim (hours of CPU, "heavy": true) is registered DISABLED with
    # the label heavy: listed by ctest -N and in ctest's summary as not run,
    # never run by a plain ctest; `granconv run --heavy <id>` runs it.
    set(claim_extra ${extra})
    if(heavy STREQUAL "heavy")
      list(APPEND claim_extra --heavy)
    endif()
    # An external scheme's tests skip (one line saying why) where its program
    # ("requires") is not installed.
    set(ext_labels)
    if(NOT external STREQUAL "-")
      list(APPEND claim_extra --skip-absent)
      string(REPLACE "|" ";" ext_labels "${external}")
    endif()
    if(kind STREQUAL "order")
      set(name ${arg_PREFIX}order.${id})
      set(labels order)
    else()
      set(name ${arg_PREFIX}claim.${id})
      set(labels claim)
    endif()
    if(verdict STREQUAL "fail" OR verdict STREQUAL "inconclusive")
      add_test(NAME ${name}
               COMMAND ${CMAKE_COMMAND} -DGRANCONV=${cmd} -DID=${id} -DEXPECT=${verdict} -DOUT=${arg_OUT}
                       -DCACHE=${cache} -DJOBS=${arg_JOBS} "-DEXTRA=${claim_extra}"
                       -P ${_granconv_claims_dir}/granconvExpectVerdict.cmake)
      if(verdict STREQUAL "fail")
        list(APPEND labels deviation)
      endif()
    else()
      add_test(NAME ${name} COMMAND ${cmd} run ${id} --check --jobs ${arg_JOBS} --out ${arg_OUT} --cache ${cache}
                                    ${claim_extra})
    endif()
    if(heavy STREQUAL "heavy")
      list(APPEND labels heavy)
      set_tests_properties(${name} PROPERTIES DISABLED TRUE)
    endif()
    set_tests_properties(${name} PROPERTIES LABELS "${labels};${ext_labels};${arg_LABELS}")
    if(ext_labels)
      set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 SKIP_REGULAR_EXPRESSION "skipped: ")
    endif()
    if(NOT twins STREQUAL "-")
      string(REPLACE "|" ";" twins "${twins}")
      foreach(twin IN LISTS twins)
        set(tname ${arg_PREFIX}negative.${twin}-fails-${id})
        add_test(NAME ${tname}
                 COMMAND ${CMAKE_COMMAND} -DGRANCONV=${cmd} "-DARGS=${id};--negative-twin;${twin};${claim_extra}"
                         -DOUT=${arg_OUT}/negative/${twin}-${id} -DCACHE=${cache} -DJOBS=${arg_JOBS}
                         -P ${_granconv_claims_dir}/granconvExpectClaimFailure.cmake)
        set_tests_properties(${tname} PROPERTIES LABELS "negative;${ext_labels};${arg_LABELS}")
        if(ext_labels)
          set_tests_properties(${tname} PROPERTIES SKIP_REGULAR_EXPRESSION "skipped: ")
        endif()
        if(heavy STREQUAL "heavy")
          set_tests_properties(${tname} PROPERTIES LABELS "negative;heavy;${arg_LABELS}" DISABLED TRUE)
        endif()
      endforeach()
    endif()
  endforeach()
endfunction()
