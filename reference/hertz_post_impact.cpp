#include "reference/hertz_post_impact.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "reference/cache/reference_cache.hpp"

namespace granconv {

namespace {

Vec<double> velocities_of(const Vec<double>& xv) {
  Vec<double> v(xv.size() / 2);
  for (Eigen::Index i = 0; i < v.size(); ++i) v[i] = xv[2 * i + 1];
  return v;
}

}  // namespace

HertzOutcome hertz_post_impact(const Problem<double>& pr, const ReferenceOptions& opt,
                               const std::filesystem::path& cache_dir) {
  const double t_end = pr.t_end;
  const auto ref = cached_reference(pr, {0.0, t_end}, opt, cache_dir);
  const auto& y = ref.states.back();
  // After the last opening no force acts again when every contact is open
  // and no pair approaches (free flight with v_j ≤ v_{j+1}).
  for (int j = 0; j < pr.chain.links(); ++j)
    if (!(pr.chain.gap(y, j) < 0) || pr.chain.gap_rate(y, j) > 0)
      throw std::runtime_error(fmt::format("{}: contact {} is not open for good at t_end = {:g} s (overlap {:.3e} m, "
                                           "approach rate {:.3e} m/s); raise t_end",
                                           pr.scenario, j, t_end, pr.chain.gap(y, j), pr.chain.gap_rate(y, j)));
  return {velocities_of(y), ref.provenance.event_times, ref.provenance.error_estimate, ref.provenance.steps};
}

Vec<double> hertz_solve_velocities(const Problem<double>& pr, const std::filesystem::path& cache_dir,
                                   double max_seconds) {
  ReferenceOptions ro;
  ro.max_seconds = max_seconds;
  ro.rtol = 1e-12;
  ro.atol = 1e-18;
  ro.estimate_error = false;
  return hertz_post_impact(pr, ro, cache_dir).v;
}

}  // namespace granconv
