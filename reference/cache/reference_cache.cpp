#include "reference/cache/reference_cache.hpp"

#include "models/input/json_input.hpp"

#include "reference/cache/cache_entry.hpp"
#include "reference/cache/cache_file.hpp"
#include "reference/cache/cache_key.hpp"

#include "reference/sundials/erk_reference.hpp"
#include "reference/exact_reference.hpp"

#include <fmt/core.h>
#include <sundials/sundials_config.h>
// Header-only (libxxhash-dev): nothing for the installed library's users to link.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstring>
#include <new>
#include <optional>
#include <stdexcept>
#include <string_view>

// A digest of the sources that compute a reference (reference/CMakeLists.txt).
#ifndef GRANCONV_REFERENCE_SOURCES
#error "GRANCONV_REFERENCE_SOURCES (a digest of the reference's sources) must be defined"
#endif

namespace granconv {

namespace {

using cache_key::exact;
using cache_key::hex64;

std::uint64_t checksum(const void* data, std::size_t size) { return reference_cache_checksum(data, size); }

constexpr cache_entry::Format kFormat{"granconv-reference-cache", kReferenceCacheFormat, &checksum,
                                      "reference cache entry"};

// An entry's bytes beyond its payload: the first line, the key, the
// provenance (up to sundials_chain::kMaxEvents event times) and the shape.
constexpr std::uint64_t kHeaderAllowance = std::uint64_t(64) << 20;

// The entry of `file` when it is whole and holds `key`; else why not in
// `status` (miss, stale or corrupted, the last two with a one-line warning).
// The whole file is read in one read: an entry holds every state of a run,
// hundreds of MB on long chains.
std::optional<ReferenceSolution> load_entry(const std::filesystem::path& file, const std::string& key, int dim,
                                            std::size_t count_expected, CacheStatus& status) {
  const std::uint64_t payload_bytes_expected =
      std::uint64_t(count_expected) * (1 + static_cast<std::uint64_t>(dim)) * sizeof(double);
  Provenance provenance;
  auto entry = cache_entry::load(
      file, key, payload_bytes_expected + key.size() + kHeaderAllowance, kFormat, status,
      [&](const nlohmann::json& header, std::size_t payload_bytes) -> cache_entry::Refusal {
        const auto count = header.at("count").get<std::size_t>();
        if (header.at("dim").get<int>() != dim) return {{CacheStatus::stale, "state dimension mismatch"}};
        // The sizes the header claims are checked against the bytes read before
        // anything is allocated for them.
        if (count != count_expected || payload_bytes != count * (1 + static_cast<std::size_t>(dim)) * sizeof(double))
          return {{CacheStatus::corrupted, "payload size does not match the header"}};
        provenance = Provenance::from_json(header.at("provenance"));
        return std::nullopt;
      });
  if (!entry) return std::nullopt;
  // memcpy: the payload's doubles need not be aligned in the string.
  const std::size_t count = count_expected;
  const char* payload = entry->content.data() + entry->payload_offset;
  ReferenceSolution sol;
  try {
    sol.times.resize(count);
    std::memcpy(sol.times.data(), payload, count * sizeof(double));
    sol.states.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      Vec<double>& state = sol.states.emplace_back(dim);
      std::memcpy(state.data(), payload + (count + i * static_cast<std::size_t>(dim)) * sizeof(double),
                  static_cast<std::size_t>(dim) * sizeof(double));
    }
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(fmt::format("out of memory loading reference cache entry {} ({} states of {} values)",
                                         file.string(), count, dim));
  }
  sol.provenance = std::move(provenance);
  return sol;
}

void store_entry(const std::filesystem::path& dir, const std::filesystem::path& file, const std::string& key,
                 const ReferenceSolution& sol) {
  const std::size_t count = sol.times.size();
  const int dim = count ? static_cast<int>(sol.states.front().size()) : 0;
  const nlohmann::json header = {{"format", kReferenceCacheFormat},
                                 {"key", key},
                                 {"provenance", sol.provenance.to_json()},
                                 {"count", count},
                                 {"dim", dim}};
  std::string rest = header.dump() + '\n';
  rest.reserve(rest.size() + count * (1 + static_cast<std::size_t>(dim)) * sizeof(double));
  rest.append(reinterpret_cast<const char*>(sol.times.data()), count * sizeof(double));
  for (const auto& s : sol.states)
    rest.append(reinterpret_cast<const char*>(s.data()), static_cast<std::size_t>(s.size()) * sizeof(double));
  cache_entry::store(dir, file, kFormat, rest);
}

}  // namespace

const char* to_string(CacheStatus s) {
  switch (s) {
    case CacheStatus::disabled: return "disabled";
    case CacheStatus::hit: return "hit";
    case CacheStatus::miss: return "miss";
    case CacheStatus::stale: return "stale";
    case CacheStatus::corrupted: return "corrupted";
  }
  return "?";
}

std::uint64_t reference_cache_checksum(const void* data, std::size_t size) { return XXH3_64bits(data, size); }

std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t h) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) {
    h ^= p[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string reference_cache_key(const Problem<double>& problem, const std::vector<double>& times,
                                const ReferenceOptions& opt) {
  const std::string method = resolved_reference_method(problem, opt);
  nlohmann::json key = {
      {"format", kReferenceCacheFormat},
      {"solver", is_explicit_reference_method(method) ? "ARKODE" : "CVODE"},
      {"sundials_version", SUNDIALS_VERSION},
      {"sources", GRANCONV_REFERENCE_SOURCES},
      {"rtol", exact(opt.rtol)},
      {"atol", exact(opt.atol)},
      {"method", method},
      {"nonlinear_solver", resolved_reference_nonlinear_solver(problem, opt)},
      {"max_steps", opt.max_steps},
      {"estimate_error", opt.estimate_error},
      {"times", {{"count", times.size()},
                 {"fnv1a64", hex64(fnv1a64(times.data(), times.size() * sizeof(double)))},
                 {"first", times.empty() ? nlohmann::json() : exact(times.front())},
                 {"last", times.empty() ? nlohmann::json() : exact(times.back())}}}};
  cache_key::write_problem(key, problem, [](double x) { return exact(x); });
  return key.dump();  // objects are key-sorted: canonical
}

std::string reference_cache_file_name(const std::string& key) {
  return hex64(fnv1a64(key.data(), key.size())) + ".ref";
}

ReferenceSolution compute_reference(const Problem<double>& problem, const std::vector<double>& times,
                                    const ReferenceOptions& opt) {
  return is_explicit_reference_method(resolved_reference_method(problem, opt)) ? erk_reference(problem, times, opt)
                                                                              : cvode_reference(problem, times, opt);
}

ReferenceSolution cached_reference(const Problem<double>& problem, const std::vector<double>& times,
                                   const ReferenceOptions& opt, const std::filesystem::path& cache_dir,
                                   CacheStatus* status) {
  CacheStatus st = CacheStatus::disabled;
  if (problem.exact) {  // nothing to cache: sampling the exact solution is the reference
    if (status) *status = st;
    return exact_reference(problem, times);
  }
  if (cache_dir.empty()) {
    if (status) *status = st;
    return compute_reference(problem, times, opt);
  }
  if (!cache_file::usable_directory(cache_dir)) {
    if (status) *status = st;
    return compute_reference(problem, times, opt);
  }
  const std::string key = reference_cache_key(problem, times, opt);
  const std::filesystem::path file = cache_dir / reference_cache_file_name(key);
  if (auto hit = load_entry(file, key, static_cast<int>(problem.y0.size()), times.size(), st)) {
    if (status) *status = st;
    return std::move(*hit);
  }
  ReferenceSolution sol = compute_reference(problem, times, opt);
  store_entry(cache_dir, file, key, sol);  // a cache that cannot be written is not fatal (a warning)
  if (status) *status = st;
  return sol;
}

}  // namespace granconv
