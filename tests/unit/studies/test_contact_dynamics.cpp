// Contact dynamics (schemes/contact_dynamics.hpp) and the cd-* claims' ability
// to fail; the damped-sine fit they use is tested in tests/unit/fit/.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "schemes/contact_dynamics.hpp"
#include "studies/core/catalogue.hpp"
#include "studies/core/claim_kinds.hpp"

using namespace granconv;

namespace {

cd::Chain1D e1_chain(int ni, std::uint64_t seed, cd::GapMode gap = cd::GapMode::positive) {
  std::vector<double> m(50, 1.0), x(50), v(50, 0.0), f(50, 0.0);
  for (int i = 0; i < 50; ++i) x[i] = 1.5 + i;
  f.back() = -0.05;
  cd::Parameters p;
  p.sweeps = ni;
  p.seed = seed;
  p.gap = gap;
  return cd::Chain1D(m, x, v, f, true, p);
}

// The claim `id` of the catalogue with some record fields replaced, run.
bool claim_passes(const std::string& id, const nlohmann::json& overrides) {
  nlohmann::json rec;
  for (const auto& f : catalogue_files(default_claims_file())) {
    std::ifstream in(f);
    const auto file = nlohmann::json::parse(in);
    for (const auto& c : file.at("claims"))
      if (c.at("id") == id) rec = c;
  }
  REQUIRE(!rec.is_null());
  for (const auto& [k, v] : overrides.items()) rec[k] = v;
  const auto file = std::filesystem::temp_directory_path() / ("granconv-cd-test-" + id + ".json");
  std::ofstream(file) << nlohmann::json{{"about", "test"}, {"claims", {rec}}}.dump();
  const auto claims = load_catalogue(file);
  std::filesystem::remove(file);
  StudyOptions opt;
  opt.jobs = 2;
  return run_claim(claims.front(), opt).pass;
}

}  // namespace

TEST_CASE("CD: one contact closes a gap in one step and stops in the next (e_n = 0)", "[cd]") {
  cd::Parameters p;
  p.dt = 0.1;
  p.sweeps = 1;
  cd::Chain1D ch({1.0, 3.0}, {0.0, 1.05}, {2.0, 0.0}, {}, false, p);
  ch.step();
  CHECK(std::abs(ch.gap(0)) < 1e-14);
  CHECK(ch.v()[1] - ch.v()[0] == Approx(-0.05 / 0.1).margin(1e-12));
  ch.step();
  CHECK(std::abs(ch.v()[1] - ch.v()[0]) < 1e-13);
  CHECK(1.0 * ch.v()[0] + 3.0 * ch.v()[1] == Approx(2.0).epsilon(1e-14));
}

TEST_CASE("CD: g_pos keeps an overlap, the raw gap removes it", "[cd]") {
  cd::Parameters p;
  p.sweeps = 1;
  cd::Chain1D a({1.0, 1.0}, {0.0, 0.9}, {0.0, 0.0}, {}, false, p);
  a.step();
  CHECK(a.gap(0) == Approx(-0.1));  // no approach: no force, overlap stays
  p.gap = cd::GapMode::raw;
  cd::Chain1D b({1.0, 1.0}, {0.0, 0.9}, {0.0, 0.0}, {}, false, p);
  b.step();
  CHECK(std::abs(b.gap(0)) < 1e-14);
  CHECK(b.kinetic_energy() > 0);  // the separation is paid for with kinetic energy
}

TEST_CASE("CD: a pressed chain converges to R = F with the tolerance rules (35), (36)", "[cd]") {
  for (auto rule : {cd::StopRule::local, cd::StopRule::global}) {
    cd::Parameters p;
    p.stop = rule;
    p.sweeps = 100000;
    p.eps = 1e-10;
    p.small_force = 1e-14;
    std::vector<double> x{0.5, 1.5, 2.5, 3.5, 4.5};
    cd::Chain1D ch(std::vector<double>(5, 1.0), x, std::vector<double>(5, 0.0), {0, 0, 0, 0, -1.0}, true, p);
    const auto st = ch.step();
    CHECK(st.converged);
    CHECK(st.sweeps > 1);
    for (double r : ch.forces()) CHECK(r == Approx(1.0).epsilon(1e-6));
    for (double v : ch.v()) CHECK(std::abs(v) < 1e-6);
  }
  cd::Parameters p;
  p.stop = cd::StopRule::local;
  p.sweeps = 3;
  p.eps = 1e-12;
  cd::Chain1D ch(std::vector<double>(5, 1.0), {0.5, 1.5, 2.5, 3.5, 4.5}, std::vector<double>(5, 0.0),
                 {0, 0, 0, 0, -1.0}, true, p);
  const auto st = ch.step();
  CHECK(!st.converged);
  CHECK(st.sweeps == 3);
}

TEST_CASE("CD: runs are reproducible per seed and differ between seeds", "[cd]") {
  auto a = e1_chain(40, 7), b = e1_chain(40, 7), c = e1_chain(40, 8);
  for (int k = 0; k < 120; ++k) {
    a.step();
    b.step();
    c.step();
  }
  CHECK(a.x() == b.x());
  CHECK(a.forces() == b.forces());
  CHECK(a.x() != c.x());
}

TEST_CASE("CD: bad input is rejected with a message", "[cd]") {
  cd::Parameters p;
  CHECK_THROWS_WITH(cd::Chain1D({1.0}, {0.5}, {0.0}, {}, false, p), Catch::Contains("two disks"));
  CHECK_THROWS_WITH(cd::Chain1D({1.0, -1.0}, {0.0, 1.0}, {0.0, 0.0}, {}, false, p), Catch::Contains("masses"));
  CHECK_THROWS_WITH(cd::Chain1D({1.0, 1.0}, {1.0, 0.0}, {0.0, 0.0}, {}, false, p), Catch::Contains("increasing"));
  CHECK_THROWS_WITH(cd::Chain1D({1.0}, {-0.5}, {0.0}, {}, true, p), Catch::Contains("wall"));
  CHECK_THROWS_WITH(cd::Chain1D({1.0, 1.0}, {0.0, 1.0}, {0.0}, {}, false, p), Catch::Contains("one entry per disk"));
  p.dt = 0;
  CHECK_THROWS_WITH(p.validate(), Catch::Contains("dt"));
  p.dt = 1;
  p.sweeps = 0;
  CHECK_THROWS_WITH(p.validate(), Catch::Contains("N_I"));
  CHECK_THROWS_WITH(cd::gap_mode_from_string("pos"), Catch::Contains("g_pos or raw"));
  CHECK_THROWS_WITH(cd::stop_rule_from_string("never"), Catch::Contains("fixed, local or global"));
}

TEST_CASE("CD: predictions (57)–(60) at the paper's E1", "[cd]") {
  CHECK(cd::q_random_sweep() == Approx(0.797).margin(5e-4));
  const auto s = cd::predict_sound(cd::q_random_sweep(), 40, M_PI / 100, 1, 1);
  CHECK(2 * M_PI / s.omega == Approx(35.55).margin(0.01));
  CHECK(s.tau == Approx(63.53).margin(0.01));
}

// The claims can fail: a perturbed input must flip each verdict.
TEST_CASE("cd claims fail when perturbed", "[cd][negative]") {
  CHECK(claim_passes("cd-shock-law", {}));
  CHECK_FALSE(claim_passes("cd-shock-law", {{"gap", "raw"}}));  // the overlap case is removed instead of kept
  CHECK_FALSE(claim_passes("cd-sound", {{"q", 0.5}}));          // the parallel-update q (45)
  // q = 0.9 lies within 6% of the default rival q = 1 (refused at load): q = 1/2 is its rival here.
  CHECK_FALSE(claim_passes("cd-sound", {{"n_i", {40, 80, 160}}, {"checked_n_i", {40}}, {"q", 0.9}, {"rival_q", 0.5}}));
  CHECK_FALSE(claim_passes("cd-raw-gap", {{"passive_gap", "raw"}, {"pumping_gap", "g_pos"}}));
  // 20% too stiff: ω is ~10% high (a stiffer chain bounces longer, so it also needs a later settle time).
  CHECK_FALSE(claim_passes("cd-equivalent-chain", {{"stiffness_factor", 1.2}, {"settle", 400}}));
}
