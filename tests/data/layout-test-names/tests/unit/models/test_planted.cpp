// Planted for layout.test-name-semicolon-refused: a test name with a ';'.
#include <catch2/catch.hpp>

TEST_CASE("a planted case; split in two by test discovery") { CHECK(true); }
