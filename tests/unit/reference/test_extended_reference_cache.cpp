// On-disk cache of the extended-precision references: exact round trip in
// both scalars, keys, corruption and staleness (reference/cache/extended_reference_cache.hpp).
#include <catch2/catch.hpp>
#include <sys/stat.h>

#include <fstream>
#include <limits>
#include <random>

#include "reference/cache/extended_reference_cache.hpp"
#include "tests/unit/test_fixtures.hpp"

using namespace granconv;
namespace fs = std::filesystem;

namespace {
using test::entries;
using TempDir = test::TempDir<"granconv-xrefcache-">;

// A short trimer run with a contact closing: a few hundred RKF 7(8) steps.
template <class S>
Problem<S> short_impact() {
  auto pr = make_problem<S>("trimer-impact", std::vector<std::string>{});
  pr.t_end = S(1) / 10;
  return pr;
}

template <class S>
std::vector<S> times_of(const Problem<S>& pr) {
  return {S(0), pr.t_end / 3, pr.t_end / 2, pr.t_end};
}

template <class S>
void require_same(const ExtendedReference<S>& a, const ExtendedReference<S>& b) {
  REQUIRE(a.states.size() == b.states.size());
  for (std::size_t i = 0; i < a.states.size(); ++i) {
    REQUIRE(a.states[i].size() == b.states[i].size());
    for (int k = 0; k < a.states[i].size(); ++k) REQUIRE(a.states[i][k] == b.states[i][k]);  // bit for bit
  }
  REQUIRE(a.provenance.to_json() == b.provenance.to_json());
}

// Flips one byte of the only entry in `dir`: at `offset` from its start, or from its end when negative.
void damage(const fs::path& dir, std::streamoff offset) {
  const auto files = entries(dir);
  REQUIRE(files.size() == 1);
  std::fstream f(files[0], std::ios::in | std::ios::out | std::ios::binary);
  const auto whence = offset < 0 ? std::ios::end : std::ios::beg;
  f.seekg(offset, whence);
  char c = 0;
  f.get(c);
  f.seekp(offset, whence);
  f.put(static_cast<char>(c ^ 0x5a));
}

template <class S, class Cached, class Direct>
void round_trip(Cached cached, Direct direct) {
  TempDir dir;
  const auto pr = short_impact<S>();
  const auto times = times_of(pr);
  CacheStatus st{};
  const auto first = cached(pr, times, dir.path, &st);
  CHECK(st == CacheStatus::miss);
  const auto files = entries(dir.path);
  REQUIRE(files.size() == 1);  // no temporary left behind
  CHECK(files[0].filename().string() == extended_reference_cache_file_name(extended_reference_cache_key(pr, times)));
  const auto second = cached(pr, times, dir.path, &st);
  CHECK(st == CacheStatus::hit);
  require_same(first, second);
  require_same(first, direct(pr, times));
  // A changed byte of the payload (the last state), of the JSON header (its
  // key) or of the first line: recomputed, the same, and replaced.
  const std::streamoff state_word = sizeof(double);
  for (std::streamoff offset : std::initializer_list<std::streamoff>{-1, -3 * state_word, 80, 10}) {
    damage(dir.path, offset);
    require_same(first, cached(pr, times, dir.path, &st));
    CHECK(st == CacheStatus::corrupted);
    cached(pr, times, dir.path, &st);
    CHECK(st == CacheStatus::hit);
  }
  // A truncated entry and one that is not an entry at all.
  fs::resize_file(entries(dir.path)[0], 40);
  require_same(first, cached(pr, times, dir.path, &st));
  CHECK(st == CacheStatus::corrupted);
  { std::ofstream(entries(dir.path)[0], std::ios::trunc) << "hello\n"; }
  cached(pr, times, dir.path, &st);
  CHECK(st == CacheStatus::corrupted);
  // Issue 33: a FIFO (opened without blocking), a directory (removed) or a
  // path that cannot be opened in the entry's place: recomputed and replaced.
  const fs::path entry = entries(dir.path)[0];
  for (const std::string what : {"fifo", "directory", "link loop"}) {
    INFO(what);
    fs::remove_all(entry);
    if (what == "fifo") REQUIRE(::mkfifo(entry.c_str(), 0644) == 0);
    if (what == "directory") fs::create_directories(entry / "inside");
    if (what == "link loop") fs::create_symlink(entry, entry);
    require_same(first, cached(pr, times, dir.path, &st));
    CHECK(st == CacheStatus::corrupted);
    CHECK(fs::is_regular_file(fs::symlink_status(entry)));
    cached(pr, times, dir.path, &st);
    CHECK(st == CacheStatus::hit);
  }
  // A cache directory that is a file: no cache.
  std::ofstream(dir.path / "not-a-directory") << "x";
  require_same(first, cached(pr, times, dir.path / "not-a-directory", &st));
  CHECK(st == CacheStatus::disabled);
  cached(pr, times, fs::path(), &st);
  CHECK(st == CacheStatus::disabled);
}
}  // namespace

TEST_CASE("extended reference cache: exact round trip in 50 digits", "[reference][cache][precision]") {
  round_trip<Mp50>(
      [](const auto& pr, const auto& t, const fs::path& d, CacheStatus* st) {
        return cached_mp_reference(pr, t, d, 60, st);
      },
      [](const auto& pr, const auto& t) { return mp_reference(pr, t); });
}

TEST_CASE("extended reference cache: exact round trip in double-double", "[reference][cache][precision]") {
  round_trip<DoubleDouble>(
      [](const auto& pr, const auto& t, const fs::path& d, CacheStatus* st) {
        return cached_double_double_reference(pr, t, d, 60, st);
      },
      [](const auto& pr, const auto& t) { return double_double_reference(pr, t); });
}

TEST_CASE("extended reference cache key depends on everything that defines the reference", "[reference][cache]") {
  const auto pr = short_impact<Mp50>();
  const auto times = times_of(pr);
  const std::string key = extended_reference_cache_key(pr, times);
  CHECK(key == extended_reference_cache_key(short_impact<Mp50>(), times_of(short_impact<Mp50>())));
  auto p2 = pr;
  p2.chain.m[1] *= 1 + std::numeric_limits<Mp50>::epsilon();  // one ulp of 50 digits, not seen in double
  CHECK(key != extended_reference_cache_key(p2, times));
  p2 = pr;
  p2.y0[1] += std::numeric_limits<Mp50>::epsilon();
  CHECK(key != extended_reference_cache_key(p2, times));
  p2 = pr;
  p2.chain.gamma[0] = Mp50(0);
  CHECK(key != extended_reference_cache_key(p2, times));
  auto t2 = times;
  t2[1] *= 1 + std::numeric_limits<Mp50>::epsilon();
  CHECK(key != extended_reference_cache_key(pr, t2));
  // The same problem in the other scalar is another entry.
  CHECK(extended_reference_cache_file_name(key) !=
        extended_reference_cache_file_name(
            extended_reference_cache_key(short_impact<DoubleDouble>(), times_of(short_impact<DoubleDouble>()))));
}

TEST_CASE("extended reference cache: error estimates", "[reference][cache][precision]") {
  TempDir dir;
  const auto pr = short_impact<Mp50>();
  CacheStatus st{};
  Provenance first, second, direct;
  cached_mp_reference_error(pr, first, dir.path, 60, &st);
  CHECK(st == CacheStatus::miss);
  cached_mp_reference_error(pr, second, dir.path, 60, &st);
  CHECK(st == CacheStatus::hit);
  mp_reference_error(pr, direct);
  CHECK(first.to_json() == second.to_json());
  CHECK(first.to_json() == direct.to_json());
  CHECK(first.error_estimate > 0);
  // Another problem is another entry.
  auto p2 = pr;
  p2.t_end = pr.t_end / 2;
  cached_mp_reference_error(p2, second, dir.path, 60, &st);
  CHECK(st == CacheStatus::miss);
  CHECK(entries(dir.path).size() == 2);
}
