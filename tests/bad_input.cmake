# Issue 12: bad input and faults, one ctest per item (label bad-input): the
# command, its exit status, the pattern of its one-line message and no file
# left behind (tests/expect_clean_failure.cmake). Each must end within
# GRANCONV_BAD_INPUT_TIMEOUT seconds (5; sanitizer builds allow more).
if(GRANCONV_SANITIZE)
  set(GRANCONV_BAD_INPUT_TIMEOUT 60)
else()
  set(GRANCONV_BAD_INPUT_TIMEOUT 5)
endif()
set(bad_data ${CMAKE_CURRENT_SOURCE_DIR}/data/fuzz)
function(granconv_bad_input name regex)
  cmake_parse_arguments(ARG "" "NOT_REGEX;STDOUT_FILE;STATUS;DEV_FULL_AT" "" ${ARGN})
  set(extra)
  if(ARG_NOT_REGEX)
    list(APPEND extra "-DNOT_REGEX=${ARG_NOT_REGEX}")
  endif()
  if(ARG_STDOUT_FILE)
    list(APPEND extra "-DSTDOUT_FILE=${ARG_STDOUT_FILE}")
  endif()
  if(ARG_STATUS)
    list(APPEND extra "-DSTATUS=${ARG_STATUS}")
  endif()
  if(ARG_DEV_FULL_AT)
    list(APPEND extra "-DDEV_FULL_AT=${ARG_DEV_FULL_AT}")
  endif()
  add_test(NAME bad-input.${name}
           COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> "-DARGS=${ARG_UNPARSED_ARGUMENTS}"
                   "-DREGEX=${regex}" -DOUT=${ctest_out}/bad-input-12/${name} -DDATA=${bad_data} ${extra}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_clean_failure.cmake)
  set_tests_properties(bad-input.${name} PROPERTIES LABELS bad-input TIMEOUT ${GRANCONV_BAD_INPUT_TIMEOUT})
endfunction()

# 2. Nesting and length of tableau expressions, in validate and run --tableau.
granconv_bad_input(validate-deep-parens "tableau field 'A\\[0\\]\\[0\\]' is refused: expression .*longer than the limit"
  validate --tableau @DATA@/tableau-deep-parens.json --out @OUT@)
granconv_bad_input(validate-unary-minus "tableau field 'A\\[0\\]\\[0\\]' is refused: .*limit"
  validate --tableau @DATA@/tableau-unary-minus.json --out @OUT@)
granconv_bad_input(run-tableau-deep-parens "tableau field 'A\\[0\\]\\[0\\]' is refused"
  run jvb-fig3-cn-xv --tableau @DATA@/tableau-deep-parens.json --out @OUT@)
granconv_bad_input(validate-nesting-depth "tableau field 'A\\[0\\]\\[0\\]' is refused: expression nested deeper than the limit of 200"
  validate --tableau @DATA@/tableau-nested-201.json --out @OUT@)
# 3. Blown-up runs: a failure with the step and time, not null errors.
granconv_bad_input(solve-chain-rk4-diverges "scheme 'rk4' diverged at step [0-9]+ \\(t = [0-9.e+-]+\\)"
  solve --scenario chain --scheme rk4 --h 2 --t 30 --json)
granconv_bad_input(solve-trimer-fast-impact-diverges "diverged at step [0-9]+ \\(t = "
  solve --scenario trimer-impact --param v=1000 --scheme rk4 --h 0.5 --t 5)
granconv_bad_input(solve-trajectory-too-large "100000000 steps of 2000 state values need .* GB .*above the 8 GB limit"
  solve --scenario chain --param n=1000 --scheme leapfrog --h 1e-6 --t 100)
# 5. Non-finite floating options.
granconv_bad_input(expected-nan "--expected: must be a finite positive order, got 'nan'"
  run jvb-fig3-cn-xv --expected nan --check --out @OUT@)
granconv_bad_input(expected-inf "--expected: .*'inf' \\(not finite\\)" run jvb-fig3-cn-xv --expected inf --out @OUT@)
granconv_bad_input(dissipation-scale-nan "--dissipation-scale: must be a finite positive factor"
  run jvb-fig6-theta-impact --dissipation-scale nan --out @OUT@)
granconv_bad_input(t-nan "--t: must be a finite positive time, got 'nan'"
  solve --scenario trimer-impact --scheme cn --h 0.1 --t nan NOT_REGEX "integer multiple")
granconv_bad_input(t-overflow "--t: .*'1e400' \\(not finite\\)"
  solve --scenario trimer-impact --scheme cn --h 0.1 --t 1e400 NOT_REGEX "[0-9]{30}")
granconv_bad_input(jobs-negative "--jobs: Value -1 not in range 0 to 4096" run jvb-fig3-cn-xv --jobs -1 --out @OUT@
  NOT_REGEX "[0-9]{30}")
granconv_bad_input(h-inf "--h: must be a finite positive step size" solve --scenario trimer-impact --scheme cn --h inf --t 1)
granconv_bad_input(rtol-nan "--rtol: must be a finite positive tolerance" reference --scenario dimer --rtol nan --t 1)
granconv_bad_input(atol-minus-inf "--atol: must be a finite positive tolerance" reference --scenario dimer --atol -inf --t 1)
# 6. Physical ranges, named in the message; the reference's wall-clock budget.
granconv_bad_input(negative-damping "parameter 'gamma' = -1 of scenario 'trimer-impact' is outside its range \\[0, inf\\)"
  solve --scenario trimer-impact --param gamma=-1 --scheme cn --h 0.1 --t 1)
granconv_bad_input(zero-stiffness "parameter 'k' = 0 of scenario 'cradle' is outside its range \\(0, inf\\)"
  reference --scenario cradle --param k=0 --t 1)
granconv_bad_input(negative-stiffness "parameter 'kn' = -1 .*outside its range \\(0, inf\\)"
  reference --scenario binary --param kn=-1 --t 1)
granconv_bad_input(zero-mass "parameter 'epsilon' = 0 .*\\(0, inf\\)" reference --scenario dimer --param epsilon=0 --t 1)
granconv_bad_input(restitution-above-one "parameter 'es' = 1.5 .*\\(0, 1\\]"
  reference --scenario lzb-monodisperse-20 --param es=1.5 --t 1e-4)
granconv_bad_input(chain-too-long "parameter 'n' = 1e\\+08 .*outside its range \\[2, 100000\\]"
  reference --scenario dimer --param n=100000000 --t 1)
granconv_bad_input(reference-budget "wall-clock budget of 1e-09 s used up at t = "
  reference --scenario chain --param n=1000 --t 1000000 --reference-budget 1e-9)
granconv_bad_input(reference-budget-nan "--reference-budget: must be a finite positive number of seconds"
  reference --scenario dimer --t 1 --reference-budget nan)
# ... and of the 50-digit reference (RKF 7(8), --precision 50).
granconv_bad_input(mp50-reference-budget "multiprecision reference \\(trimer-nobreak\\): wall-clock budget of 1e-09 s used up"
  run jvb-fig3-cn-xv --precision 50 --reference-budget 1e-9 --cache none --out @OUT@)
# ... and (issue 33) of the bi-stiffness reference and of LZB impulse stepping,
# in a claim and in `solve --scheme lzb`.
granconv_bad_input(bistiffness-reference-budget
  "CVODE bi-stiffness reference: wall-clock budget of 1e-09 s used up at t = .*--reference-budget raises it"
  run lzb-wall-factor --reference-budget 1e-9 --cache none --out @OUT@)
granconv_bad_input(lzb-claim-budget "LZB: wall-clock budget of 1e-09 s used up at step [0-9]+ \\(t = .*--reference-budget raises it"
  run lzb-table2 --reference-budget 1e-9 --cache none --out @OUT@)
granconv_bad_input(lzb-solve-budget "LZB: wall-clock budget of 1e-09 s used up at step [0-9]+ \\(t = "
  solve --scenario lzb-monodisperse-20 --scheme lzb --h 1e-7 --t 2e-3 --reference-budget 1e-9)
# 7. Tableau size.
granconv_bad_input(tableau-17-stages "tableau field 'A' has 17 rows: more stages than the limit of 16"
  validate --tableau @DATA@/tableau-17-stages.json --out @OUT@)
granconv_bad_input(tableau-30-stages "more stages than the limit of 16"
  run jvb-fig3-cn-xv --tableau @DATA@/tableau-30-stages-implicit.json --out @OUT@)
# 8. Output, streams, files.
granconv_bad_input(out-unwritable "cannot create output directory /dev/null/out: Not a directory"
  run jvb-fig2-gl-xw-xp --out /dev/null/out)
granconv_bad_input(out-empty "--out must name a directory" run jvb-fig3-cn-xv --out @EMPTY@)
granconv_bad_input(stdout-full "cannot write to standard output: No space left on device" list studies
  STDOUT_FILE /dev/full)
# A result on a full disk: the errno text, and neither the result nor its
# temporary left behind (stdout: the JSON of `solve`; a file: a study record).
granconv_bad_input(solve-json-stdout-full "cannot write to standard output: No space left on device"
  solve --scenario trimer-impact --scheme cn --h 0.1 --t 1 --json STDOUT_FILE /dev/full)
granconv_bad_input(run-result-disk-full
  "cannot write .*/studies/jvb-fig3-cn-xv\\.json: No space left on device"
  run jvb-fig3-cn-xv --jobs 2 --cache none --out @OUT@ DEV_FULL_AT studies/jvb-fig3-cn-xv.json)
# (the study runs in full before its record is written: more than 5 s)
set_tests_properties(bad-input.run-result-disk-full PROPERTIES TIMEOUT 120)
# A results file read back is never trusted: truncated, of the wrong type or
# endless, it is refused in one line naming the file.
granconv_bad_input(results-truncated "results summary .*/results-summary-truncated\\.json: not valid JSON"
  list studies --markdown --results @DATA@/../results-summary-truncated.json)
granconv_bad_input(results-wrong-type "results summary .*/results-summary-wrong-type\\.json is malformed: .*string"
  list studies --markdown --results @DATA@/../results-summary-wrong-type.json)
granconv_bad_input(results-endless "results summary /dev/zero: more than 67108864 bytes"
  list studies --markdown --results /dev/zero)
granconv_bad_input(tableau-duplicate-key "duplicate key 'b'" validate --tableau @DATA@/tableau-duplicate-key.json --out @OUT@)
granconv_bad_input(tableau-deep-arrays "tableau file .* must hold a JSON object"
  validate --tableau @DATA@/tableau-deep-arrays.json --out @OUT@)

# 1. A damaged cache entry (a digit of the header's error estimate) is
# detected, recomputed and replaced; the verdict does not change.
add_test(NAME bad-input.cache-damaged-header
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DOUT=${ctest_out}/bad-input-12/cache-damaged-header
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_cache_damage.cmake)
set_tests_properties(bad-input.cache-damaged-header PROPERTIES LABELS bad-input TIMEOUT 180)
# 8. Temporaries of a killed run are removed at the next start.
add_test(NAME bad-input.stale-temporaries-removed
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DOUT=${ctest_out}/bad-input-12/stale-temporaries
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_stale_temporaries.cmake)
set_tests_properties(bad-input.stale-temporaries-removed PROPERTIES LABELS bad-input TIMEOUT 120)

# The fuzzed readers: a fixed number of mutants with a fixed seed from the
# corpus in tests/data/fuzz (the inputs of the issue among them).
set(GRANCONV_FUZZ_INPUTS 20000 CACHE STRING "Mutants per fuzz ctest run")
add_executable(fuzz_tableau fuzz_tableau.cpp)
target_link_libraries(fuzz_tableau PRIVATE granconv_studies)
add_test(NAME bad-input.fuzz-tableau-readers COMMAND fuzz_tableau ${bad_data} ${GRANCONV_FUZZ_INPUTS} 12)
set_tests_properties(bad-input.fuzz-tableau-readers PROPERTIES LABELS bad-input TIMEOUT 600)

# The same target under libFuzzer (built by cmake/libfuzzer.cmake).
if(GRANCONV_LIBFUZZER)
  set(libfuzzer_bin ${GRANCONV_LIBFUZZER_BIN})
  # New inputs go to a fresh scratch directory, never into the corpus in the
  # source tree, so that every run starts from the same corpus.
  set(scratch ${CMAKE_CURRENT_BINARY_DIR}/fuzz-scratch)
  add_test(NAME bad-input.libfuzzer-tableau-readers
           COMMAND sh -c "rm -rf '${scratch}' && mkdir '${scratch}' && exec '${libfuzzer_bin}' -seed=12 -runs=${GRANCONV_FUZZ_INPUTS} -max_len=200000 '${scratch}' '${bad_data}'")
  set_tests_properties(bad-input.libfuzzer-tableau-readers PROPERTIES LABELS bad-input TIMEOUT 900)
endif()
