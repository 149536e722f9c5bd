#pragma once
// Named scenario parameters: defaults declared by the scenario, overrides
// given as "key=value" on the command line. Unknown keys and malformed values
// are errors, never silently ignored.
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace granconv {

class Parameters {
 public:
  Parameters() = default;
  explicit Parameters(std::map<std::string, double> defaults) : values_(std::move(defaults)) {}

  double get(const std::string& key) const {
    auto it = values_.find(key);
    if (it == values_.end()) throw std::invalid_argument("scenario has no parameter '" + key + "'");
    return it->second;
  }
  int get_int(const std::string& key, int min_value) const {
    const double v = get(key);
    if (v != std::floor(v) || v < min_value || v > 1e7)
      throw std::invalid_argument("parameter '" + key + "' must be an integer ≥ " + std::to_string(min_value));
    return static_cast<int>(v);
  }
  void set(const std::string& key, double value) {
    if (!values_.count(key)) {
      std::string known;
      for (const auto& [k, v] : values_) known += (known.empty() ? "" : ", ") + k;
      throw std::invalid_argument("unknown parameter '" + key + "' (known: " + known + ")");
    }
    if (!std::isfinite(value)) throw std::invalid_argument("parameter '" + key + "' must be finite");
    values_[key] = value;
  }
  // "key=value"
  void set_assignment(const std::string& text) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
      throw std::invalid_argument("malformed parameter '" + text + "' (expected key=value)");
    const std::string key = text.substr(0, eq), val = text.substr(eq + 1);
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(val, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != val.size()) throw std::invalid_argument("malformed value in parameter '" + text + "'");
    set(key, v);
  }
  const std::map<std::string, double>& values() const { return values_; }

 private:
  std::map<std::string, double> values_;
};

}  // namespace granconv
