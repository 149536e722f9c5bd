# The MPI driver (label mpi; docs/cluster.md): fast claims, an atlas slice and
# a validate run on two ranks (two runs on three), each compared with one
# process field by field; a rank killed mid-run. Without MPI in the build or
# without mpirun they are skipped, not failed.
set(mpi_enabled ${GRANCONV_MPI})
set(mpi_exec "")
if(GRANCONV_MPI AND MPIEXEC_EXECUTABLE)
  set(mpi_exec ${MPIEXEC_EXECUTABLE})
endif()
function(granconv_mpi_test name ranks command result)
  add_test(NAME mpi.${name}
           COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DCOMPARE=$<TARGET_FILE:compare_results>
                   -DMPIEXEC=${mpi_exec} -DMPI_ENABLED=${mpi_enabled} -DRANKS=${ranks} -DOUT=${ctest_out}/mpi-${name}
                   -DSUBCOMMAND=${command} "-DARGS=${ARGN}" -DRESULT=${result} -DCACHE=${ctest_out}/cache
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/check_mpi.cmake)
  set_tests_properties(mpi.${name} PROPERTIES LABELS mpi SKIP_REGULAR_EXPRESSION "MPI test skipped" TIMEOUT 600)
endfunction()
# Several claims: whole claims are the cells (claim level), on two and three
# ranks. One claim: its loop's cells are (an order sweep with a reference per
# step size; one in 32 digits, the largest step count first; a sweep's points).
granconv_mpi_test(run-claims 2 run studies jvb-fig3-gl-xv th-singular-q-0.5-heun jvb-fig6-irk-impact)
granconv_mpi_test(run-claims-3-ranks 3 run studies jvb-fig3-cn-xw jvb-fig6-theta-nobreak cd-shock-law jvb-eq9)
granconv_mpi_test(run-order-cells 2 run studies/jvb-fig6-irk-impact.json jvb-fig6-irk-impact)
granconv_mpi_test(run-order-cells-double-double 3 run studies/th-smooth-euler.json th-smooth-euler --precision 32)
granconv_mpi_test(run-sweep-cells 2 run studies/jvb-fig9.json jvb-fig9)
# An order sweep with its reference streamed (each rank streams the shared
# reference for its estimate, then its groups of step sizes', one group per
# rank where one process runs one group): the same record.
granconv_mpi_test(run-order-cells-streamed 2 run studies/jvb-fig6-irk-impact.json jvb-fig6-irk-impact --reference-mode streamed)
# An external program's runs as the cells (docs/external-codes.md): the same record on two ranks.
granconv_mpi_test(run-external-cells 2 run studies/ext-python-chain3-kk.json ext-python-chain3-kk)
granconv_mpi_test(atlas-slice 2 atlas atlas/atlas.json --claims ${granconv_test_data}/atlas-mpi-slice.json)
granconv_mpi_test(validate 2 validate validate/cn.json --tableau ${PROJECT_SOURCE_DIR}/tableaux/cn.json)
add_test(NAME mpi.rank-killed
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DMPIEXEC=${mpi_exec}
                 -DMPI_ENABLED=${mpi_enabled} -DOUT=${ctest_out}/mpi-rank-killed -DSTUDY=jvb-fig10 -DDELAY=2
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_mpi_kill.cmake)
set_tests_properties(mpi.rank-killed PROPERTIES LABELS mpi SKIP_REGULAR_EXPRESSION "MPI test skipped" TIMEOUT 300)
# Errors: bad input every rank meets; a cell failing (a CVODE reference per
# step size over its wall-clock budget, raised inside the distributed cells).
function(granconv_mpi_error_test name)
  cmake_parse_arguments(ARG "" "SUBCOMMAND;MAX_SECONDS" "" ${ARGN})
  add_test(NAME mpi.${name}
           COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DMPIEXEC=${mpi_exec}
                   -DMPI_ENABLED=${mpi_enabled} -DOUT=${ctest_out}/mpi-${name} "-DARGS=${ARG_UNPARSED_ARGUMENTS}"
                   -DSUBCOMMAND=${ARG_SUBCOMMAND} -DMAX_SECONDS=${ARG_MAX_SECONDS}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/check_mpi_error.cmake)
  set_tests_properties(mpi.${name} PROPERTIES LABELS mpi SKIP_REGULAR_EXPRESSION "MPI test skipped" TIMEOUT 300)
endfunction()
granconv_mpi_error_test(error-bad-input no-such-claim)
granconv_mpi_error_test(error-cell-failure jvb-fig6-irk-impact --reference-budget 1e-9)
granconv_mpi_error_test(error-claim-failure jvb-fig6-irk-impact jvb-fig3-gl-xv --reference-budget 1e-9)
# Issue 33: a catalogue nested 200 000 levels deep (tests/cli/hardening_inputs.cmake),
# refused while parsing on every rank (it crashed every rank before).
granconv_mpi_error_test(error-deep-catalogue deep-value --claims ${CMAKE_CURRENT_BINARY_DIR}/hardening-inputs/claims-deep-200000.json)
granconv_mpi_error_test(error-deep-scenario-file SUBCOMMAND reference
  --scenario-file ${CMAKE_CURRENT_BINARY_DIR}/hardening-inputs/scenario-deep-50000.json --t 1)
# Issue 33: a record edited and resealed (tests/cli/check_edited_records.cmake,
# MODE=prepare), refused by `report --no-run` on rank 0, which draws: every
# rank meets that error at once (the others returned 0, and rank 0 waited
# 60 s for them before aborting).
add_test(NAME mpi.edited-record-setup
         COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> -DEDIT_RECORD=$<TARGET_FILE:edit_record>
                 -DOUT=${edited_out} -DMODE=prepare -DCASE=mpi-sealed-verdict -DFILE=studies/jvb-fig3-cn-xv.json
                 "-DEDITS=/verdict=\"fail\";/pass=false;SEAL" -P ${CMAKE_CURRENT_SOURCE_DIR}/check_edited_records.cmake)
set_tests_properties(mpi.edited-record-setup PROPERTIES LABELS mpi TIMEOUT 60 FIXTURES_SETUP mpi-edited-record
                     FIXTURES_REQUIRED edited-records)
granconv_mpi_error_test(error-edited-record SUBCOMMAND report MAX_SECONDS 20
  --no-run --out ${edited_out}/cases/mpi-sealed-verdict --claims ${edited_out}/claims.json)
set_tests_properties(mpi.error-edited-record PROPERTIES FIXTURES_REQUIRED mpi-edited-record)
