// Tableau files with exact entries (schemes/tableau_file.hpp) and the
// expression evaluator behind them (schemes/tableau_expression.hpp).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

#include "schemes/tableau_expression.hpp"
#include "schemes/tableau_file.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;
namespace fs = std::filesystem;

namespace {

const fs::path data_dir = GRANCONV_TEST_DATA;

double diff(const mp50& a, const mp50& b) { return static_cast<double>(abs(a - b)); }

struct TempDir {
  fs::path path;
  TempDir() {
    std::random_device rd;
    path = fs::temp_directory_path() / ("granconv-tableau-file-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return path / name;
  }
};

// A valid 2-stage file with one field replaced by `field_json` (or removed if empty).
std::string with_field(const std::string& key, const std::string& field_json) {
  std::string out = "{";
  const std::pair<const char*, const char*> fields[] = {
      {"name", "\"t\""}, {"A", "[[\"1/4\", \"1/4 - sqrt(3)/6\"], [\"1/4 + sqrt(3)/6\", 0.25]]"}, {"b", "[0.5, \"1/2\"]"}};
  bool first = true;
  for (const auto& [k, v] : fields) {
    std::string value = v;
    if (key == k) {
      if (field_json.empty()) continue;
      value = field_json;
    }
    out += std::string(first ? "" : ", ") + "\"" + k + "\": " + value;
    first = false;
  }
  if (key != "name" && key != "A" && key != "b" && !field_json.empty()) out += std::string(", \"") + key + "\": " + field_json;
  return out + "}";
}

}  // namespace

TEST_CASE("tableau expressions evaluate exactly to 50 digits", "[tableau-file]") {
  const mp50 r3 = sqrt(mp50(3)), r6 = sqrt(mp50(6));
  CHECK(diff(evaluate_tableau_expression("1/4 - sqrt(3)/6"), mp50(1) / 4 - r3 / 6) < 1e-49);
  CHECK(diff(evaluate_tableau_expression("(3 + sqrt(3))/6"), (3 + r3) / 6) < 1e-49);
  CHECK(evaluate_tableau_expression("5/18") == mp50(5) / 18);
  CHECK(evaluate_tableau_expression("-1/2") == mp50(-1) / 2);
  CHECK(evaluate_tableau_expression(" - ( -1 ) ") == 1);
  CHECK(diff(evaluate_tableau_expression("2*sqrt(6)/9"), 2 * r6 / 9) < 1e-49);
  // Precedence and associativity: 1 - 2 - 3 = -4, 8/4/2 = 1, 1 + 2*3 = 7.
  CHECK(evaluate_tableau_expression("1 - 2 - 3") == -4);
  CHECK(evaluate_tableau_expression("8/4/2") == 1);
  CHECK(evaluate_tableau_expression("1 + 2*3") == 7);
  // Decimal text is converted in 50 digits, not through double.
  CHECK(diff(evaluate_tableau_expression("0.1"), mp50(1) / 10) < 1e-50);
  CHECK(diff(evaluate_tableau_expression("1.5e-3"), mp50(3) / 2000) < 1e-52);
  CHECK(evaluate_tableau_expression(".5E+1") == 5);

  for (const char* bad : {"", "pi", "1/4 - sqr(3)", "sqrt 3", "1 +", "(1", "1)", "1 2", "2^3", "1e", "1,5", "--", "x"}) {
    INFO(bad);
    try {
      evaluate_tableau_expression(bad);
      FAIL("accepted");
    } catch (const TableauExpressionError& e) {
      CHECK_FALSE(e.non_finite);
    }
  }
  for (const char* inf : {"1/0", "1/(1 - 1)", "sqrt(-1)", "1e9999999"}) {
    INFO(inf);
    try {
      evaluate_tableau_expression(inf);
      FAIL("accepted");
    } catch (const TableauExpressionError& e) {
      CHECK(e.non_finite);
    }
  }
}

TEST_CASE("GL2 written with sqrt(3) expressions is read exactly", "[tableau-file]") {
  const auto t = read_tableau_file_mp(data_dir / "gl2-exact.json");
  const mp50 r3 = sqrt(mp50(3));
  CHECK(t.name == "gl2-exact");
  CHECK(t.classical_order == 4);
  REQUIRE(t.stages() == 2);
  CHECK(diff(t.A(0, 0), mp50(1) / 4) < 1e-48);
  CHECK(diff(t.A(0, 1), mp50(1) / 4 - r3 / 6) < 1e-48);
  CHECK(diff(t.A(1, 0), mp50(1) / 4 + r3 / 6) < 1e-48);
  CHECK(diff(t.A(1, 1), mp50(1) / 4) < 1e-48);
  CHECK(diff(t.b[0], mp50(1) / 2) < 1e-48);
  CHECK(diff(t.b[1], mp50(1) / 2) < 1e-48);
  CHECK(diff(t.c[0], mp50(1) / 2 - r3 / 6) < 1e-48);
  CHECK(diff(t.c[1], mp50(1) / 2 + r3 / 6) < 1e-48);
  // The double reader is the same tableau rounded.
  const auto d = read_tableau_file(data_dir / "gl2-exact.json");
  CHECK(d.A(0, 1) == static_cast<double>(t.A(0, 1)));
  CHECK(d.c[1] == static_cast<double>(t.c[1]));
  CHECK(d.classical_order == 4);
}

TEST_CASE("c defaults to the row sums of A and JSON numbers keep their decimal text", "[tableau-file]") {
  const auto t = parse_tableau_json_mp(R"({"name": "x", "A": [[0.1, 0.2], [0.3, 1e-1]], "b": [0.3, 0.7]})");
  CHECK(diff(t.A(0, 0), mp50(1) / 10) < 1e-50);  // 0.1 as a double would be off by 5.6e-18
  CHECK(diff(t.c[0], mp50(3) / 10) < 1e-49);
  CHECK(diff(t.c[1], mp50(4) / 10) < 1e-49);
  CHECK(t.classical_order == 0);
  // Big integers are exact too.
  const auto u = parse_tableau_json_mp(R"({"name": "y", "A": [[18446744073709551615]], "b": [-9223372036854775808]})");
  CHECK(u.A(0, 0) == mp50("18446744073709551615"));
  CHECK(u.b[0] == mp50("-9223372036854775808"));
}

TEST_CASE("existing tableau files still read", "[tableau-file]") {
  const auto t = read_tableau_file(data_dir / "gl2-a12-perturbed.json");
  CHECK(t.name == "gl2-a12-perturbed");
  CHECK(std::abs(t.A(0, 1) - (0.25 - std::sqrt(3.0) / 6 + 1e-3)) < 1e-15);
  CHECK(t.c[0] == Approx(t.A(0, 0) + t.A(0, 1)));
  CHECK_THROWS_WITH(read_tableau_file(data_dir / "ragged-tableau.json"), Catch::Contains("tableau field 'A[1]'"));
}

TEST_CASE("malformed tableau files are rejected with the field named", "[tableau-file]") {
  const auto rejects = [](const std::string& text, const std::string& message) {
    INFO(text);
    CHECK_THROWS_AS(parse_tableau_json_mp(text), std::invalid_argument);
    CHECK_THROWS_WITH(parse_tableau_json_mp(text), Catch::Contains(message));
  };
  // Sanity: the template itself is valid.
  CHECK(parse_tableau_json_mp(with_field("x", "")).name == "t");

  SECTION("not JSON") {
    rejects(R"({"name": "t", "A": [[1]], "b": [1)", "is not valid JSON");
    rejects("", "is not valid JSON");
    rejects("[1, 2]", "must hold a JSON object");
  }
  SECTION("missing fields") {
    rejects(with_field("name", ""), "tableau field 'name' is missing");
    rejects(with_field("A", ""), "tableau field 'A' is missing");
    rejects(with_field("b", ""), "tableau field 'b' is missing");
  }
  SECTION("wrong types") {
    rejects(with_field("name", "3"), "tableau field 'name' must be a string");
    rejects(with_field("name", "0.5"), "tableau field 'name' must be a string");
    rejects(with_field("name", "\"../evil\""), "tableau field 'name' must be a non-empty file-name-safe word");
    rejects(with_field("name", "\"\""), "tableau field 'name' must be a non-empty");
    rejects(with_field("A", "\"1/2\""), "tableau field 'A' must be a non-empty array");
    rejects(with_field("A", "[]"), "tableau field 'A' must be a non-empty array");
    rejects(with_field("A", "[[1, 0], 2]"), "tableau field 'A[1]' must be an array");
    rejects(with_field("A", "[[1, 0], [true, 0]]"), "tableau field 'A[1][0]' must be a number or a string");
    rejects(with_field("A", "[[1, null], [0, 0]]"), "tableau field 'A[0][1]' must be a number or a string");
    rejects(with_field("b", "{\"x\": 1}"), "tableau field 'b' must be an array");
    rejects(with_field("b", "[[0.5], 0.5]"), "tableau field 'b[0]' must be a number or a string");
    rejects(with_field("order", "\"4\""), "tableau field 'order' must be a positive integer");
    rejects(with_field("order", "4.5"), "tableau field 'order' must be a positive integer");
    rejects(with_field("order", "0"), "tableau field 'order' must be a positive integer");
    rejects(with_field("order", "-2"), "tableau field 'order' must be a positive integer");
    rejects(with_field("description", "7"), "tableau field 'description' must be a string");
    rejects(with_field("C", "[0, 1]"), "tableau field 'C' is unknown");
  }
  SECTION("shapes") {
    rejects(with_field("A", "[[0, 0], [1]]"), "tableau field 'A[1]' has 1 entries but A[0] has 2 (ragged A)");
    rejects(with_field("A", "[[0, 0, 0], [1, 0, 0]]"), "tableau field 'A' is 2×3, must be square");
    rejects(with_field("b", "[0.5, 0.25, 0.25]"), "tableau field 'b' has 3 entries, must have 2");
    rejects(with_field("b", "[1]"), "tableau field 'b' has 1 entries, must have 2");
    rejects(with_field("c", "[0.5]"), "tableau field 'c' has 1 entries, must have 2");
    rejects(with_field("c", "0.5"), "tableau field 'c' must be an array");
  }
  SECTION("non-finite entries") {
    rejects(with_field("A", "[[\"1/0\", 0], [0, 0]]"), "tableau field 'A[0][0]' is not finite: '1/0' (division by zero)");
    rejects(with_field("b", "[\"sqrt(-1)\", 0.5]"), "tableau field 'b[0]' is not finite: 'sqrt(-1)'");
    rejects(with_field("A", "[[\"1e400\", 0], [0, 0]]"), "tableau field 'A[0][0]' is not finite in double precision");
    // A bare JSON number beyond double is already refused by the JSON parser.
    rejects(with_field("A", "[[1e400, 0], [0, 0]]"), "number overflow parsing '1e400'");
    rejects(with_field("c", "[0, \"1e999999*1e999999\"]"), "tableau field 'c[1]' is not finite");
  }
  SECTION("unknown expressions") {
    rejects(with_field("A", "[[\"1/4\", \"1/4 - pi/6\"], [0, 0]]"),
            "tableau field 'A[0][1]' holds an unknown expression '1/4 - pi/6' (unknown name 'pi'");
    rejects(with_field("b", "[\"1/2\", \"half\"]"), "tableau field 'b[1]' holds an unknown expression 'half'");
    rejects(with_field("A", "[[\"2^3\", 0], [0, 0]]"), "tableau field 'A[0][0]' holds an unknown expression '2^3'");
    rejects(with_field("b", "[\"\", 1]"), "tableau field 'b[0]' holds an unknown expression ''");
  }
  SECTION("c inconsistent with the row sums of A") {
    // Exact c is accepted.
    CHECK_NOTHROW(parse_tableau_json_mp(with_field("c", "[\"1/2 - sqrt(3)/6\", \"(3 + sqrt(3))/6\"]")));
    // 16-digit decimals next to an exact A: a different method at 1e-17.
    rejects(with_field("c", "[0.2113248654051871, 0.7886751345948129]"),
            "tableau field 'c[0]' is inconsistent with the row sums of A");
    rejects(with_field("c", "[\"1/2 - sqrt(3)/6\", 0.8]"), "tableau field 'c[1]' is inconsistent with the row sums of A");
  }
}

TEST_CASE("tableau files: unreadable and non-JSON files", "[tableau-file]") {
  TempDir dir;
  CHECK_THROWS_AS(read_tableau_file_mp(dir.path / "missing.json"), std::runtime_error);
  const auto f = dir.write("broken.json", "{\"name\": \"x\", \"A\": [[1]],");
  CHECK_THROWS_WITH(read_tableau_file_mp(f), Catch::Contains("tableau file " + f.string() + " is not valid JSON"));
  CHECK_THROWS_WITH(read_tableau_file(f), Catch::Contains("is not valid JSON"));
  const auto g = dir.write("ok.json", with_field("order", "4"));
  CHECK(read_tableau_file_mp(g).classical_order == 4);
}

// Issue 12: the recursive parser is bounded in depth and length, files in
// stages and keys; each refusal names the field and the limit.
TEST_CASE("tableau expressions and files are bounded", "[tableau-file]") {
  const auto nested = [](int depth) { return std::string(depth, '(') + "1" + std::string(depth, ')'); };
  CHECK(evaluate_tableau_expression(nested(kMaxExpressionDepth)) == 1);
  CHECK_THROWS_WITH(evaluate_tableau_expression(nested(kMaxExpressionDepth + 1)), Catch::Contains("nested deeper"));
  CHECK(evaluate_tableau_expression(std::string(kMaxExpressionDepth, '-') + "1") == 1);
  CHECK_THROWS_WITH(evaluate_tableau_expression(std::string(100000, '-') + "1"), Catch::Contains("longer than the limit"));
  CHECK_THROWS_WITH(evaluate_tableau_expression(std::string(kMaxExpressionDepth, '-') + "-1"),
                    Catch::Contains("nested deeper"));
  std::string sum = "1";
  while (sum.size() + 2 <= kMaxExpressionLength) sum += "+1";
  CHECK(evaluate_tableau_expression(sum) == mp50((sum.size() + 1) / 2));
  CHECK_THROWS_WITH(evaluate_tableau_expression(sum + "+1"), Catch::Contains("longer than the limit of 1000"));
  CHECK_THROWS_WITH(parse_tableau_json_mp(R"({"name": "d", "A": [["1/2"]], "b": [1], "A": [[0]]})", "t"),
                    Catch::Contains("duplicate key 'A'"));
  std::string rows;
  for (int i = 0; i <= kMaxStages; ++i) rows += std::string(i ? "," : "") + "[0]";
  CHECK_THROWS_WITH(parse_tableau_json_mp(R"({"name": "big", "A": [)" + rows + R"(], "b": [1]})", "t"),
                    Catch::Contains("more stages than the limit of 16"));
  CHECK_THROWS_WITH(parse_tableau_json_mp("{\"name\": \"x\", \"A\": [[\"1\\n+\"]], \"b\": [1]}", "t"),
                    !Catch::Contains("\n"));
}
