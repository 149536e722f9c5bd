# Start order of the long tests (ctest's COST property; ctest -j starts the
# dearest first). A fresh build has no Testing/Temporary/CTestCostData.txt,
# so without these hints ctest starts tests in registration order and the
# longest ones (the atlas, the double-double sweep) may start last and run alone at the end.
# A COST set here takes precedence over the measured cost data, so only the
# tests whose length is known to dominate are listed; the others keep
# ctest's measurements. The figures are seconds of wall time of one suite run
# with -j 2 on a loaded 2-core machine: only their order matters.
# Included at the end of tests/CMakeLists.txt, after every test is registered.
set(granconv_test_costs
    claim.atlas 110
    order.jvb-fig2-gl-xw-xp 90
    mutation.kill-rate 85
    validate.gl2-precision-50 76
    claim.th-kk-verlet-damping 39
    validate.gl3 32
    claim.lzb-order 32
    claim.jvb-fig10 26
    validate.gl2-a12-perturbed 26
    negative.gn-0-fails-th-mollified-verlet-small 24
    claim.th-mollified-verlet 24
    claim.jvb-fig11 23
    determinism.jobs-1-vs-2.cd-sound 21)
while(granconv_test_costs)
  list(POP_FRONT granconv_test_costs name cost)
  # A test renamed or dropped since: say so rather than hint nothing silently.
  if(TEST ${name})
    set_tests_properties(${name} PROPERTIES COST ${cost})
  else()
    message(WARNING "tests/test_costs.cmake: no test named '${name}' (renamed or removed?)")
  endif()
endwhile()
