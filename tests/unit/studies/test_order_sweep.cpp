#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "studies/kinds/thesis/order_sweep/order_sweep_claims.hpp"
#include "studies/support/field_reader.hpp"

using namespace granconv::order_sweep;
using granconv::FieldReader;
using nlohmann::json;

namespace {

json record() {
  return json::parse(R"({
    "base": "th-kk-verlet", "parameter": "gn", "values": [0.001, 0.01, 0.1, 1],
    "separate": [{"value": 0, "label": "Hertz"}],
    "checks": [{"label": "strong", "range": [0.1, 1], "expected_order": 1.5, "tolerance": 0.2},
               {"label": "weak", "range": [0, 0.001], "expected_order": 2, "tolerance": 0.2, "max_ci_width": 0.3}]
  })");
}

// The spec and every problem the reader found (unknown keys included).
std::pair<Spec, std::vector<std::string>> parse(const json& j) {
  std::vector<std::string> problems;
  FieldReader r(j, "claim 'c'", problems);
  Spec s = granconv::parse_order_sweep_spec(r);
  r.finish();
  return {s, problems};
}

std::string problems_of(const json& j) {
  std::string all;
  for (const auto& p : parse(j).second) all += p + "\n";
  return all;
}

}  // namespace

TEST_CASE("order-sweep record: fields and defaults") {
  const auto [s, problems] = parse(record());
  CHECK(problems.empty());
  CHECK(s.base == "th-kk-verlet");
  CHECK(s.label == "gn");
  CHECK(s.values.size() == 4);
  REQUIRE(s.separate.size() == 1);
  CHECK(s.separate[0].value == 0);
  CHECK(s.guides == std::vector<double>{1.5, 2.0});
  REQUIRE(s.checks.size() == 2);
  CHECK(s.checks[0].max_ci_width < 0);  // resolved from the base claim later
  CHECK(s.checks[1].max_ci_width == 0.3);
}

TEST_CASE("order-sweep record: bad input is rejected with a message") {
  auto bad = [](auto edit) {
    json r = record();
    edit(r);
    return r;
  };
  CHECK_THAT(problems_of(bad([](json& r) { r.erase("base"); })), Catch::Contains("missing field 'base'"));
  CHECK_THAT(problems_of(bad([](json& r) { r["values"] = {0.1, 0.01}; })),
             Catch::Contains("field 'values' must be strictly increasing"));
  CHECK_THAT(problems_of(bad([](json& r) { r["values"] = {0, 0.01}; })), Catch::Contains("field 'values' must be > 0"));
  CHECK_THAT(problems_of(bad([](json& r) { r["checks"][0]["range"] = {5, 6}; })),
             Catch::Contains("field 'checks[0].range' holds no sweep or separate value"));
  CHECK_THAT(problems_of(bad([](json& r) { r["checks"][0]["range"] = {1, 0.1}; })), Catch::Contains("lo ≤ hi"));
  CHECK_THAT(problems_of(bad([](json& r) { r["separate"][0]["value"] = 0.01; })),
             Catch::Contains("also a sweep value"));
  CHECK_THAT(problems_of(bad([](json& r) { r["checks"] = json::array(); })), Catch::Contains("'checks' must not be empty"));
  CHECK_THAT(problems_of(bad([](json& r) { r["values"] = "x"; })), Catch::Contains("field 'values' must be a list of numbers"));
  CHECK_THAT(problems_of(bad([](json& r) { r["checks"][0]["tolerence"] = 0.2; })),
             Catch::Contains("unknown field 'checks[0].tolerence'"));
}

TEST_CASE("order-sweep range check: every value in the range must match") {
  RangeCheck c{"strong", 0.1, 1, 1.5, 0.2, 0.4, {}};
  std::vector<Point> pts = {{0.01, true, 2.6, 2.0, 3.2, {}}, {0.1, true, 1.45, 1.4, 1.5, {}}, {1, true, 1.52, 1.5, 1.55, {}}};
  auto v = check_range(c, pts);
  CHECK(v.pass);
  CHECK(v.points == 2);  // 0.01 is outside and ignored despite its order
  CHECK(v.min_order == Approx(1.45));
  CHECK(v.max_order == Approx(1.52));

  pts[1] = {0.1, true, 1.8, 1.75, 1.85, {}};  // the whole CI outside 1.5 ± 0.2
  v = check_range(c, pts);
  CHECK(v.verdict == granconv::Verdict::fail);
  CHECK_THAT(v.reason, Catch::Contains("fail at 0.1"));

  pts[1] = {0.1, true, 1.62, 1.6, 1.75, {}};  // the CI straddles the band's edge
  CHECK(check_range(c, pts).verdict == granconv::Verdict::inconclusive);

  pts[1] = {0.1, true, 1.5, 1.0, 2.0, {}};  // CI too wide
  v = check_range(c, pts);
  CHECK(v.verdict == granconv::Verdict::inconclusive);
  CHECK_THAT(v.reason, Catch::Contains("CI width"));

  pts[1].ok = false;  // a value without a fit cannot pass
  CHECK(check_range(c, pts).verdict == granconv::Verdict::inconclusive);

  CHECK_THROWS_AS(check_range(RangeCheck{"none", 5, 6, 1.5, 0.2, 0.4, {}}, pts), std::invalid_argument);
}
