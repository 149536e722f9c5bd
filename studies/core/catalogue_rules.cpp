#include "studies/core/catalogue_rules.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>

#include <fmt/format.h>

namespace granconv {

using nlohmann::json;

const std::vector<std::string>& threshold_keys() {
  // Thresholds the kinds read under names of their own.
  static const std::vector<std::string> keys = {"bound",          "relative",           "relative_paper",
                                                "resolution",     "max_velocity_error", "max_final_error",
                                                "min_order",      "passive_max",        "pump_min",
                                                "late_max_over_min"};
  return keys;
}

bool is_threshold_key(const std::string& k) {
  if (k == "tolerance_source") return false;
  if (k == "tolerance" || k.rfind("tolerance_", 0) == 0 || k.find("_tolerance") != std::string::npos) return true;
  return std::find(threshold_keys().begin(), threshold_keys().end(), k) != threshold_keys().end();
}

namespace {

bool numeric_threshold(const json& v) {
  if (v.is_number()) return true;
  if (!v.is_object() || v.empty()) return false;
  return std::all_of(v.begin(), v.end(), [](const json& x) { return x.is_number(); });
}

bool is_source(const json& s) { return s.is_object() && s.contains("basis"); }

void check_source(const json& s, const std::string& at) {
  const std::string b = s.value("basis", std::string());
  if (b != "paper" && b != "a-priori" && b != "post-hoc")
    throw std::invalid_argument(at + ": tolerance_source basis must be 'paper', 'a-priori' or 'post-hoc'");
  if (!s.contains("reason") || !s.at("reason").is_string() || s.at("reason").get<std::string>().size() < 10)
    throw std::invalid_argument(at + ": tolerance_source needs a 'reason' (the printed precision, or why)");
}

// Calls f(object, key, path) for every numeric threshold of the record.
void each_threshold(const json& o, const std::string& path,
                    const std::function<void(const json&, const std::string&, const std::string&)>& f) {
  if (o.is_object()) {
    for (const auto& [k, v] : o.items()) {
      if (is_threshold_key(k) && numeric_threshold(v)) f(o, k, path + "." + k);
      if (k != "tolerance_source") each_threshold(v, path + "." + k, f);
    }
  } else if (o.is_array()) {
    for (std::size_t i = 0; i < o.size(); ++i) each_threshold(o[i], path + "[" + std::to_string(i) + "]", f);
  }
}

template <class F>
void each_object(const json& o, const std::string& path, const F& f) {
  if (o.is_object()) {
    f(o, path);
    for (const auto& [k, v] : o.items()) each_object(v, path + "." + k, f);
  } else if (o.is_array()) {
    for (std::size_t i = 0; i < o.size(); ++i) each_object(o[i], path + "[" + std::to_string(i) + "]", f);
  }
}

std::string label_of(const json& o, const std::string& path) {
  return o.contains("label") && o.at("label").is_string() ? fmt::format("'{}'", o.at("label").get<std::string>()) : path;
}

}  // namespace

json source_of(const json& o, const std::string& key) {
  if (!o.is_object() || !o.contains("tolerance_source")) return nullptr;
  const json& s = o.at("tolerance_source");
  if (is_source(s)) return s;
  if (s.is_object() && s.contains(key)) return s.at(key);
  return nullptr;
}

void check_tolerance_sources(const json& record, const std::string& where) {
  each_threshold(record, "", [&](const json& o, const std::string& key, const std::string& path) {
    const json s = source_of(o, key);
    if (s.is_null())
      throw std::invalid_argument(where + ": threshold " + path.substr(1) +
                                  " has no tolerance_source ('paper', 'a-priori' or 'post-hoc')");
    check_source(s, where + " " + path.substr(1));
  });
  // A per-key map must not name thresholds that are not there (a typo hides a source).
  each_object(record, "", [&](const json& o, const std::string& path) {
    if (!o.contains("tolerance_source")) return;
    const json& s = o.at("tolerance_source");
    if (is_source(s)) return;
    if (!s.is_object()) throw std::invalid_argument(where + " " + path + ": tolerance_source must be an object");
    for (const auto& [k, v] : s.items())
      if (!o.contains(k) || !is_threshold_key(k))
        throw std::invalid_argument(where + " " + path + ": tolerance_source names '" + k + "', not a threshold here");
  });
}

void check_rivals(const json& record, const std::string& where) {
  each_object(record, "", [&](const json& o, const std::string& path) {
    const bool order = o.contains("expected_order") && o.contains("tolerance");
    // A value check names its expectation "expected", or "paper" when the paper prints it.
    const char* ekey = o.contains("expected") ? "expected" : "paper";
    const bool value = o.contains(ekey) && o.at(ekey).is_number() && o.contains("tolerance") && o.contains("rival");
    if (!order && !value) return;
    const std::string what = where + " check " + label_of(o, path);
    if (!o.at("tolerance").is_number()) throw std::invalid_argument(what + ": tolerance must be a number");
    const double tol = o.at("tolerance").get<double>();
    const json& e = order ? o.at("expected_order") : o.at(ekey);
    if (!e.is_number()) throw std::invalid_argument(what + ": the expected value must be a number");
    std::vector<double> rivals;
    const json& r = order ? o.value("rivals", json()) : o.at("rival");
    if (r.is_number()) {
      rivals.push_back(r.get<double>());
    } else if (r.is_array()) {
      for (const auto& x : r) {
        if (!x.is_number()) throw std::invalid_argument(what + ": rivals must be numbers");
        rivals.push_back(x.get<double>());
      }
    }
    if (rivals.empty())
      throw std::invalid_argument(what + ": names no rivals (the orders it must rule out)");
    double nearest = INFINITY, at = 0;
    for (double x : rivals)
      if (std::abs(x - e.get<double>()) < nearest) nearest = std::abs(x - e.get<double>()), at = x;
    if (!(tol < nearest / 2))
      throw std::invalid_argument(fmt::format("{}: tolerance {} is not below half the distance ({:g}) from {} to the "
                                              "nearest rival {}", what, tol, nearest / 2, e.get<double>(), at));
  });
}

std::string envelope_sampling_problem(int per_decade, int bins_per_decade) {
  if (bins_per_decade >= 1 && per_decade >= kMinSamplesPerEnvelopeBin * bins_per_decade) return "";
  return fmt::format("an upper-envelope fit needs at least {} step sizes per envelope bin: {} per decade in {} bins per "
                     "decade is {:.3g} (at least {} per decade)", kMinSamplesPerEnvelopeBin, per_decade, bins_per_decade,
                     bins_per_decade >= 1 ? double(per_decade) / bins_per_decade : 0.0,
                     kMinSamplesPerEnvelopeBin * std::max(bins_per_decade, 1));
}

json tolerance_list(const json& record) {
  json list = json::array();
  each_threshold(record, "", [&](const json& o, const std::string& key, const std::string& path) {
    const json s = source_of(o, key);
    json t = {{"path", path.substr(1)},
              {"label", o.value("label", std::string())},
              {"value", o.at(key)},
              {"basis", s.is_null() ? "" : s.value("basis", "")},
              {"reason", s.is_null() ? "" : s.value("reason", "")}};
    for (const char* r : {"rival", "rivals"})
      if (o.contains(r)) t[r] = o.at(r);
    list.push_back(std::move(t));
  });
  return list;
}

}  // namespace granconv
