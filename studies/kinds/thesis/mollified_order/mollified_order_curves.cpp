// The per-ε order studies of the claim kind "mollified-order": one run_study
// per mollifier width and one for plain KK, each with the floor of its
// final-overlap error.
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "models/scenarios.hpp"
#include "reference/cache/reference_cache.hpp"
#include "studies/kinds/thesis/mollified_order/mollified_order_detail.hpp"

namespace granconv::mollified_order {

namespace {

using nlohmann::json;

Claim order_study(const Claim& claim, const Setup& st, double eps) {
  Claim c;
  c.id = eps > 0 ? fmt::format("{}-eps-{:g}", claim.id, eps) : claim.id + "-kk";
  c.title = claim.title;
  c.scenario = st.scenario;
  c.params = st.params;
  if (eps > 0) {
    c.params.emplace_back("law=mollified-kk");  // in place: moving it trips GCC 12's -Warray-bounds false positive
    c.params.push_back(fmt::format("eps={:.17g}", eps));
  } else {
    c.params.emplace_back("law=kk");
  }
  c.scheme = st.scheme;
  c.formulation = "xv";
  c.error_norm = "final-time overlap error |ξ_h(T) − ξ_ref(T)|";
  c.error_measure = "final-overlap";
  c.grid = st.grid;
  return c;
}

// Runs the study; the contact must last beyond t_end (the claim is about the
// error during contact, and an opening event would add its own error terms).
StudyResult run_curve_study(const Claim& c, const StudyOptions& opt) {
  StudyOptions o = opt;
  o.expected_order.reset();
  o.progress = nullptr;
  StudyResult r = run_study(c, o);
  if (r.reference.value("events", 0L) != 0)
    throw std::runtime_error(c.id + ": the contact ends before t_end (the claim needs a run shorter than the contact)");
  return r;
}

// The floor of the final-overlap error. The study's floor (run_study) takes
// the reference's error estimate as the max over all components, which here
// is the velocity's (≈ 2e-13 at |v| ≈ 0.5 m/s), 40–100× what the overlap
// itself is off by; that would cut the h² range of the small ε at h ≈ 3e-7.
// So the same construction is applied to the measured quantity: the overlap
// difference between the reference and its rerun at rtol/10, atol/10 (how the
// reference estimates its own error), plus round-off accumulated like a
// random walk over n steps at the overlap's scale, √n·eps·|ξ_ref(T)|.
void overlap_floor(Curve& c, const StudyOptions& opt) {
  const auto pr = make_problem<double>(c.study.claim.scenario, c.study.claim.params);
  const std::vector<double> times{0.0, pr.t_end};
  ReferenceOptions tight = opt.reference;
  tight.rtol /= 10;
  tight.atol /= 10;
  tight.estimate_error = false;
  const auto ref = cached_reference(pr, times, opt.reference, opt.cache_dir);
  // As the reference does: when CVODE refuses rtol/10 (below what double
  // allows), compare with the other method at the same tolerances.
  ReferenceSolution fine;
  try {
    fine = cached_reference(pr, times, tight, opt.cache_dir);
  } catch (const std::runtime_error&) {
    ReferenceOptions other = opt.reference;
    other.method = resolved_reference_method(pr, opt.reference) == "adams" ? "bdf" : "adams";
    other.estimate_error = false;
    fine = cached_reference(pr, times, other, opt.cache_dir);
  }
  const auto& y = ref.states.back();
  const auto& z = fine.states.back();
  c.overlap = y[0] - y[2];
  c.overlap_ref_error = std::abs(c.overlap - (z[0] - z[2]));
  if (!(c.overlap > 0)) throw std::runtime_error(c.study.claim.id + ": no overlap at t_end");
  const double eps = std::numeric_limits<double>::epsilon();
  c.floor.clear();
  for (long n : c.study.steps) c.floor.push_back(c.overlap_ref_error + std::sqrt(double(n)) * eps * c.overlap);
  c.usable = above_floor(c.study.error, c.floor, opt.floor_factor);
}

}  // namespace

std::vector<Curve> run_curves(const Claim& claim, const Setup& st, const StudyOptions& opt) {
  const auto& eps = st.eps;
  // The studies, one after the other: each is parallel over its step sizes.
  std::vector<Curve> curves(eps.size() + 1);
  for (std::size_t i = 0; i <= eps.size(); ++i) {
    curves[i].eps = i < eps.size() ? eps[i] : 0;
    curves[i].study = run_curve_study(order_study(claim, st, curves[i].eps), opt);
    overlap_floor(curves[i], opt);
    if (opt.progress) opt.progress(i + 1, eps.size() + 1);
  }
  return curves;
}

}  // namespace granconv::mollified_order
