// On-disk reference cache: round trip, keys, corruption and staleness.
#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <sys/stat.h>

#include <fstream>
#include <random>
#include <thread>

#include "reference/cache/reference_cache.hpp"
#include "tests/unit/test_fixtures.hpp"

using namespace granconv;
namespace fs = std::filesystem;

namespace {
using test::entries;
using TempDir = test::TempDir<"granconv-refcache-">;

void require_same(const ReferenceSolution& a, const ReferenceSolution& b) {
  REQUIRE(a.times == b.times);
  REQUIRE(a.states.size() == b.states.size());
  for (std::size_t i = 0; i < a.states.size(); ++i) REQUIRE(a.states[i] == b.states[i]);
  REQUIRE(a.provenance.to_json() == b.provenance.to_json());
}

}  // namespace

TEST_CASE("reference cache round trip", "[reference][cache]") {
  TempDir dir;
  const auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  ReferenceOptions opt;
  opt.estimate_error = false;
  const std::vector<double> times{0.0, 0.5, 1.0, 2.5, 2.5, 5.0};
  CacheStatus st{};
  const auto first = cached_reference(pr, times, opt, dir.path, &st);
  CHECK(st == CacheStatus::miss);
  const auto files = entries(dir.path);
  REQUIRE(files.size() == 1);  // no temporary left behind
  CHECK(files[0].filename().string() == reference_cache_file_name(reference_cache_key(pr, times, opt)));
  const auto second = cached_reference(pr, times, opt, dir.path, &st);
  CHECK(st == CacheStatus::hit);
  require_same(first, second);
  require_same(first, cvode_reference(pr, times, opt));
  cached_reference(pr, times, opt, fs::path(), &st);
  CHECK(st == CacheStatus::disabled);
}

TEST_CASE("reference cache key depends on everything that defines the reference", "[reference][cache]") {
  const auto pr = make_problem<double>("trimer-impact", std::vector<std::string>{});
  const std::vector<double> times{0.0, 1.0, 5.0};
  const ReferenceOptions opt;
  const std::string key = reference_cache_key(pr, times, opt);
  CHECK(key == reference_cache_key(pr, times, opt));
  CHECK(key != reference_cache_key(make_problem<double>("trimer-impact", std::vector<std::string>{"gamma=0.1000001"}),
                                   times, opt));
  CHECK(key != reference_cache_key(make_problem<double>("trimer-impact", std::vector<std::string>{"v=2"}), times, opt));
  auto pr2 = pr;
  pr2.chain.m[1] = std::nextafter(pr2.chain.m[1], 1.0);  // one ulp
  CHECK(key != reference_cache_key(pr2, times, opt));
  CHECK(key != reference_cache_key(pr, {0.0, 1.0, std::nextafter(5.0, 0.0)}, opt));
  ReferenceOptions o2 = opt;
  o2.rtol = 1e-12;
  CHECK(key != reference_cache_key(pr, times, o2));
  o2 = opt;
  o2.method = "bdf";
  CHECK(key != reference_cache_key(pr, times, o2));
  o2 = opt;
  o2.method = "adams";  // the scenario default: same reference
  CHECK(key == reference_cache_key(pr, times, o2));
  o2.rtol = 1e-12;
  CHECK(reference_cache_file_name(key) != reference_cache_file_name(reference_cache_key(pr, times, o2)));
  // ... and on the sources that compute it: a SHA-256 over models/* and
  // reference/sundials/* (reference/CMakeLists.txt), so that an edit is a miss.
  const auto j = nlohmann::json::parse(key);
  REQUIRE(j.contains("sources"));
  const std::string sources = j.at("sources").get<std::string>();
  CHECK(sources.size() == 64);
  CHECK(sources.find_first_not_of("0123456789abcdef") == std::string::npos);
}

TEST_CASE("reference cache detects corrupted and stale entries", "[reference][cache]") {
  TempDir dir;
  const auto pr = make_problem<double>("trimer-nobreak", std::vector<std::string>{});
  ReferenceOptions opt;
  opt.estimate_error = false;
  const std::vector<double> times{0.0, 0.25, 0.75, 1.5};
  CacheStatus st{};
  const auto fresh = cached_reference(pr, times, opt, dir.path, &st);
  REQUIRE(st == CacheStatus::miss);
  const fs::path file = dir.path / reference_cache_file_name(reference_cache_key(pr, times, opt));
  REQUIRE(fs::exists(file));

  SECTION("a flipped payload byte is detected and recomputed") {
    {
      std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
      f.seekg(-13, std::ios::end);
      char c = 0;
      f.read(&c, 1);
      c = static_cast<char>(c ^ 0x10);
      f.seekp(-13, std::ios::end);
      f.write(&c, 1);
    }
    const auto again = cached_reference(pr, times, opt, dir.path, &st);
    CHECK(st == CacheStatus::corrupted);
    require_same(fresh, again);
    cached_reference(pr, times, opt, dir.path, &st);
    CHECK(st == CacheStatus::hit);  // rewritten
  }
  SECTION("a truncated payload is detected and recomputed") {
    fs::resize_file(file, fs::file_size(file) - 8);
    const auto again = cached_reference(pr, times, opt, dir.path, &st);
    CHECK(st == CacheStatus::corrupted);
    require_same(fresh, again);
  }
  SECTION("a header with another key is stale and recomputed") {
    std::string content;
    {
      std::ifstream in(file, std::ios::binary);
      content.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    const auto pos = content.find("trimer-nobreak");
    REQUIRE(pos != std::string::npos);
    content.replace(pos, 14, "trimer-NObreak");
    // A consistent entry for another key (as a file-name collision would be):
    // the checksum matches, the key does not.
    const auto eol = content.find('\n');
    const std::string rest = content.substr(eol + 1);
    content = "granconv-reference-cache " + std::to_string(kReferenceCacheFormat) + " " +
              fmt::format("{:016x}", reference_cache_checksum(rest.data(), rest.size())) + "\n" + rest;
    {
      std::ofstream out(file, std::ios::binary | std::ios::trunc);
      out << content;
    }
    const auto again = cached_reference(pr, times, opt, dir.path, &st);
    CHECK(st == CacheStatus::stale);
    require_same(fresh, again);
    cached_reference(pr, times, opt, dir.path, &st);
    CHECK(st == CacheStatus::hit);
  }
}

// Issue 12: a changed digit of the header's error estimate once reversed a
// verdict. Every byte of an entry, changed one at a time, must be detected:
// the result is the fresh one and the entry is rewritten.
TEST_CASE("reference cache detects a changed byte at every position of an entry", "[reference][cache]") {
  TempDir dir;
  const auto pr = make_problem<double>("trimer-nobreak", std::vector<std::string>{});
  ReferenceOptions opt;
  opt.estimate_error = false;
  const std::vector<double> times{0.0, 1.5};
  CacheStatus st{};
  const auto fresh = cached_reference(pr, times, opt, dir.path, &st);
  const fs::path file = dir.path / reference_cache_file_name(reference_cache_key(pr, times, opt));
  std::string original;
  {
    std::ifstream in(file, std::ios::binary);
    original.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  REQUIRE(original.size() > 100);
  std::size_t undetected = 0, different = 0;
  for (std::size_t i = 0; i < original.size(); ++i) {
    std::string changed = original;
    changed[i] = static_cast<char>(changed[i] ^ 0x01);
    {
      std::ofstream out(file, std::ios::binary | std::ios::trunc);
      out << changed;
    }
    const auto got = cached_reference(pr, times, opt, dir.path, &st);
    if (st == CacheStatus::hit) ++undetected;
    if (got.times != fresh.times || got.states != fresh.states ||
        got.provenance.to_json() != fresh.provenance.to_json())
      ++different;
  }
  CHECK(undetected == 0);
  CHECK(different == 0);
  std::string rewritten;
  {
    std::ifstream in(file, std::ios::binary);
    rewritten.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  CHECK(rewritten == original);  // the last recompute replaced the damaged entry
  CHECK(entries(dir.path).size() == 1);
}

TEST_CASE("reference cache survives concurrent writers", "[reference][cache]") {
  TempDir dir;
  const auto pr = make_problem<double>("trimer-nobreak", std::vector<std::string>{});
  ReferenceOptions opt;
  opt.estimate_error = false;
  const std::vector<double> times{0.0, 0.5, 1.5};
  std::vector<ReferenceSolution> got(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < got.size(); ++i)
    threads.emplace_back([&, i] { got[i] = cached_reference(pr, times, opt, dir.path); });
  for (auto& t : threads) t.join();
  for (const auto& g : got) require_same(got[0], g);
  REQUIRE(entries(dir.path).size() == 1);  // one entry, no temporaries left
  CacheStatus st{};
  require_same(got[0], cached_reference(pr, times, opt, dir.path, &st));
  CHECK(st == CacheStatus::hit);
}

// Issue 33: what is in an entry's place is not trusted to be a file. A FIFO
// is opened without blocking (a blocking open waited for a writer forever), a
// directory is removed (rename cannot replace it), a path that cannot be
// opened and a file larger than the entry can be are not read: each is a
// damaged entry, recomputed and replaced on the same call.
TEST_CASE("reference cache: an entry's place holding no entry", "[reference][cache]") {
  TempDir dir;
  const auto pr = make_problem<double>("trimer-nobreak", std::vector<std::string>{});
  ReferenceOptions opt;
  opt.estimate_error = false;
  const std::vector<double> times{0.0, 0.75, 1.5};
  CacheStatus st{};
  const auto fresh = cached_reference(pr, times, opt, dir.path, &st);
  const fs::path file = dir.path / reference_cache_file_name(reference_cache_key(pr, times, opt));
  REQUIRE(fs::is_regular_file(file));
  auto in_place = [&](const std::string& what) {
    fs::remove_all(file);
    if (what == "fifo") REQUIRE(::mkfifo(file.c_str(), 0644) == 0);
    if (what == "directory") fs::create_directories(file / "inside");
    if (what == "link loop") fs::create_symlink(file, file);
    if (what == "oversized") {
      std::ofstream(file) << "granconv-reference-cache\n";
      fs::resize_file(file, std::uintmax_t(1) << 28);  // sparse, above the entry's bound: never read
    }
  };
  for (const std::string what : {"fifo", "directory", "link loop", "oversized"}) {
    INFO(what);
    in_place(what);
    require_same(fresh, cached_reference(pr, times, opt, dir.path, &st));
    CHECK(st == CacheStatus::corrupted);
    CHECK(fs::is_regular_file(fs::symlink_status(file)));
    cached_reference(pr, times, opt, dir.path, &st);
    CHECK(st == CacheStatus::hit);
  }
  CHECK(entries(dir.path).size() == 1);
  // A cache directory that is a file: no cache, and the file is left alone.
  const fs::path not_dir = dir.path / "not-a-directory";
  std::ofstream(not_dir) << "x";
  require_same(fresh, cached_reference(pr, times, opt, not_dir, &st));
  CHECK(st == CacheStatus::disabled);
  CHECK(fs::file_size(not_dir) == 1);
}
