# Issue 15, part 2: scenario files (models/scenario_file/, docs/scenario-files.md).
#
# 1. Every shipped file in scenarios/ gives its built-in scenario's reference
#    and solve output bit for bit (tests/cli/check_scenario_file.cmake), at a time
#    T and a step H short enough to keep each test near a second. The
#    negative twin perturbs the built-in's damping by one ulp: the outputs
#    must then differ, so the comparison is not blind. forced-particle and
#    singular-q have no file: on-site forces and exact references are not
#    part of the format.
# The SI chains (lzb-*) take the CVODE tolerances of their claims: atol 1e-15 is
# no bound on displacements of 1e-6 m.
set(scenario_file_cases
  # name              T      scheme  H
  "trimer-impact      5      gl2     0.01"
  "trimer-nobreak     1.5    cn      0.01"
  "binary-kk          5      gl2     0.01"
  "dimer              30     gl2     0.05"
  "chain              30     cn      0.05"
  "cradle             50     theta   0.05"
  "binary             10     gl2     0.01"
  "lzb-monodisperse-20 2e-3  lzb     1e-5"
  "lzb-tapered-20     2e-4   gl2     1e-6")
foreach(row IN LISTS scenario_file_cases)
  string(REGEX MATCHALL "[^ ]+" f "${row}")
  list(GET f 0 name)
  list(GET f 1 t)
  list(GET f 2 scheme)
  list(GET f 3 h)
  set(ref_args)
  if(name MATCHES "^lzb-")
    set(ref_args "--rtol;1e-12;--atol;1e-18")
  endif()
  add_test(NAME scenario-file.${name}
           COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DNAME=${name} "-DREF_ARGS=${ref_args}"
                   -DFILE=${PROJECT_SOURCE_DIR}/scenarios/${name}.json -DT=${t} -DSCHEME=${scheme} -DH=${h}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/check_scenario_file.cmake)
  set_tests_properties(scenario-file.${name} PROPERTIES LABELS cli TIMEOUT 120)
endforeach()
add_test(NAME scenario-file.trimer-impact-perturbed-differs
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DNAME=trimer-impact
                 -DFILE=${PROJECT_SOURCE_DIR}/scenarios/trimer-impact.json -DT=5 -DSCHEME=gl2 -DH=0.01
                 -DPARAMS=gamma=0.10000000000000002 -DEXPECT=differ
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_scenario_file.cmake)
set_tests_properties(scenario-file.trimer-impact-perturbed-differs PROPERTIES LABELS "cli;negative")

# 2. Bad scenario files: one line naming the file and the field, status 2,
#    nothing on stdout (tests/cli/bad_input.cmake's granconv_bad_input).
set(sf ${granconv_test_data}/scenario-files)
granconv_bad_input(scenario-file-unknown-law "unknown-law.json: contacts.law: unknown law 'hooke' \\(known: hertz, kk"
  reference --scenario-file ${sf}/unknown-law.json --t 1)
granconv_bad_input(scenario-file-negative-stiffness "negative-stiffness.json: contacts\\[1\\].stiffness: must be > 0 \\(got -1\\)"
  solve --scenario-file ${sf}/negative-stiffness.json --scheme cn --h 0.1 --t 1)
granconv_bad_input(scenario-file-missing-masses "missing-masses.json: masses: missing \\(give 'masses', or 'radii' with 'density'\\)"
  reference --scenario-file ${sf}/missing-masses.json --t 1)
granconv_bad_input(scenario-file-duplicate-key "duplicate-key.json: contacts\\[0\\].stiffness: key given twice"
  reference --scenario-file ${sf}/duplicate-key.json --t 1)
granconv_bad_input(scenario-file-non-finite "non-finite.json: t_end: must be a finite number"
  reference --scenario-file ${sf}/non-finite.json --t 1)
# A huge file (sparse, made by tests/cli/hardening_inputs.cmake) is refused by its
# size, unread; a device that never ends is not a regular file.
granconv_bad_input(scenario-file-huge "huge-40M.json: more than 33554432 bytes, the limit"
  reference --scenario-file ${CMAKE_CURRENT_BINARY_DIR}/hardening-inputs/huge-40M.json --t 1)
granconv_bad_input(scenario-file-device "/dev/zero: is a character device, not a regular file"
  reference --scenario-file /dev/zero --t 1)
granconv_bad_input(scenario-file-unknown-key "unknown-key.json: contacts.stifness: unknown key \\(did you mean 'stiffness'\\?\\)"
  reference --scenario-file ${sf}/unknown-key.json --t 1)
granconv_bad_input(scenario-file-wrong-type "wrong-type.json: t_end: must be a number \\(got a string\\)"
  reference --scenario-file ${sf}/wrong-type.json --t 1)
granconv_bad_input(scenario-file-bistiffness "bistiffness.json: contacts.law: law 'bistiffness' has an internal state"
  reference --scenario-file ${sf}/bistiffness.json --t 1)
granconv_bad_input(scenario-file-missing "no-such-file.json: cannot read it: No such file"
  reference --scenario-file ${sf}/no-such-file.json --t 1)
granconv_bad_input(scenario-file-with-param "--param applies to --scenario; a scenario file states its values itself"
  reference --scenario-file ${PROJECT_SOURCE_DIR}/scenarios/dimer.json --param gamma=0 --t 1)
granconv_bad_input(scenario-file-and-name "--scenario(-file)? excludes --scenario"
  reference --scenario dimer --scenario-file ${PROJECT_SOURCE_DIR}/scenarios/dimer.json --t 1)

# 3. Claims: an order claim on scenarios/trimer-nobreak.json (named relative to
#    its catalogue, tests/data/scenario-file-claims.json) passes, with the
#    step sizes, errors and fits of its twin on the built-in scenario, bit for bit.
add_test(NAME scenario-file.order-claim
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv>
                 -DCLAIMS=${granconv_test_data}/scenario-file-claims.json
                 -DOUT=${ctest_out}/scenario-file-claims -P ${CMAKE_CURRENT_SOURCE_DIR}/check_scenario_file_claim.cmake)
set_tests_properties(scenario-file.order-claim PROPERTIES LABELS cli TIMEOUT 300)
granconv_expect_bad_catalogue(scenario-file scenario-file
  "claim 'sf-bad-file': field 'scenario_file' .*negative-stiffness.json: contacts\\[1\\].stiffness: must be > 0 \\(got -1\\).*claim 'sf-both': field 'scenario' and 'scenario_file' exclude each other.*claim 'sf-gamma-per-h': field 'gamma_per_h' applies to built-in scenarios")
