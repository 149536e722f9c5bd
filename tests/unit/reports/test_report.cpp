#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "reports/json_file.hpp"
#include "reports/record_checksum.hpp"
#include "reports/report.hpp"
#include "tests/unit/test_fixtures.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace granconv;

namespace {

using test::slurp;
using TempDir = test::TempDir<"granconv-test-report-", "studies">;

json study(const std::string& id, const std::string& group, const std::string& scheme, const std::string& form,
           double p, bool oscillate, bool pass) {
  json j;
  j["study"] = id;
  j["title"] = "synthetic " + id;
  j["source"] = {{"paper", "JVB 2020"}, {"item", group == "jvb-fig2" ? "fig. 2" : "fig. 3"}};
  j["figure_group"] = group;
  j["scheme"] = scheme;
  j["scheme_label"] = scheme == "cn" ? "Crank–Nicolson" : "Gauss–Legendre 2";
  j["formulation"] = form;
  j["model"] = "kk";
  j["scenario"] = group == "jvb-fig2" ? "trimer-impact" : "trimer-nobreak";
  j["params"] = {{"gamma", 0.1}};
  std::vector<double> h, e, fl;
  std::vector<bool> usable;
  for (int i = 0; i < 33; ++i) {
    const double hh = std::pow(10.0, -4 + 3.0 * i / 32);
    double ee = 0.5 * std::pow(hh, p) * (oscillate ? 1 + 0.5 * std::sin(40 * std::log(hh)) : 1.0);
    ee = std::max(ee, 3e-13);
    h.push_back(hh);
    e.push_back(ee);
    fl.push_back(1e-13);
    usable.push_back(ee > 10 * 1e-13);
  }
  j["h"] = h;
  j["error"] = e;
  j["error_x"] = e;
  j["error_v"] = e;
  j["usable"] = usable;
  j["floor"] = fl;
  json check = {{"label", "h ≤ 1e-2"},  {"window", {1e-4, 1e-2}}, {"fit", oscillate ? "upper-envelope" : "least-squares"},
                {"expected_order", p},  {"tolerance", 0.2},         {"max_ci_width", 0.3},
                {"observed_order", p + 0.01}, {"ci95", {p - 0.03, p + 0.05}}, {"points", 20},
                {"envelope_order", p},  {"envelope_ci95", {p - 0.1, p + 0.1}}, {"pass", pass}};
  j["checks"] = json::array({check});
  if (id == "jvb-fig2-cn-xv") {  // a second check above the crossover
    json c2 = check;
    c2["label"] = "h ≥ 1e-2";
    c2["window"] = {1e-2, 1e-1};
    c2["expected_order"] = 2.0;
    c2["observed_order"] = 1.98;
    j["checks"].push_back(c2);
  }
  j["observed_order"] = p + 0.01;
  j["ci95"] = {p - 0.03, p + 0.05};
  j["fit_window"] = {1e-4, 1e-2};
  j["expected_order"] = p;
  j["tolerance"] = 0.2;
  j["pass"] = pass;
  j["reference"] = {{"solver", "CVODE"}, {"sundials_version", "6.4.1"}, {"method", "adams"}, {"rtol", 1e-13},
                    {"atol", 1e-15},     {"steps", 1234},               {"events", 3},        {"error_estimate", 2e-13},
                    {"error_estimate_method", "rerun at rtol 1e-14"}};
  if (id == "jvb-fig2-cn-xv") {
    json t;
    t["h"] = 0.5;
    std::vector<double> ts, rts;
    json sx = json::array(), sv = json::array(), rx = json::array(), rv = json::array();
    for (int k = 0; k <= 10; ++k) {
      const double tt = 0.5 * k;
      ts.push_back(tt);
      sx.push_back({std::sin(tt) + 0.01, 0.5 * std::sin(tt - 1), 0.2 * tt});
      sv.push_back({std::cos(tt), 0.5 * std::cos(tt - 1), 0.2});
    }
    for (int k = 0; k <= 200; ++k) {
      const double tt = 5.0 * k / 200;
      rts.push_back(tt);
      rx.push_back({std::sin(tt), 0.5 * std::sin(tt - 1), 0.2 * tt});
      rv.push_back({std::cos(tt), 0.5 * std::cos(tt - 1), 0.2});
    }
    t["t"] = ts;
    t["scheme_x"] = sx;
    t["scheme_v"] = sv;
    t["ref_t"] = rts;
    t["ref_x"] = rx;
    t["ref_v"] = rv;
    j["trajectory"] = t;
  }
  j["seconds"] = 1.23;
  return j;
}

// As granconv writes a record: with its checksum.
void write_json(const fs::path& p, const json& j) { std::ofstream(p) << sealed_json_text(j); }

void write_good_studies(const fs::path& dir) {
  write_json(dir / "studies/jvb-fig2-cn-xv.json", study("jvb-fig2-cn-xv", "jvb-fig2", "cn", "xv", 1.5, false, true));
  write_json(dir / "studies/jvb-fig2-gl-xw.json", study("jvb-fig2-gl-xw", "jvb-fig2", "gl", "xw", 2.5, true, false));
  write_json(dir / "studies/jvb-fig3-gl-xv.json", study("jvb-fig3-gl-xv", "jvb-fig3", "gl", "xv", 4.0, false, true));
}

// A "table" record: value checks, a table and two line figures.
json table_record() {
  json j;
  j["study"] = "jvb-table1";
  j["kind"] = "table";
  j["title"] = "IRK displacement and velocity errors";
  j["source"] = {{"paper", "JVB 2020"}, {"item", "Table 1"}};
  j["figure_group"] = "jvb-table1";
  j["notes"] = "Ours agree with the paper's to 2% except the h = 2 row.";
  j["pass"] = false;
  j["seconds"] = 1.2;
  j["checks"] = json::array(
      {{{"label", "IRK h=1, max displacement error"}, {"paper", 0.0832}, {"observed", 0.08351234}, {"tolerance", "2% relative"}, {"pass", true}},
       {{"label", "IRK h=2, max velocity error"}, {"paper", 1.5e-5}, {"observed", 2.345678e-5}, {"tolerance", 0.02}, {"pass", false}},
       {{"label", "blow-up step"}, {"paper", nullptr}, {"observed", "none"}, {"tolerance", nullptr}, {"pass", true}}});
  j["tables"] = json::array({{{"title", "Table 1: maximum errors"},
                              {"columns", {"method", "paper disp", "ours disp"}},
                              {"rows", {{"IRK h = 1", 0.0832, 0.08351234}, {"IRK h = 2", 0.31, nullptr}}}}});
  json x = json::array(), ref = json::array(), ours = json::array(), err = json::array();
  for (int k = 0; k <= 300; ++k) {
    const double t = 0.1 * k;
    x.push_back(t);
    ref.push_back(std::exp(-0.1 * t) * std::sin(t));
    ours.push_back(std::exp(-0.1 * t) * std::sin(t) + 0.02 * std::sin(3 * t));
    err.push_back(1e-6 * (1 + t * t));
  }
  j["figures"] = json::array(
      {{{"name", "jvb-fig7 / h=0.1"}, {"type", "lines"}, {"title", "bead 10 velocity"},
        {"caption", "Reproduces fig. 7; the paper's curve is digitised."}, {"xlabel", "t"}, {"ylabel", "velocity"},
        {"xrange", {0, 30}}, {"yrange", {nullptr, 1.2}},
        {"series", {{{"title", "reference, bead 10"}, {"x", x}, {"y", ref}, {"style", "lines"}, {"color", "#000000"}},
                    {{"title", "IRK h = 0.1"}, {"x", x}, {"y", ours}, {"style", "dashes"}},
                    {{"title", "samples"}, {"x", {1, 5, 9}}, {"y", {0.5, -0.4, 0.3}}, {"style", "points"}},
                    {{"title", "empty"}, {"x", json::array()}, {"y", json::array()}, {"style", "linespoints"}}}}},
       {{"name", "jvb-table1-error"}, {"type", "lines"}, {"title", "error growth"}, {"caption", "log axes"},
        {"xlabel", "t"}, {"ylabel", "error"}, {"logx", true}, {"logy", true},
        {"series", {{{"title", "error"}, {"x", x}, {"y", err}, {"style", "linespoints"}}}}}});
  j["reference"] = {{"solver", "CVODE"}, {"sundials_version", "6.4.1"}, {"rtol", 1e-12}};
  j["some_future_field"] = {1, 2, 3};
  return j;
}

// An "analysis" record: |R(z)| of the 2-stage Gauss method on a grid of the
// complex plane with the |R| = 1 level line.
json analysis_record() {
  json j;
  j["study"] = "gl2-stability";
  j["kind"] = "analysis";
  j["title"] = "A-stability of GL2";
  j["source"] = {{"paper", "Hairer–Wanner"}, {"item", "Fig. IV.3.2"}};
  j["figure_group"] = "stability";
  j["pass"] = true;
  j["checks"] = json::array({{{"label", "max |R(iy)| - 1"}, {"paper", 0}, {"observed", 2.2e-16}, {"tolerance", 1e-12}, {"pass", true}}});
  std::vector<double> xs, ys;
  for (int i = 0; i <= 120; ++i) xs.push_back(-6 + 8.0 * i / 120);
  for (int i = 0; i <= 100; ++i) ys.push_back(-4 + 8.0 * i / 100);
  json z = json::array();
  for (double y : ys) {
    json row = json::array();
    for (double x : xs) {
      const std::complex<double> w(x, y);
      row.push_back(std::abs((1.0 + w / 2.0 + w * w / 12.0) / (1.0 - w / 2.0 + w * w / 12.0)));
    }
    z.push_back(row);
  }
  z[50][7] = nullptr;  // an undefined value (a pole, say) is a hole, not an error
  j["figures"] = json::array({{{"name", "gl2-stability-region"}, {"type", "heatmap"}, {"title", "|R(z)|, GL2"},
                               {"caption", "Stability function on the complex plane; black: |R| = 1."},
                               {"xlabel", "Re z"}, {"ylabel", "Im z"}, {"zlabel", "|R(z)|"}, {"x", xs}, {"y", ys},
                               {"z", z}, {"contour", 1.0}, {"zmax", 2.0}, {"aspect", "equal"}}});
  return j;
}

// A space–time diagram over a non-uniform time grid (drawn as a pm3d map),
// attached to an "order" record.
json space_time_figure() {
  std::vector<double> ts, beads;
  for (int k = 0; k <= 60; ++k) ts.push_back(0.01 * k * k);
  for (int b = 1; b <= 20; ++b) beads.push_back(b);
  json z = json::array();
  for (double b : beads) {
    json row = json::array();
    for (double t : ts) row.push_back(std::exp(-0.5 * (b - 0.6 * t) * (b - 0.6 * t)));
    z.push_back(row);
  }
  z[3][4] = nullptr;
  return {{"name", "jvb-fig3 space-time"}, {"type", "heatmap"}, {"title", "displacement"}, {"caption", "bead displacement"},
          {"xlabel", "t"}, {"ylabel", "bead"}, {"zlabel", "x_n"}, {"x", ts}, {"y", beads}, {"z", z}, {"contour", 0.5}};
}

void write_kinds(const fs::path& dir) {
  write_json(dir / "studies/jvb-table1.json", table_record());
  write_json(dir / "studies/gl2-stability.json", analysis_record());
  json o = study("jvb-fig3-gl-xv", "jvb-fig3", "gl", "xv", 4.0, false, true);
  o["kind"] = "order";
  o["gamma_per_h"] = {0.1, 0.2};
  o["figures"] = json::array({space_time_figure()});
  write_json(dir / "studies/jvb-fig3-gl-xv.json", o);
}

bool has_leftovers(const fs::path& dir) {
  for (const auto& de : fs::directory_iterator(dir)) {
    const auto n = de.path().filename().string();
    if (n.rfind("report.tmp-", 0) == 0 || n.rfind("report.old-", 0) == 0) return true;
  }
  return false;
}

// index.html and every claim page, one string.
std::string pages(const fs::path& r) {
  std::string all = slurp(r / "index.html");
  for (const auto& e : fs::directory_iterator(r / "claims")) all += slurp(e.path());
  return all;
}

// The figure's one image: STEM.svg or STEM.png, never both ("" when neither).
std::string image_of(const fs::path& figs, const std::string& stem) {
  const bool svg = fs::exists(figs / (stem + ".svg")), png = fs::exists(figs / (stem + ".png"));
  if (svg == png) return "";
  return stem + (svg ? ".svg" : ".png");
}

}  // namespace

TEST_CASE("write_report produces index, figures and scripts", "[report]") {
  TempDir d;
  write_good_studies(d.path);
  write_report({d.path});
  const fs::path r = d.path / "report";
  REQUIRE(fs::exists(r / "index.html"));
  REQUIRE(fs::exists(r / "style.css"));
  const std::string idx = slurp(r / "index.html");
  for (const char* id : {"jvb-fig2-cn-xv", "jvb-fig2-gl-xw", "jvb-fig3-gl-xv"}) {
    CHECK(idx.find("<a href=\"claims/" + std::string(id) + ".html\">") != std::string::npos);
    CHECK(fs::exists(r / "claims" / (std::string(id) + ".html")));
  }
  CHECK(idx.find(">PASS<") != std::string::npos);
  CHECK(idx.find(">FAIL<") != std::string::npos);
  const std::string page = slurp(r / "claims/jvb-fig2-cn-xv.html");
  CHECK(page.find("CVODE 6.4.1") != std::string::npos);
  CHECK(page.find("JVB 2020, fig. 2") != std::string::npos);
  const std::string all = pages(r);
  const std::vector<std::string> stems{"jvb-fig2_convergence",     "jvb-fig3_convergence",
                                       "jvb-fig2-cn-xv_slopes",    "jvb-fig2-gl-xw_slopes",
                                       "jvb-fig3-gl-xv_slopes",    "jvb-fig2-cn-xv_trajectory"};
  for (const auto& s : stems) {
    INFO(s);
    const std::string img = image_of(r / "figures", s);
    REQUIRE_FALSE(img.empty());
    CHECK(fs::file_size(r / "figures" / img) > 0);
    CHECK(fs::file_size(r / "figures" / (s + ".gp")) > 0);
    CHECK(all.find("figures/" + img) != std::string::npos);
  }
  // the summary's thumbnail of an order claim is its group's E(h)
  CHECK(idx.find("<img src=\"figures/" + image_of(r / "figures", "jvb-fig2_convergence")) != std::string::npos);
  CHECK(fs::file_size(r / "figures/jvb-fig2-cn-xv.dat") > 0);
  CHECK(slurp(r / "figures/jvb-fig2_convergence.svg").find("<svg") != std::string::npos);
  CHECK(slurp(r / "figures/jvb-fig2-cn-xv_trajectory.png").substr(1, 3) == "PNG");
  // guide slopes of the group: the distinct expected orders 3/2, 2 and 5/2
  const std::string gp = slurp(r / "figures/jvb-fig2_convergence.gp");
  CHECK(gp.find("h^{3/2}") != std::string::npos);
  CHECK(gp.find("h^{5/2}") != std::string::npos);
  CHECK(slurp(r / "figures/jvb-fig3_convergence.gp").find("h^4") != std::string::npos);
  CHECK_FALSE(has_leftovers(d.path));
  // Regeneration replaces the report in place.
  write_report({d.path});
  CHECK(fs::exists(r / "index.html"));
  CHECK_FALSE(has_leftovers(d.path));
}

TEST_CASE("malformed study leaves no report behind", "[report]") {
  TempDir d;
  write_good_studies(d.path);
  SECTION("invalid JSON") { std::ofstream(d.path / "studies/broken.json") << "{\"study\": \"x\", \"h\": [1, 2"; }
  SECTION("length mismatch") {
    write_json(d.path / "studies/broken.json", json{{"study", "broken"}, {"h", {1e-3, 1e-2}}, {"error", {1e-6}}});
  }
  SECTION("missing id") { write_json(d.path / "studies/broken.json", json{{"h", {1e-3}}, {"error", {1e-6}}}); }
  // Issue 12: nothing read from disk is trusted unverified; every failure names the file.
  json minimal{{"study", "broken"}, {"h", {1e-3}}, {"error", {1e-6}}};
  SECTION("a flag of the wrong type") {
    minimal["new"] = "yes";
    write_json(d.path / "studies/broken.json", minimal);
  }
  SECTION("params not an object") {
    minimal["params"] = "gamma=1";
    write_json(d.path / "studies/broken.json", minimal);
  }
  SECTION("a tolerance that is not an object") {
    minimal["tolerances"] = {1};
    write_json(d.path / "studies/broken.json", minimal);
  }
  SECTION("a point count out of range") {
    minimal["checks"] = {{{"label", "a"}, {"points", 1000000000000LL}}};
    write_json(d.path / "studies/broken.json", minimal);
  }
  SECTION("a file larger than the limit") {
    std::ofstream(d.path / "studies/broken.json") << minimal.dump();
    fs::resize_file(d.path / "studies/broken.json", granconv::kMaxResultFileBytes + 1);  // sparse
  }
  try {
    write_report({d.path});
    FAIL("write_report did not throw");
  } catch (const std::runtime_error& ex) {
    CHECK(std::string(ex.what()).find("broken.json") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(d.path / "report"));
  CHECK_FALSE(has_leftovers(d.path));
}

TEST_CASE("a record changed after it was written is refused", "[report]") {
  TempDir d;
  write_good_studies(d.path);
  const fs::path f = d.path / "studies/jvb-fig3-gl-xv.json";
  json j = json::parse(slurp(f));
  std::string expect;
  ReportOptions o{d.path};
  SECTION("a value edited") {
    j["checks"][0]["pass"] = false;
    std::ofstream(f) << j.dump(1);
    expect = "checksum mismatch";
  }
  SECTION("no checksum") {
    j.erase("checksum");
    std::ofstream(f) << j.dump(1);
    expect = "no \"checksum\"";
  }
  SECTION("re-indented: the same content") {
    std::ofstream(f) << j.dump(4);
    write_report(o);
    CHECK(fs::exists(d.path / "report/index.html"));
    return;
  }
  SECTION("refused by the caller's check") {
    o.check_record = [](const fs::path& file, const json& record) {
      if (record.at("study") == "jvb-fig3-gl-xv") throw std::runtime_error("refused " + file.string());
    };
    expect = "refused";
  }
  try {
    write_report(o);
    FAIL("write_report did not throw");
  } catch (const std::runtime_error& ex) {
    INFO(ex.what());
    CHECK(std::string(ex.what()).find("jvb-fig3-gl-xv.json") != std::string::npos);
    CHECK(std::string(ex.what()).find(expect) != std::string::npos);
  }
  CHECK_FALSE(fs::exists(d.path / "report"));
  CHECK_FALSE(has_leftovers(d.path));
}

TEST_CASE("a failing regeneration keeps the previous report", "[report]") {
  TempDir d;
  write_good_studies(d.path);
  write_report({d.path});
  const std::string before = slurp(d.path / "report/index.html");
  REQUIRE_FALSE(before.empty());

  SECTION("malformed study") {
    std::ofstream(d.path / "studies/zzz.json") << "not json";
    CHECK_THROWS_AS(write_report({d.path}), std::runtime_error);
  }
  SECTION("gnuplot fails") {
    ReportOptions o{d.path, "false"};
    try {
      write_report(o);
      FAIL("write_report did not throw");
    } catch (const std::runtime_error& ex) {
      CHECK(std::string(ex.what()).find(".gp") != std::string::npos);  // names the script
    }
  }
  SECTION("gnuplot missing") { CHECK_THROWS_AS(write_report({d.path, "/nonexistent/gnuplot"}), std::runtime_error); }
  CHECK(slurp(d.path / "report/index.html") == before);
  CHECK_FALSE(image_of(d.path / "report/figures", "jvb-fig2_convergence").empty());
  CHECK_FALSE(has_leftovers(d.path));
}

TEST_CASE("write_report renders claims of every kind", "[report]") {
  TempDir d;
  write_good_studies(d.path);
  write_kinds(d.path);
  write_report({d.path});
  const fs::path r = d.path / "report";
  const std::string idx = slurp(r / "index.html");
  // one row per claim, any kind, each with its page
  for (const char* id : {"jvb-fig2-cn-xv", "jvb-fig3-gl-xv", "jvb-table1", "gl2-stability"}) {
    CHECK(idx.find("<tr class=\"claim\" id=\"claim-" + std::string(id) + "\"") != std::string::npos);
    CHECK(fs::exists(r / "claims" / (std::string(id) + ".html")));
  }
  CHECK(idx.find("<span class=\"kind\">table</span>") != std::string::npos);
  CHECK(idx.find("<span class=\"kind\">analysis</span>") != std::string::npos);
  CHECK(idx.find("data-kind=\"analysis\"") != std::string::npos);
  // checks: label, paper value, our value (4 significant digits), tolerance, verdicts
  const std::string all = pages(r);
  CHECK(all.find("IRK h=1, max displacement error") != std::string::npos);
  CHECK(all.find("0.0832") != std::string::npos);
  CHECK(all.find("0.08351") != std::string::npos);
  CHECK(all.find("0.08351234") == std::string::npos);
  CHECK(all.find("2.346e-5") != std::string::npos);
  CHECK(all.find("tolerance 2% relative") != std::string::npos);
  CHECK(all.find("tolerance 0.02") != std::string::npos);
  CHECK(all.find("<span class=\"mark fail\">fail</span>") != std::string::npos);
  CHECK(all.find("max |R(iy)| - 1") != std::string::npos);
  CHECK(all.find("A-stability of GL2") != std::string::npos);
  CHECK(all.find("Ours agree with the paper&#39;s to 2%") != std::string::npos);
  // the table, cells side by side, on the claim's page
  const std::string table1 = slurp(r / "claims/jvb-table1.html");
  CHECK(table1.find("<caption>Table 1: maximum errors</caption>") != std::string::npos);
  CHECK(table1.find("<th>paper disp</th><th>ours disp</th>") != std::string::npos);
  CHECK(table1.find("<td>IRK h = 1</td><td class=\"num\">0.0832</td><td class=\"num\">0.08351</td>") != std::string::npos);
  CHECK(table1.find("<td>IRK h = 2</td><td class=\"num\">0.31</td><td>–</td>") != std::string::npos);
  CHECK(table1.find("id=\"table-1\"") != std::string::npos);
  // papers as sections, in the order the records first name them
  CHECK(idx.find("<section class=\"paper\" id=\"paper-") != std::string::npos);
  // generic figures: slugified names, one image each, files kept, captions shown on the claim's page
  const std::vector<std::string> stems{"jvb-fig7___h_0.1", "jvb-table1-error", "gl2-stability-region",
                                       "jvb-fig3_space-time"};
  for (const auto& s : stems) {
    INFO(s);
    const std::string img = image_of(r / "figures", s);
    REQUIRE_FALSE(img.empty());
    for (const auto& f : {img, s + ".gp", s + ".dat"}) CHECK(fs::file_size(r / "figures" / f) > 0);
    CHECK(all.find("figures/" + img) != std::string::npos);
    CHECK(all.find("<figure id=\"fig-" + s + "\">") != std::string::npos);
  }
  CHECK(slurp(r / "figures/gl2-stability-region.png").substr(1, 3) == "PNG");
  CHECK(fs::file_size(r / "figures/gl2-stability-region_contour.dat") > 0);
  CHECK(fs::file_size(r / "figures/jvb-fig3_space-time_contour.dat") > 0);
  CHECK(all.find("Reproduces fig. 7; the paper&#39;s curve is digitised.") != std::string::npos);
  CHECK(all.find("Stability function on the complex plane; black: |R| = 1.") != std::string::npos);
  const std::string lines_gp = slurp(r / "figures/jvb-fig7___h_0.1.gp");
  CHECK(lines_gp.find("lc rgb '#000000'") != std::string::npos);
  CHECK(lines_gp.find("set xrange [0:30]") != std::string::npos);
  CHECK(lines_gp.find("set yrange [*:1.2]") != std::string::npos);
  CHECK(lines_gp.find("key outside") != std::string::npos);
  CHECK(slurp(r / "figures/jvb-table1-error.gp").find("set logscale y") != std::string::npos);
  const std::string heat_gp = slurp(r / "figures/gl2-stability-region.gp");
  CHECK(heat_gp.find("with image") != std::string::npos);
  CHECK(heat_gp.find("levels discrete 1") != std::string::npos);
  CHECK(heat_gp.find("|R(z)| = 1") != std::string::npos);
  CHECK(slurp(r / "figures/jvb-fig3_space-time.gp").find("with boxxyerror") != std::string::npos);
  // the |R| = 1 line of GL2 is the imaginary axis
  {
    std::istringstream in(slurp(r / "figures/gl2-stability-region_contour.dat"));
    std::string line;
    int n = 0;
    double worst = 0;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream ls(line);
      double x, y;
      if (ls >> x >> y) ++n, worst = std::max(worst, std::abs(x));
    }
    CHECK(n > 10);
    CHECK(worst < 0.05);
  }
  // the order records' own figures are still there
  CHECK_FALSE(image_of(r / "figures", "jvb-fig3_convergence").empty());
  CHECK_FALSE(image_of(r / "figures", "jvb-fig3-gl-xv_slopes").empty());
  CHECK_FALSE(fs::exists(r / "figures/jvb-table1_convergence.gp"));
  CHECK_FALSE(has_leftovers(d.path));
}

TEST_CASE("a malformed non-order record leaves no report behind", "[report]") {
  TempDir d;
  write_good_studies(d.path);
  write_kinds(d.path);
  std::string expect = "jvb-table1.json";
  json j = table_record();
  SECTION("unknown figure type") {
    j["figures"][1]["type"] = "piechart";
    expect = "jvb-table1-error";
  }
  SECTION("heatmap rows do not match y") {
    json a = analysis_record();
    a["figures"][0]["z"].erase(0);
    write_json(d.path / "studies/gl2-stability.json", a);
    expect = "gl2-stability-region";
  }
  SECTION("ragged table row") { j["tables"][0]["rows"][0].erase(0); }
  SECTION("series x and y differ") { j["figures"][0]["series"][0]["x"].erase(0); }
  SECTION("unknown series style") { j["figures"][0]["series"][0]["style"] = "bars"; }
  SECTION("bad color") { j["figures"][0]["series"][0]["color"] = "red'; system('rm -rf /')"; }
  SECTION("check value is an object") { j["checks"][0]["paper"] = json::object(); }
  SECTION("figure name collides with a study's files") { j["figures"][0]["name"] = "jvb-fig2-cn-xv_slopes"; }
  write_json(d.path / "studies/jvb-table1.json", j);
  try {
    write_report({d.path});
    FAIL("write_report did not throw");
  } catch (const std::runtime_error& ex) {
    INFO(ex.what());
    CHECK(std::string(ex.what()).find(expect) != std::string::npos);
    CHECK(std::string(ex.what()).find(".json") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(d.path / "report"));
  CHECK_FALSE(has_leftovers(d.path));
}

TEST_CASE("missing studies directory throws", "[report]") {
  TempDir d;
  fs::remove_all(d.path / "studies");
  CHECK_THROWS_AS(write_report({d.path}), std::runtime_error);
  CHECK_FALSE(fs::exists(d.path / "report"));
}
