// The report's pages and image formats: the summary in the catalogue's order,
// claims without a result, heat-map cell labels, one image per figure.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "reports/record_checksum.hpp"
#include "reports/report.hpp"
#include "tests/unit/test_fixtures.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace granconv;

namespace {

using test::slurp;
using TempDir = test::TempDir<"granconv-test-pages-", "studies">;

void write(const fs::path& dir, const json& j) {
  std::ofstream(dir / "studies" / (j["study"].get<std::string>() + ".json")) << sealed_json_text(j);
}

json record(const std::string& id, const std::string& paper, const std::string& verdict, json checks) {
  return {{"study", id},        {"kind", "table"},  {"title", "claim " + id}, {"source", {{"paper", paper}, {"item", "eq. 1"}}},
          {"verdict", verdict}, {"checks", checks}, {"pass", verdict == "pass"}};
}

json check(const std::string& label, double paper, double observed, double rival, const std::string& verdict) {
  return {{"label", label}, {"paper", paper}, {"observed", observed}, {"tolerance", 0.1},
          {"rival", rival}, {"pass", verdict == "pass"},         {"verdict", verdict}};
}

std::size_t at(const std::string& text, const std::string& what) {
  const auto p = text.find(what);
  INFO(what);
  REQUIRE(p != std::string::npos);
  return p;
}

}  // namespace

TEST_CASE("the summary follows the catalogue: papers in order, claims without a result, strays last", "[report]") {
  TempDir d;
  write(d.path, record("b-claim", "Paper B", "pass", json::array({check("B's value", 2, 2.01, 2.5, "pass")})));
  // The deciding check of a failed claim is its first failing one.
  write(d.path, record("a-claim", "Paper A", "fail",
                       json::array({check("first", 1, 1.0, 0.5, "pass"), check("second", 3, 3.9, 4, "fail")})));
  write(d.path, record("stray", "Paper A", "pass", json::array()));
  ReportOptions o{d.path};
  o.catalogue = {{"a-claim", "claim a", "Paper A", "eq. 1", "table", "pass", {"theta", "irk-tailored"}, false},
                 {"c-claim", "claim c", "Paper A", "eq. 2", "order", "pass", {"cn"}, false},
                 {"b-claim", "claim b", "Paper B", "eq. 3", "table", "pass", {}, false}};
  write_report(o);
  const fs::path r = d.path / "report";
  const std::string idx = slurp(r / "index.html");
  CHECK(at(idx, "<h2>Paper A</h2>") < at(idx, "<h2>Paper B</h2>"));
  CHECK(at(idx, "<h2>Paper B</h2>") < at(idx, "<h2>Results of claims not in the catalogue</h2>"));
  CHECK(at(idx, "id=\"claim-a-claim\"") < at(idx, "id=\"claim-c-claim\""));
  CHECK(at(idx, "id=\"claim-c-claim\"") < at(idx, "id=\"claim-b-claim\""));
  CHECK(at(idx, "<h2>Results of claims not in the catalogue</h2>") < at(idx, "id=\"claim-stray\""));
  // the claim without a result: listed, not run, no page
  CHECK(idx.find("id=\"claim-c-claim\" data-paper=\"Paper A\" data-kind=\"order\" data-schemes=\"cn\" "
                 "data-status=\"not run\"") != std::string::npos);
  CHECK(idx.find(">NOT RUN<") != std::string::npos);
  CHECK_FALSE(fs::exists(r / "claims/c-claim.html"));
  CHECK(idx.find("href=\"claims/c-claim.html\"") == std::string::npos);
  // the catalogue's schemes feed the filter; the counts sit at the top
  CHECK(idx.find("data-schemes=\"theta|irk-tailored\"") != std::string::npos);
  CHECK(idx.find("<option value=\"irk-tailored\">") != std::string::npos);
  CHECK(idx.find("<option value=\"not run\">") != std::string::npos);
  CHECK(at(idx, "<ul class=\"counts\">") < at(idx, "<form class=\"filter\""));
  CHECK(idx.find("<li><b>1</b>not run</li>") != std::string::npos);
  // a-claim's line: its failing check, observed against expected, with the rival
  const std::string row = idx.substr(at(idx, "id=\"claim-a-claim\""), 1500);
  CHECK(row.find("3.9") != std::string::npos);
  CHECK(row.find("second (1 of 2 checks)") != std::string::npos);
  CHECK(row.find("<td class=\"num\">4</td>") != std::string::npos);
  CHECK(row.find("href=\"claims/a-claim.html\"") != std::string::npos);
  // every check on the claim's page, which links back and to its neighbours
  const std::string page = slurp(r / "claims/a-claim.html");
  CHECK(page.find("first") != std::string::npos);
  CHECK(page.find("<span class=\"mark fail\">fail</span>") != std::string::npos);
  CHECK(page.find("href=\"../index.html#claim-a-claim\"") != std::string::npos);
  CHECK(page.find("href=\"b-claim.html\"") != std::string::npos);
  CHECK(page.find("href=\"../style.css\"") != std::string::npos);
}

// The README's table gives a claim's status alone; why a claim deviates or
// is inconclusive is on its page, from the catalogue's "deviation".
TEST_CASE("a claim's page says why its expected verdict is not pass", "[report]") {
  TempDir d;
  json dev = record("dev", "Paper A", "fail", json::array({check("value", 2, 2.3, 2.5, "fail")}));
  dev["expected_verdict"] = "fail";
  write(d.path, dev);
  write(d.path, record("plain", "Paper A", "pass", json::array({check("value", 2, 2.01, 2.5, "pass")})));
  ReportOptions o{d.path};
  o.catalogue = {{.id = "dev", .title = "claim dev", .paper = "Paper A", .item = "eq. 1", .kind = "table",
                  .expected_verdict = "fail", .schemes = {}, .deviation = "the value is 2.3 & not 2 <as printed>"},
                 {.id = "plain", .title = "claim plain", .paper = "Paper A", .item = "eq. 1", .kind = "table",
                  .schemes = {}}};
  write_report(o);
  const std::string page = slurp(d.path / "report/claims/dev.html");
  CHECK(page.find("<b>Why the expected verdict is fail:</b> the value is 2.3 &amp; not 2 &lt;as printed&gt;") !=
        std::string::npos);
  CHECK(slurp(d.path / "report/claims/plain.html").find("Why the expected verdict") == std::string::npos);
}

// Heavy claims are not in the default run: the summary names them with their
// cost, outside the counts; a record of one (from `run --heavy`) stays out.
TEST_CASE("heavy claims: named on the summary, not counted, their records left out", "[report]") {
  TempDir d;
  write(d.path, record("light", "Paper A", "pass", json::array({check("value", 2, 2.01, 2.5, "pass")})));
  write(d.path, record("heavy-ran", "Paper A", "pass", json::array({check("value", 2, 2.01, 2.5, "pass")})));
  ReportOptions o{d.path};
  o.catalogue = {{"light", "light claim", "Paper A", "eq. 1", "table", "pass", {}, false},
                 {"heavy-ran", "heavy claim, run", "Paper A", "eq. 2", "table", "pass", {}, false, true, "an hour"},
                 {"heavy-not-run", "heavy claim", "Paper A", "eq. 3", "order", "pass", {}, false, true, "two hours"}};
  write_report(o);
  const fs::path r = d.path / "report";
  const std::string idx = slurp(r / "index.html");
  CHECK(idx.find("Not in the default run: 2 heavy claims") != std::string::npos);
  CHECK(idx.find("<code>heavy-ran</code> (an hour); <code>heavy-not-run</code> (two hours)") != std::string::npos);
  CHECK(idx.find("id=\"claim-heavy-ran\"") == std::string::npos);
  CHECK(idx.find("id=\"claim-heavy-not-run\"") == std::string::npos);
  CHECK(idx.find("not in the catalogue") == std::string::npos);
  CHECK(idx.find("not run</li>") == std::string::npos);
  CHECK(idx.find("<li><b>1</b>pass</li>") != std::string::npos);
  CHECK_FALSE(fs::exists(r / "claims/heavy-ran.html"));
  CHECK(fs::exists(r / "claims/light.html"));
}

TEST_CASE("heat maps print their cells and why a cell is blank, one image per figure", "[report]") {
  TempDir d;
  json small = {{"name", "small-map"}, {"type", "heatmap"}, {"x", {0, 1, 2}}, {"y", {0, 1}},
                {"z", {{0.25, nullptr, 1.5}, {nullptr, 2, 3}}},
                {"blank", {{nullptr, "n/a", nullptr}, {nullptr, nullptr, nullptr}}}};
  json zs = json::array(), xs = json::array();
  for (int i = 0; i < 40; ++i) xs.push_back(i);
  for (int j = 0; j < 40; ++j) {
    json row = json::array();
    for (int i = 0; i < 40; ++i) row.push_back(0.01 * i * j);
    zs.push_back(row);
  }
  json large = {{"name", "large-map"}, {"type", "heatmap"}, {"x", xs}, {"y", xs}, {"z", zs}};
  json longx = json::array(), longy = json::array();
  for (int k = 0; k < 20000; ++k) longx.push_back(k * 1e-3), longy.push_back(k % 997 == 0 ? 5.0 : std::sin(k * 1e-2));
  json lines = {{"name", "long-lines"}, {"type", "lines"}, {"series", {{{"title", "s"}, {"x", longx}, {"y", longy}}}}};
  json light = {{"name", "light-lines"}, {"type", "lines"}, {"series", {{{"title", "s"}, {"x", {1, 2, 3}}, {"y", {1, 4, 9}}}}}};
  json rec = record("maps", "Paper", "pass", json::array());
  rec["figures"] = {small, large, lines, light};
  write(d.path, rec);
  write_report({d.path});
  const fs::path f = d.path / "report/figures";
  // small grid: a label in every cell, the record's reason or "no value" in blank ones; boxes, SVG
  const std::string gp = slurp(f / "small-map.gp");
  CHECK(gp.find("'0.25'") != std::string::npos);
  CHECK(gp.find("'n/a'") != std::string::npos);
  CHECK(gp.find("'no value'") != std::string::npos);
  CHECK(gp.find("with boxxyerror") != std::string::npos);
  CHECK(fs::exists(f / "small-map.svg"));
  CHECK_FALSE(fs::exists(f / "small-map.png"));
  // large grid: a lattice of at most 8 x 8 labels, a matrix data file, PNG
  const std::string lgp = slurp(f / "large-map.gp");
  std::size_t labels = 0;
  for (auto p = lgp.find("set label"); p != std::string::npos; p = lgp.find("set label", p + 1)) ++labels;
  CHECK(labels >= 16);
  CHECK(labels <= 64);
  CHECK(lgp.find("nonuniform matrix") != std::string::npos);
  CHECK(fs::exists(f / "large-map.png"));
  CHECK_FALSE(fs::exists(f / "large-map.svg"));
  // a long series is thinned (first, min, max, last per run): its peaks survive
  const std::string dat = slurp(f / "long-lines.dat");
  std::size_t rows = 0, peaks = 0;
  std::istringstream in(dat);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') ++rows, peaks += line.substr(line.find(' ') + 1) == "5";
  CHECK(rows <= 1000);
  CHECK(peaks == 21);  // k = 0, 997, ..., 19940
  CHECK(dat.find("thinned for plotting") != std::string::npos);
  CHECK(fs::exists(f / "long-lines.png"));
  CHECK_FALSE(fs::exists(f / "long-lines.svg"));
  CHECK(fs::exists(f / "light-lines.svg"));
  CHECK_FALSE(fs::exists(f / "light-lines.png"));
  // the page links each image once, with its script and data
  const std::string page = slurp(d.path / "report/claims/maps.html");
  CHECK(page.find("src=\"../figures/long-lines.png\"") != std::string::npos);
  CHECK(page.find("href=\"../figures/long-lines.dat\"") != std::string::npos);
  CHECK(page.find("href=\"../figures/large-map.gp\"") != std::string::npos);
}

TEST_CASE("a heatmap's blank reasons are checked like its values", "[report]") {
  TempDir d;
  json rec = record("bad-blank", "Paper", "pass", json::array());
  rec["figures"] = {{{"name", "m"}, {"type", "heatmap"}, {"x", {0, 1}}, {"y", {0, 1}}, {"z", {{1, 2}, {3, nullptr}}},
                     {"blank", {{nullptr, nullptr}}}}};
  write(d.path, rec);
  try {
    write_report({d.path});
    FAIL("write_report accepted a blank array with a row missing");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find("bad-blank.json") != std::string::npos);
    CHECK(std::string(e.what()).find("\"blank\"") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(d.path / "report"));
}
