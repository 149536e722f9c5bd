#include "models/input/json_input.hpp"

#include <stdexcept>

#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"
#include "models/input/strict_json.hpp"

namespace granconv {

std::string nesting_message(std::size_t max_depth) {
  return "nested deeper than the limit of " + std::to_string(max_depth) + " levels";
}

// The one strict parser (strict_json.hpp) with the wording of a file granconv wrote.

nlohmann::json parse_json_limited(std::string_view text, const std::string& source, std::size_t max_depth) {
  using Kind = strict_json::ParseError::Kind;
  try {
    return strict_json::parse_document(text, {.max_depth = max_depth});
  } catch (const strict_json::ParseError& e) {
    switch (e.kind) {
      case Kind::too_deep: throw std::runtime_error(source + ": " + nesting_message(max_depth));
      case Kind::syntax:
        throw std::runtime_error(source + ": not valid JSON (truncated or damaged?): " + printable(e.detail));
      default: throw std::runtime_error(source + ": " + e.what());
    }
  }
}

nlohmann::json read_json_limited(const std::string& path, std::size_t max_bytes, const std::string& what) {
  const std::string text = read_regular_file(path, max_bytes, what);
  return parse_json_limited(text, what + " " + printable(path));
}

}  // namespace granconv
