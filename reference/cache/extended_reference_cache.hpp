#pragma once
// On-disk cache of the extended-precision references (reference/extended/mp_reference.hpp):
// the RKF 7(8) states at a run's output times, and a problem's error estimate
// (mp_reference_error, double_double_reference_error), in DoubleDouble or Mp50.
// A 50-digit reference costs seconds to minutes and every run of the same
// problem (a claim and its negative twin, `validate --precision 50` run again)
// recomputes the same one: shared through the cache directory of the CVODE
// references (reference/cache/reference_cache.hpp), and built the same way.
//
// Key: canonical JSON of everything the result depends on: what is cached
// (states or error estimate), the scalar, the problem in that scalar (scenario,
// parameters, every chain array, initial state and final time, each value by
// its exact bits), the tolerance, the output times (count, first, last and a
// hash of their exact bits), the Boost version (odeint, cpp_bin_float), the
// cache format, and a digest of the sources that compute the reference
// (models/*.hpp, reference/extended/multiprecision_reference.hpp, reference/extended/mp_reference.*:
// GRANCONV_EXTENDED_REFERENCE_SOURCES, reference/CMakeLists.txt), so that a change
// of the integrator or of a contact law is a miss, never a stale answer.
// File name: 64-bit FNV-1a of the key in hex, ".xref".
// Entry: a first line "granconv-extended-reference-cache <format> <checksum>",
// a line of JSON {format, key, provenance, count, dim, scalar_bytes}, then the
// states' exact words (DoubleDouble: hi, lo; Mp50: its significand's three
// 64-bit limbs, exponent and sign). The checksum (FNV-1a 64 of everything after
// the first line) covers header and payload: a changed byte is a corrupted
// entry, recomputed and atomically replaced with a one-line warning, never
// trusted; so is anything but a regular file in the entry's place
// (reference/cache/cache_file.hpp). Writes go to a temporary file in the same directory, renamed into
// place (concurrent writers are safe, the last one wins). An exact solution
// (problem.exact) is sampled, never cached; an empty cache_dir means no cache.
#include <filesystem>
#include <string>
#include <vector>

#include "reference/extended/mp_reference.hpp"
#include "reference/cache/reference_cache.hpp"

namespace granconv {

inline constexpr int kExtendedReferenceCacheFormat = 1;

// mp_reference / double_double_reference through the cache.
MpReference cached_mp_reference(const Problem<Mp50>& problem, const std::vector<Mp50>& times,
                                const std::filesystem::path& cache_dir, double max_seconds = kDefaultReferenceBudget,
                                CacheStatus* status = nullptr);
ExtendedReference<DoubleDouble> cached_double_double_reference(const Problem<DoubleDouble>& problem,
                                                               const std::vector<DoubleDouble>& times,
                                                               const std::filesystem::path& cache_dir,
                                                               double max_seconds = kDefaultReferenceBudget,
                                                               CacheStatus* status = nullptr);

// mp_reference_error / double_double_reference_error through the cache (the
// provenance they set depends on the problem only, not on `jobs`).
void cached_mp_reference_error(const Problem<Mp50>& problem, Provenance& provenance,
                               const std::filesystem::path& cache_dir, double max_seconds = kDefaultReferenceBudget,
                               CacheStatus* status = nullptr);
void cached_double_double_reference_error(const Problem<DoubleDouble>& problem, const Problem<Mp50>& twin,
                                          Provenance& provenance, int jobs, const std::filesystem::path& cache_dir,
                                          double max_seconds = kDefaultReferenceBudget, CacheStatus* status = nullptr);

// The key of the states at `times` (compact JSON) and an entry's file name
// ("<16 hex>.xref"); for tests and tools.
std::string extended_reference_cache_key(const Problem<Mp50>& problem, const std::vector<Mp50>& times);
std::string extended_reference_cache_key(const Problem<DoubleDouble>& problem, const std::vector<DoubleDouble>& times);
std::string extended_reference_cache_file_name(const std::string& key);

}  // namespace granconv
