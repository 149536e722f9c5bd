# Golden outputs: fast claims of most families, compared field by field with
# their stored result records (tests/tools/compare_results.cpp).
set(golden_claims jvb-fig6-irk-nobreak th-smooth-leapfrog jvb-table1 jvb-eq9 jvb-modified-eq cd-shock-law
    lzb-binary-restitution th-restitution-euler)
add_test(NAME golden.results
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DCOMPARE=$<TARGET_FILE:compare_results>
                 "-DCLAIMS=${golden_claims}" -DGOLDEN=${granconv_test_data}/golden
                 -DOUT=${ctest_out}/golden -P ${CMAKE_CURRENT_SOURCE_DIR}/check_golden.cmake)
set_tests_properties(golden.results PROPERTIES LABELS golden)
