# Issue 33's inputs that cannot live in the source tree: FIFOs, files nested
# 50 000 to 200 000 levels deep (made here rather than shipped as megabytes),
# a file at a path that is not UTF-8, and claims with grids and counts without
# bound.
# Made at configure time under the build tree; the tests only read them.
set(hard ${CMAKE_CURRENT_BINARY_DIR}/hardening-inputs)
file(REMOVE_RECURSE ${hard})
file(MAKE_DIRECTORY ${hard})

# Files above the size limits, sparse (no disk used): refused by their size, unread.
foreach(size 40M 80M)
  execute_process(COMMAND truncate -s ${size} ${hard}/huge-${size}.json RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "truncate -s ${size} ${hard}/huge-${size}.json failed")
  endif()
endforeach()

# FIFOs with no writer: an open that blocked would hang the test.
foreach(name scenario.json claims.json tableau.json results.json)
  execute_process(COMMAND mkfifo ${hard}/fifo-${name} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mkfifo ${hard}/fifo-${name} failed")
  endif()
endforeach()

function(deep_array depth out)
  string(REPEAT "[" ${depth} open)
  string(REPEAT "]" ${depth} close)
  set(${out} "${open}1${close}" PARENT_SCOPE)
endfunction()
deep_array(50000 deep50k)
deep_array(200000 deep200k)
file(WRITE ${hard}/scenario-deep-50000.json "{\"masses\": ${deep50k}}")
file(READ ${granconv_test_data}/hardening/claim-id-template.json template)
string(REPLACE "\"@ID@\"" "\"deep-value\"" claim "${template}")
string(REPLACE "\"notes\": \"\"" "\"notes\": ${deep200k}" deep_claims "${claim}")
file(WRITE ${hard}/claims-deep-200000.json "${deep_claims}")
file(WRITE ${hard}/tableau-deep-100000.json "{\"name\": \"deep\", \"A\": ${deep50k}${deep50k}}")
file(WRITE ${hard}/results-deep-200000.json "{\"claims\": ${deep200k}}")

# Grids without bound: each passed check-claims and then allocated until memory ran out.
function(grid_claims name grid)
  string(REPLACE "\"@ID@\"" "\"grid-${name}\"" claim "${template}")
  string(REGEX REPLACE "\"grid\": {[^}]*}" "\"grid\": ${grid}" claim "${claim}")
  file(WRITE ${hard}/claims-grid-${name}.json "${claim}")
endfunction()
grid_claims(h-min-1e-300 "{\"h_max\": 0.3, \"h_min\": 1e-300, \"per_decade\": 10}")
grid_claims(per-decade-1e6 "{\"h_max\": 0.3, \"h_min\": 0.0001, \"per_decade\": 1000000}")
grid_claims(points-1e7 "{\"h_max\": 0.3, \"h_min\": 3e-11, \"per_decade\": 1000000}")
grid_claims(finest-1e9 "{\"h_max\": 0.3, \"h_min\": 1e-9, \"per_decade\": 10}")
grid_claims(all-runs "{\"h_max\": 1e-8, \"h_min\": 1.6e-9, \"per_decade\": 1000}")
# erk9 keeps its reference (its states depend on the union of the grid times):
# a CVODE reference would stream and store nothing (studies/support/streamed_grid_errors).
grid_claims(stored-values "{\"h_max\": 0.3, \"h_min\": 1.5e-8, \"per_decade\": 10}, \"reference_method\": \"erk9\"")

# A figure group that would end a gnuplot script's comment line and run a command.
string(REPLACE "\"@ID@\"" "\"figure-group-injection\"" claim "${template}")
string(REPLACE "\"figure_group\": \"jvb-fig3\"" "\"figure_group\": \"g\\nsystem \\\"touch ${hard}/injected\\\"\\n#\"" claim "${claim}")
file(WRITE ${hard}/claims-figure-group-injection.json "${claim}")

# The other kinds' grids and counts without bound: a shipped claim of the kind,
# read from the catalogue, with one member (a path of keys and list indices)
# set to a JSON value, written as claims-bound-NAME.json with the id bound-NAME.
# (The catalogue's files are configure dependencies already: tests/claims/CMakeLists.txt.)
function(bound_claim name file id)
  set(catalogue ${PROJECT_SOURCE_DIR}/studies/claims/${file})
  file(READ ${catalogue} text)
  string(JSON count LENGTH "${text}" claims)
  math(EXPR last "${count} - 1")
  unset(shipped)
  foreach(i RANGE ${last})
    string(JSON this GET "${text}" claims ${i} id)
    if(this STREQUAL id)
      string(JSON shipped GET "${text}" claims ${i})
    endif()
  endforeach()
  if(NOT DEFINED shipped)
    message(FATAL_ERROR "no claim '${id}' in ${catalogue}")
  endif()
  string(JSON shipped SET "${shipped}" id "\"bound-${name}\"")
  string(JSON shipped SET "${shipped}" ${ARGN})
  file(WRITE ${hard}/claims-bound-${name}.json "{\"claims\": [${shipped}]}")
endfunction()
bound_claim(lzb-dp-grid-points nb2011.json lzb-order dP_grid "{\"max\": 1e300, \"min\": 1e-300, \"per_decade\": 2000000000}")
bound_claim(lzb-dp-grid-finest nb2011.json lzb-order dP_grid "{\"max\": 1e-4, \"min\": 1e-300, \"per_decade\": 1}")
bound_claim(lzb-scale-samples nb2011.json lzb-scale samples 2000000000)
bound_claim(atlas-h-min-1e-13 granconv.json atlas binary h_min 1e-13)
bound_claim(thesis-restitution-points thesis.json th-restitution-euler v points 2000000000)
bound_claim(thesis-restitution-h-2-60 thesis.json th-restitution-euler h_log2 -60)
bound_claim(sweep-count jvb2020.json jvb-fig9 sweep count 1000000)
bound_claim(bistiffness-beads nb2011.json lzb-zode beads 1000000)
bound_claim(cd-seeds-wrapped uk2003.json cd-sound seeds 4294967297)
bound_claim(cd-hold-steps uk2003.json cd-raw-gap hold_steps 2000000000)
bound_claim(cd-disks-5000 uk2003.json cd-sound disks 5000)
bound_claim(history-h-1e-12 jvb2020.json jvb-fig7 runs 1 h 1e-12)
bound_claim(sweep-h-1e-12 jvb2020.json jvb-fig9 runs 0 h 1e-12)

# A window that holds no usable step size.
string(REPLACE "\"@ID@\"" "\"empty-window\"" claim "${template}")
string(REGEX REPLACE "\"window\": \\[[^]]*\\]" "\"window\": [1e-9, 2e-9]" claim "${claim}")
file(WRITE ${hard}/claims-empty-window.json "${claim}")

# A scenario file whose path is not UTF-8 (byte 0xFF in its name).
execute_process(COMMAND sh -c "cp \"$1\" \"$2/not-utf8-$(printf '\\377').json\"" sh
                        ${PROJECT_SOURCE_DIR}/scenarios/trimer-nobreak.json ${hard}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cannot make the non-UTF-8 scenario path in ${hard}")
endif()
file(GLOB not_utf8 ${hard}/not-utf8-*.json)
