// The collision runs of the claim kind "thesis-restitution": one (law, v_i)
// cell from the CVODE reference and the schemes, and the catalogue fields
// they need.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reference/cache/reference_cache.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/support/binary_opening.hpp"
#include "studies/kinds/thesis/thesis_restitution/thesis_restitution_detail.hpp"

namespace granconv::thesis_restitution {

namespace {

using nlohmann::json;

// The maximum of the cubic Hermite interpolant of (ξ, ξ') on [a, b], where
// ξ'(a) > 0 ≥ ξ'(b): bisection on its derivative (monotone sign change).
std::pair<double, double> hermite_max(double a, double b, double p0, double p1, double d0, double d1) {
  const double H = b - a;
  const double c1 = H * d0, c2 = 3 * (p1 - p0) - H * (2 * d0 + d1), c3 = 2 * (p0 - p1) + H * (d0 + d1);
  auto dp = [&](double s) { return c1 + s * (2 * c2 + 3 * c3 * s); };
  double lo = 0, hi = 1;
  for (int i = 0; i < 80; ++i) {
    const double mid = (lo + hi) / 2;
    (dp(mid) > 0 ? lo : hi) = mid;
  }
  const double s = (lo + hi) / 2;
  return {p0 + s * (c1 + s * (c2 + c3 * s)), a + s * H};
}

// Maximum of ξ over the samples with stride `stride` (1: all, 2: every second).
std::pair<double, double> max_overlap(const ReferenceSolution& ref, std::size_t stride) {
  const auto& t = ref.times;
  const auto& y = ref.states;
  for (std::size_t i = 0; i + stride < t.size(); i += stride) {
    const double d0 = y[i][1] - y[i][3], d1 = y[i + stride][1] - y[i + stride][3];
    if (d0 > 0 && d1 <= 0)
      return hermite_max(t[i], t[i + stride], y[i][0] - y[i][2], y[i + stride][0] - y[i + stride][2], d0, d1);
  }
  throw std::runtime_error("binary collision: the overlap rate never changes sign from + to − in the samples");
}

}  // namespace

double cell_steps(const Setup& s, double v) {
  // Elastic Hertz contact time for m ξ'' = −k ξ^{3/2}: 3.2145 (m/k)^{2/5} v^{−1/5}.
  const double tc = 3.2145 * std::pow(s.m / s.kn, 0.4) * std::pow(v, -0.2);
  return std::ceil(s.contact_times * tc / s.h);
}

Cell run_cell(double eps, double v, const Setup& s, const std::vector<std::string>& schemes, bool keep_trajectory,
              const StudyOptions& opt) {
  Cell c;
  c.eps = eps;
  c.v = v;
  const long n = static_cast<long>(cell_steps(s, v));
  c.t_end = static_cast<double>(n) * s.h;  // exact: h is a power of two
  std::vector<std::string> params = {"law=" + std::string(eps == 0 ? "kk" : "mollified-kk"),
                                     fmt::format("m={:.17g}", s.m),
                                     fmt::format("kn={:.17g}", s.kn),
                                     fmt::format("gn={:.17g}", s.gn),
                                     fmt::format("v={:.17g}", v),
                                     fmt::format("t_end={:.17g}", c.t_end)};
  if (eps != 0) params.push_back(fmt::format("eps={:.17g}", eps));
  const auto pr = make_problem<double>("binary", params);
  const std::string where = fmt::format("binary collision, {}, v = {:g} m/s", law_label(eps), v);

  std::vector<double> times(static_cast<std::size_t>(s.samples) + 1);
  for (std::size_t k = 0; k < times.size(); ++k) times[k] = c.t_end * static_cast<double>(k) / s.samples;
  times.back() = c.t_end;
  const auto ref = cached_reference(pr, times, opt.reference, opt.cache_dir);
  const auto& p = ref.provenance;
  const auto opening = detail::single_opening(ref, v, where);
  c.t_open = opening.t_open;
  c.error_estimate = p.error_estimate;
  c.steps = p.steps;
  c.e = opening.e;
  c.de = 2 * p.error_estimate / v;  // relative velocity: two components
  const auto [xi, tm] = max_overlap(ref, 1);
  const auto coarse = max_overlap(ref, 2);
  c.xi_max = xi;
  c.t_max = tm;
  c.hermite = std::abs(xi - coarse.first);
  c.dxi = 2 * p.error_estimate + c.hermite;
  if (keep_trajectory) {
    const std::size_t stride = std::max<std::size_t>(1, times.size() / 500);
    for (std::size_t k = 0; k < times.size(); k += stride) {
      c.traj_t.push_back(sig(times[k] * 1e6, 8));
      c.traj_xi.push_back(sig((ref.states[k][0] - ref.states[k][2]) * 1e6, 8));
    }
  }

  for (const auto& name : schemes) {
    const auto scheme = make_scheme<double>(name, opt.scheme);
    long separation = -1;
    Vec<double> last = pr.y0;
    scheme.run(
        pr.chain, Formulation::xv, pr.y0, s.h, n,
        [&](long k, const Vec<double>& xv) {
          if (separation < 0 && xv[0] - xv[2] < 0) separation = k;
          if (k == n) last = xv;
        },
        {});
    if (separation < 0 || separation >= n || !(last[0] - last[2] < 0))
      throw std::runtime_error(fmt::format("{}, {} at h = {:g} s: no separation within {} steps (final overlap {:g} m)",
                                           where, name, s.h, n, last[0] - last[2]));
    c.scheme_e.push_back(std::abs(last[1] - last[3]) / v);
    c.scheme_separation.push_back(separation);
  }
  return c;
}

json physics(const Setup& s) {
  return {{"m", s.m}, {"kn", s.kn}, {"gn", s.gn}, {"h", s.h}, {"v", s.v}, {"samples", s.samples},
          {"t_end_contact_times", s.contact_times}, {"noise_factor", s.noise}};
}

json reference_summary(const std::vector<Cell>& cells, const StudyOptions& opt) {
  double err = 0, herm = 0;
  long steps = 0;
  for (const auto& c : cells) {
    err = std::max(err, c.error_estimate);
    herm = std::max(herm, c.hermite);
    steps = std::max(steps, c.steps);
  }
  return {{"rtol", opt.reference.rtol}, {"atol", opt.reference.atol}, {"runs", cells.size()},
          {"max_error_estimate", err}, {"max_hermite_accuracy", herm}, {"max_steps", steps}, {"events_per_run", 1}};
}

}  // namespace granconv::thesis_restitution

namespace granconv::thesis_restitution {

json record_of(const Claim& claim, const CheckList& checks, json tables, json figures, const Setup& s,
               const std::vector<Cell>& cells, const StudyOptions& opt) {
  json record = result_head(claim, checks.pass);
  record["checks"] = checks.items;
  record["tables"] = std::move(tables);
  record["figures"] = std::move(figures);
  record["scenario"] = "binary";
  record["physics"] = physics(s);
  record["reference"] = reference_summary(cells, opt);
  return record;
}

}  // namespace granconv::thesis_restitution
