// The distribution layer in one process (studies/support/distribution/): a
// cell's bytes give back every bit, and a distributed loop on threads applies
// every cell once, hands them out in the order given and rethrows the failure
// one process rethrows. (On MPI ranks: ctest -L mpi.)
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <stdexcept>

#include "studies/support/distribution/cell_bytes.hpp"
#include "studies/support/distribution/distributed_for.hpp"

using namespace granconv;

namespace {
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
}  // namespace

TEST_CASE("a cell's bytes give back doubles bit for bit, strings and JSON", "[distribution]") {
  const double nan_payload = std::bit_cast<double>(std::uint64_t{0x7ff800000000beefULL});
  const std::vector<double> values{0.1, -0.0, std::numeric_limits<double>::infinity(),
                                   std::numeric_limits<double>::denorm_min(), nan_payload, 1.0 / 3.0};
  const nlohmann::json j = {{"e", 1.0 / 3.0}, {"n", -7}, {"s", "x"}, {"bad", std::nan("")}};
  CellWriter w;
  w.put(values).put(std::string("Newton failed at h = 0.1")).put(j).put<std::uint8_t>(1).put(std::vector<std::string>{"a", ""});
  const std::string bytes = w.take();
  CellReader r(bytes);
  const auto back = r.get_doubles();
  REQUIRE(back.size() == values.size());
  for (std::size_t i = 0; i < values.size(); ++i) CHECK(same_bits(back[i], values[i]));
  CHECK(r.get_string() == "Newton failed at h = 0.1");
  const nlohmann::json jb = r.get_json();
  CHECK(same_bits(jb.at("e").get<double>(), 1.0 / 3.0));
  CHECK(jb.at("n").get<long>() == -7);
  CHECK(std::isnan(jb.at("bad").get<double>()));
  CHECK(r.get<std::uint8_t>() == 1);
  CHECK(r.get_strings() == std::vector<std::string>{"a", ""});
  // Past the end: an error, never a zero.
  CHECK_THROWS_WITH(r.get<double>(), Catch::Contains("shorter than its fields"));
  // A mangled count may not allocate beyond what the bytes could hold.
  CellWriter huge;
  huge.put<std::uint64_t>(std::uint64_t{1} << 60);
  const std::string h = huge.take();
  CHECK_THROWS_WITH(CellReader(h).get_doubles(), Catch::Contains("shorter than its fields"));
}

TEST_CASE("a distributed loop on threads applies every cell once, from its bytes", "[distribution]") {
  for (int jobs : {1, 3}) {
    const std::size_t n = 17;
    std::vector<double> out(n, 0);
    std::vector<int> applied(n, 0), arrived(n, 0);
    std::mutex order_mutex;
    std::vector<std::size_t> computed;
    DistributedLoop loop{.order = last_first(n), .jobs = jobs};
    loop.compute = [&](std::size_t i) {
      {
        std::lock_guard<std::mutex> lock(order_mutex);
        computed.push_back(i);
      }
      CellWriter w;
      w.put(std::sqrt(double(i)));
      return w.take();
    };
    loop.apply = [&](std::size_t i, std::string_view b) {
      out[i] = CellReader(b).get<double>();
      ++applied[i];
    };
    loop.arrived = [&](std::size_t i, std::string_view) { ++arrived[i]; };
    distributed_for(loop);
    for (std::size_t i = 0; i < n; ++i) {
      CHECK(same_bits(out[i], std::sqrt(double(i))));
      CHECK(applied[i] == 1);
      CHECK(arrived[i] == 1);
    }
    if (jobs == 1) CHECK(computed == last_first(n));  // handed out in the order given
  }
}

TEST_CASE("a distributed loop rethrows the first failure in its order, or by index", "[distribution]") {
  auto run = [](bool by_index) {
    DistributedLoop loop{.order = last_first(8), .jobs = 2, .first_failure_by_index = by_index};
    loop.compute = [](std::size_t i) -> std::string {
      if (i == 2 || i == 5) throw std::runtime_error("cell " + std::to_string(i) + " failed");
      return {};
    };
    loop.apply = [](std::size_t, std::string_view) {};
    distributed_for(loop);
  };
  CHECK_THROWS_WITH(run(false), "cell 5 failed");  // 5 comes before 2 in the order 7, 6, ..., 0
  CHECK_THROWS_WITH(run(true), "cell 2 failed");
}

TEST_CASE("work on the writer runs once in one process, its error rethrown as it was", "[distribution]") {
  int runs = 0;
  run_on_writer([&] { ++runs; });
  CHECK(runs == 1);
  CHECK_THROWS_AS(run_on_writer([] { throw std::invalid_argument("edited record"); }), std::invalid_argument);
}
