# External schemes (issue 34, docs/external-codes.md): a program's integrator
# run over the protocol. The shipped claims (studies/claims/external.json) are
# registered by granconv_add_claims with the labels external, lammps, yade;
# here the protocol's faults, each a bad-input ctest (one line, status 2,
# nothing left behind), run on a misbehaving stepper
# (tests/data/external/bad_stepper.py) through tests/data/external/bad-claims.json.
set(ext_claims ${granconv_test_data}/external/bad-claims.json)
function(granconv_external_fault name regex)
  granconv_bad_input(external-${name} "${regex}" run bad-${name} --claims ${ext_claims} --out @OUT@ --cache none --check
                     ${ARGN})
  set_tests_properties(bad-input.external-${name} PROPERTIES LABELS "bad-input;external" TIMEOUT 60)
endfunction()
granconv_external_fault(missing-program "external bad-exit-3, h = 0.01: /nonexistent/granconv-stepper .* could not be started: no such program$")
granconv_external_fault(exit-3 "external bad-exit-3, h = 0.01: /usr/bin/python3 .*bad_stepper.py exit-3 .* exited 3: bad_stepper: told to exit 3$")
granconv_external_fault(sleep "external bad-sleep, h = 0.01: .* ran past its budget of 2 s and was killed$")
granconv_external_fault(nan "external bad-nan, h = 0.01: its trajectory trajectory.csv: line 4: v3 is nan, not a finite number$")
granconv_external_fault(missing-time "external bad-missing-time, h = 0.01: its trajectory trajectory.csv: line 5: time 1 is not the output time 0.75")
granconv_external_fault(extra-column "external bad-extra-column, h = 0.01: its trajectory trajectory.csv: line 3: 8 columns, not 7")
granconv_external_fault(empty "external bad-empty, h = 0.01: its trajectory trajectory.csv: the file is empty$")
granconv_external_fault(huge "external bad-huge, h = 0.01: .* wrote past its limit \\(trajectory.csv: 16777216 bytes\\) and was killed$")
granconv_external_fault(escape "external bad-escape, h = 0.01: /usr/bin/python3 wrote outside its work folder: .*/intruder.txt$")
granconv_external_fault(absent-required "claim 'bad-absent-required' needs granconv-absent-program, which is not installed$")
# With --skip-absent (what granconv_add_claims passes) the same is ctest's skip: status 77, one line.
granconv_bad_input(external-absent-required-skips "^skipped: claim 'bad-absent-required' needs granconv-absent-program"
                   run bad-absent-required --claims ${ext_claims} --out @OUT@ --cache none --check --skip-absent STATUS 77)
set_tests_properties(bad-input.external-absent-required-skips PROPERTIES LABELS "bad-input;external")

# Placeholders stay whole arguments: a literal "$(touch injected); rm -rf x" reaches
# the program as one argument, uninterpreted (bad_stepper.py checks it and that no
# file "injected" appeared), and the run goes on (two step sizes: inconclusive).
add_test(NAME external.arguments-stay-literal
         COMMAND granconv run bad-literal --claims ${ext_claims} --out ${ctest_out}/external-literal --cache none)
set_tests_properties(external.arguments-stay-literal PROPERTIES LABELS external
                     PASS_REGULAR_EXPRESSION "INCONCLUSIVE bad-literal" FAIL_REGULAR_EXPRESSION "error")

# The scheme identification (item 4): the Python stepper is granconv's leapfrog
# step for step, and not velocity Verlet once the damping depends on v.
add_test(NAME external.python-identified-as-leapfrog
         COMMAND granconv run ext-python-chain3-kk --out ${ctest_out}/external-identify --jobs 2)
set_tests_properties(external.python-identified-as-leapfrog PROPERTIES LABELS external
                     PASS_REGULAR_EXPRESSION "scheme: identified as leapfrog.*velocity-verlet differs")

# References as time series (item 2): one solve, every output time, the
# error estimate of x and of v apart.
add_test(NAME external.reference-every
         COMMAND granconv reference --scenario-file ${PROJECT_SOURCE_DIR}/studies/claims/external/scenarios/chain3-kk.json
                 --t 5 --every 0.25 --json)
set_tests_properties(external.reference-every PROPERTIES LABELS external
                     PASS_REGULAR_EXPRESSION "\"error_estimate_v\": [0-9.e+-]+.*\"error_estimate_x\": [0-9.e+-]+")
add_test(NAME external.reference-every-csv
         COMMAND granconv reference --scenario-file ${PROJECT_SOURCE_DIR}/studies/claims/external/scenarios/chain3-kk.json
                 --t 5 --every 0.25)
set_tests_properties(external.reference-every-csv PROPERTIES LABELS external
                     PASS_REGULAR_EXPRESSION "^t,x1,x2,x3,v1,v2,v3\n0,0,0,0,1,0,0\n0.25,.*\n5,.*reference error estimate: x [0-9.e+-]+, v [0-9.e+-]+")
granconv_bad_input(reference-every-not-a-divisor "--every 0.29999999999999999: --t 5 must be a whole multiple of it"
  reference --scenario trimer-impact --t 5 --every 0.3)
granconv_bad_input(reference-times-decreasing "--times must increase: 1 follows 2"
  reference --scenario trimer-impact --t 5 --times 2,1)

# A signal ending granconv ends the program it runs and removes its folder.
add_test(NAME external.sigterm-kills-the-program
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DCLAIMS=${ext_claims}
                 -DOUT=${ctest_out}/external-sigterm -P ${CMAKE_CURRENT_SOURCE_DIR}/check_external_sigterm.cmake)
set_tests_properties(external.sigterm-kills-the-program PROPERTIES LABELS "external;bad-input" TIMEOUT 60)

# A run that ends well leaves no scratch folder either (three runs: the race it guards against is timing).
add_test(NAME external.no-scratch-left
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DOUT=${ctest_out}/external-no-scratch-left
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_external_no_leftovers.cmake)
set_tests_properties(external.no-scratch-left PROPERTIES LABELS "external;lammps" TIMEOUT 120
                     SKIP_REGULAR_EXPRESSION "external leftovers test skipped")

# validate --external: the example stepper's orders and identity on the shipped chains.
add_test(NAME external.validate-python-stepper
         COMMAND granconv validate --external ${PROJECT_SOURCE_DIR}/studies/claims/external/python/dem-stepper.json
                 --out ${ctest_out}/external-validate --jobs 2)
set_tests_properties(external.validate-python-stepper PROPERTIES LABELS external
                     PASS_REGULAR_EXPRESSION "chain3-kk.json +x: order 1.0[0-9]* .*identified as leapfrog")

# A relative --out: the program runs in its own folder, so every path it is
# given ({scenario}, {out}) must be absolute (a relative one would point elsewhere).
add_test(NAME external.relative-out
         COMMAND granconv run bad-literal --claims ${ext_claims} --out external-relative-out --cache none
         WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(external.relative-out PROPERTIES LABELS external
                     PASS_REGULAR_EXPRESSION "INCONCLUSIVE bad-literal" FAIL_REGULAR_EXPRESSION "error")

# A program that diverges at one step size: that point is marked diverged.
add_test(NAME external.diverged-point
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DCLAIMS=${ext_claims}
                 -DOUT=${ctest_out}/external-diverged -P ${CMAKE_CURRENT_SOURCE_DIR}/check_external_diverged.cmake)
set_tests_properties(external.diverged-point PROPERTIES LABELS external)
