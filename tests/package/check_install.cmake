# Installs the build tree into a scratch prefix, then configures, builds and
# runs tests/external_project against it with find_package(granconv).
# -DBUILD_DIR=<granconv build> -DSOURCE=<external project> -DWORK=<scratch dir>
# [-DLAUNCHER=<compiler launcher of the granconv build, e.g. ccache>]: the
# external project compiles through it too, on two jobs (its three files
# took most of this test's time, one after the other, compiled afresh).
# The prefix is installed afresh (no file of an earlier install survives), but
# the external project's build folder is kept: cmake --install gives each file
# its source's modification time, so the external build recompiles exactly
# what a changed header or library touches, as any consumer's build would.
# On a built tree this test then costs the install and the runs, not three
# compilations from scratch.
file(REMOVE_RECURSE ${WORK}/prefix ${WORK}/out ${WORK}/build-broken ${WORK}/broken_claims.json)
function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${what}: ok")
  set(step_output "${out}" PARENT_SCOPE)
endfunction()
step("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK}/prefix)
foreach(f include/granconv/schemes/scheme.hpp include/granconv/studies/validate/validate.hpp
          include/granconv/studies/validate.hpp bin/granconv share/granconv/claims/index.json
          share/granconv/claims/jvb2020.json share/granconv/results_summary.json)
  if(NOT EXISTS ${WORK}/prefix/${f})
    message(FATAL_ERROR "cmake --install did not install ${f}")
  endif()
endforeach()
set(launcher)
if(LAUNCHER)
  set(launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
step("configure the external project" ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/build -DCMAKE_BUILD_TYPE=Release
     -DCMAKE_PREFIX_PATH=${WORK}/prefix ${launcher})
step("build the external project" ${CMAKE_COMMAND} --build ${WORK}/build --parallel 2)
step("run the external project" ${WORK}/build/validate_my_scheme ${WORK}/out)
message("${step_output}")

# granconv_add_claims: the project's claims are ctests, 5 claims (one an
# external program of its own, steppers/euler_stepper.py) and 2 negative
# twins, and they pass (the documented deviation by failing as pinned).
step("list the external project's tests" ${CMAKE_CTEST_COMMAND} --test-dir ${WORK}/build -N)
foreach(t order.consumer-kutta3-xv order.consumer-kutta3-xw order.consumer-position-verlet
          order.consumer-position-verlet-damped order.consumer-external-euler
          negative.b-perturbed-fails-consumer-kutta3-xv
          negative.damped-fails-consumer-position-verlet)
  if(NOT step_output MATCHES "${t}\n")
    message(FATAL_ERROR "granconv_add_claims registered no test ${t}:\n${step_output}")
  endif()
endforeach()
if(NOT step_output MATCHES "Total Tests: 7\n")
  message(FATAL_ERROR "expected 7 tests from granconv_add_claims:\n${step_output}")
endif()
step("run the external project's claims" ${CMAKE_CTEST_COMMAND} --test-dir ${WORK}/build --output-on-failure -j 2)
message("${step_output}")

# A broken catalogue fails the configuration, naming the claim and the field.
file(READ ${SOURCE}/my_claims.json text)
string(REPLACE "\"formulation\": \"xw\"" "\"formulation\": \"yz\"" broken "${text}")
file(WRITE ${WORK}/broken_claims.json "${broken}")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/build-broken -DCMAKE_PREFIX_PATH=${WORK}/prefix
                        -DMY_CLAIMS=${WORK}/broken_claims.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "claim 'consumer-kutta3-xw'.*formulation")
  message(FATAL_ERROR "a broken catalogue must fail cmake naming the claim and the field (${rc}):\n${err}")
endif()
message(STATUS "a broken catalogue fails cmake: ok")
