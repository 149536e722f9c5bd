#include "models/input/strict_json.hpp"

#include <cmath>
#include <new>
#include <utility>

#include "models/find_by_name.hpp"
#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"

namespace granconv::strict_json {

namespace {

using json = nlohmann::json;

constexpr const char* decimal_key = "\x1f" "decimal";

// nlohmann's SAX interface building the DOM, refusing as it goes: nothing
// deeper than the limit, no key twice, no number beyond a double.
class StrictDom {
 public:
  StrictDom(json& root, const Options& options) : root_(root), options_(options) {}

  bool null() { return add(nullptr); }
  bool boolean(bool v) { return add(v); }
  bool number_integer(json::number_integer_t v) { return add(v); }
  bool number_unsigned(json::number_unsigned_t v) { return add(v); }
  bool number_float(json::number_float_t v, const json::string_t& text) {
    if (options_.exact_decimals) return add(json{{decimal_key, text}});
    if (!std::isfinite(v)) return refuse(ParseError::Kind::overflow, next_path(), text);
    return add(v);
  }
  bool string(json::string_t& v) { return add(std::move(v)); }
  bool binary(json::binary_t& v) { return add(json::binary(v)); }
  bool start_object(std::size_t) { return deeper() && open(json::object()); }
  bool key(json::string_t& k) {
    if (stack_.back()->contains(k)) return refuse(ParseError::Kind::key_twice, field(open_path(), k), "");
    keys_.back() = std::move(k);
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return deeper() && open(json::array()); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t, const std::string&, const json::exception& e) {
    // 406: a number beyond a double (1e400), refused by the lexer before it reaches number_float.
    if (e.id == 406 && !stack_.empty()) return refuse(ParseError::Kind::overflow, next_path(), e.what());
    return refuse(ParseError::Kind::syntax, "", e.what());
  }

  ParseError::Kind kind = ParseError::Kind::syntax;
  std::string path, detail;

 private:
  json& root_;
  const Options& options_;
  std::vector<json*> stack_;
  std::vector<std::string> keys_;  // per open container: the key being read (objects)

  bool refuse(ParseError::Kind k, std::string at, std::string what) {
    kind = k;
    path = std::move(at);
    detail = std::move(what);
    return false;
  }
  bool deeper() {
    if (stack_.size() < options_.max_depth) return true;
    return refuse(ParseError::Kind::too_deep, "", "");
  }
  // The path of the innermost open container.
  std::string open_path() const {
    std::string p;
    for (std::size_t i = 0; i + 1 < stack_.size(); ++i)
      p = stack_[i]->is_array() ? element(p, stack_[i]->size() - 1) : field(p, keys_[i]);
    return p;
  }
  // The path of the value being read now.
  std::string next_path() const {
    if (stack_.empty()) return "";
    return stack_.back()->is_array() ? element(open_path(), stack_.back()->size()) : field(open_path(), keys_.back());
  }
  json* place(json v) {
    if (stack_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    json& top = *stack_.back();
    if (top.is_array()) {
      top.push_back(std::move(v));
      return &top.back();
    }
    json& slot = top[keys_.back()];
    slot = std::move(v);
    return &slot;
  }
  bool add(json v) {
    place(std::move(v));
    return true;
  }
  bool open(json v) {
    stack_.push_back(place(std::move(v)));
    keys_.emplace_back();
    return true;
  }
  bool close() {
    stack_.pop_back();
    keys_.pop_back();
    return true;
  }
};

std::string kind_message(ParseError::Kind kind) {
  switch (kind) {
    case ParseError::Kind::too_deep: return "nested deeper than the limit";
    case ParseError::Kind::key_twice: return "key given twice";
    case ParseError::Kind::overflow: return "must be a finite number (it overflows a double)";
    case ParseError::Kind::out_of_memory: return "out of memory while parsing it";
    case ParseError::Kind::syntax: break;
  }
  return "not valid JSON";
}

}  // namespace

ParseError::ParseError(Kind k, std::string at, std::string what)
    : std::runtime_error(printable((at.empty() ? "" : at + ": ") + kind_message(k) +
                                   (k == Kind::syntax && !what.empty() ? ": " + what : ""))),
      kind(k), path(std::move(at)), detail(std::move(what)) {}

json parse_document(std::string_view text, const Options& options) {
  json j;
  StrictDom dom(j, options);
  try {
    if (!json::sax_parse(text, &dom)) throw ParseError(dom.kind, dom.path, dom.detail);
  } catch (const std::bad_alloc&) {
    throw ParseError(ParseError::Kind::out_of_memory, "", "");
  }
  return j;
}

const std::string* decimal_text(const json& v) {
  if (!v.is_object() || v.size() != 1) return nullptr;
  const auto it = v.find(decimal_key);
  return it != v.end() && it->is_string() ? &it->get_ref<const std::string&>() : nullptr;
}

void fail(const std::string& source, const std::string& path, const std::string& what) {
  throw std::invalid_argument(source + ": " + (path.empty() ? "" : path + ": ") + what);
}

std::string read_capped(const std::filesystem::path& file, std::size_t max_bytes) {
  RegularFileText r = try_read_regular_file(file, max_bytes);
  if (r.failure != ReadFailure::none) fail(printable(file.string()), "", r.cause);
  return std::move(r.text);
}

json parse(std::string_view text, const std::string& source) {
  try {
    return parse_document(text);
  } catch (const ParseError& e) {
    switch (e.kind) {
      case ParseError::Kind::too_deep: fail(source, "", nesting_message(kMaxJsonDepth));
      case ParseError::Kind::syntax: fail(source, "", "not valid JSON: " + printable(e.detail));
      default: fail(source, printable(e.path), kind_message(e.kind));
    }
  }
}

void check_keys(const json& object, const std::vector<std::string>& known, const std::string& path,
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

std::string type_name(const json& v) {
  if (v.is_string()) return "the string " + v.dump();
  if (v.is_number()) return "the number " + v.dump();
  if (v.is_boolean()) return v.dump();
  if (v.is_array()) return "a list";
  if (v.is_object()) return "an object";
  return "null";
}

}  // namespace granconv::strict_json
