# fuzz_tableau under libFuzzer (coverage-guided; clang's -fsanitize=fuzzer
# with ASan and UBSan), built by clang directly from the two sources it needs
# whatever the project's compiler; tests/fuzz/CMakeLists.txt runs it. .ci/run
# turns it on in the sanitizer stage.
#
# Defined here, before the subdirectories, because Ninja starts ready commands
# in the order they appear in its manifest: from tests/fuzz/ this 30-second
# command, which depends on nothing, started last and ran alone at the end of
# the sanitizer build.
option(GRANCONV_LIBFUZZER "Build and run fuzz_tableau under libFuzzer (needs clang)" OFF)
if(NOT GRANCONV_LIBFUZZER)
  return()
endif()
find_program(GRANCONV_CLANG NAMES clang++-14 clang++ REQUIRED)
# The binary is not named after its target: Ninja refuses a file and a target
# of the same path.
set(GRANCONV_LIBFUZZER_BIN ${CMAKE_BINARY_DIR}/fuzz_tableau_libfuzzer.bin)
add_custom_command(
  OUTPUT ${GRANCONV_LIBFUZZER_BIN}
  COMMAND ${GRANCONV_CLANG} -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
          -DGRANCONV_LIBFUZZER -I${PROJECT_SOURCE_DIR}
          "-isystem$<JOIN:$<TARGET_PROPERTY:Eigen3::Eigen,INTERFACE_INCLUDE_DIRECTORIES>,;-isystem>"
          ${PROJECT_SOURCE_DIR}/tests/fuzz/fuzz_tableau.cpp ${PROJECT_SOURCE_DIR}/schemes/tableau_file.cpp
          ${PROJECT_SOURCE_DIR}/models/input/regular_file.cpp ${PROJECT_SOURCE_DIR}/models/input/printable.cpp
          ${PROJECT_SOURCE_DIR}/models/input/json_input.cpp ${PROJECT_SOURCE_DIR}/models/input/strict_json.cpp
          -o ${GRANCONV_LIBFUZZER_BIN}
  DEPENDS ${PROJECT_SOURCE_DIR}/tests/fuzz/fuzz_tableau.cpp ${PROJECT_SOURCE_DIR}/schemes/tableau_file.cpp
          ${PROJECT_SOURCE_DIR}/schemes/tableau_file.hpp ${PROJECT_SOURCE_DIR}/schemes/tableau_expression.hpp
          ${PROJECT_SOURCE_DIR}/schemes/tableau.hpp ${PROJECT_SOURCE_DIR}/models/input/regular_file.cpp
          ${PROJECT_SOURCE_DIR}/models/input/printable.cpp ${PROJECT_SOURCE_DIR}/models/input/json_input.cpp
          ${PROJECT_SOURCE_DIR}/models/input/strict_json.cpp ${PROJECT_SOURCE_DIR}/models/input/strict_json.hpp
  COMMAND_EXPAND_LISTS VERBATIM)
add_custom_target(fuzz_tableau_libfuzzer ALL DEPENDS ${GRANCONV_LIBFUZZER_BIN})
