#pragma once
// What both reference caches write of a problem into their keys
// (reference_cache.cpp, extended_reference_cache.cpp): the scenario, its
// parameters, every chain array and the contact law, the initial state and
// the final time, each number by its exact bits. One function per part, so
// that a field added to the chain or to a law is keyed by both caches or by
// neither. nlohmann::json objects are key-sorted, so a key's text does not
// depend on the order the fields are written in here.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "models/scenarios.hpp"

namespace granconv::cache_key {

inline std::string hex64(std::uint64_t v) { return fmt::format("{:016x}", v); }

// A double as "%.17g" (readable) and its exact bits (unambiguous).
inline nlohmann::json exact(double x) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  return nlohmann::json::array({fmt::format("{:.17g}", x), hex64(bits)});
}

// `exact` maps one scalar of the key to its JSON (the caller's encoding of S).
template <class S, class Exact>
nlohmann::json exact_array(const S* p, std::size_t n, const Exact& exact) {
  nlohmann::json a = nlohmann::json::array();
  for (std::size_t i = 0; i < n; ++i) a.push_back(exact(p[i]));
  return a;
}
template <class S, class Exact>
nlohmann::json exact_array(const std::vector<S>& v, const Exact& exact) {
  return exact_array(v.data(), v.size(), exact);
}

// Every field of a ContactLaw.
template <class S, class Exact>
void write_law(nlohmann::json& chain_key, const ContactLaw<S>& law, const Exact& exact) {
  chain_key["twice_alpha"] = law.twice_alpha;
  chain_key["four_beta"] = law.four_beta;
  chain_key["eps"] = exact(law.eps);
  chain_key["nontensile"] = law.nontensile;
}

template <class S, class Exact>
nlohmann::json chain(const Chain<S>& c, const Exact& exact) {
  nlohmann::json key = {{"m", exact_array(c.m, exact)},         {"K", exact_array(c.K, exact)},
                        {"k", exact_array(c.k, exact)},         {"gamma", exact_array(c.gamma, exact)},
                        {"drive", exact(c.drive)},              {"power_c", exact(c.power_c)},
                        {"power_q", exact(c.power_q)},          {"force", exact_array(c.force, exact)},
                        {"wall", c.wall}};
  write_law(key, c.law, exact);
  return key;
}

// scenario, params, chain, y0 and t_end into `key`.
template <class S, class Exact>
void write_problem(nlohmann::json& key, const Problem<S>& problem, const Exact& exact) {
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [k, v] : problem.params.values()) params[k] = cache_key::exact(v);
  for (const auto& [k, c] : problem.params.choices()) params[k] = c.value;
  key["scenario"] = problem.scenario;
  key["params"] = params;
  key["chain"] = chain(problem.chain, exact);
  key["y0"] = exact_array(problem.y0.data(), static_cast<std::size_t>(problem.y0.size()), exact);
  key["t_end"] = exact(problem.t_end);
}

}  // namespace granconv::cache_key
