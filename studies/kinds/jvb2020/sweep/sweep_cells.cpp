// The cells of a sweep: every run at one sweep point against the CVODE
// reference, on threads or MPI ranks, and a cell's result as bytes.
#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "schemes/scheme_catalogue.hpp"
#include "studies/support/comparison.hpp"
#include "studies/support/distribution/cell_bytes.hpp"
#include "studies/support/distribution/distributed_for.hpp"

#include "studies/kinds/jvb2020/sweep/sweep_detail.hpp"

namespace granconv::sweep {

namespace {

// A point's result as the bytes of a distributed cell, and back.
void put_map(CellWriter& w, const std::map<double, double>& m) {
  w.put<std::uint64_t>(m.size());
  for (const auto& [k, v] : m) w.put(k).put(v);
}
std::map<double, double> get_map(CellReader& r) {
  std::map<double, double> m;
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    const double k = r.get<double>();
    m[k] = r.get<double>();
  }
  return m;
}
std::string point_bytes(const PointResult& p) {
  CellWriter w;
  w.put(p.value).put(p.error_x).put(p.error_v).put(p.seconds).put(p.failure);
  put_map(w, p.ref_final_v);
  put_map(w, p.ref_sup_x);
  put_map(w, p.ref_sup_v);
  return w.take();
}
PointResult point_from(std::string_view bytes) {
  CellReader r(bytes);
  PointResult p;
  p.value = r.get_doubles();
  p.error_x = r.get_doubles();
  p.error_v = r.get_doubles();
  p.seconds = r.get_doubles();
  p.failure = r.get_strings();
  p.ref_final_v = get_map(r);
  p.ref_sup_x = get_map(r);
  p.ref_sup_v = get_map(r);
  return p;
}

}  // namespace

void Sweep::compute() {
  points_.assign(x_.size(), {});
  std::vector<Scheme<double>> schemes;
  for (const auto& r : runs_) {
    // Perturbations (--dissipation-scale, --mu) reach the schemes they apply to.
    SchemeOptions so;
    if (scheme_info(r.scheme).tailored) so.dissipation_scale = opt_.scheme.dissipation_scale;
    if (r.scheme == "theta") so.mu = opt_.scheme.mu;
    schemes.push_back(make_scheme<double>(r.scheme, so));
  }
  const bool keep = quantity_ == "final-velocity";
  // One cell per sweep point, on threads or MPI ranks (studies/support/distribution/).
  DistributedLoop loop{.order = first_first(x_.size()), .jobs = opt_.jobs};
  loop.apply = [&](std::size_t i, std::string_view bytes) { points_[i] = point_from(bytes); };
  loop.compute = [&](std::size_t i) {
    Parameters p = params_;
    p.set(parameter_, x_[i]);
    const auto pr = make_problem<double>(scenario_, p);
    const int last = pr.chain.beads() - 1;
    PointResult out;
    const std::size_t n = runs_.size();
    out.value.assign(n, kNaN);
    out.error_x.assign(n, kNaN);
    out.error_v.assign(n, kNaN);
    out.seconds.assign(n, kNaN);
    out.failure.assign(n, "");
    // No per-point error estimate of the reference: one CVODE run per sweep
    // point and step size is what the figure needs.
    ComparisonOptions co{.keep_states = keep, .reference = opt_.reference, .cache_dir = opt_.cache_dir};
    co.reference.estimate_error = false;
    for (std::size_t k = 0; k < n; ++k) {
      const Run& r = runs_[k];
      try {
        const Comparison c = compare_with_reference(pr, schemes[k], formulation_from_string(r.formulation), r.h, co);
        if (c.diverged) throw std::runtime_error(c.diverged_reason);  // a failed point: in no fit, marked
        out.error_x[k] = c.max_error_x;
        out.error_v[k] = c.max_error_v;
        out.seconds[k] = c.seconds;
        out.ref_sup_x[r.h] = c.ref_sup_x;
        out.ref_sup_v[r.h] = c.ref_sup_v;
        if (keep) {
          out.value[k] = c.scheme_xv.back()[2 * last + 1];
          out.ref_final_v[r.h] = c.reference_xv.back()[2 * last + 1];
        } else {
          out.value[k] = std::max(c.max_error_x, c.max_error_v);
        }
      } catch (const std::exception& e) {
        out.failure[k] = e.what();
      }
    }
    return point_bytes(out);
  };
  distributed_for(loop);
}

}  // namespace granconv::sweep
