#include "reference/cache/reference_cache.hpp"

#include "models/input/json_input.hpp"

#include "reference/cache/cache_file.hpp"

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

std::string hex64(std::uint64_t v) { return fmt::format("{:016x}", v); }

// A double as "%.17g" (readable) and its exact bits (unambiguous).
nlohmann::json exact(double x) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  return nlohmann::json::array({fmt::format("{:.17g}", x), hex64(bits)});
}

nlohmann::json exact_array(const double* p, std::size_t n) {
  nlohmann::json a = nlohmann::json::array();
  for (std::size_t i = 0; i < n; ++i) a.push_back(exact(p[i]));
  return a;
}
nlohmann::json exact_array(const std::vector<double>& v) { return exact_array(v.data(), v.size()); }

constexpr const char* kMagic = "granconv-reference-cache";

// The first line of an entry: magic, format and the checksum of everything
// after that line (the header with key, provenance and format, then the payload).
std::string first_line(const char* rest, std::size_t size) {
  return fmt::format("{} {} {}\n", kMagic, kReferenceCacheFormat, hex64(reference_cache_checksum(rest, size)));
}
std::string first_line(const std::string& rest) { return first_line(rest.data(), rest.size()); }

// An entry's bytes beyond its payload: the first line, the key, the
// provenance (up to sundials_chain::kMaxEvents event times) and the shape.
constexpr std::uint64_t kHeaderAllowance = std::uint64_t(64) << 20;

// The entry of `file` when it is whole and holds `key`; else why not in
// `status` (miss, stale or corrupted, the last two with a one-line warning).
// The whole file is read in one read: an entry holds every state of a run,
// hundreds of MB on long chains.
std::optional<ReferenceSolution> load_entry(const std::filesystem::path& file, const std::string& key, int dim,
                                            std::size_t count_expected, CacheStatus& status) {
  auto bad = [&](CacheStatus s, const std::string& why) {
    status = s;
    const std::string line = "granconv: warning: reference cache entry " + file.string() + " is " +
                             (s == CacheStatus::stale ? "stale" : "corrupted") + " (" + why +
                             "); recomputing and replacing it";
    cache_file::warn_once(line, line);
    return std::nullopt;
  };
  const std::uint64_t payload_bytes_expected =
      std::uint64_t(count_expected) * (1 + static_cast<std::uint64_t>(dim)) * sizeof(double);
  cache_file::Read read =
      cache_file::read_entry(file, payload_bytes_expected + key.size() + kHeaderAllowance, "reference cache entry");
  if (read.outcome == cache_file::Read::Outcome::absent) {
    status = CacheStatus::miss;
    return std::nullopt;
  }
  if (read.outcome == cache_file::Read::Outcome::damaged) return bad(CacheStatus::corrupted, read.why);
  // Nothing of the entry is used before the checksum over all of it matched.
  const std::string& content = read.content;
  const auto eol = content.find('\n');
  if (eol == std::string::npos) return bad(CacheStatus::corrupted, "no header");
  // After the first line, read in place (no copy of the payload).
  const std::string_view rest(content.data() + eol + 1, content.size() - eol - 1);
  const std::string magic = std::string(kMagic) + " ";
  if (content.compare(0, magic.size(), magic) != 0) return bad(CacheStatus::corrupted, "not a cache entry");
  if (content.compare(0, eol + 1, first_line(rest.data(), rest.size())) != 0) {
    const bool other_format = content.compare(0, magic.size() + std::to_string(kReferenceCacheFormat).size() + 1,
                                              magic + std::to_string(kReferenceCacheFormat) + " ") != 0;
    return other_format ? bad(CacheStatus::stale, "another format") : bad(CacheStatus::corrupted, "checksum mismatch");
  }
  const auto header_end = rest.find('\n');
  if (header_end == std::string::npos) return bad(CacheStatus::corrupted, "no header");
  nlohmann::json header;
  try {
    header = parse_json_limited(rest.substr(0, header_end), "reference cache entry header");
  } catch (const std::exception&) {
    return bad(CacheStatus::corrupted, "unreadable header");
  }
  try {
    if (header.at("format").get<int>() != kReferenceCacheFormat) return bad(CacheStatus::stale, "another format");
    if (header.at("key").get<std::string>() != key) return bad(CacheStatus::stale, "key mismatch");
    const auto count = header.at("count").get<std::size_t>();
    if (header.at("dim").get<int>() != dim) return bad(CacheStatus::stale, "state dimension mismatch");
    // The sizes the header claims are checked against the bytes read before
    // anything is allocated for them.
    const std::size_t payload_bytes = rest.size() - header_end - 1;
    if (count != count_expected || payload_bytes != count * (1 + static_cast<std::size_t>(dim)) * sizeof(double))
      return bad(CacheStatus::corrupted, "payload size does not match the header");
    // memcpy: the payload's doubles need not be aligned in the string.
    const char* payload = rest.data() + header_end + 1;
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
    sol.provenance = Provenance::from_json(header.at("provenance"));
    status = CacheStatus::hit;
    return sol;
  } catch (const nlohmann::json::exception& e) {
    return bad(CacheStatus::corrupted, std::string("malformed header: ") + e.what());
  }
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
  cache_file::write_entry(dir, file, first_line(rest) + rest, "reference cache entry");
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
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [k, v] : problem.params.values()) params[k] = exact(v);
  for (const auto& [k, c] : problem.params.choices()) params[k] = c.value;
  const auto& c = problem.chain;
  const std::string method = resolved_reference_method(problem, opt);
  const nlohmann::json key = {
      {"format", kReferenceCacheFormat},
      {"solver", is_explicit_reference_method(method) ? "ARKODE" : "CVODE"},
      {"sundials_version", SUNDIALS_VERSION},
      {"sources", GRANCONV_REFERENCE_SOURCES},
      {"scenario", problem.scenario},
      {"params", params},
      {"chain", {{"m", exact_array(c.m)}, {"K", exact_array(c.K)}, {"k", exact_array(c.k)},
                 {"gamma", exact_array(c.gamma)}, {"four_beta", c.four_beta},
                 {"nontensile", c.nontensile},
                 {"twice_alpha", c.twice_alpha}, {"eps", exact(c.eps)}, {"drive", exact(c.drive)},
                 {"power_c", exact(c.power_c)}, {"power_q", exact(c.power_q)},
                 {"force", exact_array(c.force)}, {"wall", c.wall}}},
      {"y0", exact_array(problem.y0.data(), static_cast<std::size_t>(problem.y0.size()))},
      {"t_end", exact(problem.t_end)},
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
