#pragma once
// On-disk cache of reference solutions (CVODE, or ARKODE for method erk8).
//
// Key: canonical JSON of everything that defines the reference (solver,
// scenario, parameters, chain arrays, initial state, final time, tolerances,
// method, max_steps, error-estimate flag, SUNDIALS version, cache format version, a
// hash of the times array, and a digest of the sources that compute it
// (models/*, reference/sundials/*, this cache's .cpp: GRANCONV_REFERENCE_SOURCES
// in reference/CMakeLists.txt), so that a change of a solver's driver or of a
// contact law is a miss, never a stale answer. Entries of earlier sources are
// left in place, not pruned. File name: 64-bit FNV-1a of the key, in hex.
// Entry: a first line "granconv-reference-cache <format> <checksum>", one
// line of JSON header {format, key, provenance, count, dim}, then raw native
// doubles: the times, then the states. The checksum (XXH3-64 of everything
// after the first line) covers header and payload: any changed byte is
// detected (a warning, a recompute and an atomic replace), never trusted.
// Entries are written to a temporary file in the same directory and renamed
// into place, so concurrent writers are safe (last writer wins).
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "reference/sundials/cvode_reference.hpp"

namespace granconv {

// 4: the checksum is XXH3-64 (libxxhash), not a byte-wise FNV-1a, which took
// about 1 s per GB of entry: a third of `granconv solve` reading a long
// chain's reference back.
inline constexpr int kReferenceCacheFormat = 4;

enum class CacheStatus { disabled, hit, miss, stale, corrupted };
const char* to_string(CacheStatus s);

std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t h = 0xcbf29ce484222325ULL);
// The checksum on an entry's first line (XXH3-64).
std::uint64_t reference_cache_checksum(const void* data, std::size_t size);

// Canonical key (compact JSON text) and the entry's file name ("<16 hex>.ref").
std::string reference_cache_key(const Problem<double>& problem, const std::vector<double>& times,
                                 const ReferenceOptions& opt);
std::string reference_cache_file_name(const std::string& key);

// The reference of opt's method: erk_reference for "erk8" and "erk9", else cvode_reference.
ReferenceSolution compute_reference(const Problem<double>& problem, const std::vector<double>& times,
                                    const ReferenceOptions& opt);

// The reference from cache_dir when a valid entry exists, else computed with
// compute_reference and stored. Problems with an exact solution are sampled
// (exact_reference), never integrated or cached. An empty cache_dir means "no cache", and
// so does a cache_dir that is a file (with a warning). Stale (key mismatch) and
// corrupted entries (size, checksum, or no regular file in the entry's place:
// reference/cache/cache_file.hpp) are recomputed and replaced, with a one-line
// note on stderr, once per process and cause.
ReferenceSolution cached_reference(const Problem<double>& problem, const std::vector<double>& times,
                                   const ReferenceOptions& opt, const std::filesystem::path& cache_dir,
                                   CacheStatus* status = nullptr);

}  // namespace granconv
