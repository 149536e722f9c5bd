// The checksum a result record and a results summary carry, so that a file
// damaged or edited after granconv wrote it is refused, never shown.
//
// A record stays readable JSON: its top-level field "checksum" holds
// "xxh3-64:<16 hex digits>", the reference cache's checksum (XXH3-64,
// reference/cache/reference_cache.hpp) of the record's compact dump without
// that field. The dump is canonical (keys sorted, numbers in their shortest
// round-trip form), so the checksum covers the content: re-indenting a record
// keeps it valid, any changed value does not.
//
// A record without a checksum (written by a granconv before records carried
// one) is refused like a damaged one, with its own message: rerun.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace granconv {

// "xxh3-64:<hex>" of `record` (an object) without its "checksum" field.
std::string record_checksum(const nlohmann::json& record);

// The text granconv writes for a record or a summary: with its checksum,
// indented by one, a final newline.
std::string sealed_json_text(nlohmann::json record);

// Throws std::runtime_error, one line "<what> <file>: ..." ending in `rerun`
// (what to run again), when `record` has no checksum or another one.
void verify_checksum(const nlohmann::json& record, const std::filesystem::path& file, const std::string& what,
                     const std::string& rerun);

}  // namespace granconv
