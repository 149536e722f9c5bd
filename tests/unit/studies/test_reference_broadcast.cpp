// Runs of several step sizes reading one streamed reference side by side
// (studies/support/reference_broadcast.hpp, grid_errors_broadcast) against a
// stream each (grid_errors_streamed): the same errors bit for bit whatever
// the grouping and the number of threads computing; failures as a stream
// each gives them; the groups a sweep is cut into.
#include <catch2/catch.hpp>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "schemes/blow_up_guard.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/support/reference_broadcast.hpp"
#include "studies/support/streamed_grid_errors.hpp"

using namespace granconv;

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void check_same(const GridErrors& a, const GridErrors& b) {
  CHECK(same_bits(a.x, b.x));
  CHECK(same_bits(a.v, b.v));
  CHECK(a.diverged == b.diverged);
  CHECK(a.diverged_reason == b.diverged_reason);
}

ReferenceOptions no_estimate() {
  ReferenceOptions ro;
  ro.estimate_error = false;
  return ro;
}

// A scheme that diverges at step `at` of a run of `of` steps, leapfrog otherwise.
Scheme<double> diverging(long of, long at) {
  const auto leapfrog = make_scheme<double>("leapfrog", {});
  Scheme<double> s = leapfrog;
  s.run = [leapfrog, of, at](const Chain<double>& c, Formulation f, const Vec<double>& y0, const double& h, long n,
                             const Scheme<double>::Observer& obs, const ExactSolution<double>& exact) {
    leapfrog.run(c, f, y0, h, n,
                 [&](long k, const Vec<double>& xv) {
                   if (n == of && k == at) throw DivergedError("diverged on purpose", k, double(k) * h);
                   obs(k, xv);
                 },
                 exact);
  };
  return s;
}

}  // namespace

TEST_CASE("runs reading one reference stream get a stream each's errors bit for bit") {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=10", "t_end=3"});
  const std::vector<long> steps{30, 47, 64, 100, 150};
  for (const char* name : {"leapfrog", "gl2"}) {
    const auto scheme = make_scheme<double>(name, {});
    const Formulation f = std::string(name) == "gl2" ? Formulation::xw : Formulation::xv;
    std::vector<GridErrors> alone;
    for (long n : steps) alone.push_back(grid_errors_streamed(scheme, pr, f, n, no_estimate()));
    for (int running : {1, 2, 3}) {
      INFO(name << ", " << running << " computing");
      const auto together = grid_errors_broadcast(scheme, pr, f, steps, no_estimate(), running);
      REQUIRE(together.size() == steps.size());
      for (std::size_t j = 0; j < steps.size(); ++j) check_same(together[j], alone[j]);
      // Another grouping: the same numbers.
      const auto part = grid_errors_broadcast(scheme, pr, f, {steps[1], steps[3]}, no_estimate(), running);
      check_same(part[0], alone[1]);
      check_same(part[1], alone[3]);
      CHECK(alone[0].x > alone[4].x);
    }
  }
}

TEST_CASE("a diverged run among runs reading one stream is recorded as a stream of its own records it") {
  const auto pr = make_problem<double>("chain", std::vector<std::string>{"n=6", "t_end=2"});
  const std::vector<long> steps{20, 40, 80};
  const auto scheme = diverging(40, 7);
  const auto together = grid_errors_broadcast(scheme, pr, Formulation::xv, steps, no_estimate(), 2);
  for (std::size_t j = 0; j < steps.size(); ++j)
    check_same(together[j], grid_errors_streamed(scheme, pr, Formulation::xv, steps[j], no_estimate()));
  CHECK(together[1].diverged);
  CHECK_FALSE(together[0].diverged);
  // Every run diverged: the reference is stopped early, nothing fails.
  const auto all = grid_errors_broadcast(diverging(20, 3), pr, Formulation::xv, {20}, no_estimate(), 1);
  CHECK(all[0].diverged);
}

TEST_CASE("a reference failing mid-stream fails the runs that needed what it did not give") {
  const long count = 50;
  const Eigen::Index width = 4;
  const auto producer = [&](const ReferenceSink& sink) -> Provenance {
    for (long p = 0; p < count; ++p) {
      if (p == 30) throw std::runtime_error("the reference failed at state 30");
      sink(Vec<double>::Constant(width, double(p)));
    }
    return {};
  };
  std::vector<double> seen(3, -1);
  const auto reader_to = [&](std::size_t c, long last) {
    return [&, c, last](ReferenceBroadcast::Reader& r) {
      for (long u = 0; u <= last; u += 1 + long(c)) seen[c] = r.at(u)[0];
    };
  };
  for (int running : {1, 2, 4}) {
    INFO(running << " computing");
    const auto out = ReferenceBroadcast::run(producer, count, width, 3, running,
                                             {reader_to(0, 20), reader_to(1, 49), reader_to(2, 45)});
    CHECK(seen[0] == 20);
    CHECK_FALSE(out.failures[0]);
    REQUIRE(out.failures[1]);
    REQUIRE(out.failures[2]);
    CHECK_THROWS_WITH(std::rethrow_exception(out.failures[1]), "the reference failed at state 30");
    CHECK(seen[1] == 28);  // 0, 2, ..., 28: the last it was given
    CHECK(out.reference_failure);
  }
  // A reader asking out of order fails alone; the others go on.
  const auto out = ReferenceBroadcast::run(
      [&](const ReferenceSink& sink) {
        for (long p = 0; p < 10; ++p) sink(Vec<double>::Constant(width, double(p)));
        return Provenance{};
      },
      10, width, 2, 2,
      {[](ReferenceBroadcast::Reader& r) {
         r.at(5);
         r.at(4);
       },
       [&](ReferenceBroadcast::Reader& r) { seen[0] = r.at(9)[0]; }});
  CHECK_THROWS_AS(std::rethrow_exception(out.failures[0]), std::logic_error);
  CHECK_FALSE(out.failures[1]);
  CHECK(seen[0] == 9);
  CHECK_FALSE(out.reference_failure);
}

TEST_CASE("a sweep's step sizes are cut into contiguous groups within the memory of its jobs") {
  using Groups = std::vector<std::vector<std::size_t>>;
  CHECK(stream_groups(5, 10, 1) == Groups{{0, 1, 2, 3, 4}});
  CHECK(stream_groups(5, 2, 1) == Groups{{0, 1}, {2, 3}, {4}});
  CHECK(stream_groups(5, 10, 2) == Groups{{0, 1, 2}, {3, 4}});
  CHECK(stream_groups(2, 10, 3) == Groups{{0}, {1}});
  CHECK(stream_groups(0, 4, 1).empty());
  // At N = 1e5: about 152 MB of reference and 51 MB a run.
  CHECK(stream_group_size(1e5, 300e6) == 2);
  CHECK(stream_group_size(1e5, 600e6) == 8);
  CHECK(stream_group_size(1e7, 300e6) == 1);  // at least one, whatever the memory
  CHECK(stream_group_size(10, 300e6) == kMaxRunsPerStream);  // a thread a run: bounded
}

TEST_CASE("a tight ring read by many consumers at different strides: every state as written, the run ends") {
  // The producer and the consumers wake each other only when one could use
  // what changed (a state, a freed slot, a turn); which thread runs when
  // must not show in what any consumer reads, and a wrong slot would.
  const long count = 3000;
  const Eigen::Index width = 3;
  const auto producer = [&](const ReferenceSink& sink) -> Provenance {
    for (long p = 0; p < count; ++p) sink(Vec<double>::Constant(width, double(p)));
    return {};
  };
  for (std::size_t slots : {std::size_t(1), std::size_t(2), std::size_t(7)})
    for (int running : {1, 2, 3}) {
      INFO(slots << " slots, " << running << " computing");
      constexpr std::size_t kConsumers = 9;
      std::vector<long> sum(kConsumers, 0), expected(kConsumers, 0);
      std::vector<ReferenceBroadcast::Consumer> consumers;
      for (std::size_t c = 0; c < kConsumers; ++c) {
        const long stride = 1 + long(c) * long(c);
        for (long u = 0; u < count; u += stride) expected[c] += u;
        consumers.push_back([&, c, stride](ReferenceBroadcast::Reader& r) {
          for (long u = 0; u < count; u += stride) {
            const Vec<double>& x = r.at(u);
            if (x[0] != double(u) || x[width - 1] != double(u)) throw std::logic_error("a state not as written");
            sum[c] += u;
          }
        });
      }
      const auto out = ReferenceBroadcast::run(producer, count, width, slots, running, consumers);
      CHECK_FALSE(out.reference_failure);
      for (std::size_t c = 0; c < kConsumers; ++c) {
        CHECK_FALSE(out.failures[c]);
        CHECK(sum[c] == expected[c]);
      }
    }
}
