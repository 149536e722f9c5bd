// validate on a scheme file of a family other than runge-kutta
// (studies/validate/validate.hpp, items 1–3 from SchemeFile's analyses), with
// a family made here by hand around Verlet so that the battery and
// its page are exercised whatever families are registered; and the
// second-order summary a tableau's item 2 gains.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "reports/pages/validation_page.hpp"
#include "schemes/families/scheme_file.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/validate/validate.hpp"

using namespace granconv;

namespace {

// Velocity Verlet on x'' + 2ζx' + x = 0 in its DEM form (the new force at the
// half-step velocity), state (x, v).
OscillatorStep<Mp50> verlet_oscillator() {
  OscillatorStep<Mp50> o;
  o.step = [](const Mp50& h, const Mp50& zeta, const std::vector<Mp50>& in, std::vector<Mp50>& out) {
    const auto force = [&](const Mp50& x, const Mp50& v) { return Mp50(-x - 2 * zeta * v); };
    const Mp50 half = in[1] + h / 2 * force(in[0], in[1]);
    const Mp50 x = in[0] + h * half;
    out = {x, half + h / 2 * force(x, half)};
  };
  return o;
}

SchemeFile verlet_file(std::optional<int> claimed) {
  SchemeFile f;
  f.family = "test-verlet";
  f.name = "test-verlet";
  f.source = "a test";
  f.claimed_order = claimed;
  f.explicit_method = true;
  // Damped Verlet runs the problems: velocity Verlet's DEM form drops to order
  // 1 with trimer-nobreak's dashpot, damped Verlet keeps 2 (schemes/dem_methods.hpp).
  f.make_double = [] { return make_scheme<double>("damped-verlet"); };
  f.make_mp50 = [] { return make_scheme<Mp50>("damped-verlet"); };
  f.order_conditions = [] {
    FamilyOrderReport r;
    r.theory = "conditions of a test family";
    r.max_order = 4;
    r.order = 2;
    r.first_failure = "e3 (order 3): residual 8.3e-02";
    r.rows = {{1, 1, 0, ""}, {2, 1, 0, ""}, {3, 2, 0.083, "e3"}, {4, 3, 0.05, "e4"}};
    return r;
  };
  f.structure = [] {
    StructureReport s;
    s.symplectic = {true, 0, "a test condition"};
    s.symmetric = {true, 0, "a test condition"};
    return s;
  };
  f.oscillator = verlet_oscillator();
  f.velocity_rule = "half-step";
  f.velocity_rule_note = "a test note";
  return f;
}

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("validate: items 1-3 of a scheme file come from the family's analyses") {
  ValidationResult curves;
  const auto items = analyse_scheme_file(verlet_file(2), 2, &curves);
  REQUIRE(items.size() == 3);
  CHECK(items[0].id == "order_conditions");
  REQUIRE(items[0].pass.has_value());
  CHECK(*items[0].pass);
  CHECK(items[0].value["max_order"] == 2);
  CHECK(items[0].value["rows"].size() == 4);
  CHECK(items[0].value["conditions_checked"] == 7);
  CHECK(items[0].value["first_failing_condition"] == "e3 (order 3): residual 8.3e-02");
  CHECK_FALSE(*analyse_scheme_file(verlet_file(3), 3)[0].pass);
  // Velocity Verlet: stable for Ω ≤ 2 on the undamped oscillator, ρ grows without bound beyond.
  const auto& st = items[1].value;
  CHECK(items[1].id == "stability");
  REQUIRE(st["stability_interval"].is_number());
  CHECK(st["stability_interval"].get<double>() == Approx(2).epsilon(1e-6));
  CHECK(st["rho_infinity_unbounded"] == true);
  CHECK(st["rho_infinity"].is_null());
  CHECK(st["damping_ratio_at_omega_0.1"].get<double>() == Approx(0).margin(1e-12));
  // Its period: cos Ω̄ = 1 − Ω²/2, so Ω̄ > Ω and T̄/T − 1 ≈ −Ω²/24 (shorter).
  CHECK(st["period_elongation_at_omega_0.1"].get<double>() == Approx(-0.01 / 24).epsilon(0.01));
  REQUIRE(curves.oscillator_curves.size() == 2);
  CHECK(curves.oscillator_curves[1].zeta == Approx(0.1));
  CHECK(curves.oscillator_curves[0].rho.size() == curves.oscillator_curves[0].omega_h.size());
  CHECK(items[2].id == "structure");
  CHECK(items[2].value["symplectic"]["holds"] == true);
  CHECK_FALSE(items[2].pass.has_value());
}

TEST_CASE("validate: a scheme file of another family goes through the battery and gets a readable page") {
  ValidateOptions opt;
  opt.jobs = 2;
  opt.contact_items = false;
  opt.oscillator_grid = {0.1, 1e-3, 6};
  opt.nobreak_grid = {0.05, 5e-4, 6};
  const SchemeUnderTest s = scheme_under_test(verlet_file(2));
  REQUIRE(s.file);
  REQUIRE(s.make_mp50);
  const ValidationResult r = validate_scheme(s, opt);
  CHECK(r.family == "test-verlet");
  for (int k = 1; k <= 3; ++k) CHECK(r.item(k).applicable);
  REQUIRE(r.item(4).pass.has_value());
  INFO(r.item(4).verdict);
  CHECK(*r.item(4).pass);  // the family's order 2 is the expected one
  CHECK(r.item(4).value["problems"][1]["expected_order"] == 2);
  const auto j = r.to_json();
  CHECK(j["family"] == "test-verlet");
  CHECK(j["symplectic"] == true);
  CHECK(j["velocity_rule"] == "half-step");
  CHECK(j["order_conditions_max_order"] == 2);

  std::random_device rd;
  const auto dir = std::filesystem::temp_directory_path() / ("granconv-test-validate-families-" + std::to_string(rd()));
  write_validation_page(r, dir / "validate");
  const auto page = read_text(dir / "validate" / "test-verlet.html");
  CHECK(page.find("<pre>") == std::string::npos);  // no raw JSON dumps
  CHECK(page.find("Conditions by order") != std::string::npos);
  CHECK(page.find("href=\"test-verlet.json\"") != std::string::npos);
  CHECK(page.find("stability interval") != std::string::npos);
  CHECK(page.find("Velocity-dependent forces") != std::string::npos);
  for (const char* fig : {"spectral_radius", "damping_ratio", "period_elongation", "smooth"}) {
    INFO(fig);
    CHECK((std::filesystem::exists(dir / "validate" / "test-verlet" / (std::string(fig) + ".svg")) ||
           std::filesystem::exists(dir / "validate" / "test-verlet" / (std::string(fig) + ".png"))));
    CHECK(page.find("id=\"fig-" + std::string(fig) + "\"") != std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("validate: a tableau's item 2 gains the oscillator summary beside R(z)") {
  ValidateOptions opt;
  opt.jobs = 2;
  opt.contact_items = false;
  for (const auto& [name, rho_inf] : {std::pair{"cn", 1.0}, {"radau2", 0.0}}) {
    INFO(name);
    const auto r = validate_scheme(scheme_under_test(shipped_tableau<Mp50>(name)), opt);
    const auto& o = r.item(2).value["second_order"];
    CHECK(o["rho_infinity"].get<double>() == Approx(rho_inf).margin(1e-9));
    CHECK(r.to_json()["rho_infinity"].get<double>() == Approx(rho_inf).margin(1e-9));
    CHECK_FALSE(o.contains("stability_interval"));  // implicit
    CHECK(r.item(1).value["rows"].size() == 6);
    CHECK(r.oscillator_curves.size() == 2);
    CHECK_FALSE(r.to_json().contains("family"));
  }
}
