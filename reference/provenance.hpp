#pragma once
// Where a reference solution came from: solver, version, method, tolerances,
// work done, contact events found and an estimate of its own error. Every
// study result carries this object (docs/architecture.md, "Core ideas").
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace granconv {

struct Provenance {
  std::string solver;            // "CVODE", "odeint-rkf78/cpp_bin_float_50", ...
  std::string sundials_version;  // SUNDIALS_VERSION, empty for non-SUNDIALS solvers
  std::string method;            // "adams" | "bdf" | ...
  std::string nonlinear_solver;  // CVODE: "fixed-point" | "newton"; "" elsewhere
  std::string coordinates;       // SUNDIALS: "positions" | "gaps" (models/chain_gaps.hpp); "" elsewhere
  double rtol = 0, atol = 0;
  long steps = 0;   // internal steps, summed over all smooth segments
  long events = 0;  // contact events (gap sign changes) located and restarted at
  long dead_band_restarts = 0;  // SUNDIALS: restarts at a root held at zero, not an event (sundials_chain.hpp)
  std::vector<double> event_times;
  double error_estimate = 0;          // max over times and components, see below
  std::string error_estimate_method;  // how error_estimate was obtained ("" = none)
  // The same estimate over positions and over velocities apart (SUNDIALS
  // references; -1: not separated). In SI units one shared number hides that
  // positions are good to 1e-16 m while velocities are good to 1e-11 m/s.
  double error_estimate_x = -1, error_estimate_v = -1;
  // Why this method, where the caller asked for none (`granconv reference`:
  // reference/sundials/reference_method_choice.hpp); "" = asked or recorded.
  std::string method_choice;

  nlohmann::json to_json() const {
    nlohmann::json j{{"solver", solver},
                          {"sundials_version", sundials_version},
                          {"method", method},
                          {"nonlinear_solver", nonlinear_solver},
                          {"coordinates", coordinates},
                          {"rtol", rtol},
                          {"atol", atol},
                          {"steps", steps},
                          {"events", events},
                          {"dead_band_restarts", dead_band_restarts},
                          {"event_times", event_times},
                          {"error_estimate", error_estimate},
                          {"error_estimate_method", error_estimate_method}};
    if (error_estimate_x >= 0) j["error_estimate_x"] = error_estimate_x;
    if (error_estimate_v >= 0) j["error_estimate_v"] = error_estimate_v;
    if (!method_choice.empty()) j["method_choice"] = method_choice;
    return j;
  }

  static Provenance from_json(const nlohmann::json& j) {
    Provenance p;
    p.solver = j.at("solver").get<std::string>();
    p.sundials_version = j.value("sundials_version", std::string());
    p.method = j.at("method").get<std::string>();
    p.nonlinear_solver = j.value("nonlinear_solver", std::string());
    p.coordinates = j.value("coordinates", std::string());
    p.rtol = j.at("rtol").get<double>();
    p.atol = j.at("atol").get<double>();
    p.steps = j.at("steps").get<long>();
    p.events = j.at("events").get<long>();
    p.dead_band_restarts = j.value("dead_band_restarts", 0L);
    p.event_times = j.value("event_times", std::vector<double>());
    p.error_estimate = j.value("error_estimate", 0.0);
    p.error_estimate_method = j.value("error_estimate_method", std::string());
    p.error_estimate_x = j.value("error_estimate_x", -1.0);
    p.error_estimate_v = j.value("error_estimate_v", -1.0);
    p.method_choice = j.value("method_choice", std::string());
    return p;
  }
};

}  // namespace granconv
