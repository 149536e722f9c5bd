#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "reports/report.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace granconv;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::random_device rd;
    path = fs::temp_directory_path() / ("granconv-test-report-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(path / "studies");
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

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

void write_json(const fs::path& p, const json& j) { std::ofstream(p) << j.dump(1); }

void write_good_studies(const fs::path& dir) {
  write_json(dir / "studies/jvb-fig2-cn-xv.json", study("jvb-fig2-cn-xv", "jvb-fig2", "cn", "xv", 1.5, false, true));
  write_json(dir / "studies/jvb-fig2-gl-xw.json", study("jvb-fig2-gl-xw", "jvb-fig2", "gl", "xw", 2.5, true, false));
  write_json(dir / "studies/jvb-fig3-gl-xv.json", study("jvb-fig3-gl-xv", "jvb-fig3", "gl", "xv", 4.0, false, true));
}

bool has_leftovers(const fs::path& dir) {
  for (const auto& de : fs::directory_iterator(dir)) {
    const auto n = de.path().filename().string();
    if (n.rfind("report.tmp-", 0) == 0 || n.rfind("report.old-", 0) == 0) return true;
  }
  return false;
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
  for (const char* id : {"jvb-fig2-cn-xv", "jvb-fig2-gl-xw", "jvb-fig3-gl-xv"}) CHECK(idx.find(id) != std::string::npos);
  CHECK(idx.find(">PASS<") != std::string::npos);
  CHECK(idx.find(">FAIL<") != std::string::npos);
  CHECK(idx.find("CVODE 6.4.1") != std::string::npos);
  CHECK(idx.find("JVB 2020, fig. 2") != std::string::npos);
  const std::vector<std::string> stems{"jvb-fig2_convergence",     "jvb-fig3_convergence",
                                       "jvb-fig2-cn-xv_slopes",    "jvb-fig2-gl-xw_slopes",
                                       "jvb-fig3-gl-xv_slopes",    "jvb-fig2-cn-xv_trajectory"};
  for (const auto& s : stems) {
    INFO(s);
    for (const char* ext : {".svg", ".png", ".gp"}) {
      const fs::path p = r / "figures" / (s + ext);
      REQUIRE(fs::exists(p));
      CHECK(fs::file_size(p) > 0);
    }
    CHECK(idx.find("figures/" + s + ".png") != std::string::npos);
    CHECK(idx.find("figures/" + s + ".svg") != std::string::npos);
  }
  CHECK(fs::file_size(r / "figures/jvb-fig2-cn-xv.dat") > 0);
  const std::string png = slurp(r / "figures/jvb-fig2_convergence.png");
  CHECK(png.substr(1, 3) == "PNG");
  CHECK(slurp(r / "figures/jvb-fig2_convergence.svg").find("<svg") != std::string::npos);
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
  try {
    write_report({d.path});
    FAIL("write_report did not throw");
  } catch (const std::runtime_error& ex) {
    CHECK(std::string(ex.what()).find("broken.json") != std::string::npos);
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
  CHECK(fs::exists(d.path / "report/figures/jvb-fig2_convergence.png"));
  CHECK_FALSE(has_leftovers(d.path));
}

TEST_CASE("missing studies directory throws", "[report]") {
  TempDir d;
  fs::remove_all(d.path / "studies");
  CHECK_THROWS_AS(write_report({d.path}), std::runtime_error);
  CHECK_FALSE(fs::exists(d.path / "report"));
}
