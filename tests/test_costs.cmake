# Start order and processors of the long tests (ctest's COST and PROCESSORS;
# ctest -j starts the dearest first). A fresh build has no
# Testing/Temporary/CTestCostData.txt, so without these hints ctest starts
# tests in registration order and the longest ones (the atlas, the
# double-double sweep) may start last and run alone at the end.
# A COST set here takes precedence over the measured cost data, so only the
# tests whose length is known to dominate are listed; the others keep
# ctest's measurements. The figures are seconds of wall time of one suite run
# with -j 2 on the shared 2-core machine, the first after `./build.sh report`
# in a fresh clone (cold test cache; 2026-11-27; the -xp sweep 2026-11-28, after
# its reference's dense output; lzb-order, the -xp sweep and the mutation run
# after issue 35's denser grids, from one dev-build run): only their order matters.
# Refresh them from a suite's per-test times when the order changes (a test
# listed here that has become short still starts first and takes a slot from
# a long one).
# The third column is the test's PROCESSORS: 2 where the test has a wall-time
# bound on two cores (the claim at scale, issue 38 §3) and its --jobs 2 keep
# both busy, so that ctest -j 2 runs nothing beside it (docs/performance.md,
# "Whole runs and the test suite", has the times with and without).
# A test's properties can be set only in the folder that registers it, so
# each group's CMakeLists.txt ends with granconv_apply_test_costs(), and
# tests/CMakeLists.txt, after all groups, names any listed test none of them has.
set(granconv_test_costs
    mutation.kill-rate 100 1
    order.jvb-fig2-gl-xw-xp 100 1
    claim.lzb-order 88 1
    order.granconv-chain-1e5-gl-xw 70 2
    negative.gl2-a12-perturbed-fails-granconv-chain-1e5-gl-xw 70 2
    claim.atlas 27 1
    package.find-package-external-project 23 1
    claim.th-mollified-verlet 16 1
    claim.th-kk-verlet-damping 12 1
    validate.gl2-precision-50 11 1
    mpi.atlas-slice 8 1
    claim.jvb-fig10 5 1
    mpi.validate 5 1
    report.browser 4 1
    claim.jvb-fig11 4 1
    mpi.run-claims 4 1)
function(granconv_apply_test_costs)
  set(costs ${granconv_test_costs})
  while(costs)
    list(POP_FRONT costs name cost processors)
    if(TEST ${name})
      set_tests_properties(${name} PROPERTIES COST ${cost} PROCESSORS ${processors})
      set_property(GLOBAL APPEND PROPERTY granconv_costed_tests ${name})
    endif()
  endwhile()
endfunction()
# A test renamed or dropped since: say so rather than hint nothing silently.
function(granconv_check_test_costs)
  get_property(costed GLOBAL PROPERTY granconv_costed_tests)
  set(costs ${granconv_test_costs})
  while(costs)
    list(POP_FRONT costs name cost processors)
    if(NOT name IN_LIST costed)
      message(WARNING "tests/test_costs.cmake: no test named '${name}' (renamed or removed?)")
    endif()
  endwhile()
endfunction()
