#pragma once
// Named scenario parameters: defaults declared by the scenario, overrides
// given as "key=value" on the command line. Unknown keys and malformed values
// are errors, never silently ignored. Most parameters are numbers; a few are
// choices among names (the contact law of the binary collision).
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

  struct Choice {
    std::string value;
    std::vector<std::string> allowed;
  };
  Parameters(std::map<std::string, double> defaults, std::map<std::string, Choice> choices)
      : values_(std::move(defaults)), choices_(std::move(choices)) {}

  const std::string& choice(const std::string& key) const;
  void set_choice(const std::string& key, const std::string& value);
  double get(const std::string& key) const;
  int get_int(const std::string& key, int min_value) const;
  void set(const std::string& key, double value);
  // "key=value"
  void set_assignment(const std::string& text);
  const std::map<std::string, double>& values() const { return values_; }
  const std::map<std::string, Choice>& choices() const { return choices_; }

 private:
  std::map<std::string, double> values_;
  std::map<std::string, Choice> choices_;
};

}  // namespace granconv
