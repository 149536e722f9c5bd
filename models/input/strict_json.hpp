#pragma once
// The one JSON parser of granconv: every JSON read from disk (scenario files,
// catalogues, tableaux, result records, summaries, cache headers) is parsed
// here, trusted for nothing. Nesting is limited while parsing (the DOM of a
// file nested 10^6 deep is never built, so nothing that walks it can run out
// of stack; the deepest file granconv ships or writes nests 7 levels), a key
// given twice in one object is refused (a parser would silently keep one of
// them), and so is a number that does not fit a double (1e400 would be
// infinity). Each failure names the field it is at, as a path
// "claims[3].tolerance"; the readers word their messages with it
// (json_input.hpp for the files granconv writes and reads back: records,
// summaries, catalogues, cache headers; strict_json::parse below for files a
// person writes; schemes/tableau_file.cpp, which keeps decimals exact).
#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/input/json_input.hpp"

namespace granconv::strict_json {

// "a.b[2]": the path of the field `key` (or element `index`) below `parent`.
inline std::string field(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}
inline std::string element(const std::string& parent, std::size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

struct Options {
  std::size_t max_depth = kMaxJsonDepth;
  // A number with a fraction or exponent is kept as its source text (exact
  // decimals: 0.1 is not 0.1000000000000000055…), as a one-key object that
  // decimal_text() recognises, so that it is still told apart from a string.
  bool exact_decimals = false;
};

// Why text was refused, and where: `path` is the field ("" for the document
// or when unknown), `detail` the parser's own words (what() has them for a
// syntax error only).
class ParseError : public std::runtime_error {
 public:
  enum class Kind { syntax, too_deep, key_twice, overflow, out_of_memory };
  ParseError(Kind kind, std::string path, std::string detail);
  Kind kind;
  std::string path, detail;
};

// Throws ParseError.
nlohmann::json parse_document(std::string_view text, const Options& options = {});

// With Options::exact_decimals: the source text of a number kept as such, else nullptr.
const std::string* decimal_text(const nlohmann::json& v);

// Files a person writes: every failure is one std::invalid_argument line
// "SOURCE: PATH: what".
[[noreturn]] void fail(const std::string& source, const std::string& path, const std::string& what);
// A regular file of at most max_bytes (models/input/regular_file.hpp).
std::string read_capped(const std::filesystem::path& file, std::size_t max_bytes);
nlohmann::json parse(std::string_view text, const std::string& source);
// Refuses a key of `object` not in `known`, naming the nearest known key.
void check_keys(const nlohmann::json& object, const std::vector<std::string>& known, const std::string& path,
                const std::string& source);

// "the string \"x\"", "the number 3", "a list", ...: a value named in a message.
std::string type_name(const nlohmann::json& v);

}  // namespace granconv::strict_json
