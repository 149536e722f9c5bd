#include "schemes/lzb_solve.hpp"

#include <chrono>
#include <stdexcept>
#include <vector>

namespace granconv {

namespace {

std::vector<double> to_vector(const Vec<double>& v) { return {v.data(), v.data() + v.size()}; }

}  // namespace

Vec<double> velocities_of(const Vec<double>& xv) {
  Vec<double> v(xv.size() / 2);
  for (Eigen::Index i = 0; i < v.size(); ++i) v[i] = xv[2 * i + 1];
  return v;
}

LzbResult run_lzb(const Problem<double>& pr, double dP, const LzbImpact::Observer& observe, const LzbOptions& method) {
  for (Eigen::Index i = 0; i < pr.y0.size(); i += 2)
    if (pr.y0[i] != 0)
      throw std::invalid_argument("LZB: the chain must touch everywhere at the impact (initial displacements 0)");
  LzbOptions o = method;
  o.dP = dP;
  o.es = pr.params.values().count("es") ? pr.params.get("es") : 1.0;
  LzbImpact lzb(pr.chain, o);
  return lzb.run(velocities_of(pr.y0), observe);
}

nlohmann::json solve_lzb(const Problem<double>& pr, double dP, double t, const HertzVelocities& hertz_at,
                         double max_seconds) {
  const auto t0 = std::chrono::steady_clock::now();
  LzbOptions lo;
  lo.max_seconds = max_seconds;
  const auto r = run_lzb(pr, dP, nullptr, lo);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  auto at_t = pr;
  at_t.t_end = t;
  const Vec<double> v_hertz = hertz_at(at_t);
  const double V = velocities_of(pr.y0).cwiseAbs().maxCoeff();
  return {{"scheme", "lzb"},
          {"dP", dP},
          {"steps", r.steps},
          {"P", r.P},
          {"impact_duration", r.t},
          {"v", to_vector(r.v)},
          {"v_hertz", to_vector(v_hertz)},
          {"t", t},
          {"final_error", (r.v - v_hertz).cwiseAbs().maxCoeff()},
          {"relative_error", (r.v - v_hertz).cwiseAbs().maxCoeff() / V},
          {"momentum_before", r.momentum_before},
          {"momentum_after", r.momentum_after},
          {"wall_impulse", r.wall_impulse},
          {"kinetic_before", r.kinetic_before},
          {"kinetic_after", r.kinetic_after},
          {"rule13_capped", r.guarded},
          {"seconds", seconds}};
}

}  // namespace granconv
