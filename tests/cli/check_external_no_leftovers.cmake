cmake_minimum_required(VERSION 3.19)
# A finished run of an external program leaves no scratch folder under
# OUT/external: LAMMPS's Open MPI singleton removes its session folder from
# the program's TMPDIR a moment after the program exits, which stopped the
# removal half-way and left empty folders behind (studies/external/external_run.cpp).
# Skipped (status 77 from --skip-absent) without LAMMPS.
#   -DGRANCONV=<binary> -DOUT=<scratch dir>
file(REMOVE_RECURSE ${OUT})
foreach(round 1 2 3)
  execute_process(COMMAND ${GRANCONV} run ext-lammps-chain3-hertz ext-lammps-chain3-kk --out ${OUT} --cache none --jobs 2
                          --quiet --skip-absent
                  RESULT_VARIABLE status ERROR_VARIABLE err)
  if(status EQUAL 77)
    message("external leftovers test skipped: ${err}")
    return()
  endif()
  if(NOT status MATCHES "^[013]$")
    message(FATAL_ERROR "granconv run of the LAMMPS claims failed with status ${status}: ${err}")
  endif()
  file(GLOB left LIST_DIRECTORIES true ${OUT}/external/*)
  if(left)
    message(FATAL_ERROR "round ${round}: scratch folders left behind after the run: ${left}")
  endif()
endforeach()
file(REMOVE_RECURSE ${OUT})
message("three runs of the LAMMPS claims: no scratch folder left")
