#pragma once
// One cell's result as bytes, for the ranks of a distributed loop
// (distributed_for.hpp): doubles travel as their raw bits, so NaN, inf and
// the last ulp arrive as they left; JSON travels as CBOR (binary doubles).
// A reader that runs past its bytes throws: a mangled message is an error,
// never a silent zero.
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace granconv {

class CellWriter {
 public:
  template <class T>
    requires std::is_arithmetic_v<T>
  CellWriter& put(T v) {
    bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
    return *this;
  }
  CellWriter& put(const std::string& s) { return put(std::string_view(s)); }
  CellWriter& put(const char* s) { return put(std::string_view(s)); }
  CellWriter& put(std::string_view s) {
    put<std::uint64_t>(s.size());
    bytes_.append(s);
    return *this;
  }
  CellWriter& put(const nlohmann::json& j) {
    const std::vector<std::uint8_t> cbor = nlohmann::json::to_cbor(j);
    return put(std::string_view(reinterpret_cast<const char*>(cbor.data()), cbor.size()));
  }
  CellWriter& put(const std::vector<double>& v) {
    put<std::uint64_t>(v.size());
    for (double x : v) put(x);
    return *this;
  }
  CellWriter& put(const std::vector<std::string>& v) {
    put<std::uint64_t>(v.size());
    for (const auto& s : v) put(std::string_view(s));
    return *this;
  }
  // Room for n bytes in all, so that a large result is written without a
  // reallocation (each would copy what is there and touch fresh pages).
  CellWriter& reserve(std::size_t n) {
    bytes_.reserve(n);
    return *this;
  }
  // Bytes as put(string_view) writes them, appended in place by
  // append(std::string&), which must add exactly n: a large block without a
  // copy of its own first.
  template <class Append>
  CellWriter& put_sized(std::size_t n, Append&& append) {
    put<std::uint64_t>(n);
    const std::size_t before = bytes_.size();
    append(bytes_);
    if (bytes_.size() - before != n) throw std::logic_error("a cell's block is not the size it declared");
    return *this;
  }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

class CellReader {
 public:
  explicit CellReader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
    requires std::is_arithmetic_v<T>
  T get() {
    T v;
    std::memcpy(&v, take(sizeof v).data(), sizeof v);
    return v;
  }
  std::string get_string() { return std::string(get_view()); }
  // What get_string returns, without copying it out of the bytes.
  std::string_view get_view() { return take(get<std::uint64_t>()); }
  std::vector<double> get_doubles() {
    std::vector<double> v(get_count(sizeof(double)));
    for (double& x : v) x = get<double>();
    return v;
  }
  std::vector<std::string> get_strings() {
    std::vector<std::string> v(get_count(sizeof(std::uint64_t)));
    for (auto& s : v) s = get_string();
    return v;
  }
  nlohmann::json get_json() {
    const std::string_view s = take(get<std::uint64_t>());
    return nlohmann::json::from_cbor(s.begin(), s.end());
  }

 private:
  // A count no larger than the bytes left could hold (a mangled count must not allocate the machine).
  std::size_t get_count(std::size_t min_size) {
    const auto n = get<std::uint64_t>();
    if (n > (bytes_.size() - pos_) / min_size) throw std::runtime_error("a distributed cell's result is shorter than its fields");
    return n;
  }
  std::string_view take(std::size_t n) {
    if (n > bytes_.size() - pos_) throw std::runtime_error("a distributed cell's result is shorter than its fields");
    const std::string_view s = bytes_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

}  // namespace granconv
