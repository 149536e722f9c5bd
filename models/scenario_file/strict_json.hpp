#pragma once
// JSON written by a person and read from disk, trusted for nothing: at most
// max_bytes are read (a huge file, or a device that never ends, is refused
// before it is parsed), a key given twice in one object is refused (the
// parser would silently keep the last), and so is a number that does not fit
// a double (1e400 parses as infinity). Every failure is one line
// "SOURCE: PATH: what", PATH naming the field ("contacts[3].stiffness").
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/find_by_name.hpp"

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
  const std::string source = file.string();
  errno = 0;
  std::ifstream in(file, std::ios::binary);
  if (!in) fail(source, "", std::string("cannot read it: ") + std::strerror(errno ? errno : EIO));
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes) fail(source, "", "more than " + std::to_string(max_bytes) + " bytes, the limit");
  }
  if (in.bad()) fail(source, "", std::string("read error: ") + std::strerror(errno ? errno : EIO));
  return text;
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
  auto track = [&](int, E event, nlohmann::json& parsed) {
    switch (event) {
      case E::object_start:
      case E::array_start:
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
          fail(source, field(detail::path_of(frames, frames.size() + 1), k), "key given twice");
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
  } catch (const nlohmann::json::out_of_range& e) {
    if (e.id != 406 || frames.empty()) fail(source, "", std::string("not valid JSON: ") + e.what());
    // A number beyond a double (1e400): the frames still say where it was.
    const std::string at = detail::path_of(frames, frames.size() + 1);
    fail(source, frames.back().array ? element(at, frames.back().count) : field(at, frames.back().key),
         "must be a finite number (it overflows a double)");
  } catch (const nlohmann::json::exception& e) {
    fail(source, "", std::string("not valid JSON: ") + e.what());
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
      fail(source, field(path, k),
           "unknown key" + (nearest.empty() ? " (known: " + all + ")" : " (did you mean '" + nearest + "'?)"));
  }
}

}  // namespace granconv::strict_json
