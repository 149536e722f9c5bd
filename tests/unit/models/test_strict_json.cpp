// The one strict JSON parser (models/input/strict_json.hpp): what it refuses,
// and that each refusal names the field, in the wording of each reader.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "models/input/json_input.hpp"
#include "models/input/strict_json.hpp"

using namespace granconv;
using Kind = strict_json::ParseError::Kind;

namespace {

strict_json::ParseError failure_of(const std::string& text, strict_json::Options options = {}) {
  try {
    (void)strict_json::parse_document(text, options);
  } catch (const strict_json::ParseError& e) {
    return e;
  }
  FAIL("parsed: " << text);
  throw std::logic_error("unreachable");
}

std::string message_of(const std::string& text) {
  try {
    (void)parse_json_limited(text, "result record r.json");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a key given twice is refused at its path", "[strict-json]") {
  const auto e = failure_of(R"({"claims": [{"id": "a"}, {"id": "b", "checks": [{"tolerance": 1, "tolerance": 2}]}]})");
  CHECK(e.kind == Kind::key_twice);
  CHECK(e.path == "claims[1].checks[0].tolerance");
  CHECK(failure_of(R"({"a": 1, "a": 1})").path == "a");
  CHECK(message_of(R"({"h": [1], "h": [2]})") == "result record r.json: h: key given twice");
}

TEST_CASE("a number beyond a double is refused at its path", "[strict-json]") {
  const auto e = failure_of(R"({"claims": [{"h": [1, 2, 1e400]}]})");
  CHECK(e.kind == Kind::overflow);
  CHECK(e.path == "claims[0].h[2]");
  CHECK(failure_of(R"({"x": {"t": -1e999}})").path == "x.t");
  CHECK(message_of(R"({"seconds": 1e400})") ==
        "result record r.json: seconds: must be a finite number (it overflows a double)");
}

TEST_CASE("nesting is limited while parsing", "[strict-json]") {
  const std::string ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
  CHECK_NOTHROW(strict_json::parse_document(ok));
  CHECK(failure_of("[" + ok + "]").kind == Kind::too_deep);
  CHECK(failure_of(std::string(1000000, '[')).kind == Kind::too_deep);
  CHECK(failure_of("[[[1]]]", {.max_depth = 2}).kind == Kind::too_deep);
  CHECK(message_of(std::string(100, '[')) == "result record r.json: nested deeper than the limit of 64 levels");
}

TEST_CASE("syntax errors keep the parser's words on one line", "[strict-json]") {
  CHECK(failure_of("{\"a\": [1, 2").kind == Kind::syntax);
  CHECK(failure_of("").kind == Kind::syntax);
  CHECK(message_of("{\"a\n\": x}").find('\n') == std::string::npos);
  CHECK_THROWS_WITH(strict_json::parse("{\"a\": 1, \"a\": 2}", "s.json"), "s.json: a: key given twice");
  CHECK_THROWS_WITH(strict_json::parse("[1,", "s.json"), Catch::StartsWith("s.json: not valid JSON: "));
}

TEST_CASE("exact decimals keep their source text", "[strict-json]") {
  const auto j = strict_json::parse_document(R"({"b": [0.1, 1, "1/3", 2.5e-1]})", {.exact_decimals = true});
  REQUIRE(strict_json::decimal_text(j["b"][0]));
  CHECK(*strict_json::decimal_text(j["b"][0]) == "0.1");
  CHECK(*strict_json::decimal_text(j["b"][3]) == "2.5e-1");
  CHECK(strict_json::decimal_text(j["b"][1]) == nullptr);
  CHECK(strict_json::decimal_text(j["b"][2]) == nullptr);
  CHECK(strict_json::parse_document("[0.1]")[0].get<double>() == 0.1);
}
