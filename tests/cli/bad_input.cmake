# Issue 12: bad input and faults, one ctest per item (label bad-input): the
# command, its exit status, the pattern of its one-line message and no file
# left behind (tests/cli/expect_clean_failure.cmake). Each must end within
# GRANCONV_BAD_INPUT_TIMEOUT seconds (5; sanitizer builds allow more).
if(GRANCONV_SANITIZE)
  set(GRANCONV_BAD_INPUT_TIMEOUT 60)
else()
  set(GRANCONV_BAD_INPUT_TIMEOUT 5)
endif()
set(bad_data ${granconv_test_data}/fuzz)
function(granconv_bad_input name regex)
  cmake_parse_arguments(ARG "" "NOT_REGEX;STDOUT_FILE;STATUS;FILE_SIZE_LIMIT" "" ${ARGN})
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
  if(ARG_FILE_SIZE_LIMIT)
    list(APPEND extra "-DFILE_SIZE_LIMIT=${ARG_FILE_SIZE_LIMIT}")
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
# Compared while stepping, nothing is stored; the work is bounded (kMaxComparedValues).
granconv_bad_input(solve-comparison-too-large "1000000000 steps of 2000 state values compare 2e\\+12 values, above the limit of 1e\\+12"
  solve --scenario chain --param n=1000 --scheme leapfrog --h 1e-7 --t 100)
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
# A chain's length is bounded by the memory of its runs against the machine's
# (models/memory_budget.hpp), under a ceiling of 1e8 beads: 1e8 beads need
# about 320 GB for one run (3200 B per bead, the largest scheme's).
granconv_bad_input(chain-too-long "parameter 'n' of scenario 'dimer': a chain of 1e\\+08 beads needs about 320 GB .*3200 B per bead.*above this machine's"
  reference --scenario dimer --param n=100000000 --t 1)
# An order claim's runs side by side (--jobs) must fit too: 4096 runs on 2·10⁵ beads need about 2.9 TB.
granconv_bad_input(claim-chain-beyond-memory "claim 'granconv-chain-1e5-gl-xw': a chain of 200000 beads needs about 2.88e\\+03 GB .*--jobs 4096.*above this machine's"
  run granconv-chain-1e5-gl-xw --param n=200000 --jobs 4096 --out @OUT@)
granconv_bad_input(chain-beyond-ceiling "parameter 'n' = 1e\\+09 .*outside its range \\[2, 1e\\+08\\]"
  solve --scenario chain --param n=1000000000 --scheme leapfrog --t 1 --h 0.1)
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
# temporary left behind (stdout: the JSON of `solve`; a file: a study record,
# cut at 512 bytes by ulimit -f as on a full disk; the temporary is a new file
# of a random name, so no link planted at it is followed).
granconv_bad_input(solve-json-stdout-full "cannot write to standard output: No space left on device"
  solve --scenario trimer-impact --scheme cn --h 0.1 --t 1 --json STDOUT_FILE /dev/full)
granconv_bad_input(run-result-disk-full
  "cannot write .*/studies/jvb-fig3-cn-xv\\.json: File too large"
  run jvb-fig3-cn-xv --jobs 2 --cache none --out @OUT@ FILE_SIZE_LIMIT 1)
# (the study runs in full before its record is written: more than 5 s)
set_tests_properties(bad-input.run-result-disk-full PROPERTIES TIMEOUT 120)
# A key given twice in a catalogue (or any JSON granconv reads) is refused, the field named.
granconv_bad_input(catalogue-duplicate-key "claim catalogue .*claims-bad-duplicate-key\\.json: claims\\[0\\]\\.kind: key given twice"
  check-claims @DATA@/../claims-bad-duplicate-key.json)
# A results file read back is never trusted: truncated, of the wrong type or
# endless, it is refused in one line naming the file.
granconv_bad_input(results-truncated "results summary .*/results-summary-truncated\\.json: not valid JSON"
  list studies --markdown --results @DATA@/../results-summary-truncated.json)
granconv_bad_input(results-wrong-type "results summary .*/results-summary-wrong-type\\.json is malformed: .*string"
  list studies --markdown --results @DATA@/../results-summary-wrong-type.json)
granconv_bad_input(results-endless "results summary /dev/zero: is a character device, not a regular file"
  list studies --markdown --results /dev/zero)
granconv_bad_input(results-huge "results summary .*huge-80M.json: more than 67108864 bytes, the limit"
  list studies --markdown --results ${CMAKE_CURRENT_BINARY_DIR}/hardening-inputs/huge-80M.json)
# Issue 33, section 4: a record or a summary edited after granconv wrote it
# is refused (tests/cli/check_edited_records.cmake): without its checksum fixed,
# by the checksum; with it recomputed ("SEAL", tests/tools/edit_record.cpp), by the
# verdicts recomputed from the record's numbers and the catalogue's band
# (studies/core/record_verdicts.hpp), or by the summary's statuses recomputed
# from its verdicts. One cheap claim, run once by the fixture.
set(edited_out ${ctest_out}/bad-input-33/edited-records)
add_test(NAME bad-input.edited-records-setup
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
                 -DCLAIM=jvb-fig3-cn-xv -DOUT=${edited_out} -DMODE=setup
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_edited_records.cmake)
set_tests_properties(bad-input.edited-records-setup PROPERTIES LABELS bad-input TIMEOUT 120
                     FIXTURES_SETUP edited-records)
function(granconv_edited name file regex)
  cmake_parse_arguments(ARG "" "FROM;CLAIMS;EXPECT" "" ${ARGN})
  add_test(NAME bad-input.edited-${name}
           COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DEDIT_RECORD=$<TARGET_FILE:edit_record>
                   -DOUT=${edited_out} -DMODE=case -DCASE=${name} -DFILE=${file} "-DREGEX=${regex}"
                   "-DEDITS=${ARG_UNPARSED_ARGUMENTS}" -DFROM=${ARG_FROM} -DCLAIMS=${ARG_CLAIMS} -DEXPECT=${ARG_EXPECT}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/check_edited_records.cmake)
  set_tests_properties(bad-input.edited-${name} PROPERTIES LABELS bad-input TIMEOUT ${GRANCONV_BAD_INPUT_TIMEOUT}
                       FIXTURES_REQUIRED edited-records)
endfunction()
set(record studies/jvb-fig3-cn-xv.json)
set(damaged "report: result record .*/jvb-fig3-cn-xv\\.json: checksum mismatch: changed after granconv wrote it")
set(check "report: result record .*/jvb-fig3-cn-xv\\.json: check 'h [^ ]+ 0\\.3'")
# The issue's edits, the checksum left alone: a verdict, a CI, a byte.
granconv_edited(record-verdict ${record} "${damaged}" "/verdict=\"fail\"" "/pass=false")
granconv_edited(record-ci ${record} "${damaged}" "/checks/0/ci95=[1.0,1.1]" "/checks/0/observed_order=1.05")
granconv_edited(record-byte ${record} "${damaged}" "BYTE=\"observed_order\":")
granconv_edited(record-no-checksum ${record} "result record .*: no \"checksum\" \\(written by an older granconv" -/checksum)
# ... and with the checksum recomputed: each field that decides a verdict.
granconv_edited(sealed-claim-verdict ${record} "the record: \"verdict\" is fail, but its checks give pass"
  "/verdict=\"fail\"" "/pass=false" SEAL)
granconv_edited(sealed-check-verdict ${record} "${check}: \"verdict\" is fail, but its numbers give pass"
  "/checks/0/verdict=\"fail\"" "/checks/0/pass=false" "/verdict=\"fail\"" "/pass=false" SEAL)
granconv_edited(sealed-check-pass ${record} "${check}: \"pass\" is false with the verdict pass" "/checks/0/pass=false" SEAL)
granconv_edited(sealed-ci ${record} "${check}: \"ci95\" starts at 1, its least_squares CI at"
  "/checks/0/ci95=[1.0,1.1]" SEAL)
granconv_edited(sealed-fit ${record} "${check}: \"least_squares\": order 1.05 \\[1, 1.1\\] is not the fit of the record's errors"
  "/checks/0/ci95=[1.0,1.1]" "/checks/0/observed_order=1.05" "/checks/0/least_squares/ci95=[1.0,1.1]"
  "/checks/0/least_squares/order=1.05" SEAL)
granconv_edited(sealed-points ${record} "${check}: \"points\" is 3, its least_squares points are"
  "/checks/0/points=3" SEAL)
granconv_edited(sealed-fit-window ${record} "${check}: \"fit_window\" starts at 0.01, its least_squares window at"
  "/checks/0/fit_window=[0.01,0.03]" SEAL)
granconv_edited(sealed-error ${record} "${check}: \"least_squares\": .* is not the fit of the record's errors"
  "/error/20=1e-3" SEAL)
granconv_edited(sealed-usable ${record} "${check}: \"(least_squares|upper_envelope)\": .*(not the fit|uses)"
  "/usable/20=false" SEAL)
granconv_edited(sealed-expected-order ${record} "${check}: \"expected_order\" is 1.05, the catalogue's is 2 \\(.*rerun"
  "/checks/0/expected_order=1.05" SEAL)
granconv_edited(sealed-tolerance ${record} "${check}: \"tolerance\" is 2, the catalogue's is 0.2"
  "/checks/0/tolerance=2" SEAL)
granconv_edited(sealed-max-ci-width ${record} "${check}: \"max_ci_width\" is 10, the catalogue's is 0.4"
  "/checks/0/max_ci_width=10" SEAL)
granconv_edited(sealed-rivals ${record} "${check}: \"rivals\" are \\[\\], the catalogue's \\[1.5\\]"
  "/checks/0/rivals=[]" SEAL)
granconv_edited(sealed-expected-verdict ${record} "the record: \"expected_verdict\" is 'fail', the catalogue's 'pass'"
  "/expected_verdict=\"fail\"" SEAL)
# Fields it shows besides the verdicts, edited with everything else made to
# agree (REFIT: the fits and verdicts recomputed, as a forger would): the
# check's fit kind (both fits are stored; the other one is then shown, and
# decides the verdict), its declared window, its tolerance's source, the
# claim's tolerances (their bases make the headline "N tolerances set after
# the data"), title, source and figure group.
granconv_edited(sealed-fit-kind ${record} "${check}: \"fit\" is 'upper-envelope', the catalogue's 'least-squares'"
  "/checks/0/fit=\"upper-envelope\"" REFIT SEAL)
granconv_edited(sealed-window ${record} "${check}: \"window\" is \\[0.001,0.3\\], the catalogue's \\[0.0001,0.3\\]"
  "/checks/0/window=[0.001,0.3]" REFIT SEAL)
granconv_edited(sealed-window-detected ${record} "${check}: \"window\" is null, the catalogue's \\[0.0001,0.3\\]"
  "/checks/0/window=null" REFIT SEAL)
granconv_edited(sealed-tolerance-source ${record} "${check}: \"tolerance_source\".\"basis\" is \"post-hoc\", the catalogue's \"a-priori\""
  "/checks/0/tolerance_source/basis=\"post-hoc\"" SEAL)
granconv_edited(sealed-tolerance-basis ${record}
  "the record: tolerance checks\\[0\\].tolerance.\"basis\" is \"post-hoc\", the catalogue's \"a-priori\""
  "/tolerances/0/basis=\"post-hoc\"" SEAL)
granconv_edited(sealed-tolerances-dropped ${record} "the record: 0 tolerances, the catalogue's claim 1" "/tolerances=[]" SEAL)
granconv_edited(sealed-title ${record} "the record: \"title\" is not the catalogue's \\('Crank" "/title=\"order 3\"" SEAL)
granconv_edited(sealed-source ${record} "the record: \"source\".\"paper\" is not the catalogue's" "/source/paper=\"X\"" SEAL)
granconv_edited(sealed-figure-group ${record} "the record: \"figure_group\" is not the catalogue's \\('jvb-fig3'\\)"
  "/figure_group=\"jvb-fig4\"" SEAL)
# A record of 5000 scattered points and no window: detecting one took 30 s
# (time cubic in the points); more points than a step grid may have (2000)
# are refused before any fit, for the catalogue's claim and for another.
set(long "the record: \"h\" holds 5000 step sizes, more than a step grid's limit of 2000")
granconv_edited(sealed-long-record ${record} "${long}" POINTS=5000 "/checks/0/window=null" SEAL)
granconv_edited(sealed-long-record-other-claim ${record} "${long}"
  POINTS=5000 "/checks/0/window=null" "/study=\"not-in-the-catalogue\"" SEAL)
# A heavy claim's record is not shown, so not read: one without a checksum
# (an older granconv's; its rerun takes hours) does not stop the report.
granconv_edited(heavy-record-unread studies/heavy-twin.json "report: .*index.html written"
  FROM ${record} CLAIMS claims-heavy.json EXPECT accepted "/study=\"heavy-twin\"" -/checksum)
# The summary: its status edited (the issue's third), a byte, no checksum;
# sealed, a status or a count its verdicts contradict.
set(summary results-summary.json)
set(summary_damaged "results summary .*/results-summary\\.json: checksum mismatch")
granconv_edited(summary-status ${summary} "${summary_damaged}" "/claims/0/status=\"inconclusive\"")
granconv_edited(summary-byte ${summary} "${summary_damaged}" "BYTE=\"status\":")
granconv_edited(summary-no-checksum ${summary} "results summary .*: no \"checksum\"" -/checksum)
granconv_edited(sealed-summary-status ${summary}
  "claim 'jvb-fig3-cn-xv': \"status\" is 'inconclusive', but the verdict pass \\(expected pass\\) gives 'reproduced'"
  "/claims/0/status=\"inconclusive\"" SEAL)
granconv_edited(sealed-summary-expected ${summary}
  "claim 'jvb-fig3-cn-xv': run expecting 'inconclusive', the catalogue expects 'pass'"
  "/claims/0/expected_verdict=\"inconclusive\"" "/claims/0/verdict=\"inconclusive\"" "/claims/0/status=\"inconclusive\"" SEAL)
granconv_edited(sealed-summary-line ${summary} "\"summary\" '0 reproduced .*' does not count its claims' statuses"
  "/summary=\"0 reproduced · 0 deviate · 1 inconclusive · 0 new · 0 tolerances set after the data\"" SEAL)
granconv_edited(sealed-summary-post-hoc ${summary}
  "\"summary\" says 1 set after the data, its claims' tolerances in the catalogue 0"
  "/summary=\"1 reproduced · 0 deviate · 0 inconclusive · 0 new · 1 tolerance set after the data\"" SEAL)

granconv_bad_input(tableau-duplicate-key "duplicate key 'b'" validate --tableau @DATA@/tableau-duplicate-key.json --out @OUT@)
granconv_bad_input(tableau-deep-arrays "tableau file .* is not valid JSON: nested deeper than the limit of 64 levels"
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

# Issue 33 (hardening, second pass). Inputs made at configure time: hardening_inputs.cmake.
include(${CMAKE_CURRENT_SOURCE_DIR}/hardening_inputs.cmake)
# 1. Nothing written outside --out: ids refused at load, symlinks out of --out refused.
foreach(part ids symlinks)
  add_test(NAME bad-input.output-confinement-${part}
           COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DOUT=${ctest_out}/bad-input-33/confinement-${part}
                   -DPART=${part} -DTEMPLATE=${granconv_test_data}/hardening/claim-id-template.json
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/check_output_confinement.cmake)
  set_tests_properties(bad-input.output-confinement-${part} PROPERTIES LABELS bad-input TIMEOUT 60)
endforeach()
# 2. JSON nested deeper than the limit, refused while parsing (no crash).
granconv_bad_input(scenario-file-deep "scenario-deep-50000.json: nested deeper than the limit of 64 levels"
  reference --scenario-file ${hard}/scenario-deep-50000.json --t 1)
granconv_bad_input(solve-scenario-file-deep "scenario-deep-50000.json: nested deeper than the limit of 64 levels"
  solve --scenario-file ${hard}/scenario-deep-50000.json --scheme cn --h 0.1 --t 1)
granconv_bad_input(catalogue-deep "claim catalogue .*claims-deep-200000.json: nested deeper than the limit of 64 levels"
  check-claims ${hard}/claims-deep-200000.json)
granconv_bad_input(run-catalogue-deep "claim catalogue .*claims-deep-200000.json: nested deeper than the limit"
  run deep-value --claims ${hard}/claims-deep-200000.json --out @OUT@)
granconv_bad_input(tableau-deep "tableau file .*tableau-deep-100000.json is not valid JSON: nested deeper than the limit of 64"
  validate --tableau ${hard}/tableau-deep-100000.json --out @OUT@)
granconv_bad_input(results-deep "results summary .*results-deep-200000.json: nested deeper than the limit of 64 levels"
  list studies --markdown --results ${hard}/results-deep-200000.json)
# 3. FIFOs and devices are refused at once (a FIFO with no writer blocked for ever).
granconv_bad_input(scenario-file-fifo "fifo-scenario.json: is a FIFO, not a regular file"
  reference --scenario-file ${hard}/fifo-scenario.json --t 1)
granconv_bad_input(catalogue-fifo "claim catalogue .*fifo-claims.json: is a FIFO, not a regular file"
  check-claims ${hard}/fifo-claims.json)
granconv_bad_input(tableau-fifo "tableau file .*fifo-tableau.json: is a FIFO, not a regular file"
  validate --tableau ${hard}/fifo-tableau.json --out @OUT@)
granconv_bad_input(results-fifo "results summary .*fifo-results.json: is a FIFO, not a regular file"
  list studies --markdown --results ${hard}/fifo-results.json)
#    Grids without bound, refused at load with the number and the limit (each
#    passed check-claims, then `run` allocated until memory ran out).
granconv_bad_input(grid-h-min-1e-300 "claim 'grid-h-min-1e-300': field 'grid.per_decade' gives 3e\\+03 step sizes between h_max and h_min, above the limit of 2e\\+03"
  check-claims ${hard}/claims-grid-h-min-1e-300.json)
granconv_bad_input(run-grid-h-min-1e-300 "field 'grid.per_decade' gives 3e\\+03 step sizes"
  run grid-h-min-1e-300 --claims ${hard}/claims-grid-h-min-1e-300.json --out @OUT@)
granconv_bad_input(grid-per-decade-1e6 "field 'grid.per_decade' gives 3.48e\\+06 step sizes between h_max and h_min, above the limit of 2e\\+03"
  check-claims ${hard}/claims-grid-per-decade-1e6.json)
granconv_bad_input(run-grid-points-1e7 "field 'grid.per_decade' gives 1e\\+07 step sizes"
  run grid-points-1e7 --claims ${hard}/claims-grid-points-1e7.json --out @OUT@)
granconv_bad_input(grid-finest-1e9 "field 'grid' \\(h from 0.3 to 1e-09, 10 per decade, t_end = 1.5, 6 state values\\) is refused: the steps of its finest run 1.5e\\+09 are above the limit of 1e\\+09"
  check-claims ${hard}/claims-grid-finest-1e9.json)
granconv_bad_input(grid-all-runs "is refused: the steps of all its runs 3.43e\\+11 are above the limit of 1e\\+10"
  check-claims ${hard}/claims-grid-all-runs.json)
granconv_bad_input(grid-stored-values "is refused: the state values it stores .* 3.5.e\\+09 are above the limit of 1e\\+09"
  check-claims ${hard}/claims-grid-stored-values.json)
#    A figure group that would have ended a gnuplot comment line and run a
#    command (the report ran it): refused at load.
granconv_bad_input(figure-group-injection "field 'figure_group' 'g\\\\x0Asystem .*is refused: must be 1 to 100 lower-case"
  report --claims ${hard}/claims-figure-group-injection.json --out @OUT@)

#    The other kinds' grids, runs and counts, refused at load the same way
#    (each passed check-claims: the LZB grid then ran out of memory, the atlas
#    went on to 4e13 steps, the restitution speeds ran check-claims itself out
#    of memory, a run of one h was refused only once it started). A count over
#    its limit names it; 4294967297 is not read as 1.
granconv_bad_input(lzb-dp-grid-points "claim 'bound-lzb-dp-grid-points': field 'dP_grid.per_decade' gives 1.2e\\+12 impulse steps between max and min, above the limit of 2e\\+03"
  check-claims ${hard}/claims-bound-lzb-dp-grid-points.json)
granconv_bad_input(run-lzb-dp-grid-points "field 'dP_grid.per_decade' gives 1.2e\\+12 impulse steps"
  run bound-lzb-dp-grid-points --claims ${hard}/claims-bound-lzb-dp-grid-points.json --out @OUT@)
granconv_bad_input(lzb-dp-grid-finest "field 'dP_grid' \\(.*P from 0.0001 to 1e-300, 1 per decade; about 0.652 N.*s of principal impulse \\(20 links .*\\)\\) is refused: the steps of its finest run 6.52e\\+299 are above the limit of 1e\\+09"
  check-claims ${hard}/claims-bound-lzb-dp-grid-finest.json)
granconv_bad_input(lzb-scale-samples "field 'samples' must be in \\[10, 100000\\], not 2000000000"
  check-claims ${hard}/claims-bound-lzb-scale-samples.json)
granconv_bad_input(atlas-h-min-1e-13 "claim 'bound-atlas-h-min-1e-13': field 'binary' \\(h from 0.1 to 1e-13, 20 per decade, t_end = 4, 4 state values; [0-9]+ cells, [0-9]+ references\\) is refused: the steps of its finest run 4e\\+13 are above the limit of 1e\\+09"
  check-claims ${hard}/claims-bound-atlas-h-min-1e-13.json)
granconv_bad_input(run-atlas-h-min-1e-13 "field 'binary' .* is refused: the steps of its finest run 4e\\+13 are above the limit of 1e\\+09"
  run bound-atlas-h-min-1e-13 --claims ${hard}/claims-bound-atlas-h-min-1e-13.json --out @OUT@)
granconv_bad_input(thesis-restitution-points "field 'v.points' must be in \\[2, 1000\\], not 2000000000"
  check-claims ${hard}/claims-bound-thesis-restitution-points.json)
granconv_bad_input(thesis-restitution-h-2-60 "field 'h_log2' \\(h = 2\\^-60, t_end = 2 contact times, the slowest v = 0.01 m/s\\) is refused: the steps of its finest run 5.69e\\+13 are above the limit of 1e\\+09"
  check-claims ${hard}/claims-bound-thesis-restitution-h-2-60.json)
granconv_bad_input(sweep-count "field 'sweep.count' must be in \\[3, 1000\\], not 1000000"
  check-claims ${hard}/claims-bound-sweep-count.json)
granconv_bad_input(bistiffness-beads "field 'beads' must be in \\[1, 100000\\], not 1000000"
  check-claims ${hard}/claims-bound-bistiffness-beads.json)
granconv_bad_input(cd-seeds-wrapped "field 'seeds' must be in \\[1, 100\\], not 4294967297"
  check-claims ${hard}/claims-bound-cd-seeds-wrapped.json)
granconv_bad_input(cd-hold-steps "field 'hold_steps' must be in \\[1, 100000\\], not 2000000000"
  check-claims ${hard}/claims-bound-cd-hold-steps.json)
granconv_bad_input(cd-disks-5000 "field 'n_i' \\(N_I = 25, 5000 disks, settle = 250\\) is refused: the steps of its run .* 5.59e\\+06 are above the limit of 1e\\+05"
  check-claims ${hard}/claims-bound-cd-disks-5000.json)
granconv_bad_input(history-h-1e-12 "claim 'bound-history-h-1e-12': field 'runs\\[1\\].h' \\(h = 1e-12, t_end = 30, 50 state values\\) is refused: the steps of its run 3e\\+13 are above the limit of 1e\\+09"
  check-claims ${hard}/claims-bound-history-h-1e-12.json)
granconv_bad_input(run-sweep-h-1e-12 "field 'runs\\[0\\].h' \\(h = 1e-12, t_end = 30, 50 state values\\) is refused: the steps of its run 3e\\+13 are above the limit of 1e\\+09"
  run bound-sweep-h-1e-12 --claims ${hard}/claims-bound-sweep-h-1e-12.json --out @OUT@)
# A sweep point whose scheme run does not complete (Newton fails at an impact
# speed of 1e9) is an error of the run, not a failed check of the paper.
granconv_bad_input(run-sweep-point-failed "claim 'jvb-fig11-h0.25-coarse': 18 of 78 scheme runs did not complete, the first CN \\(x,v\\), h = 0.25 at gamma = 0.016: Newton did not converge"
  run jvb-fig11-h0.25-coarse --claims ${granconv_test_data}/sweep-negative-claims.json --param v=1e9
  --cache none --out @OUT@)
# It runs the whole sweep first (78 runs and their references, about 3 s;
# several times that under the sanitizers).
if(GRANCONV_SANITIZE)
  set_tests_properties(bad-input.run-sweep-point-failed PROPERTIES TIMEOUT 300)
else()
  set_tests_properties(bad-input.run-sweep-point-failed PROPERTIES TIMEOUT 30)
endif()
# 5. Smaller ones: the option error alone (no "heavy claims left out" line before it).
granconv_bad_input(run-all-precision-17 "^granconv: error: --precision must be 16 \\(double\\), 32 .*not 17$"
  run all --precision 17 --out @OUT@)
# A tableau file with an extended precision: the message names the flag's
# value (it said "precision 31", double-double's digits10, for --precision 32).
granconv_bad_input(run-tableau-precision-32 "^granconv: error: .*tableau file runs in double only; it cannot be combined with --precision 32$"
  run jvb-fig3-gl-xw-xp --tableau ${PROJECT_SOURCE_DIR}/tableaux/gl2.json --precision 32 --cache none --out @OUT@)
# Left from issue 12: a write that fails in the middle of the report (every
# file cut at 512 bytes, as on a full disk) names the file and leaves no
# report and no temporary behind.
add_test(NAME bad-input.report-disk-full
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DOUT=${ctest_out}/bad-input-33/report-disk-full
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_report_disk_full.cmake)
set_tests_properties(bad-input.report-disk-full PROPERTIES LABELS bad-input TIMEOUT 120)
# A scenario file at a path that is not UTF-8 runs (the path is escaped where
# it is echoed; it once ended in "[json.exception.type_error.316]").
add_test(NAME bad-input.scenario-file-path-not-utf8
         COMMAND sh -c "exec \"$0\" solve --scenario-file \"$1\"/not-utf8-*.json --scheme cn --h 0.1 --t 1 --json"
                 $<TARGET_FILE:granconv> ${hard})
set_tests_properties(bad-input.scenario-file-path-not-utf8 PROPERTIES LABELS bad-input TIMEOUT 60
                     PASS_REGULAR_EXPRESSION "\"scheme\"" FAIL_REGULAR_EXPRESSION "json.exception|granconv: error")
# A window that holds no usable step size says so, not "observed order nan, 95% CI [nan, nan]".
add_test(NAME bad-input.window-without-points
         COMMAND $<TARGET_FILE:granconv> run empty-window --claims ${hard}/claims-empty-window.json
                 --cache none --out ${ctest_out}/bad-input-33/window-without-points)
set_tests_properties(bad-input.window-without-points PROPERTIES LABELS bad-input TIMEOUT 120
                     PASS_REGULAR_EXPRESSION "the window \\[1e-09, 2e-09\\] holds no points to fit"
                     FAIL_REGULAR_EXPRESSION "nan")
# Left from issue 12: a report stopped by SIGTERM removes its work directory.
add_test(NAME bad-input.report-sigterm-cleans-up
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DOUT=${ctest_out}/bad-input-33/report-sigterm
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_signal_cleanup.cmake)
set_tests_properties(bad-input.report-sigterm-cleans-up PROPERTIES LABELS bad-input TIMEOUT 180)
# Links planted at the names a temporary once had (<file>.tmp-<pid>, the pid
# being known to whoever starts the command) pointing out of --out: the
# temporaries are new files of random names, so nothing outside is written.
add_test(NAME bad-input.planted-temporary-links
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DOUT=${ctest_out}/bad-input-33/planted-links
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_planted_links.cmake)
set_tests_properties(bad-input.planted-temporary-links PROPERTIES LABELS bad-input TIMEOUT 120)

# Issue 34: Tsuji's and the non-tensile laws. A misspelt law is unknown (the
# list names the new ones); the (x, w) formulation refuses a non-tensile law.
granconv_bad_input(scenario-file-unknown-nontensile-law
  "unknown-nontensile-law.json: contacts.law: unknown law 'tsuji-nontensil' \\(known: .*tsuji, kk-nontensile"
  reference --scenario-file ${granconv_test_data}/scenario-files/unknown-nontensile-law.json --t 1)
granconv_bad_input(solve-nontensile-xw "the \\(x, w\\) formulation has no non-tensile laws"
  solve --scenario-file ${PROJECT_SOURCE_DIR}/studies/claims/external/scenarios/chain3-kk-nontensile.json --scheme cn --formulation xw --h 0.1 --t 1)

# Issue 37: partitioned Runge–Kutta and splitting files (docs/scheme-files.md).
set(prk_data ${granconv_test_data}/scheme_files)
granconv_bad_input(prk-sizes "prk-sizes.json: field 'Ahat' must be 3 × 3 \\(b has 3 entries\\), got 2 × 2$"
  validate ${prk_data}/prk-sizes.json --out @OUT@)
granconv_bad_input(prk-sum-bhat "prk-sum-bhat.json: field 'bhat' must sum to 1 \\(consistency\\)"
  validate ${prk_data}/prk-sum-bhat.json --out @OUT@)
granconv_bad_input(prk-c-not-row-sums "prk-c-not-row-sums.json: field 'c\\[1\\]' is 5.000e-01 but the row sum of A\\[1\\] is 1.000e\\+00$"
  validate ${prk_data}/prk-c-not-row-sums.json --out @OUT@)
granconv_bad_input(prk-17-stages "prk-17-stages.json: field 'b' has 17 entries, more than the limit of 16$"
  validate ${prk_data}/prk-17-stages.json --out @OUT@)
granconv_bad_input(splitting-sum-a "splitting-sum-a.json: field 'a' must sum to 1 \\(consistency\\), sums to 9.997e-01$"
  validate ${prk_data}/splitting-sum-a.json --out @OUT@)
granconv_bad_input(splitting-ahat-size "splitting-ahat-size.json: field 'ahat' has 1 entries but a has 2"
  validate ${prk_data}/splitting-ahat-size.json --out @OUT@)
granconv_bad_input(splitting-velocity "splitting-velocity.json: field 'velocity' must be one of: start, trapezoidal"
  validate ${prk_data}/splitting-velocity.json --out @OUT@)
granconv_bad_input(splitting-precision "splitting-precision.json: field 'precision' must be between 0 and 1e-6"
  validate ${prk_data}/splitting-precision.json --out @OUT@)
# Issue 37, the multistep families (schemes/families/multistep/): a Gear
# vector of the wrong length, values out of range, a corrector that does not
# take the force as the acceleration, an unknown velocity rule; a multistep
# method whose corrector is not zero-stable (refused at load), sizes that
# disagree, an inconsistent corrector, an implicit predictor.
set(multistep_data ${granconv_test_data}/scheme_files)
granconv_bad_input(gear-wrong-length "gear-wrong-length.json: field 'corrector' has 4 entries but 'values' is 5"
  validate ${multistep_data}/gear-wrong-length.json --out @OUT@)
granconv_bad_input(gear-values-out-of-range "gear-values-out-of-range.json: field 'values' must be an integer from 3 to 6"
  validate ${multistep_data}/gear-values-out-of-range.json --out @OUT@)
granconv_bad_input(gear-acceleration-not-one "gear-acceleration-not-one.json: field 'corrector\\[2\\]' must be 1"
  validate ${multistep_data}/gear-acceleration-not-one.json --out @OUT@)
granconv_bad_input(gear-unknown-velocity "gear-unknown-velocity.json: field 'velocity' must be one of: predicted, corrected"
  validate ${multistep_data}/gear-unknown-velocity.json --out @OUT@)
granconv_bad_input(lmm-not-zero-stable "lmm-not-zero-stable.json: field 'corrector_alpha' is not zero-stable .*outside the unit circle"
  validate ${multistep_data}/lmm-not-zero-stable.json --out @OUT@)
granconv_bad_input(lmm-sizes-disagree "lmm-sizes-disagree.json: field 'predictor_beta' has 2 entries but 'predictor_alpha' has 3"
  validate ${multistep_data}/lmm-sizes-disagree.json --out @OUT@)
granconv_bad_input(lmm-inconsistent "lmm-inconsistent.json: field 'corrector_beta' violates consistency"
  validate ${multistep_data}/lmm-inconsistent.json --out @OUT@)
granconv_bad_input(lmm-implicit-predictor "lmm-implicit-predictor.json: field 'predictor_beta\\[1\\]' must be 0"
  validate ${multistep_data}/lmm-implicit-predictor.json --out @OUT@)
# Issue 37: the Newmark family's scheme files (docs/scheme-files.md). Each
# refusal names the file and the field.
set(scheme_files ${granconv_test_data}/scheme_files)
granconv_bad_input(newmark-beta-negative "newmark-beta-negative.json: field 'beta' must be ≥ 0"
  validate ${scheme_files}/newmark-beta-negative.json --out @OUT@)
granconv_bad_input(newmark-both-forms "newmark-both-forms.json: field 'beta' cannot be given with 'rho_infinity'"
  validate ${scheme_files}/newmark-both-forms.json --out @OUT@)
granconv_bad_input(newmark-rho-out-of-range "newmark-rho-out-of-range.json: field 'rho_infinity' must lie in \\[0, 1\\]"
  validate ${scheme_files}/newmark-rho-out-of-range.json --out @OUT@)
granconv_bad_input(newmark-alpha-m-one "newmark-alpha-m-one.json: field 'alpha_m' must not be 1"
  validate ${scheme_files}/newmark-alpha-m-one.json --out @OUT@)
granconv_bad_input(newmark-missing-gamma "newmark-missing-gamma.json: field 'gamma' is missing"
  validate ${scheme_files}/newmark-missing-gamma.json --out @OUT@)
# ... and the Runge–Kutta–Nyström files.
granconv_bad_input(nystrom-b-sum "nystrom-b-sum.json: field 'b' must sum to 1"
  validate ${scheme_files}/nystrom-b-sum.json --out @OUT@)
granconv_bad_input(nystrom-sizes "nystrom-sizes.json: field 'bbar' has 3 entries, c has 2"
  validate ${scheme_files}/nystrom-sizes.json --out @OUT@)
granconv_bad_input(nystrom-implicit "nystrom-implicit.json: field 'Abar\\[0\\]\\[0\\]' must be 0: only explicit methods"
  validate ${scheme_files}/nystrom-implicit.json --out @OUT@)
granconv_bad_input(nystrom-no-velocity-rule "nystrom-no-velocity-rule.json: field 'velocity' is missing"
  validate ${scheme_files}/nystrom-no-velocity-rule.json --out @OUT@)
# Issue 37: a scheme file names its family; one granconv does not know is refused
# naming the file and the field, by `validate FILE` and `validate --tableau FILE` alike.
granconv_bad_input(validate-unknown-family
  "scheme file .*unknown-family.json: field 'family' is unknown \\(expected one of: runge-kutta"
  validate ${granconv_test_data}/scheme_files/unknown-family.json --out @OUT@)
granconv_bad_input(validate-tableau-unknown-family
  "tableau file .*unknown-family.json: field 'family' is unknown \\(expected one of: runge-kutta"
  validate --tableau ${granconv_test_data}/scheme_files/unknown-family.json --out @OUT@)
# run --tableau with a scheme file of another family: order claims only, and
# the file is checked as validate checks it.
granconv_bad_input(run-scheme-file-on-scheme-property-claim
  "--tableau with a scheme file of a family other than runge-kutta applies to order claims; 'hht1977-order' is of kind scheme-property"
  run hht1977-order --tableau ${scheme_files}/pefrl-xi-perturbed.json --out @OUT@)
granconv_bad_input(run-scheme-file-malformed "newmark-beta-negative.json: field 'beta' must be ≥ 0"
  run ch1993-generalized-alpha-trimer-damped --tableau ${scheme_files}/newmark-beta-negative.json --out @OUT@)
