#include "studies/external/validate_external.hpp"

#include <fmt/format.h>

#include "models/input/json_input.hpp"
#include "studies/core/claim.hpp"
#include "studies/core/study.hpp"
#include "studies/external/external_stepper.hpp"
#include "studies/external/external_study.hpp"

namespace granconv {

namespace fs = std::filesystem;

namespace {

// The battery's chains, shipped beside the external claims.
fs::path battery_folder() {
  std::error_code ec;
  const fs::path source = fs::path(GRANCONV_CLAIMS_FILE) / "external" / "scenarios";
  if (fs::is_directory(source, ec)) return source;
  return fs::path(GRANCONV_INSTALLED_CLAIMS_FILE) / "external" / "scenarios";
}

const char* const kBattery[] = {"chain3-hertz.json", "chain5-hertz.json", "chain3-kk.json", "chain5-kk.json"};

std::string fit_text(const OrderFit& f) {
  return f.ok ? fmt::format("{:.3f} [{:.3f}, {:.3f}]", f.order, f.ci_lo, f.ci_hi) : "no fit (" + f.message + ")";
}

}  // namespace

ExternalValidation validate_external(const fs::path& file, const ExternalValidationOptions& o) {
  StudyOptions options;
  options.jobs = o.jobs;
  options.cache_dir = o.cache_dir;
  options.out_dir = o.out_dir;
  const nlohmann::json j = read_json_limited(file.string(), kMaxCatalogueFileBytes, "external scheme file");
  if (!j.is_object() || !j.contains("external") || j.size() != 1)
    throw std::invalid_argument("external scheme file " + file.string() + ": must hold one object {\"external\": {...}}");
  const fs::path base = fs::absolute(file).parent_path();
  ExternalValidation v;
  v.record = {{"file", file.string()}, {"scenarios", nlohmann::json::array()}};
  for (const char* scenario : kBattery) {
    // A claim made here, so that the program runs exactly as a claim's would.
    nlohmann::json record = {
        {"id", "validate-external"},
        {"title", "validate --external"},
        {"source", {{"paper", "granconv validate"}, {"item", "external battery"}, {"new", true}}},
        {"figure_group", "validate-external"},
        {"scenario_file", (battery_folder() / scenario).string()},
        {"external", j.at("external")},
        {"formulation", "xv"},
        {"error_norm", "max over the output times of |x − x_ref| and |v − v_ref|"},
        {"grid", {{"h_max", 0.01}, {"h_min", 0.0001}, {"per_decade", 3}}},
        // Measured, not claimed: the band is a placeholder the verdict of which is not reported.
        {"checks", {{{"label", "h in [1e-4, 1e-2]"}, {"window", {0.0001, 0.01}}, {"fit", "least-squares"},
                     {"expected_order", 1.0}, {"tolerance", 0.2}, {"max_ci_width", 10.0}, {"rivals", {2.0}},
                     {"tolerance_source", {{"basis", "a-priori"}, {"reason", "a measurement: no order is claimed"}}}}}}};
    std::vector<std::string> problems;
    const Claim claim = parse_claim(record, problems, "the external scheme", base);
    if (!problems.empty()) throw std::invalid_argument(file.string() + ": " + problems.front());
    v.name = claim.external->name;
    const ExternalStudy s = run_external_study(claim, options);
    FitOptions fo;
    fo.window = FitWindow{0.0001, 0.01};
    const OrderFit fx = fit_order(s.study.h, s.study.error_x, s.study.usable, fo);
    const OrderFit fv = fit_order(s.study.h, s.study.error_v, s.study.usable, fo);
    v.lines.push_back(fmt::format("{:<18} x: order {}, v: order {}; {}", scenario, fit_text(fx), fit_text(fv),
                                  s.identification_line.empty() ? std::string("no scheme to identify") : s.identification_line));
    v.record["scenarios"].push_back({{"scenario", scenario},
                                     {"h", s.study.h},
                                     {"error_x", s.study.error_x},
                                     {"error_v", s.study.error_v},
                                     {"usable", s.study.usable},
                                     {"order_x", fx.ok ? nlohmann::json(fx.order) : nlohmann::json(nullptr)},
                                     {"ci95_x", {fx.ci_lo, fx.ci_hi}},
                                     {"order_v", fv.ok ? nlohmann::json(fv.order) : nlohmann::json(nullptr)},
                                     {"ci95_v", {fv.ci_lo, fv.ci_hi}},
                                     {"external", s.external}});
  }
  v.record["name"] = v.name;
  return v;
}

}  // namespace granconv
