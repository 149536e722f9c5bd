// The validate API (studies/validate/validate.hpp): items 1–3 on the shipped tableau
// files against their textbook properties, and a scheme written in code (no
// tableau) through the whole battery — the example of docs/validate.md, verbatim.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "schemes/scheme_catalogue.hpp"
#include "schemes/tableau_file.hpp"
#include "reports/report.hpp"
#include "reports/atomic_file.hpp"
#include "reports/record_checksum.hpp"
#include "reports/pages/validation_page.hpp"
#include "studies/validate/validate.hpp"

using namespace granconv;

namespace {

const std::filesystem::path tableaux_dir = GRANCONV_TABLEAUX;

struct Analysis {
  nlohmann::json order, stability, modified;
};

Analysis analyse(const std::string& file) {
  const auto t = read_tableau_file_mp(tableaux_dir / file);
  const auto items = analyse_tableau(t, t.classical_order > 0 ? std::optional<int>(t.classical_order) : std::nullopt);
  REQUIRE(items.size() == 3);
  return {items[0].value, items[1].value, items[2].value};
}

}  // namespace

TEST_CASE("validate: GL2 has order 4 and is A-stable but not L-stable with r_inf = 1 and C11 = C21 = C22 = 0") {
  const auto a = analyse("gl2.json");
  CHECK(a.order["max_order"] == 4);
  CHECK(a.order["first_failing_condition"].get<std::string>().find("order 5") != std::string::npos);
  CHECK(a.stability["a_stable"] == true);
  CHECK(a.stability["l_stable"] == false);
  CHECK(a.stability["r_infinity"].get<double>() == Approx(1).margin(1e-12));
  CHECK(a.stability["linear_order"] == 4);
  CHECK(std::abs(a.modified["c11"].get<double>()) < 1e-30);
  CHECK(std::abs(a.modified["c21"].get<double>()) < 1e-30);
  CHECK(std::abs(a.modified["c22"].get<double>()) < 1e-30);
}

TEST_CASE("validate: Radau IIA (2 stages) has order 3 and is L-stable with r_inf = 0") {
  const auto a = analyse("radau2.json");
  CHECK(a.order["max_order"] == 3);
  CHECK(a.stability["a_stable"] == true);
  CHECK(a.stability["l_stable"] == true);
  CHECK(a.stability["r_infinity"].get<double>() == 0);
  CHECK(a.stability["poles"].size() == 2);
}

TEST_CASE("validate: CN has order 2 and is A-stable but not L-stable with r_inf = 1 and C21 = C22 = 1/6") {
  const auto a = analyse("cn.json");
  CHECK(a.order["max_order"] == 2);
  CHECK(a.stability["a_stable"] == true);
  CHECK(a.stability["l_stable"] == false);
  CHECK(a.stability["r_infinity"].get<double>() == Approx(1).margin(1e-12));
  CHECK(a.modified["c11"].get<double>() == 0);
  CHECK(a.modified["c21"].get<double>() == Approx(1.0 / 6));
  CHECK(a.modified["c22"].get<double>() == Approx(1.0 / 6));
  CHECK(a.modified["tailored_conditions_hold"] == false);
}

TEST_CASE("validate: RK4 has order 4 and is not A-stable and GL3 has order at least 6") {
  const auto a = analyse("rk4.json");
  CHECK(a.order["max_order"] == 4);
  CHECK(a.stability["a_stable"] == false);
  CHECK(a.stability["r_infinity"].is_null());
  CHECK(a.stability["r_infinity_unbounded"] == true);
  const auto g = analyse("gl3.json");
  CHECK(g.order["max_order"] == 6);
  CHECK(g.order["at_least"] == true);
  CHECK(g.stability["linear_order"] == 6);
}

TEST_CASE("validate: a claimed order that contradicts the trees fails item 1") {
  auto t = read_tableau_file_mp(tableaux_dir / "radau2.json");
  const auto items = analyse_tableau(t, 4);
  REQUIRE(items[0].pass.has_value());
  CHECK_FALSE(*items[0].pass);
  CHECK(items[0].verdict.find("CONTRADICTS") != std::string::npos);
  CHECK(*analyse_tableau(t, 3)[0].pass);
}

TEST_CASE("validate: a tableau in 16-digit decimals has its order to double precision, not exactly") {
  // GL2 typed as decimals: the conditions hold to ~1e-17 only, so the strict
  // order is 1; to double precision it is 4, and a claim of 4 stands.
  const auto t = parse_tableau_json_mp(R"({"name": "gl2-decimal", "order": 4,
      "A": [[0.25, -0.038675134594812866], [0.5386751345948129, 0.25]], "b": [0.5, 0.5]})");
  const auto items = analyse_tableau(t, 4);
  CHECK(items[0].value["max_order"] == 1);
  CHECK(items[0].value["max_order_to_double_precision"] == 4);
  REQUIRE(items[0].pass.has_value());
  CHECK(*items[0].pass);
  // A claim of 2 still contradicts both.
  const auto wrong = analyse_tableau(t, 2);
  CHECK_FALSE(*wrong[0].pass);
}

TEST_CASE("validate: a scheme written in code goes through the battery (docs/validate.md example)") {
  // --- docs/validate.md example (keep in sync with docs/validate.md, "A scheme written in code") ---
  granconv::SchemeUnderTest s{"my-verlet", granconv::make_scheme<double>("damped-verlet"), std::nullopt, 2};
  granconv::ValidateOptions opt;
  opt.jobs = 2;
  opt.work_precision = false;  // skip the CPU-time comparison (item 6)
  const granconv::ValidationResult r = granconv::validate_scheme(s, opt);
  std::cout << r.to_json()["items"][3]["verdict"] << '\n';  // item 4: observed smooth orders
  // --- end of docs/validate.md example ---
  REQUIRE(r.items.size() == 6);
  for (int k = 1; k <= 3; ++k) {
    CHECK_FALSE(r.item(k).applicable);
    CHECK(r.item(k).verdict == "not applicable: no tableau");
  }
  const auto j = r.to_json();
  CHECK(j["order_conditions_max_order"].is_null());
  CHECK(j["a_stable"].is_null());
  REQUIRE(r.item(4).pass.has_value());
  CHECK(*r.item(4).pass);
  CHECK(j["observed_order_smooth"].get<double>() == Approx(2).margin(0.2));
  CHECK(r.item(5).runs.size() == 4);
  CHECK_FALSE(r.item(6).applicable);
}

TEST_CASE("validate: a scheme that does not reach its claimed order fails item 4") {
  // Explicit Euler written by hand as a Scheme (order 1), claimed to be of order 2.
  Scheme<double> euler{"hand-euler", "explicit Euler (hand-written)", 1, {}};
  euler.run = [](const Chain<double>& chain, Formulation f, const Vec<double>& y0, const double& h, long n,
                 const Scheme<double>::Observer& obs, const ExactSolution<double>&) {
    const ChainSystem<double> sys(chain, f);
    Vec<double> y = sys.from_xv(y0), dy(y.size()), xv(y0.size());
    for (long k = 0; k < n; ++k) {
      sys.rhs(h * double(k), y, dy);
      y += h * dy;
      sys.to_xv(y, xv);
      obs(k + 1, xv);
    }
  };
  ValidateOptions opt;
  opt.jobs = 2;
  opt.contact_items = false;
  opt.oscillator_grid = {0.1, 1e-3, 6};
  opt.nobreak_grid = {0.05, 5e-4, 6};
  const auto bad = validate_scheme({"hand-euler", euler, std::nullopt, 2}, opt);
  REQUIRE(bad.item(4).pass.has_value());
  CHECK_FALSE(*bad.item(4).pass);
  CHECK_FALSE(bad.pass);
  const auto good = validate_scheme({"hand-euler", euler, std::nullopt, 1}, opt);
  CHECK(*good.item(4).pass);
  CHECK(good.pass);
}

TEST_CASE("validate: precision is 16 or 50, and 50 needs the exact tableau") {
  ValidateOptions opt;
  opt.jobs = 1;
  opt.precision = 33;
  const auto gl2 = scheme_under_test(read_tableau_file_mp(tableaux_dir / "gl2.json"));
  CHECK_THROWS_WITH(validate_scheme(gl2, opt), Catch::Contains("precision must be 16 (double) or 50"));
  // A scheme written in code has no 50-digit version to run.
  opt.precision = 50;
  const SchemeUnderTest coded{"my-verlet", make_scheme<double>("damped-verlet"), std::nullopt, 2};
  CHECK_THROWS_WITH(validate_scheme(coded, opt), Catch::Contains("precision 50 needs the scheme's exact tableau"));
}

TEST_CASE("validate: the page is written whole and the report index links it") {
  std::random_device rd;
  const auto dir = std::filesystem::temp_directory_path() / ("granconv-test-validate-" + std::to_string(rd()));
  ValidateOptions opt;
  opt.jobs = 2;
  opt.contact_items = false;  // items 1-4 are enough for the page's plumbing
  const auto r = validate_scheme(scheme_under_test(read_tableau_file_mp(tableaux_dir / "radau2.json")), opt);
  CHECK(r.pass);
  write_validation_page(r, dir / "validate");
  for (const char* f : {"radau2.json", "radau2.html", "radau2/stability_region.png", "radau2/smooth.svg"})
    CHECK(std::filesystem::exists(dir / "validate" / f));
  std::size_t entries = 0;  // no temporary directory left behind
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir / "validate")) ++entries;
  CHECK(entries == 3);
  std::ifstream in(dir / "validate" / "radau2.json");
  const auto j = nlohmann::json::parse(in);
  CHECK(j["order_conditions_max_order"] == 3);
  CHECK(j["l_stable"] == true);
  CHECK(j["observed_order_impact_xv"].is_null());  // contact items not run

  write_file_atomically(dir / "studies" / "x.json",
                        sealed_json_text(nlohmann::json::parse(
                            R"({"study": "x", "kind": "table", "title": "a record", "checks": [], "pass": true})")));
  write_report({dir});
  std::ifstream idx(dir / "report" / "index.html");
  std::stringstream text;
  text << idx.rdbuf();
  CHECK(text.str().find("Validated schemes") != std::string::npos);
  CHECK(text.str().find("href=\"../validate/radau2.html\"") != std::string::npos);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}
