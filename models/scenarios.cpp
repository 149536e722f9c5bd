#include "models/scenarios.hpp"

#include "models/find_by_name.hpp"

namespace granconv {

const std::vector<ScenarioInfo>& scenario_catalogue() {
  static const std::vector<ScenarioInfo> catalogue = {
      {"trimer-impact", "JVB trimer, impact IC (3): x = 0, v = (V, 0, 0), contacts open and close",
       Parameters({{"gamma", 0.1}, {"v", 1.0}, {"beta", 1.5}, {"t_end", 5.0}}), "adams"},
      {"trimer-nobreak", "JVB trimer, IC (19): all contacts stay closed on [0, 1.5]",
       Parameters({{"gamma", 0.1}, {"beta", 1.5}, {"t_end", 1.5}}), "adams"},
      {"binary-kk", "JVB eq. (7): dimensionless binary KK collision with damping gamma (γ̃)",
       Parameters({{"gamma", 0.1}, {"beta", 1.5}, {"t_end", 5.0}}), "adams"},
      {"dimer", "JVB §4: dimer chain, masses 1 and epsilon alternating, impact at speed v",
       Parameters({{"n", 25}, {"epsilon", 0.59}, {"gamma", 0.06}, {"v", 1.0}, {"beta", 1.5}, {"t_end", 30.0}}),
       "adams"},
      {"chain", "homogeneous chain of n unit beads, impact at speed v",
       Parameters({{"n", 50}, {"gamma", 0.1}, {"v", 1.0}, {"beta", 1.5}, {"t_end", 30.0}}), "adams"},
      {"cradle", "JVB eq. (31): Newton's cradle, local springs K, contact stiffness k",
       Parameters({{"n", 10}, {"m", 1.0}, {"K", 0.01}, {"k", 13.115}, {"gamma", 0.3}, {"v", 1.0}, {"beta", 1.5},
                   {"t_end", 300.0}}),
       "adams"},
      {"forced-particle",
       "thesis Table 2.2: one particle of mass m at rest under the force drive·(1 + sin t) (analytic reference)",
       Parameters({{"m", 1.0}, {"drive", 1.0}, {"t_end", 1.0}}), "adams"},
      {"singular-q", "thesis eq. (3.1): y'' = y^q, y(0) = 0, y'(0) = 1 (x is y, v is y'; reference from the first integral)",
       Parameters({{"q", 0.5}, {"t_end", 0.5}}), "adams"},
      {"binary",
       "thesis §1.3/§4.3: binary normal collision in the overlap ξ, starting at touching with approach speed v; "
       "force law kn ξ^α + gn ξ' (1, ξ^{1/2} or √_eps(ξ)), effective mass m",
       Parameters({{"m", 1.0}, {"kn", 1.0}, {"gn", 0.5}, {"eps", 0.0}, {"v", 1.0}, {"t_end", 10.0}},
                  {{"law", {"kk", binary_law_names()}}}),
       "adams"},
      {"lzb-monodisperse-20",
       "Nguyen & Brogliato 2011 App. A.2.1: striker + n touching steel beads, all of radius R (SI units), striker "
       "speed V; body 0 is the striker; es = LZB's energetic restitution",
       Parameters({{"n", 20}, {"R", 0.01}, {"rho", 7780.0}, {"E", 203e9}, {"nu", 0.3}, {"V", 1.0}, {"es", 1.0},
                   {"t_end", 2e-3}}),
       "adams"},
      {"lzb-tapered-20",
       "Nguyen & Brogliato 2011 App. A.2.2: striker of radius R + n touching tapered steel beads R_1 = R, "
       "R_i = (1 - q) R_{i-1} (SI units), striker speed V; body 0 is the striker",
       Parameters({{"n", 20}, {"R", 0.01}, {"q", 0.05}, {"rho", 7780.0}, {"E", 203e9}, {"nu", 0.3}, {"V", 1.0},
                   {"es", 1.0}, {"t_end", 2e-3}}),
       "adams"},
  };
  return catalogue;
}

template Problem<double> make_problem<double>(const std::string&, const Parameters&);
template Problem<double> make_problem<double>(const std::string&, const std::vector<std::string>&);
template SphereChain<double> make_sphere_chain<double>(const SphereChainSpec&);

const ScenarioInfo& scenario_info(const std::string& name) {
  return find_by_name(scenario_catalogue(), name, "scenario", [](const ScenarioInfo& s) { return s.name; });
}

}  // namespace granconv
