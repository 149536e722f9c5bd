// Verdicts (studies/core/verdict.hpp), a record's recomputed
// (studies/core/record_verdicts.hpp), and the catalogue's load-time rules
// (studies/core/catalogue_rules.hpp): rivals and tolerance sources.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "studies/core/catalogue.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/claim.hpp"
#include "studies/core/record_verdicts.hpp"
#include "fit/order_fit_json.hpp"
#include "studies/core/verdict.hpp"

using namespace granconv;
using nlohmann::json;

namespace {

OrderFit fit(double p, double lo, double hi, int points = 20, double h_min = 1e-5, double h_max = 1e-3) {
  OrderFit f;
  f.ok = true;
  f.order = p, f.ci_lo = lo, f.ci_hi = hi, f.points = points, f.h_min = h_min, f.h_max = h_max;
  return f;
}

}  // namespace

TEST_CASE("order verdict: the whole CI must lie in the band to pass") {
  CHECK(order_verdict(fit(1.5, 1.45, 1.55), 1.5, 0.2, {2.0}, 0.4).verdict == Verdict::pass);
  // The point estimate inside, the CI across the edge: not a pass.
  CHECK(order_verdict(fit(1.84, 1.799, 1.877), 2.0, 0.2, {1.5}, 0.4).verdict == Verdict::inconclusive);
  // Wholly outside: a fail.
  const auto out = order_verdict(fit(1.514, 1.513, 1.515), 1.6, 0.04, {1.5}, 0.4);
  CHECK(out.verdict == Verdict::fail);
  CHECK_THAT(out.reason, Catch::Contains("outside 1.6"));
  // At a rival (with a tolerance band that overlaps nothing of the claim's): a fail.
  CHECK(order_verdict(fit(2.0, 1.85, 2.15), 2.5, 0.2, {2.0}, 0.4).verdict == Verdict::fail);
}

TEST_CASE("order verdict: too little data is inconclusive, never a pass") {
  CHECK(order_verdict(fit(1.5, 1.49, 1.51, 5), 1.5, 0.2, {2.0}, 0.4).verdict == Verdict::inconclusive);
  const auto short_span = order_verdict(fit(1.71, 1.705, 1.715, 8, 2e-6, 1e-5), 1.75, 0.1, {1.5, 2.0}, 0.4);
  CHECK(short_span.verdict == Verdict::inconclusive);
  CHECK_THAT(short_span.reason, Catch::Contains("0.70 decades"));
  OrderFit none;
  CHECK(order_verdict(none, 1.5, 0.2, {2.0}, 0.4).verdict == Verdict::inconclusive);
  // Exactly one decade and six points suffice.
  CHECK(order_verdict(fit(1.5, 1.45, 1.55, 6, 1e-4, 1e-3), 1.5, 0.2, {2.0}, 0.4).verdict == Verdict::pass);
}

TEST_CASE("order verdict: a window whose slope still drifts is inconclusive, declared or detected") {
  // Issue 35's Heun-started q = 3/4 run: local slopes 1.58 -> 1.71 inside the
  // window, a CI inside 1.75 ± 0.1 that measures no asymptotic order.
  OrderFit f = fit(1.673, 1.666, 1.681, 21, 1e-7, 1e-5);
  f.slope_drift = -0.13, f.slope_drift_se = 0.01;
  const auto v = order_verdict(f, 1.75, 0.1, {1.5, 2.0}, 0.4);
  CHECK(v.verdict == Verdict::inconclusive);
  CHECK_THAT(v.reason, Catch::Contains("drifts by -0.130") && Catch::Contains("more than the tolerance 0.1"));
  // A drift within the tolerance, or not distinguishable from noise (2 SE), leaves the verdict alone.
  f.slope_drift = -0.09;
  CHECK(order_verdict(f, 1.75, 0.1, {1.5, 2.0}, 0.4).verdict == Verdict::pass);
  f.slope_drift = -0.3, f.slope_drift_se = 0.2;
  CHECK(order_verdict(f, 1.75, 0.1, {1.5, 2.0}, 0.4).verdict == Verdict::pass);
  // A fail stands when the slope is outside the band at both ends of the window ...
  OrderFit low = fit(1.0, 0.98, 1.02, 21, 1e-5, 1e-3);
  low.slope_drift = 0.3, low.slope_drift_se = 0.01;
  const auto fails = order_verdict(low, 2.0, 0.2, {1.5}, 0.4);
  CHECK(fails.verdict == Verdict::fail);
  CHECK_THAT(fails.reason, Catch::Contains("outside the band at both ends"));
  // ... and not when one end comes into it.
  OrderFit rising = fit(1.6, 1.58, 1.62, 21, 1e-5, 1e-3);
  rising.slope_drift = 0.6, rising.slope_drift_se = 0.01;
  CHECK(order_verdict(rising, 2.0, 0.2, {1.0}, 0.4).verdict == Verdict::inconclusive);
}

TEST_CASE("fit_order measures the slope drift of the points it fits") {
  std::vector<double> h, e;
  for (int i = 0; i <= 40; ++i) {
    h.push_back(std::pow(10.0, -5 + i / 20.0));
    const double x = std::log10(h.back()) + 5;  // 0..2: local slope 1.5 + 0.1 x
    e.push_back(std::pow(10.0, 1.5 * x + 0.05 * x * x - 8));
  }
  FitOptions o;
  o.window = FitWindow{1e-5, 1e-3};
  const OrderFit f = fit_order(h, e, std::vector<bool>(h.size(), true), o);
  REQUIRE(f.ok);
  CHECK(f.slope_drift == Approx(0.2).margin(1e-9));
  CHECK(f.slope_drift_se < 1e-9);
  CHECK(order_verdict(f, 1.6, 0.15, {2.0}, 0.4).verdict == Verdict::inconclusive);
  CHECK(order_verdict(f, 1.6, 0.25, {2.2}, 0.4).verdict == Verdict::pass);
}

TEST_CASE("verdicts combine: fail beats inconclusive beats pass, exit status 0/1/3") {
  CHECK(combine(Verdict::pass, Verdict::inconclusive) == Verdict::inconclusive);
  CHECK(combine(Verdict::fail, Verdict::inconclusive) == Verdict::fail);
  CHECK(combine(Verdict::pass, Verdict::pass) == Verdict::pass);
  CHECK(exit_status(Verdict::pass) == 0);
  CHECK(exit_status(Verdict::fail) == 1);
  CHECK(exit_status(Verdict::inconclusive) == 3);
  CHECK_THROWS(verdict_from_string("reproduced"));
}

TEST_CASE("rivals: the tolerance must be below half the distance to the nearest rival") {
  const json src = {{"basis", "a-priori"}, {"reason", "half the gap to the rival"}};
  json ok = {{"checks", {{{"label", "a"}, {"expected_order", 1.5}, {"tolerance", 0.2}, {"rivals", {2.0}}}}}};
  CHECK_NOTHROW(check_rivals(ok, "claim 'x'"));
  json wide = ok;
  wide["checks"][0]["expected_order"] = 1.6;
  wide["checks"][0]["rivals"] = {1.5};
  CHECK_THROWS_WITH(check_rivals(wide, "claim 'x'"), Catch::Contains("claim 'x' check 'a'") &&
                                                          Catch::Contains("nearest rival 1.5"));
  json none = ok;
  none["checks"][0].erase("rivals");
  CHECK_THROWS_WITH(check_rivals(none, "claim 'x'"), Catch::Contains("names no rivals"));
  // A value check with a rival obeys the same rule.
  CHECK_THROWS(check_rivals(json{{"m", {{"paper", 0.07}, {"tolerance", 0.04}, {"rival", 0.0}}}}, "claim 'y'"));
  CHECK_NOTHROW(check_rivals(json{{"m", {{"paper", 0.07}, {"tolerance", 0.03}, {"rival", 0.0}}}}, "claim 'y'"));
}

TEST_CASE("tolerance sources: every threshold has one, one for all or one per key") {
  const json src = {{"basis", "paper"}, {"reason", "printed to two digits"}};
  CHECK_NOTHROW(check_tolerance_sources(json{{"tolerance", 0.02}, {"tolerance_source", src}}, "c"));
  CHECK_NOTHROW(check_tolerance_sources(
      json{{"a_tolerance", 0.02}, {"bound", 0.1}, {"tolerance_source", {{"a_tolerance", src}, {"bound", src}}}}, "c"));
  CHECK_THROWS_WITH(check_tolerance_sources(json{{"x", {{"peak_relative_tolerance", 0.03}}}}, "claim 'c'"),
                    Catch::Contains("claim 'c': threshold x.peak_relative_tolerance has no tolerance_source"));
  CHECK_THROWS_WITH(check_tolerance_sources(json{{"tolerance", 0.02}, {"tolerance_source", {{"basis", "gut"}, {"reason", "because I said so"}}}}, "c"),
                    Catch::Contains("basis must be"));
  CHECK_THROWS_WITH(check_tolerance_sources(
                        json{{"tolerance", 0.02}, {"tolerance_source", {{"tolerance", src}, {"tolerence", src}}}}, "c"),
                    Catch::Contains("names 'tolerence'"));
  const json list = tolerance_list(json{{"checks", {{{"label", "L"}, {"tolerance", 0.2}, {"tolerance_source", src}}}}});
  REQUIRE(list.size() == 1);
  CHECK(list[0]["path"] == "checks[0].tolerance");
  CHECK(list[0]["basis"] == "paper");
}

namespace {

// Every claim record of the shipped catalogue, in order, as one file's JSON.
json shipped_catalogue_json() {
  json cat = {{"about", "test"}, {"claims", json::array()}};
  for (const auto& file : catalogue_files(default_claims_file())) {
    std::ifstream in(file);
    const json records = json::parse(in);
    for (const auto& c : records.at("claims")) cat["claims"].push_back(c);
  }
  return cat;
}

}  // namespace

TEST_CASE("the shipped catalogue obeys the rules, a broken one is refused naming the claim") {
  const auto claims = load_catalogue(default_claims_file());
  CHECK(claims.size() > 50);
  json cat = shipped_catalogue_json();
  CHECK(cat["claims"].size() == claims.size());
  for (auto& c : cat["claims"])
    if (c["id"] == "th-kk-verlet") c["checks"][0]["tolerance"] = 0.3;  // rival 2 is 0.5 away
  const auto tmp = std::filesystem::temp_directory_path() / "granconv-test-verdict-catalogue.json";
  std::ofstream(tmp) << cat.dump();
  CHECK_THROWS_WITH(load_catalogue(tmp), Catch::Contains("claim 'th-kk-verlet'") && Catch::Contains("rival"));
  std::filesystem::remove(tmp);
}

TEST_CASE("a catalogue directory is read in its index's order, a duplicate id or an unlisted file is refused") {
  namespace fs = std::filesystem;
  const json cat = shipped_catalogue_json();
  const fs::path dir = fs::temp_directory_path() / "granconv-test-catalogue-dir";
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto write = [&](const std::string& name, const json& j) { std::ofstream(dir / name) << j.dump(); };
  const json first = cat["claims"][0], second = cat["claims"][1];
  write("b.json", {{"claims", {first}}});
  write("a.json", {{"claims", {second}}});
  write("index.json", {{"files", {"b.json", "a.json"}}});
  const auto claims = load_catalogue(dir);
  REQUIRE(claims.size() == 2);
  CHECK(claims[0].id == first["id"]);  // the index's order, not the names'
  CHECK(claims[1].id == second["id"]);
  CHECK(results_summary_beside(dir) == dir.parent_path() / "results_summary.json");

  write("a.json", {{"claims", {first}}});
  CHECK_THROWS_WITH(load_catalogue(dir), Catch::Contains("claim id '" + first["id"].get<std::string>() + "' appears in both") &&
                                             Catch::Contains("b.json") && Catch::Contains("a.json"));
  write("a.json", {{"claims", {second}}});
  write("forgotten.json", {{"claims", json::array()}});
  CHECK_THROWS_WITH(load_catalogue(dir), Catch::Contains("forgotten.json is not listed"));
  fs::remove(dir / "forgotten.json");
  write("index.json", {{"files", {"b.json", "a.json", "gone.json"}}});
  CHECK_THROWS_WITH(load_catalogue(dir), Catch::Contains("lists gone.json, which is not there"));
  write("index.json", {{"files", {"../b.json"}}});
  CHECK_THROWS_WITH(load_catalogue(dir), Catch::Contains("is not the name of a .json file beside it"));
  fs::remove_all(dir);
}

namespace {

// An order record as the study writes it (studies/core/study.cpp), for the
// claim's checks on errors of order 2.
json order_record(const Claim& claim) {
  std::vector<double> h, e;
  std::vector<bool> usable;
  for (int i = 0; i <= 35; ++i) {
    h.push_back(0.3 * std::pow(10.0, -i / 10.0));
    e.push_back(h.back() * h.back() * (1 + 0.01 * std::sin(3.0 * i)));
    usable.push_back(true);
  }
  json checks = json::array();
  Verdict all = Verdict::pass;
  for (const auto& k : claim.checks) {
    FitOptions fo;
    fo.window = k.window;
    fo.kind = FitKind::least_squares;
    const OrderFit ls = fit_order(h, e, usable, fo);
    fo.kind = FitKind::upper_envelope;
    const OrderFit env = fit_order(h, e, usable, fo);
    const OrderFit& f = k.fit == FitKind::least_squares ? ls : env;
    const OrderVerdict v = order_verdict(f, k.expected_order, k.tolerance, k.rivals, k.max_ci_width);
    all = combine(all, v.verdict);
    checks.push_back({{"label", k.label},
                      {"window", k.window ? json{k.window->h_min, k.window->h_max} : json(nullptr)},
                      {"fit", to_string(k.fit)}, {"expected_order", k.expected_order}, {"rivals", k.rivals},
                      {"tolerance", k.tolerance}, {"tolerance_source", k.tolerance_source},
                      {"max_ci_width", k.max_ci_width}, {"observed_order", f.order},
                      {"ci95", {f.ci_lo, f.ci_hi}}, {"fit_window", {f.h_min, f.h_max}}, {"points", f.points},
                      {"least_squares", order_fit_json(ls)}, {"upper_envelope", order_fit_json(env)},
                      {"envelope_order", env.order}, {"envelope_ci95", {env.ci_lo, env.ci_hi}},
                      {"pass", v.verdict == Verdict::pass}, {"verdict", to_string(v.verdict)}, {"reason", v.reason}});
  }
  const json& first = checks[0];
  return {{"study", claim.id}, {"kind", "order"}, {"title", claim.title},
          {"source", {{"paper", claim.paper}, {"item", claim.item}}}, {"figure_group", claim.figure_group},
          {"tolerances", tolerance_list(claim.record)}, {"h", h}, {"error", e}, {"usable", usable}, {"checks", checks},
          {"observed_order", first["observed_order"]}, {"ci95", first["ci95"]},
          {"fit_window", first["fit_window"]}, {"expected_order", first["expected_order"]},
          {"tolerance", first["tolerance"]}, {"pass", all == Verdict::pass}, {"verdict", to_string(all)},
          {"expected_verdict", claim.expected_verdict}, {"new", claim.is_new}};
}

}  // namespace

TEST_CASE("a record's verdicts are recomputed from its numbers and its claim") {
  const auto claims = load_catalogue(default_claims_file());
  const Claim& claim = find_claim(claims, "jvb-fig3-cn-xv");
  json r = order_record(claim);
  REQUIRE(r["verdict"] == "pass");
  CHECK(record_contradiction(r, &claim).empty());
  CHECK(record_contradiction(r, nullptr).empty());
  std::string expect;
  SECTION("the claim's verdict") {
    r["verdict"] = "fail", r["pass"] = false;
    expect = "the record: \"verdict\" is fail, but its checks give pass";
  }
  SECTION("a check's verdict") {
    r["checks"][0]["verdict"] = "fail", r["checks"][0]["pass"] = false, r["verdict"] = "fail", r["pass"] = false;
    expect = "\"verdict\" is fail, but its numbers give pass";
  }
  SECTION("a check's pass") {
    r["checks"][0]["pass"] = false;
    expect = "\"pass\" is false with the verdict pass";
  }
  SECTION("the CI and its fit, consistently") {
    for (json* c : {&r["checks"][0], &r["checks"][0]["least_squares"]}) (*c)["ci95"] = {1.0, 1.1};
    expect = "\"least_squares\": order";
  }
  SECTION("an error the fit used") {
    r["error"][20] = 1e-3;
    expect = "is not the fit of the record's errors";
  }
  SECTION("the band") {
    r["checks"][0]["tolerance"] = 2.0;
    expect = "\"tolerance\" is 2, the catalogue's is 0.2";
  }
  SECTION("the expectation") {
    r["expected_verdict"] = "fail";
    expect = "\"expected_verdict\" is 'fail', the catalogue's 'pass'";
  }
  SECTION("the fit kind: the other stored fit shown") {
    auto& c = r["checks"][0];
    c["fit"] = "upper-envelope";
    c["observed_order"] = c["upper_envelope"]["order"], c["ci95"] = c["upper_envelope"]["ci95"];
    c["fit_window"] = c["upper_envelope"]["window"], c["points"] = c["upper_envelope"]["points"];
    for (const char* key : {"observed_order", "ci95", "fit_window"}) r[key] = c[key];
    expect = "\"fit\" is 'upper-envelope', the catalogue's 'least-squares'";
  }
  SECTION("the declared window") {
    r["checks"][0]["window"] = {0.001, 0.3};
    expect = "\"window\" is [0.001,0.3], the catalogue's [0.0001,0.3]";
  }
  SECTION("the tolerance's source") {
    r["checks"][0]["tolerance_source"]["basis"] = "post-hoc";
    expect = "\"tolerance_source\".\"basis\" is \"post-hoc\", the catalogue's \"a-priori\"";
  }
  SECTION("a tolerance's basis") {
    r["tolerances"][0]["basis"] = "post-hoc";
    expect = "the record: tolerance checks[0].tolerance.\"basis\" is \"post-hoc\"";
  }
  SECTION("the title") {
    r["title"] = "order 3";
    expect = "the record: \"title\" is not the catalogue's";
  }
  SECTION("the figure group") {
    r["figure_group"] = "jvb-fig4";
    expect = "the record: \"figure_group\" is not the catalogue's ('jvb-fig3')";
  }
  SECTION("more points than a step grid may have, refused unfitted") {
    for (const char* key : {"h", "error", "usable"}) {
      const json first = r[key][0];
      while (r[key].size() <= 2000) r[key].push_back(first);
    }
    expect = "the record: \"h\" holds 2001 step sizes, more than a step grid's limit of 2000";
  }
  SECTION("a kind of its own: a check's verdict worse than the claim's") {
    r = {{"study", "x"}, {"kind", "table"}, {"verdict", "pass"}, {"pass", true},
         {"checks", {{{"label", "a"}, {"verdict", "fail"}, {"pass", false}}}}};
    expect = "the record: \"verdict\" is pass, but its checks give fail";
  }
  const std::string why = record_contradiction(r, r["study"] == claim.id ? &claim : nullptr);
  INFO(why);
  CHECK(why.find(expect) != std::string::npos);
}
