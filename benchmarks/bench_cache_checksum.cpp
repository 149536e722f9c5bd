// The reference cache's entry checksum against the byte-wise FNV-1a it
// replaced (format 3), over one entry-sized buffer, in one binary so that the
// ratio is read off one run. An entry is checked on every read (granconv
// solve on a long chain reads back hundreds of MB to GB).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "reference/cache/reference_cache.hpp"

namespace {

std::vector<unsigned char> entry_bytes(std::size_t n) {
  std::vector<unsigned char> v(n);
  std::uint64_t x = 0x9e3779b97f4a7c15ULL;  // any bytes: both hashes read every one
  for (auto& b : v) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    b = static_cast<unsigned char>(x);
  }
  return v;
}

template <class Hash>
void checksum(benchmark::State& state, Hash hash) {
  const auto bytes = entry_bytes(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(hash(bytes.data(), bytes.size()));
  state.SetBytesProcessed(state.iterations() * state.range(0));
}

void BM_checksum_fnv1a64(benchmark::State& s) {
  checksum(s, [](const void* p, std::size_t n) { return granconv::fnv1a64(p, n); });
}
void BM_checksum_xxh3(benchmark::State& s) {
  checksum(s, [](const void* p, std::size_t n) { return granconv::reference_cache_checksum(p, n); });
}

}  // namespace

BENCHMARK(BM_checksum_fnv1a64)->Arg(64 << 20);
BENCHMARK(BM_checksum_xxh3)->Arg(64 << 20);
BENCHMARK_MAIN();
