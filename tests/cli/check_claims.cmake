# `granconv check-claims`: the shipped catalogue loads with every field typed
# and known (label cli); broken copies of its claims end with status 2 and a
# line naming the claim and the field (label bad-input). Included from
# tests/cli/CMakeLists.txt (claim_count and ctest_out are set in tests/CMakeLists.txt).
add_test(NAME cli.check-claims-shipped COMMAND granconv check-claims)
# The summary is printed only when no problem was found.
set_tests_properties(cli.check-claims-shipped PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION ": ${claim_count} claims of [0-9]+ kinds, no problem found")

function(granconv_expect_bad_catalogue name file regex)
  add_test(NAME bad-input.check-claims-${name}
           COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv>
                   "-DARGS=check-claims;${granconv_test_data}/claims-bad-${file}.json" "-DREGEX=${regex}"
                   -DOUT=${ctest_out}/bad-input/check-claims-${name} -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_bad_input.cmake)
  set_tests_properties(bad-input.check-claims-${name} PROPERTIES LABELS bad-input)
endfunction()
granconv_expect_bad_catalogue(unknown-key unknown-key "claim 'jvb-fig4': unknown field 'hh' \\(did you mean 'h'\\?\\)")
granconv_expect_bad_catalogue(missing-field missing-field "claim 'jvb-fig3-gl-xw': missing field 'grid.h_min'")
granconv_expect_bad_catalogue(wrong-type wrong-type "claim 'jvb-fig4': field 'h' must be a number, not the string \"0.5\"")
# An upper-envelope fit with too few step sizes per envelope bin (issue 35): the numbers named.
granconv_expect_bad_catalogue(envelope-sampling envelope-sampling "claim 'jvb-fig6-irk-impact': field 'grid' an upper-envelope fit needs at least 5 step sizes per envelope bin: 10 per decade in 4 bins per decade is 2.5 \\(at least 20 per decade\\)")
granconv_expect_bad_catalogue(reference-method reference-method "claim 'th-hertz-verlet': field 'reference_method' must be one of 'adams', 'bdf', 'erk8', 'erk9', not 'rk4'")
# Every problem is listed, not only the first: one file, three claims, three lines.
granconv_expect_bad_catalogue(unknown-scheme unknown-names "claim 'jvb-fig3-gl-xw': field 'scheme': unknown scheme 'gl9'")
granconv_expect_bad_catalogue(unknown-scenario unknown-names "claim 'jvb-fig2-cn-xv': field 'scenario': unknown scenario 'pentamer'")
granconv_expect_bad_catalogue(unknown-kind unknown-names "claim 'jvb-fig4': field 'kind' must be one of .*'cradle'.*, not 'cradel'")
granconv_expect_bad_catalogue(check-key-typo check-key-typo
  "missing field 'checks\\[0\\].expected_order'.*unknown field 'checks\\[0\\].expected_ordr' \\(did you mean 'expected_order'\\?\\)")
# A check naming a series the claim does not have fails at load, not after the sweep.
granconv_expect_bad_catalogue(sweep-series sweep-series
  "claim 'jvb-fig11-h0.25-coarse': field 'checks\\[0\\]' names the series 'cn-xv-0.3', which the claim has not")
# One broken copy per typed kind, each naming a field of that kind.
granconv_expect_bad_catalogue(order-sweep-values order-sweep-values
  "claim 'th-kk-verlet-damping': field 'values' must be strictly increasing")
granconv_expect_bad_catalogue(mollified-unchecked-eps mollified-unchecked-eps
  "claim 'th-mollified-verlet': field 'order_check.unchecked_eps' lists 4e-07, a width not in 'eps'")
granconv_expect_bad_catalogue(thesis-restitution-overlap-v thesis-restitution-overlap-v
  "claim 'th-restitution-mollified': field 'overlap_v' 1.5 is not on the v grid")
granconv_expect_bad_catalogue(lzb-exponent-tolerance lzb-exponent-tolerance
  "claim 'lzb-scale': field 'exponent_tolerance' is not below half the distance from the exponents to their rivals")
granconv_expect_bad_catalogue(lzb-envelope-bins lzb-envelope-bins
  "claim 'lzb-order': field 'dP_grid' gives 2 ΔP in the emptiest bin of the kinetic-energy upper envelope \\(10 per decade, 4 bins per decade in the window \\[1e-07, 0.0001\\]\\); the envelope needs at least 5 per bin \\(per_decade ≥ 20\\)")
granconv_expect_bad_catalogue(cd-rival cd-rival
  "claim 'cd-sound': field 'tolerance' 0.05 is not below half the distance to the rival q = 0.9 at N_I = 40 \\(ω \\+6.18%, τ -11.40%: half is 3.09%\\)")
granconv_expect_bad_catalogue(mollified-prefactor mollified-prefactor
  "claim 'th-mollified-verlet': field 'power_law' prefactor_tolerance 3 is not below half the distance \\(a factor 2.84\\) to the rival 2ε/v")
granconv_expect_bad_catalogue(bistiffness-contact bistiffness-contact
  "claim 'lzb-wall-factor': field 'contact' must lie in \\[1, beads − 1\\]")
granconv_expect_bad_catalogue(cd-field-of-other-check cd-field-of-other-check
  "claim 'cd-raw-gap': unknown field 'stiffness_factor'")
granconv_expect_bad_catalogue(atlas-unknown-model atlas-unknown-model
  "claim 'atlas': field 'checks\\[0\\].model': unknown force model 'hooke'")
# "heavy" is typed, and a heavy claim says its cost (one line); a cost needs "heavy".
granconv_expect_bad_catalogue(heavy-without-cost heavy
  "claim 'heavy-without-cost': field 'estimated_cost' must say in one line what the heavy claim's run costs")
granconv_expect_bad_catalogue(cost-without-heavy heavy
  "claim 'cost-without-heavy': field 'estimated_cost' applies to heavy claims only")
granconv_expect_bad_catalogue(heavy-not-a-boolean heavy "claim 'heavy-not-a-boolean': field 'heavy' must be true or false, not the string")
# A history run's tolerance must be below half of what its named rival shows.
granconv_expect_bad_catalogue(history-rival-half-gap history-rival-half-gap
  "claim 'jvb-fig8': field 'runs\\[1\\].rivals.peak_relative' is 0.0126: the tolerance 0.03 is not below half of it")
# A scheme-property claim's scheme file is read at load: a file the reader refuses fails the catalogue.
granconv_expect_bad_catalogue(scheme-path-refused scheme-path
  "claim 'families-bad-file': field 'scheme_path' .*newmark-beta-negative.json: field 'beta' must be ≥ 0")
