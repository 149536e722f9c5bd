// The reader of catalogue records (studies/support/field_reader.hpp): typed fields
// with ranges, every problem collected as one line naming the claim and the
// field, and every key nobody read reported.
#include <catch2/catch.hpp>

#include "studies/support/field_reader.hpp"

using namespace granconv;
using nlohmann::json;

namespace {

struct Run {
  std::string scheme;
  double h = 0;
};

struct Spec {
  double h = 0;
  int beads = 0;
  std::optional<double> theta;
  std::vector<Run> runs;
};

Spec read(FieldReader& r) {
  Spec s;
  s.h = r.req<double>("h", positive());
  s.beads = r.opt<int>("beads", 10, at_least(1));
  s.theta = r.maybe<double>("theta", between(0.5, 1));
  s.runs = r.list("runs", [](FieldReader& e) { return Run{e.req<std::string>("scheme"), e.req<double>("h")}; });
  return s;
}

std::vector<std::string> problems_of(const json& j) {
  std::vector<std::string> problems;
  FieldReader r(j, "claim 'x'", problems);
  read(r);
  r.finish();
  return problems;
}

}  // namespace

TEST_CASE("a clean record is read into its struct and defaults fill what is absent") {
  std::vector<std::string> problems;
  const json j = {{"h", 0.5}, {"runs", {{{"scheme", "cn"}, {"h", 0.1}}}}, {"tolerance_source", "a-priori"}};
  FieldReader r(j, "claim 'x'", problems);
  const Spec s = read(r);
  r.finish();
  CHECK(problems.empty());
  CHECK(s.h == 0.5);
  CHECK(s.beads == 10);
  CHECK(!s.theta);
  REQUIRE(s.runs.size() == 1);
  CHECK(s.runs[0].scheme == "cn");
}

TEST_CASE("every problem is listed, one line each naming the claim and the field path") {
  const json j = {{"h", -1}, {"beads", 2.5}, {"theta", 0.2}, {"runs", {{{"scheme", "cn"}, {"hh", 0.1}}}}, {"note", 1}};
  const auto p = problems_of(j);
  REQUIRE(p.size() == 6);
  CHECK(p[0] == "claim 'x': field 'h' must be > 0, not -1");
  CHECK(p[1] == "claim 'x': field 'beads' must be an integer, not the number 2.5");
  CHECK(p[2] == "claim 'x': field 'theta' must be in [0.5, 1], not 0.2");
  CHECK(p[3] == "claim 'x': missing field 'runs[0].h'");
  CHECK(p[4] == "claim 'x': unknown field 'runs[0].hh' (did you mean 'h'?)");
  CHECK(p[5] == "claim 'x': unknown field 'note'");
}

TEST_CASE("a missing list and a wrong type are named") {
  const auto p = problems_of({{"h", "0.5"}});
  REQUIRE(p.size() == 2);
  CHECK(p[0] == "claim 'x': field 'h' must be a number, not the string \"0.5\"");
  CHECK(p[1] == "claim 'x': missing field 'runs'");
}

TEST_CASE("names are resolved at load, and cross-field checks skip fields already wrong") {
  std::vector<std::string> problems;
  const json j = {{"scheme", "gl9"}, {"window", {2, 1}}, {"fit", "cubic"}};
  FieldReader r(j, "claim 'x'", problems);
  r.name("scheme", [](const std::string& n) {
    if (n != "cn") throw std::invalid_argument("unknown scheme '" + n + "'");
  });
  CHECK(!r.interval("window", true));
  r.one_of("fit", {"least-squares", "upper-envelope"});
  r.check(false, "window", "is never reported twice");
  r.finish();
  REQUIRE(problems.size() == 3);
  CHECK(problems[0] == "claim 'x': field 'scheme': unknown scheme 'gl9'");
  CHECK(problems[1] == "claim 'x': field 'window' must be [lo, hi] with lo < hi");
  CHECK(problems[2] == "claim 'x': field 'fit' must be one of 'least-squares', 'upper-envelope', not 'cubic'");
}

TEST_CASE("an integer beyond its field's type is refused, not wrapped into range") {
  // 4294967297 = 2^32 + 1 would read as the int 1, inside [1, 1000].
  std::vector<std::string> problems;
  const json j = {{"count", 4294967297LL}, {"seeds", -4294967295LL}, {"n_i", {40, 4294967336LL}}, {"big", 1LL << 40}};
  FieldReader r(j, "claim 'x'", problems);
  CHECK(r.req<int>("count", between(1, 1000)) == 0);
  CHECK(r.opt<int>("seeds", 8) == 8);
  CHECK(r.req<std::vector<int>>("n_i", between(1, 10000)).empty());
  CHECK(r.req<long>("big", at_most(1e15)) == 1LL << 40);
  r.finish();
  REQUIRE(problems.size() == 3);
  CHECK(problems[0] == "claim 'x': field 'count' must be in [1, 1000], not 4294967297");
  CHECK(problems[1] == "claim 'x': field 'seeds' holds -4294967295, beyond what an integer of this field can hold");
  CHECK(problems[2] == "claim 'x': field 'n_i' must be in [1, 10000], not 4294967336");
}
