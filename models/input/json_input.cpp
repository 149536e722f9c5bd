#include "models/input/json_input.hpp"

#include <new>
#include <stdexcept>

#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"

namespace granconv {

namespace {
struct TooDeep {};
}  // namespace

std::string nesting_message(std::size_t max_depth) {
  return "nested deeper than the limit of " + std::to_string(max_depth) + " levels";
}

nlohmann::json parse_json_limited(std::string_view text, const std::string& source, std::size_t max_depth) {
  using E = nlohmann::json::parse_event_t;
  std::size_t depth = 0;
  auto limit = [&](int, E event, nlohmann::json&) {
    if (event == E::object_start || event == E::array_start) {
      if (++depth > max_depth) throw TooDeep{};
    } else if (event == E::object_end || event == E::array_end) {
      --depth;
    }
    return true;
  };
  try {
    return nlohmann::json::parse(text, limit);
  } catch (const TooDeep&) {
    throw std::runtime_error(source + ": " + nesting_message(max_depth));
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(source + ": not valid JSON (truncated or damaged?): " + printable(e.what()));
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(source + ": out of memory while parsing it");
  }
}

nlohmann::json read_json_limited(const std::string& path, std::size_t max_bytes, const std::string& what) {
  const std::string text = read_regular_file(path, max_bytes, what);
  return parse_json_limited(text, what + " " + printable(path));
}

}  // namespace granconv
