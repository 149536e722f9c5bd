# GRANCONV_PCH: the heavy third-party headers (Boost.Multiprecision, Eigen,
# nlohmann/json, fmt, the standard library; Catch2 for the test binaries)
# parsed once per build instead of once per source file. One precompiled
# header is built per set (library, tests) and reused by every target whose
# compile flags match it; the reuse is PRIVATE, so nothing reaches the
# installed targets' interface. Results do not change: the same headers are
# included, only earlier.
option(GRANCONV_PCH "Precompile the heavy third-party headers" OFF)
if(NOT GRANCONV_PCH)
  return()
endif()

set(granconv_pch_headers <algorithm> <chrono> <cmath> <filesystem> <fstream> <functional> <iostream> <limits>
    <map> <optional> <random> <set> <sstream> <stdexcept> <string> <vector>
    <boost/multiprecision/cpp_bin_float.hpp> <qd/dd_real.h> <Eigen/Dense>
    <fmt/format.h> <nlohmann/json.hpp>)
# A GCC precompiled header is used only when the macros it depends on match,
# so its carriers link the libraries that carry granconv_schemes' flags.
file(WRITE ${CMAKE_BINARY_DIR}/granconv_pch.cpp "")
add_library(granconv_pch OBJECT ${CMAKE_BINARY_DIR}/granconv_pch.cpp)
target_link_libraries(granconv_pch PRIVATE granconv_models Boost::headers fmt::fmt)
target_precompile_headers(granconv_pch PRIVATE ${granconv_pch_headers})
add_library(granconv_test_pch OBJECT ${CMAKE_BINARY_DIR}/granconv_pch.cpp)
target_link_libraries(granconv_test_pch PRIVATE granconv_models Boost::headers fmt::fmt granconv_catch_main)
target_precompile_headers(granconv_test_pch PRIVATE ${granconv_pch_headers} <catch2/catch.hpp>)

# Targets at or above granconv_schemes (they have its flags); granconv_models,
# granconv_fit and the tests of those alone do not, and catch_main defines
# CATCH_CONFIG_MAIN before its include.
foreach(target granconv_schemes granconv_reference granconv_studies granconv_reports granconv_cli granconv)
  target_precompile_headers(${target} REUSE_FROM granconv_pch)
endforeach()
# The test binaries are made in tests/ and its subfolders (tests/unit, ...),
# the benchmarks in benchmarks/: a folder's BUILDSYSTEM_TARGETS holds only
# its own, so every folder below both is asked. (Asking tests/ alone matched
# no unit test, and the test binaries and benchmarks were compiled without
# any precompiled header until 2026-12-01.)
function(granconv_targets_below dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    granconv_targets_below(${sub} below)
    list(APPEND targets ${below})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()
granconv_targets_below(${PROJECT_SOURCE_DIR}/benchmarks binary_targets)
if(BUILD_TESTING)
  granconv_targets_below(${PROJECT_SOURCE_DIR}/tests test_targets)
  list(APPEND binary_targets ${test_targets})
endif()
foreach(target IN LISTS binary_targets)
  get_target_property(type ${target} TYPE)
  get_target_property(libs ${target} LINK_LIBRARIES)
  if(type STREQUAL "EXECUTABLE" AND libs MATCHES "granconv_(schemes|reference|studies|reports)")
    if(libs MATCHES "granconv_catch_main")
      target_precompile_headers(${target} REUSE_FROM granconv_test_pch)
    else()
      target_precompile_headers(${target} REUSE_FROM granconv_pch)
    endif()
  endif()
endforeach()
