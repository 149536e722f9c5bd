#pragma once
// LZB (schemes/lzb.hpp) on a scenario's problem, and `granconv solve --scheme
// lzb`: one impact at ΔP = h compared with the Hertz chain's post-impact
// velocities, which the caller supplies (reference/hertz_post_impact.hpp
// computes them; schemes do not depend on reference/).
#include <functional>

#include <nlohmann/json.hpp>

#include "models/scenarios.hpp"
#include "schemes/lzb.hpp"

namespace granconv {

// The velocities of an (x, v) state.
Vec<double> velocities_of(const Vec<double>& xv);

// LZB on a problem's chain from its initial velocities (the chain must touch
// everywhere: y0's positions all zero); e_s from the parameter "es" if any,
// the other options (safeguard, perturbations) from `method` (its dP and es
// are replaced).
LzbResult run_lzb(const Problem<double>& problem, double dP, const LzbImpact::Observer& observe = nullptr,
                  const LzbOptions& method = {});

// The Hertz velocities of the problem with t_end set to the solve's time t.
using HertzVelocities = std::function<Vec<double>(const Problem<double>& at_t)>;

// `granconv solve --scheme lzb`: LZB at ΔP = h within max_seconds of wall
// clock, then compared with hertz_at(problem at time t), t after the impact.
nlohmann::json solve_lzb(const Problem<double>& problem, double dP, double t, const HertzVelocities& hertz_at,
                         double max_seconds);

}  // namespace granconv
