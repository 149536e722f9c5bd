// CVODE reference: conservation, contact events, touching chains at rest,
// input validation and error reporting.
#include <catch2/catch.hpp>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>
#include <iostream>

#include "reference/sundials/cvode_reference.hpp"
#include "reference/sundials/erk_reference.hpp"
#include "reference/cache/reference_cache.hpp"
#include "reference/sundials/rerun_beside.hpp"
#include "tests/unit/test_fixtures.hpp"

using namespace granconv;

namespace {
constexpr auto uniform_grid = &test::uniform_times;
}  // namespace

TEST_CASE("CVODE reference conserves the energy of the Hertz trimer", "[reference][cvode]") {
  const auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{"gamma=0"});
  ReferenceOptions opt;
  opt.estimate_error = false;
  const auto times = uniform_grid(pr.t_end, 500);
  const auto ref = cvode_reference(pr, times, opt);
  REQUIRE(ref.states.size() == times.size());
  const double e0 = pr.chain.energy(pr.y0);
  double worst = 0;
  for (const auto& y : ref.states) worst = std::max(worst, std::abs(pr.chain.energy(y) - e0) / e0);
  std::cout << "[reference] Hertz trimer: max relative energy drift " << worst << " (" << ref.provenance.steps
            << " steps, " << ref.provenance.events << " events)\n";
  INFO("max relative energy drift " << worst);
  CHECK(worst < 1e-11);
  CHECK((ref.states.front() - pr.y0).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("CVODE reference locates the contact openings of the trimer impact", "[reference][cvode]") {
  const auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  ReferenceOptions opt;
  const auto ref = cvode_reference(pr, uniform_grid(pr.t_end, 100), opt);
  const auto& p = ref.provenance;
  std::cout << "[reference] trimer-impact: " << p.events << " events at";
  for (double t : p.event_times) std::cout << ' ' << t;
  std::cout << "; " << p.steps << " steps; error estimate " << p.error_estimate << " (" << p.error_estimate_method
            << ")\n";
  REQUIRE(p.events >= 1);
  REQUIRE(p.event_times.size() == static_cast<std::size_t>(p.events));
  // Just after at least one event a contact is open (negative gap).
  std::vector<double> after;
  for (double t : p.event_times)
    if (t + 1e-6 <= pr.t_end) after.push_back(t + 1e-6);
  REQUIRE(!after.empty());
  opt.estimate_error = false;
  const auto post = cvode_reference(pr, after, opt);
  int openings = 0;
  for (const auto& y : post.states)
    for (int j = 0; j + 1 < pr.chain.beads(); ++j) openings += pr.chain.gap(y, j) < 0;
  CHECK(openings >= 1);
  CHECK(p.solver == "CVODE");
  CHECK(p.method == "adams");
  CHECK(p.error_estimate > 0);
  CHECK(p.error_estimate < 1e-10);
  const auto back = Provenance::from_json(p.to_json());
  CHECK(back.to_json() == p.to_json());
}

TEST_CASE("CVODE reference runs the touching dimer without a root loop", "[reference][cvode]") {
  const auto pr = make_problem<double>("dimer", std::vector<std::string>{});
  ReferenceOptions opt;
  opt.estimate_error = false;
  const auto ref = cvode_reference(pr, uniform_grid(pr.t_end, 300), opt);
  const auto& p = ref.provenance;
  std::cout << "[reference] dimer (n = " << pr.chain.beads() << "): " << p.events << " events, " << p.steps
            << " steps\n";
  CHECK(p.events >= 1);
  CHECK(p.events < 10 * pr.chain.beads());
  // No root loop and no pair of round-off roots: events are separated in time.
  for (std::size_t i = 1; i < p.event_times.size(); ++i) CHECK(p.event_times[i] - p.event_times[i - 1] > 1e-9);
  // Momentum is conserved (free chain, no walls).
  auto momentum = [&](const Vec<double>& y) {
    double m = 0;
    for (int i = 0; i < pr.chain.beads(); ++i) m += pr.chain.m[i] * y[2 * i + 1];
    return m;
  };
  CHECK(std::abs(momentum(ref.states.back()) - momentum(pr.y0)) < 1e-11);
}

TEST_CASE("CVODE reference validates its input", "[reference][cvode]") {
  const auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  ReferenceOptions opt;
  opt.estimate_error = false;
  CHECK_THROWS_AS(cvode_reference(pr, {0.0, 2.0, 1.0}, opt), std::invalid_argument);
  CHECK_THROWS_AS(cvode_reference(pr, {0.0, pr.t_end + 1e-9}, opt), std::invalid_argument);
  CHECK_THROWS_AS(cvode_reference(pr, {-1.0, 1.0}, opt), std::invalid_argument);
  CHECK_THROWS_AS(cvode_reference(pr, {}, opt), std::invalid_argument);
  opt.method = "euler";
  CHECK_THROWS_AS(cvode_reference(pr, {1.0}, opt), std::invalid_argument);
  // Duplicates and t = 0, t = t_end are fine.
  opt.method = "bdf";
  const auto ref = cvode_reference(pr, {0.0, 0.0, 1.0, 1.0, pr.t_end, pr.t_end}, opt);
  REQUIRE(ref.states.size() == 6);
  CHECK(ref.states[2] == ref.states[3]);
  CHECK(ref.states[4] == ref.states[5]);
}

TEST_CASE("CVODE failures throw with the flag name and the time", "[reference][cvode]") {
  const auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  ReferenceOptions opt;
  opt.estimate_error = false;
  opt.max_steps = 10;
  try {
    cvode_reference(pr, {pr.t_end}, opt);
    FAIL("expected a CVODE failure");
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("CV_TOO_MUCH_WORK") != std::string::npos);
    CHECK(what.find("t = ") != std::string::npos);
  }
}

// Issue 12: negative damping (refused by make_problem, forced here) pumps
// energy in without bound; CVODE used to grind on for minutes.
TEST_CASE("CVODE reference stops at the blow-up bound and at its wall-clock budget", "[reference][cvode]") {
  auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  for (auto& g : pr.chain.gamma) g = -1;
  ReferenceOptions opt;
  opt.estimate_error = false;
  CHECK_THROWS_WITH(cvode_reference(pr, {0.0, pr.t_end}, opt), Catch::Contains("blow-up bound"));
  const auto slow = make_problem<double>("chain", std::vector<std::string>{"n=1000", "t_end=1000000"});
  opt.max_seconds = 1e-9;  // used up at the first check (every 64 steps), on any machine
  CHECK_THROWS_WITH(cvode_reference(slow, {0.0, slow.t_end}, opt), Catch::Contains("wall-clock budget of 1e-09 s"));
  opt.max_seconds = std::nan("");
  CHECK_THROWS_AS(cvode_reference(pr, {0.0, 1.0}, opt), std::invalid_argument);
}

TEST_CASE("round-off sign flips of vanishing gaps ahead of a wave are not restart loops", "[reference]") {
  // These parameters once made CVODE return a root again and again ahead of
  // the solitary wave (gaps of ~1e-130 flipping sign) or refuse with
  // CV_ILL_INPUT ("root found at and very near t"): the gap root functions
  // now hold sub-1e-30 gaps at exactly zero.
  for (const char* gamma : {"gamma=0.006000000000000001", "gamma=0", "gamma=0.022", "gamma=0.028"}) {
    auto pr = granconv::make_problem<double>("dimer", std::vector<std::string>{gamma});
    granconv::ReferenceOptions opt;
    opt.estimate_error = false;
    opt.max_steps = 100000;  // a loop would exhaust this; ~13 000 steps are needed
    const auto ref = granconv::cvode_reference(pr, {0.0, 15.0, 30.0}, opt);
    INFO(gamma << ": " << ref.provenance.steps << " steps, " << ref.provenance.events << " events");
    CHECK(ref.provenance.steps < 100000);
    CHECK(ref.states.size() == 3);
  }
}

TEST_CASE("a gap that enters the dead band restarts CVODE instead of failing", "[reference][cvode]") {
  // SI units (radius 1 cm): at t = 2.0e-5 a gap ahead of the wave fell from
  // above 1e-30 into the dead band, its root function became exactly zero and
  // stayed there, and CVODE refused with CV_ILL_INPUT ("root found at and very
  // near t"). The solver now restarts there. The result is checked against
  // ARKODE's explicit order-8 reference, an independent method whose root
  // handling did not fail.
  const auto pr = make_problem<double>("lzb-monodisperse-20", std::vector<std::string>{});
  const auto times = uniform_grid(pr.t_end, 20);
  ReferenceOptions opt;
  opt.rtol = 1e-13;  // the command line's default tolerances, where it failed
  opt.atol = 1e-15;  // (at rtol 1e-15 no gap stops inside the band)
  const auto ref = cvode_reference(pr, times, opt);
  opt.method = kExplicitReferenceMethod;
  opt.estimate_error = false;
  const auto erk8 = erk_reference(pr, times, opt);
  double dx = 0, dv = 0;
  for (std::size_t k = 0; k < times.size(); ++k)
    for (int i = 0; i < pr.chain.beads(); ++i) {
      dx = std::max(dx, std::abs(ref.states[k][2 * i] - erk8.states[k][2 * i]));
      dv = std::max(dv, std::abs(ref.states[k][2 * i + 1] - erk8.states[k][2 * i + 1]));
    }
  std::cout << "[reference] lzb-monodisperse-20: " << ref.provenance.events << " events, "
            << ref.provenance.dead_band_restarts << " dead-band restarts, error estimate "
            << ref.provenance.error_estimate << "; max |CVODE - erk8| x " << dx << " m, v " << dv << " m/s\n";
  CHECK(ref.provenance.dead_band_restarts >= 1);  // the path this test is about was taken
  // Positions ~1e-4 m, speeds ~1 m/s; both references are good to ~1e-11
  // (a priori from their tolerances, rtol 1e-13): 1e-9 leaves room for
  // round-off and is a millionth of the speeds.
  CHECK(ref.provenance.error_estimate < 1e-9);
  CHECK(dx < 1e-12);
  CHECK(dv < 1e-9);
}

TEST_CASE("the reference resolves the force jumps of the linear spring-dashpot collision", "[reference]") {
  // m ξ'' + gn ξ' + kn ξ = 0 from ξ = 0, ξ' = v while ξ > 0: ξ = (v/ω_d) e^{−ζω₀t} sin ω_d t until
  // t_c = π/ω_d, then free flight at ξ'(t_c) = −v e^{−ζω₀ t_c}. The force jumps at both ends.
  const double m = 1, kn = 1, gn = 0.3, v = 1;
  const double w0 = std::sqrt(kn / m), zeta = gn / (2 * std::sqrt(kn * m)), wd = w0 * std::sqrt(1 - zeta * zeta);
  const double tc = M_PI / wd;
  const auto pr = make_problem<double>("binary", std::vector<std::string>{"law=spring-dashpot", "gn=0.3", "t_end=5"});
  std::vector<double> times;
  for (int i = 0; i <= 50; ++i) times.push_back(5.0 * i / 50);
  const auto ref = cvode_reference(pr, times);
  double worst = 0;
  for (std::size_t i = 0; i < times.size(); ++i) {
    const double t = times[i];
    const double exact =
        t < tc ? v / wd * std::exp(-zeta * w0 * t) * std::sin(wd * t) : -v * std::exp(-zeta * w0 * tc) * (t - tc);
    worst = std::max(worst, std::abs(ref.states[i][0] - ref.states[i][2] - exact));
  }
  INFO("max |ξ_ref − ξ_exact| = " << worst << ", contact ends at " << tc);
  CHECK(worst < 1e-12);
  REQUIRE(ref.provenance.event_times.size() >= 1);
  CHECK(ref.provenance.event_times.back() == Approx(tc).epsilon(1e-12));
}

TEST_CASE("problems with an exact solution use it as the reference", "[reference]") {
  const auto pr = make_problem<double>("forced-particle", std::vector<std::string>{});
  const auto ref = cached_reference(pr, {0.0, 0.5, 1.0}, {}, {});
  CHECK(ref.provenance.solver == "exact");
  CHECK(ref.states[2][0] == pr.exact(1.0)[0]);
  // and CVODE agrees with it
  const auto cv = cvode_reference(pr, {0.0, 0.5, 1.0});
  CHECK(std::abs(cv.states[2][0] - ref.states[2][0]) < 1e-13);
}

TEST_CASE("a chain against a wall is half of its mirror-symmetric chain", "[reference]") {
  // Beads 0, 1 hitting a wall ≡ beads 0, 1, 1', 0' with mirrored velocities: the
  // middle gap is 2 x_1, so the wall link carries 2^{3/2} k (the KK damping
  // scales the same way, with the same γ). Checks the wall link's force,
  // Jacobian and contact events through CVODE.
  const double k = 1, gamma = 0.2;
  Problem<double> wall{"chain", {}, {}, {}, 6.0, {}, {}, {}};
  wall.chain.m = {1.0, 0.8};
  wall.chain.K = {0.0, 0.0};
  wall.chain.k = {k, std::pow(2.0, 1.5) * k};
  wall.chain.gamma = {gamma, gamma};
  wall.chain.wall = true;
  wall.y0 = Vec<double>::Zero(4);
  wall.y0[1] = 1;
  Problem<double> mirror{"chain", {}, {}, {}, 6.0, {}, {}, {}};
  mirror.chain.m = {1.0, 0.8, 0.8, 1.0};
  mirror.chain.K = {0.0, 0.0, 0.0, 0.0};
  mirror.chain.k = {k, k, k};
  mirror.chain.gamma = {gamma, gamma, gamma};
  mirror.y0 = Vec<double>::Zero(8);
  mirror.y0[1] = 1;
  mirror.y0[7] = -1;
  std::vector<double> times;
  for (int i = 0; i <= 60; ++i) times.push_back(0.1 * i);
  const auto a = cvode_reference(wall, times), b = cvode_reference(mirror, times);
  double worst = 0;
  for (std::size_t i = 0; i < times.size(); ++i) worst = std::max(worst, (a.states[i] - b.states[i].head(4)).cwiseAbs().maxCoeff());
  INFO("max difference " << worst << "; wall events " << a.provenance.events);
  CHECK(worst < 1e-11);
  CHECK(a.provenance.events >= 2);  // the bead leaves the wall and the beads separate
}

// ReferenceOptions::threads = 2 runs the error estimate's solve beside the
// first solve (reference/sundials/rerun_beside.hpp): the same bits as one
// after the other, for CVODE (both methods) and ARKODE, with the rerun at
// rtol/10 and with what replaces it where the solver refuses rtol/10 (rtol
// 1e-15: CVODE's other method, ARKODE's CVODE Adams), and the same error
// when the budget ends the first solve.
TEST_CASE("the error estimate's solve beside the first solve gives the same bits", "[reference][cvode][arkode]") {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=20", "gamma=0.06", "t_end=20"});
  const auto times = uniform_grid(pr.t_end, 40);
  for (const double rtol : {1e-12, 1e-15})
    for (const char* method : {"adams", "bdf", kExplicitReferenceMethod, kExplicitReferenceMethod9}) {
      INFO(method << " at rtol " << rtol);
      ReferenceOptions opt;
      opt.rtol = rtol;
      opt.atol = rtol / 1000;
      opt.method = method;
      const auto one_after_other = compute_reference(pr, times, opt);
      opt.threads = 2;
      const auto side_by_side = compute_reference(pr, times, opt);
      REQUIRE(side_by_side.states.size() == times.size());
      for (std::size_t i = 0; i < times.size(); ++i) CHECK(side_by_side.states[i] == one_after_other.states[i]);
      const auto& how = side_by_side.provenance.error_estimate_method;
      CHECK((how.find("refused") != std::string::npos) == (rtol < 1e-14));  // the path this case is meant to take
      CHECK(side_by_side.provenance.error_estimate > 0);
      CHECK(side_by_side.provenance.to_json() == one_after_other.provenance.to_json());
    }
  const auto slow = make_problem<double>("chain", std::vector<std::string>{"n=1000", "t_end=1000000"});
  ReferenceOptions opt;
  opt.max_seconds = 1e-9;
  std::string one_after_other, side_by_side;
  try {
    cvode_reference(slow, {0.0, slow.t_end}, opt);
  } catch (const std::runtime_error& e) {
    one_after_other = e.what();
  }
  opt.threads = 2;
  try {
    cvode_reference(slow, {0.0, slow.t_end}, opt);
  } catch (const std::runtime_error& e) {
    side_by_side = e.what();
  }
  CHECK_THAT(one_after_other, Catch::Contains("wall-clock budget of 1e-09 s"));
  CHECK(side_by_side == one_after_other);
}

// When the first solve fails, the solve beside it is told to stop at its next
// check and the failure is reported at once, not after the estimate. The
// rival: an estimate left to finish (here it would spin for 30 s).
TEST_CASE("a failing first solve stops the estimate beside it", "[reference]") {
  using sundials_chain::RerunBeside;
  std::atomic<bool> stopped{false};
  const auto spin = [&](const std::atomic<bool>* stop) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    try {
      while (std::chrono::steady_clock::now() < until) sundials_chain::check_stop(stop);
    } catch (const sundials_chain::RerunAbandoned&) {
      stopped = true;
      throw;
    }
    return 1;
  };
  const auto started = std::chrono::steady_clock::now();
  try {
    RerunBeside<int> rerun(spin, true);
    throw std::runtime_error("the first solve failed");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "the first solve failed");
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  CHECK(stopped);
  CHECK(seconds < 10);
  // Beside: on a thread of its own; otherwise on the caller's. Its result and
  // its failure reach get() either way.
  for (const bool beside : {false, true}) {
    RerunBeside<std::thread::id> where([](const std::atomic<bool>*) { return std::this_thread::get_id(); }, beside);
    CHECK((where.get() != std::this_thread::get_id()) == beside);
    RerunBeside<int> refused([](const std::atomic<bool>*) -> int { throw std::domain_error("CV_TOO_MUCH_ACC"); },
                             beside);
    CHECK_THROWS_AS(refused.get(), std::domain_error);
  }
  // The CVODE driver polls the flag (as the ARKODE one does, beside the budget).
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=20", "t_end=20"});
  const std::atomic<bool> raised{true};
  ReferenceOptions opt;
  opt.estimate_error = false;
  CHECK_THROWS_AS(cvode_reference(pr, {0.0, pr.t_end}, opt, &raised), sundials_chain::RerunAbandoned);
  CHECK_NOTHROW(cvode_reference(pr, {0.0, pr.t_end}, opt, nullptr));
}
