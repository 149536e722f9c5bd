#include "reference/cache/extended_reference_cache.hpp"

#include "models/input/json_input.hpp"

#include "reference/cache/cache_entry.hpp"
#include "reference/cache/cache_file.hpp"
#include "reference/cache/cache_key.hpp"
#include "reference/extended/scalar_words.hpp"

#include <boost/version.hpp>
#include <fmt/core.h>

#include <cstdint>
#include <cstring>
#include <iterator>
#include <new>
#include <optional>
#include <stdexcept>
#include <string_view>

// A digest of the sources that compute an extended reference (reference/CMakeLists.txt).
#ifndef GRANCONV_EXTENDED_REFERENCE_SOURCES
#error "GRANCONV_EXTENDED_REFERENCE_SOURCES (a digest of the reference's sources) must be defined"
#endif

namespace granconv {

namespace {

using nlohmann::json;

using cache_key::hex64;

std::string hex_of(const std::string& bytes) {
  std::string s;
  s.reserve(2 * bytes.size());
  for (unsigned char c : bytes) s += fmt::format("{:02x}", c);
  return s;
}

// A scalar in the key: approximately (readable) and by its exact words.
template <class S>
json exact(const S& x) {
  std::string w;
  Words<S>::put(w, x);
  return json::array({fmt::format("{:.17g}", static_cast<double>(x)), hex_of(w)});
}
using cache_key::exact;

template <class S>
json problem_key(const Problem<S>& problem) {
  json key = json::object();
  cache_key::write_problem(key, problem, [](const S& x) { return exact(x); });
  return key;
}

template <class S>
json base_key(const char* what) {
  return {{"format", kExtendedReferenceCacheFormat},
          {"what", what},
          {"scalar", Words<S>::name},
          {"solver", "odeint-rkf78"},
          {"boost_version", BOOST_VERSION},
          {"sources", GRANCONV_EXTENDED_REFERENCE_SOURCES}};
}

template <class S>
const S& tolerance_of();
template <>
const DoubleDouble& tolerance_of<DoubleDouble>() { return double_double_reference_tolerance(); }
template <>
const Mp50& tolerance_of<Mp50>() { return mp_reference_tolerance(); }

template <class S>
std::string states_key(const Problem<S>& problem, const std::vector<S>& times) {
  std::string words;
  for (const auto& t : times) Words<S>::put(words, t);
  json key = base_key<S>("states");
  key["problem"] = problem_key(problem);
  key["tolerance"] = exact(tolerance_of<S>());
  key["times"] = {{"count", times.size()},
                  {"fnv1a64", hex64(fnv1a64(words.data(), words.size()))},
                  {"first", times.empty() ? json() : exact(times.front())},
                  {"last", times.empty() ? json() : exact(times.back())}};
  return key.dump();  // objects are key-sorted: canonical
}

std::uint64_t checksum(const void* data, std::size_t size) { return fnv1a64(data, size); }

constexpr cache_entry::Format kFormat{"granconv-extended-reference-cache", kExtendedReferenceCacheFormat, &checksum,
                                      "extended reference cache entry"};

struct Entry {
  Provenance provenance;
  std::string payload;  // count × dim scalars of scalar_bytes each
};

// An entry's bytes beyond its payload and key: the first line, the
// provenance (event times among it) and the shape.
constexpr std::uint64_t kHeaderAllowance = std::uint64_t(64) << 20;

// The entry of `file` when it is whole and holds `key`; else why not in `status`
// (miss, stale or corrupted, the last two with a one-line warning).
std::optional<Entry> load_entry(const std::filesystem::path& file, const std::string& key, std::size_t count, int dim,
                                std::size_t scalar_bytes, CacheStatus& status) {
  const std::uint64_t payload_bytes = std::uint64_t(count) * static_cast<std::uint64_t>(dim) * scalar_bytes;
  Provenance provenance;
  auto entry = cache_entry::load(
      file, key, payload_bytes + key.size() + kHeaderAllowance, kFormat, status,
      [&](const json& header, std::size_t bytes) -> cache_entry::Refusal {
        if (header.at("count").get<std::size_t>() != count || header.at("dim").get<int>() != dim ||
            header.at("scalar_bytes").get<std::size_t>() != scalar_bytes)
          return {{CacheStatus::corrupted, "its shape does not match its key"}};
        if (bytes != payload_bytes) return {{CacheStatus::corrupted, "payload size does not match the header"}};
        provenance = Provenance::from_json(header.at("provenance"));
        return std::nullopt;
      });
  if (!entry) return std::nullopt;
  entry->content.erase(0, entry->payload_offset);  // the payload kept in place of a copy
  return Entry{std::move(provenance), std::move(entry->content)};
}

void store_entry(const std::filesystem::path& dir, const std::filesystem::path& file, const std::string& key,
                 const Provenance& provenance, std::size_t count, int dim, std::size_t scalar_bytes,
                 const std::string& payload) {
  const json header = {{"format", kExtendedReferenceCacheFormat}, {"key", key},
                       {"provenance", provenance.to_json()},      {"count", count},
                       {"dim", dim},                              {"scalar_bytes", scalar_bytes}};
  cache_entry::store(dir, file, kFormat, header.dump() + '\n' + payload);
}

// `compute` on a miss (then stored; a cache that cannot be written is not
// fatal), the entry on a hit. `encode` / `decode` turn the result into the
// payload and back.
template <class Result, class Compute, class Encode, class Decode>
Result through_cache(const std::filesystem::path& cache_dir, const std::string& key, std::size_t count, int dim,
                     std::size_t scalar_bytes, CacheStatus* status, Compute compute, Encode encode, Decode decode) {
  CacheStatus st = CacheStatus::disabled;
  if (cache_dir.empty() || !cache_file::usable_directory(cache_dir)) {
    if (status) *status = st;
    return compute();
  }
  const std::filesystem::path file = cache_dir / extended_reference_cache_file_name(key);
  if (auto hit = load_entry(file, key, count, dim, scalar_bytes, st)) {
    if (status) *status = st;
    try {
      return decode(std::move(*hit));
    } catch (const std::bad_alloc&) {
      throw std::runtime_error(fmt::format(
          "out of memory loading extended reference cache entry {} ({} states of {} values)", file.string(), count, dim));
    }
  }
  Result r = compute();
  try {
    Entry e = encode(r);
    store_entry(cache_dir, file, key, e.provenance, count, dim, scalar_bytes, e.payload);  // warns on failure
  } catch (const std::runtime_error& ex) {  // a result that cannot be stored is not fatal
    cache_file::warn_once(ex.what(), std::string("granconv: warning: ") + ex.what() + "; continuing without caching");
  }
  if (status) *status = st;
  return r;
}

template <class S, class Compute>
ExtendedReference<S> cached_states(const Problem<S>& problem, const std::vector<S>& times,
                                   const std::filesystem::path& cache_dir, CacheStatus* status, Compute compute) {
  if (problem.exact) {  // sampling the exact solution is the reference: nothing to cache
    if (status) *status = CacheStatus::disabled;
    return compute();
  }
  const int dim = static_cast<int>(problem.y0.size());
  return through_cache<ExtendedReference<S>>(
      cache_dir, states_key(problem, times), times.size(), dim, Words<S>::bytes, status, compute,
      [&](const ExtendedReference<S>& r) {
        Entry e{r.provenance, {}};
        e.payload.reserve(times.size() * dim * Words<S>::bytes);
        for (const auto& x : r.states)
          for (int i = 0; i < x.size(); ++i) Words<S>::put(e.payload, x[i]);
        if (r.states.size() != times.size()) throw std::runtime_error("reference has fewer states than times");
        return e;
      },
      [&](Entry e) {
        ExtendedReference<S> r;
        r.provenance = std::move(e.provenance);
        r.states.reserve(times.size());
        const char* p = e.payload.data();
        for (std::size_t k = 0; k < times.size(); ++k) {
          Vec<S> x(dim);
          for (int i = 0; i < dim; ++i, p += Words<S>::bytes) x[i] = Words<S>::get(p);
          r.states.push_back(std::move(x));
        }
        return r;
      });
}

// An error estimate is a provenance and no payload.
template <class Compute>
void cached_error(const std::string& key, Provenance& provenance, const std::filesystem::path& cache_dir,
                  CacheStatus* status, Compute compute) {
  provenance = through_cache<Provenance>(
      cache_dir, key, 0, 0, 0, status, compute, [](const Provenance& p) { return Entry{p, {}}; },
      [](Entry e) { return std::move(e.provenance); });
}

}  // namespace

std::string extended_reference_cache_key(const Problem<Mp50>& problem, const std::vector<Mp50>& times) {
  return states_key(problem, times);
}
std::string extended_reference_cache_key(const Problem<DoubleDouble>& problem, const std::vector<DoubleDouble>& times) {
  return states_key(problem, times);
}

std::string extended_reference_cache_file_name(const std::string& key) {
  return hex64(fnv1a64(key.data(), key.size())) + ".xref";
}

MpReference cached_mp_reference(const Problem<Mp50>& problem, const std::vector<Mp50>& times,
                                const std::filesystem::path& cache_dir, double max_seconds, CacheStatus* status) {
  return cached_states(problem, times, cache_dir, status, [&] { return mp_reference(problem, times, max_seconds); });
}

ExtendedReference<DoubleDouble> cached_double_double_reference(const Problem<DoubleDouble>& problem,
                                                               const std::vector<DoubleDouble>& times,
                                                               const std::filesystem::path& cache_dir,
                                                               double max_seconds, CacheStatus* status) {
  return cached_states(problem, times, cache_dir, status,
                       [&] { return double_double_reference(problem, times, max_seconds); });
}

void cached_mp_reference_error(const Problem<Mp50>& problem, Provenance& provenance,
                               const std::filesystem::path& cache_dir, double max_seconds, CacheStatus* status) {
  if (problem.exact) {  // a few ulps, computed in no time
    if (status) *status = CacheStatus::disabled;
    return mp_reference_error(problem, provenance, max_seconds);
  }
  json key = base_key<Mp50>("error");
  key["problem"] = problem_key(problem);
  key["tolerance"] = exact(mp_reference_tolerance());
  cached_error(key.dump(), provenance, cache_dir, status, [&] {
    Provenance p;
    mp_reference_error(problem, p, max_seconds);
    return p;
  });
}

void cached_double_double_reference_error(const Problem<DoubleDouble>& problem, const Problem<Mp50>& twin,
                                          Provenance& provenance, int jobs, const std::filesystem::path& cache_dir,
                                          double max_seconds, CacheStatus* status) {
  if (problem.exact) {
    if (status) *status = CacheStatus::disabled;
    return double_double_reference_error(problem, twin, provenance, jobs, max_seconds);
  }
  json key = base_key<DoubleDouble>("error");
  key["problem"] = problem_key(problem);
  key["twin"] = problem_key(twin);
  key["tolerance"] = exact(double_double_reference_tolerance());
  key["twin_tolerance"] = exact(mp_reference_tolerance());
  cached_error(key.dump(), provenance, cache_dir, status, [&] {
    Provenance p;
    double_double_reference_error(problem, twin, p, jobs, max_seconds);
    return p;
  });
}

}  // namespace granconv
