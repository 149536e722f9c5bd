#pragma once
// Every JSON that granconv reads from disk is parsed here or in
// strict_json.hpp, with a nesting limit enforced while parsing: the DOM of a
// file nested 10^6 deep is never built, so nothing that walks it (copying,
// comparing, dumping, checking) can run out of stack. The deepest file granconv
// ships or writes nests 7 levels.
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace granconv {

inline constexpr std::size_t kMaxJsonDepth = 64;

// Throws std::runtime_error "SOURCE: what" (one line) when the text is not
// JSON or nests deeper than max_depth.
nlohmann::json parse_json_limited(std::string_view text, const std::string& source,
                                  std::size_t max_depth = kMaxJsonDepth);

// The message for a nesting limit, shared by every reader.
std::string nesting_message(std::size_t max_depth);

// A regular file of at most max_bytes, parsed as above; WHAT names the kind of
// file in the message ("result record", "claim catalogue").
nlohmann::json read_json_limited(const std::string& path, std::size_t max_bytes, const std::string& what);

}  // namespace granconv
