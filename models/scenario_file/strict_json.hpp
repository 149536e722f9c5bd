#pragma once
// JSON written by a person and read from disk, trusted for nothing: only a
// regular file of at most max_bytes is read (regular_file.hpp), nesting is
// limited while parsing (json_input.hpp), a key given twice in one object is refused (the
// parser would silently keep the last), and so is a number that does not fit
// a double (1e400 parses as infinity). Every failure is one line
// "SOURCE: PATH: what", PATH naming the field ("contacts[3].stiffness").
#include <cmath>
#include <cstddef>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/find_by_name.hpp"
#include "models/input/json_input.hpp"
#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"

#include <nlohmann/json.hpp>

namespace granconv::strict_json {

// "a.b[2]": the path of the field `key` (or element `index`) below `parent`.
inline std::string field(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}
inline std::string element(const std::string& parent, std::size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

[[noreturn]] inline void fail(const std::string& source, const std::string& path, const std::string& what) {
  throw std::invalid_argument(source + ": " + (path.empty() ? "" : path + ": ") + what);
}

inline std::string read_capped(const std::filesystem::path& file, std::size_t max_bytes) {
  RegularFileText r = try_read_regular_file(file, max_bytes);
  if (r.failure != ReadFailure::none) fail(printable(file.string()), "", r.cause);
  return std::move(r.text);
}

namespace detail {
// Where the parser is: one frame per open object or array.
struct Frame {
  bool array = false;
  std::size_t count = 0;  // elements begun (arrays)
  std::string key;        // the current key (objects)
  std::set<std::string> keys;
};
inline std::string path_of(const std::vector<Frame>& frames, std::size_t depth) {
  std::string p;
  for (std::size_t i = 0; i + 1 < depth && i + 1 < frames.size(); ++i)
    p = frames[i].array ? element(p, frames[i].count - 1) : field(p, frames[i].key);
  return p;
}
inline void check_finite(const nlohmann::json& j, const std::string& path, const std::string& source) {
  if (j.is_number_float() && !std::isfinite(j.get<double>())) fail(source, path, "must be a finite number");
  if (j.is_object())
    for (const auto& [k, v] : j.items()) check_finite(v, field(path, k), source);
  if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i) check_finite(j[i], element(path, i), source);
}
}  // namespace detail

inline nlohmann::json parse(const std::string& text, const std::string& source) {
  using E = nlohmann::json::parse_event_t;
  std::vector<detail::Frame> frames;
  auto begin_element = [&] {
    if (!frames.empty() && frames.back().array) ++frames.back().count;
  };
  struct TooDeep {};
  auto track = [&](int, E event, nlohmann::json& parsed) {
    switch (event) {
      case E::object_start:
      case E::array_start:
        if (frames.size() >= kMaxJsonDepth) throw TooDeep{};
        begin_element();
        frames.push_back({event == E::array_start, 0, {}, {}});
        break;
      case E::object_end:
      case E::array_end:
        frames.pop_back();
        break;
      case E::key: {
        const std::string k = parsed.get<std::string>();
        if (!frames.back().keys.insert(k).second)
          fail(source, printable(field(detail::path_of(frames, frames.size() + 1), k)), "key given twice");
        frames.back().key = k;
        break;
      }
      case E::value:
        begin_element();
        break;
    }
    return true;
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text, track);
  } catch (const TooDeep&) {
    fail(source, "", nesting_message(kMaxJsonDepth));
  } catch (const nlohmann::json::out_of_range& e) {
    if (e.id != 406 || frames.empty()) fail(source, "", std::string("not valid JSON: ") + e.what());
    // A number beyond a double (1e400): the frames still say where it was.
    const std::string at = detail::path_of(frames, frames.size() + 1);
    fail(source, frames.back().array ? element(at, frames.back().count) : field(at, frames.back().key),
         "must be a finite number (it overflows a double)");
  } catch (const nlohmann::json::exception& e) {
    fail(source, "", std::string("not valid JSON: ") + printable(e.what()));
  }
  detail::check_finite(j, "", source);
  return j;
}

// Refuses a key of `object` not in `known`, naming the nearest known key.
inline void check_keys(const nlohmann::json& object, const std::vector<std::string>& known, const std::string& path,
                       const std::string& source) {
  for (const auto& [k, v] : object.items()) {
    bool found = false;
    std::string nearest, all;
    std::size_t best = 4;  // suggest only what a typo or two away
    for (const auto& n : known) {
      found = found || n == k;
      all += (all.empty() ? "" : ", ") + n;
      if (const std::size_t d = edit_distance(k, n); d < best) best = d, nearest = n;
    }
    if (!found)
      fail(source, printable(field(path, k)),
           "unknown key" + (nearest.empty() ? " (known: " + all + ")" : " (did you mean '" + nearest + "'?)"));
  }
}

}  // namespace granconv::strict_json
