# The mutation run (label `mutation`): every perturbation of the method or the
# model in tests/claims/mutations.txt must be killed (a FAIL) by a claim it should
# break; it prints "killed K of M" and, apart, the mutations only made
# inconclusive, and shows each equivalent mutation's records identical to the
# unmutated run's (compare_results, tests/cli/golden.cmake). Included from tests/claims/CMakeLists.txt.
add_test(NAME mutation.kill-rate
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DCOMPARE=$<TARGET_FILE:compare_results>
                 -DLIST=${CMAKE_CURRENT_SOURCE_DIR}/mutations.txt
                 -DDATA=${granconv_test_data} -DOUT=${ctest_out}/mutation -DCACHE=${ctest_out}/cache
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/run_mutations.cmake)
set_tests_properties(mutation.kill-rate PROPERTIES LABELS mutation TIMEOUT 900)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/mutations.txt)
