// compare_with_reference streamed (the reference handed over while the scheme
// steps, nothing kept) against stored (both trajectories kept and compared at
// the end): the same numbers bit for bit, and the same provenance.
#include <catch2/catch.hpp>

#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "schemes/blow_up_guard.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/support/comparison.hpp"
#include "studies/support/reference_stream.hpp"

using namespace granconv;

namespace {

Comparison compare_in(ComparisonMode mode, const Problem<double>& pr, const Scheme<double>& scheme, double h) {
  ComparisonOptions co;
  co.mode = mode;
  co.reference.estimate_error = false;
  return compare_with_reference(pr, scheme, Formulation::xv, h, co);
}

// Identical doubles, not merely equal ones (0.0 and -0.0 differ here).
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void check_same(const Comparison& streamed, const Comparison& stored) {
  CHECK(streamed.streamed);
  CHECK_FALSE(stored.streamed);
  CHECK(streamed.steps == stored.steps);
  CHECK(same_bits(streamed.max_error_x, stored.max_error_x));
  CHECK(same_bits(streamed.max_error_v, stored.max_error_v));
  CHECK(same_bits(streamed.ref_sup_x, stored.ref_sup_x));
  CHECK(same_bits(streamed.ref_sup_v, stored.ref_sup_v));
  CHECK(same_bits(streamed.final_error, stored.final_error));
  REQUIRE(streamed.final_xv.size() == stored.final_xv.size());
  for (Eigen::Index i = 0; i < stored.final_xv.size(); ++i) CHECK(same_bits(streamed.final_xv[i], stored.final_xv[i]));
  CHECK(streamed.diverged == stored.diverged);
  CHECK(streamed.diverged_reason == stored.diverged_reason);
  CHECK(streamed.reference_provenance.dump() == stored.reference_provenance.dump());
}

}  // namespace

TEST_CASE("a streamed comparison gives the stored one's errors bit for bit (chain, CVODE)") {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=12", "t_end=4"});
  for (const char* name : {"leapfrog", "theta"})
    for (double h : {0.1, 0.02}) {
      INFO(name << " h = " << h);
      const auto scheme = make_scheme<double>(name, {});
      const auto stored = compare_in(ComparisonMode::stored, pr, scheme, h);
      const auto streamed = compare_in(ComparisonMode::streamed, pr, scheme, h);
      check_same(streamed, stored);
      CHECK(stored.max_error_x > 0);
    }
}

TEST_CASE("a streamed comparison gives the stored one's errors bit for bit (exact solution)") {
  const auto pr = make_problem<double>("forced-particle", std::vector<std::string>{});
  const auto scheme = make_scheme<double>("leapfrog", {});
  const double h = pr.t_end / 50;
  check_same(compare_in(ComparisonMode::streamed, pr, scheme, h), compare_in(ComparisonMode::stored, pr, scheme, h));
}

TEST_CASE("a streamed comparison of a diverged run records what the stored one does") {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=6", "t_end=2"});
  const auto leapfrog = make_scheme<double>("leapfrog", {});
  Scheme<double> failing = leapfrog;
  failing.run = [&](const Chain<double>& c, Formulation f, const Vec<double>& y0, const double& h, long n,
                    const Scheme<double>::Observer& obs, const ExactSolution<double>& exact) {
    leapfrog.run(c, f, y0, h, n,
                 [&](long k, const Vec<double>& xv) {
                   if (k == 7) throw DivergedError("diverged at step 7", k, double(k) * h);
                   obs(k, xv);
                 },
                 exact);
  };
  const auto streamed = compare_in(ComparisonMode::streamed, pr, failing, 0.05);
  const auto stored = compare_in(ComparisonMode::stored, pr, failing, 0.05);
  CHECK(streamed.diverged);
  CHECK(streamed.max_error_x == std::numeric_limits<double>::infinity());
  check_same(streamed, stored);
}

TEST_CASE("a streamed comparison is refused where nothing can stream") {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=4", "t_end=1"});
  const auto scheme = make_scheme<double>("leapfrog", {});
  ComparisonOptions co;
  co.mode = ComparisonMode::streamed;
  co.reference.estimate_error = true;  // the rerun needs the states
  CHECK_THROWS_AS(compare_with_reference(pr, scheme, Formulation::xv, 0.1, co), std::invalid_argument);
  co.reference.estimate_error = false;
  co.keep_states = true;
  CHECK_THROWS_AS(compare_with_reference(pr, scheme, Formulation::xv, 0.1, co), std::invalid_argument);
}

TEST_CASE("a reference stream left early stops its reference, and one slot or many give the same states") {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=5", "t_end=1"});
  ReferenceOptions ro;
  ro.estimate_error = false;
  const long n = 40;
  { ReferenceStream unused(pr, n, ro, 3); }  // never asked: the thread ends without running
  {
    ReferenceStream left(pr, n, ro, 3);
    left.at(0);
    left.at(4);  // a second turn; the stream is destroyed mid-run
  }
  ReferenceStream one(pr, n, ro, 1), many(pr, n, ro, reference_stream_slots(10, n));
  for (long k = 0; k <= n; ++k) {
    const Vec<double> a = one.at(k);
    const Vec<double>& b = many.at(k);
    REQUIRE(a.size() == b.size());
    for (Eigen::Index i = 0; i < a.size(); ++i) REQUIRE(same_bits(a[i], b[i]));
  }
  CHECK(one.finish().to_json().dump() == many.finish().to_json().dump());
  CHECK_THROWS_AS(ReferenceStream(pr, n, ro, 2).at(5), std::logic_error);  // beyond the ring: out of order
}
