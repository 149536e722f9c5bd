#include "studies/core/claim.hpp"

#include <cstdlib>
#include <fstream>
#include <set>
#include <stdexcept>

#include "models/scenarios.hpp"
#include "models/find_by_name.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/core/catalogue_rules.hpp"

namespace granconv {

namespace {

template <class T>
T field(const nlohmann::json& j, const std::string& key, const std::string& where) {
  if (!j.contains(key)) throw std::invalid_argument(where + ": missing field '" + key + "'");
  try {
    return j.at(key).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw std::invalid_argument(where + ": field '" + key + "' has the wrong type");
  }
}

FitKind fit_kind(const std::string& s, const std::string& where) {
  if (s == "least-squares") return FitKind::least_squares;
  if (s == "upper-envelope") return FitKind::upper_envelope;
  throw std::invalid_argument(where + ": fit must be 'least-squares' or 'upper-envelope', not '" + s + "'");
}

void parse_order_fields(const nlohmann::json& j, const std::string& where, Claim& c) {
  c.scenario = field<std::string>(j, "scenario", where);
  c.params = field<std::vector<std::string>>(j, "params", where);
  c.scheme = field<std::string>(j, "scheme", where);
  c.formulation = field<std::string>(j, "formulation", where);
  c.error_norm = field<std::string>(j, "error_norm", where);
  const auto g = field<nlohmann::json>(j, "grid", where);
  c.grid = {field<double>(g, "h_max", where + " grid"), field<double>(g, "h_min", where + " grid"),
            field<int>(g, "per_decade", where + " grid")};
  if (!(c.grid.h_min > 0 && c.grid.h_max > c.grid.h_min && c.grid.per_decade >= 1))
    throw std::invalid_argument(where + ": grid needs 0 < h_min < h_max and per_decade ≥ 1");
  for (const auto& cj : field<nlohmann::json>(j, "checks", where)) {
    OrderCheck k;
    k.label = field<std::string>(cj, "label", where + " check");
    if (cj.contains("window") && !cj.at("window").is_null()) {
      const auto w = field<std::vector<double>>(cj, "window", where + " check");
      if (w.size() != 2 || !(w[0] > 0 && w[1] > w[0]))
        throw std::invalid_argument(where + ": check window must be [h_min, h_max] with 0 < h_min < h_max");
      k.window = FitWindow{w[0], w[1]};
    }
    k.fit = fit_kind(field<std::string>(cj, "fit", where + " check"), where);
    k.expected_order = field<double>(cj, "expected_order", where + " check");
    k.tolerance = field<double>(cj, "tolerance", where + " check");
    k.max_ci_width = field<double>(cj, "max_ci_width", where + " check");
    k.rivals = field<std::vector<double>>(cj, "rivals", where + " check");  // the rule: catalogue_rules.hpp
    k.tolerance_source = source_of(cj, "tolerance");
    c.checks.push_back(k);
  }
  if (c.checks.empty()) throw std::invalid_argument(where + ": no checks");
  if (j.contains("trajectory_h") && !j.at("trajectory_h").is_null())
    c.trajectory_h = field<double>(j, "trajectory_h", where);
  if (j.contains("error")) {
    c.error_measure = field<std::string>(j, "error", where);
    if (c.error_measure != "grid-max" && c.error_measure != "final-x" && c.error_measure != "final-overlap")
      throw std::invalid_argument(where + ": error must be 'grid-max', 'final-x' or 'final-overlap', not '" +
                                  c.error_measure + "'");
  }
  if (j.contains("scheme_start")) c.scheme_start = field<std::string>(j, "scheme_start", where);
  if (j.contains("precision")) {
    c.precision = field<int>(j, "precision", where);
    if (c.precision != 16 && c.precision != 50)
      throw std::invalid_argument(where + ": precision must be 16 (double) or 50 (cpp_bin_float_50)");
  }
  if (j.contains("gamma_per_h") && !j.at("gamma_per_h").is_null())
    c.gamma_per_h = field<double>(j, "gamma_per_h", where);
  // Names must resolve now, not halfway through a run.
  scenario_info(c.scenario);
  scheme_info(c.scheme);
  formulation_from_string(c.formulation);
}

// "deviation": text, or {"text", "check", "value", "band"}: a claim expected
// to fail pins the one check that fails (its label in the result record), the
// field of that check holding the measured value and the band it must lie in;
// one expected to be inconclusive says why in the text.
void parse_deviation(const nlohmann::json& j, const std::string& where, Claim& c) {
  if (!j.contains("deviation")) {
    if (c.expected_verdict != "pass")
      throw std::invalid_argument(where + ": a claim expected to be '" + c.expected_verdict +
                                  "' must say why in 'deviation'");
    return;
  }
  const auto& d = j.at("deviation");
  if (d.is_string()) {
    c.deviation = d.get<std::string>();
  } else {
    c.deviation = field<std::string>(d, "text", where + " deviation");
    if (d.contains("check")) {
      const auto band = field<std::vector<double>>(d, "band", where + " deviation");
      if (band.size() != 2 || !(band[0] < band[1]))
        throw std::invalid_argument(where + ": deviation band must be [lo, hi] with lo < hi");
      c.deviation_pin = {{"check", field<std::string>(d, "check", where + " deviation")},
                         {"value", field<std::string>(d, "value", where + " deviation")},
                         {"band", band}};
    }
  }
  if (c.deviation.empty()) throw std::invalid_argument(where + ": 'deviation' must say what does not reproduce");
  if (c.expected_verdict == "fail" && c.deviation_pin.is_null())
    throw std::invalid_argument(where + ": a documented deviation must pin its failing check "
                                "(deviation {\"check\", \"value\", \"band\"})");
}

Claim parse_claim(const nlohmann::json& j) {
  Claim c;
  c.id = field<std::string>(j, "id", "claim");
  const std::string where = "claim '" + c.id + "'";
  c.title = field<std::string>(j, "title", where);
  const auto src = field<nlohmann::json>(j, "source", where);
  c.paper = field<std::string>(src, "paper", where + " source");
  c.item = field<std::string>(src, "item", where + " source");
  c.figure_group = field<std::string>(j, "figure_group", where);
  c.kind = j.value("kind", "order");
  c.expected_verdict = j.value("expected_verdict", "pass");
  if (c.expected_verdict != "pass" && c.expected_verdict != "fail" && c.expected_verdict != "inconclusive")
    throw std::invalid_argument(where + ": expected_verdict must be 'pass', 'fail' or 'inconclusive'");
  parse_deviation(j, where, c);
  c.notes = j.value("notes", "");
  if (c.kind == "order") parse_order_fields(j, where, c);
  else if (j.contains("precision"))
    throw std::invalid_argument(where + ": 'precision' applies to order claims only, not to kind " + c.kind);
  check_tolerance_sources(j, where);
  check_rivals(j, where);
  c.record = j;
  return c;
}

}  // namespace

std::filesystem::path default_claims_file() {
  if (const char* env = std::getenv("GRANCONV_CLAIMS")) return env;
  std::error_code ec;
  if (std::filesystem::exists(GRANCONV_CLAIMS_FILE, ec)) return GRANCONV_CLAIMS_FILE;
  return GRANCONV_INSTALLED_CLAIMS_FILE;
}

std::vector<Claim> load_claims(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read the claim catalogue " + file.string());
  nlohmann::json j;
  try {
    in >> j;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("claim catalogue " + file.string() + " is not valid JSON: " + e.what());
  }
  std::vector<Claim> claims;
  std::set<std::string> ids;
  for (const auto& cj : j.at("claims")) {
    claims.push_back(parse_claim(cj));
    if (!ids.insert(claims.back().id).second)
      throw std::invalid_argument("claim id '" + claims.back().id + "' appears twice");
  }
  return claims;
}

const Claim& find_claim(const std::vector<Claim>& claims, const std::string& id) {
  return find_by_name(claims, id, "study", [](const Claim& c) { return c.id; });
}

const char* to_string(FitKind k) { return k == FitKind::least_squares ? "least-squares" : "upper-envelope"; }

}  // namespace granconv
