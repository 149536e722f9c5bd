#include "reference/cache/extended_reference_cache.hpp"

#include "models/input/json_input.hpp"

#include "reference/cache/cache_file.hpp"

#include <boost/multiprecision/cpp_int.hpp>
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

// The exact words of a scalar, fixed-size, in native byte order (the key
// holds the Boost version; an entry is read back by the build that wrote it).
template <class S>
struct Words;

template <>
struct Words<DoubleDouble> {
  static constexpr const char* name = "double-double";
  static constexpr std::size_t bytes = 2 * sizeof(double);
  static void put(std::string& out, const DoubleDouble& x) {
    const double w[2] = {x.hi(), x.lo()};
    out.append(reinterpret_cast<const char*>(w), sizeof w);
  }
  static DoubleDouble get(const char* p) {
    double w[2];
    std::memcpy(w, p, sizeof w);
    return DoubleDouble(dd_real(w[0], w[1]));
  }
};

// cpp_bin_float_50 as it is held: significand limbs, exponent, sign (zero,
// infinity and NaN are exponent values of their own), so the round trip is exact.
template <>
struct Words<Mp50> {
  using Rep = Mp50::backend_type::rep_type;
  static constexpr std::size_t limbs = 3;
  static_assert(Mp50::backend_type::bit_count <= 64 * limbs, "three 64-bit limbs hold the significand");
  static constexpr const char* name = "cpp_bin_float_50";
  static constexpr std::size_t bytes = (limbs + 2) * sizeof(std::uint64_t);
  static void put(std::string& out, const Mp50& x) {
    std::vector<std::uint64_t> w;
    boost::multiprecision::export_bits(boost::multiprecision::number<Rep>(x.backend().bits()), std::back_inserter(w),
                                       64, false);
    w.resize(limbs, 0);  // least significant first, zero-padded
    w.push_back(static_cast<std::uint64_t>(static_cast<std::int64_t>(x.backend().exponent())));
    w.push_back(x.backend().sign() ? 1 : 0);
    out.append(reinterpret_cast<const char*>(w.data()), bytes);
  }
  static Mp50 get(const char* p) {
    std::uint64_t w[limbs + 2];
    std::memcpy(w, p, sizeof w);
    boost::multiprecision::number<Rep> bits;
    boost::multiprecision::import_bits(bits, w, w + limbs, 64, false);
    Mp50 x;
    x.backend().bits() = bits.backend();
    x.backend().exponent() = static_cast<Mp50::backend_type::exponent_type>(static_cast<std::int64_t>(w[limbs]));
    x.backend().sign() = w[limbs + 1] != 0;
    return x;
  }
};

std::string hex64(std::uint64_t v) { return fmt::format("{:016x}", v); }

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
json exact(double x) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  return json::array({fmt::format("{:.17g}", x), hex64(bits)});
}

template <class S>
json exact_array(const std::vector<S>& v) {
  json a = json::array();
  for (const auto& x : v) a.push_back(exact(x));
  return a;
}

template <class S>
json problem_key(const Problem<S>& problem) {
  json params = json::object();
  for (const auto& [k, v] : problem.params.values()) params[k] = exact(v);
  for (const auto& [k, c] : problem.params.choices()) params[k] = c.value;
  const auto& c = problem.chain;
  std::vector<S> y0(problem.y0.data(), problem.y0.data() + problem.y0.size());
  return {{"scenario", problem.scenario},
          {"params", params},
          {"chain", {{"m", exact_array(c.m)}, {"K", exact_array(c.K)}, {"k", exact_array(c.k)},
                     {"gamma", exact_array(c.gamma)}, {"four_beta", c.four_beta},
                     {"nontensile", c.nontensile}, {"twice_alpha", c.twice_alpha},
                     {"eps", exact(c.eps)}, {"drive", exact(c.drive)}, {"power_c", exact(c.power_c)},
                     {"power_q", exact(c.power_q)}, {"force", exact_array(c.force)}, {"wall", c.wall}}},
          {"y0", exact_array(y0)},
          {"t_end", exact(problem.t_end)}};
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

constexpr const char* kMagic = "granconv-extended-reference-cache";

std::string first_line(std::string_view rest) {
  return fmt::format("{} {} {}\n", kMagic, kExtendedReferenceCacheFormat, hex64(fnv1a64(rest.data(), rest.size())));
}

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
  auto bad = [&](CacheStatus s, const std::string& why) {
    status = s;
    const std::string line = "granconv: warning: extended reference cache entry " + file.string() + " is " +
                             (s == CacheStatus::stale ? "stale" : "corrupted") + " (" + why +
                             "); recomputing and replacing it";
    cache_file::warn_once(line, line);
    return std::nullopt;
  };
  const std::uint64_t payload_bytes = std::uint64_t(count) * static_cast<std::uint64_t>(dim) * scalar_bytes;
  cache_file::Read read =
      cache_file::read_entry(file, payload_bytes + key.size() + kHeaderAllowance, "extended reference cache entry");
  if (read.outcome == cache_file::Read::Outcome::absent) {
    status = CacheStatus::miss;
    return std::nullopt;
  }
  if (read.outcome == cache_file::Read::Outcome::damaged) return bad(CacheStatus::corrupted, read.why);
  // Nothing of the entry is used before the checksum over all of it matched.
  std::string& content = read.content;
  const auto eol = content.find('\n');
  if (eol == std::string::npos) return bad(CacheStatus::corrupted, "no header");
  const std::string magic = std::string(kMagic) + " ";
  if (content.compare(0, magic.size(), magic) != 0) return bad(CacheStatus::corrupted, "not a cache entry");
  const std::string_view rest = std::string_view(content).substr(eol + 1);  // no copy of a large payload
  if (content.compare(0, eol + 1, first_line(rest)) != 0) {
    const std::string this_format = magic + std::to_string(kExtendedReferenceCacheFormat) + " ";
    return content.compare(0, this_format.size(), this_format) != 0 ? bad(CacheStatus::stale, "another format")
                                                                      : bad(CacheStatus::corrupted, "checksum mismatch");
  }
  const auto header_end = rest.find('\n');
  if (header_end == std::string::npos) return bad(CacheStatus::corrupted, "no header");
  try {
    const json header = parse_json_limited(rest.substr(0, header_end), "extended reference cache entry header");
    if (header.at("key").get<std::string>() != key) return bad(CacheStatus::stale, "key mismatch");
    if (header.at("count").get<std::size_t>() != count || header.at("dim").get<int>() != dim ||
        header.at("scalar_bytes").get<std::size_t>() != scalar_bytes)
      return bad(CacheStatus::corrupted, "its shape does not match its key");
    if (rest.size() - header_end - 1 != payload_bytes)
      return bad(CacheStatus::corrupted, "payload size does not match the header");
    Entry e{Provenance::from_json(header.at("provenance")), {}};
    content.erase(0, eol + 1 + header_end + 1);  // the payload kept in place of a copy
    e.payload = std::move(content);
    status = CacheStatus::hit;
    return e;
  } catch (const json::exception& ex) {
    return bad(CacheStatus::corrupted, std::string("malformed header: ") + ex.what());
  }
}

void store_entry(const std::filesystem::path& dir, const std::filesystem::path& file, const std::string& key,
                 const Provenance& provenance, std::size_t count, int dim, std::size_t scalar_bytes,
                 const std::string& payload) {
  const json header = {{"format", kExtendedReferenceCacheFormat}, {"key", key},
                       {"provenance", provenance.to_json()},      {"count", count},
                       {"dim", dim},                              {"scalar_bytes", scalar_bytes}};
  const std::string rest = header.dump() + '\n' + payload;
  cache_file::write_entry(dir, file, first_line(rest) + rest, "extended reference cache entry");
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
