#include "models/parameters.hpp"

#include <cmath>

namespace granconv {

const std::string& Parameters::choice(const std::string& key) const {
  auto it = choices_.find(key);
  if (it == choices_.end()) throw std::invalid_argument("scenario has no choice parameter '" + key + "'");
  return it->second.value;
}

void Parameters::set_choice(const std::string& key, const std::string& value) {
  auto it = choices_.find(key);
  if (it == choices_.end()) throw std::invalid_argument("scenario has no choice parameter '" + key + "'");
  std::string known;
  for (const auto& a : it->second.allowed) {
    if (a == value) {
      it->second.value = value;
      return;
    }
    known += (known.empty() ? "" : ", ") + a;
  }
  throw std::invalid_argument("unknown value '" + value + "' for parameter '" + key + "' (known: " + known + ")");
}

double Parameters::get(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) throw std::invalid_argument("scenario has no parameter '" + key + "'");
  return it->second;
}

int Parameters::get_int(const std::string& key, int min_value) const {
  const double v = get(key);
  if (v != std::floor(v) || v < min_value || v > 1e7)
    throw std::invalid_argument("parameter '" + key + "' must be an integer ≥ " + std::to_string(min_value));
  return static_cast<int>(v);
}

void Parameters::set(const std::string& key, double value) {
  if (!values_.count(key)) {
    std::string known;
    for (const auto& [k, v] : values_) known += (known.empty() ? "" : ", ") + k;
    for (const auto& [k, v] : choices_) known += (known.empty() ? "" : ", ") + k;
    throw std::invalid_argument("unknown parameter '" + key + "' (known: " + known + ")");
  }
  if (!std::isfinite(value)) throw std::invalid_argument("parameter '" + key + "' must be finite");
  values_[key] = value;
}

void Parameters::set_assignment(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw std::invalid_argument("malformed parameter '" + text + "' (expected key=value)");
  const std::string key = text.substr(0, eq), val = text.substr(eq + 1);
  if (choices_.count(key)) return set_choice(key, val);
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

}  // namespace granconv
