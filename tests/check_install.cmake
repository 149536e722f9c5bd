# Installs the build tree into a scratch prefix, then configures, builds and
# runs tests/external_project against it with find_package(granconv).
# -DBUILD_DIR=<granconv build> -DSOURCE=<external project> -DWORK=<scratch dir>
file(REMOVE_RECURSE ${WORK})
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
step("configure the external project" ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/build -DCMAKE_BUILD_TYPE=Release
     -DCMAKE_PREFIX_PATH=${WORK}/prefix)
step("build the external project" ${CMAKE_COMMAND} --build ${WORK}/build)
step("run the external project" ${WORK}/build/validate_my_scheme ${WORK}/out)
message("${step_output}")
