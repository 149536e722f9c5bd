#pragma once
// Internals of the claim kinds "table" (table_claims.cpp) and "history"
// (history_claims.cpp), see history_claims.hpp: the scheme runs both compare
// with the reference, read and bounded at load. Not for use outside these
// files.
#include <string>
#include <vector>

#include "models/scenarios.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/core/step_grid_field.hpp"
#include "studies/kinds/jvb2020/history/history_claims.hpp"
#include "studies/support/comparison.hpp"
#include "studies/support/parallel_for.hpp"

namespace granconv::history {

struct Run {
  std::string label, scheme;
  double h = 0;
  Comparison result;
};

SchemeRun read_run(FieldReader& r);

// The claim's runs, in parallel (each run writes only its own slot).
template <class R>
std::vector<Run> run_all(const std::vector<R>& specs, const Problem<double>& pr, const StudyOptions& opt,
                         bool keep_states) {
  std::vector<Run> runs;
  for (const auto& j : specs) runs.push_back({j.label, j.scheme, j.h, {}});
  ComparisonOptions co;
  co.keep_states = keep_states;
  co.reference = opt.reference;
  co.reference.estimate_error = false;
  co.cache_dir = opt.cache_dir;
  parallel_for(runs.size(), opt.jobs, [&](std::size_t i) {
    SchemeOptions so = opt.scheme;  // --mu reaches the θ runs only
    if (!scheme_takes_mu(runs[i].scheme)) so.mu.reset();
    runs[i].result = compare_with_reference(pr, make_scheme<double>(runs[i].scheme, so), Formulation::xv, runs[i].h, co);
  });
  return runs;
}

// Each run's steps and trajectory within the limits, at load.
template <class R>
void check_runs(FieldReader& r, const std::string& scenario, const std::vector<std::string>& params,
                const std::vector<R>& runs) {
  if (!r.ok()) return;
  try {
    const auto pr = make_problem<double>(scenario, params);
    for (std::size_t i = 0; i < runs.size(); ++i)
      check_run_budget(r, "runs[" + std::to_string(i) + "].h", runs[i].h, pr.t_end,
                       static_cast<std::size_t>(pr.y0.size()));
  } catch (const std::exception& e) {
    r.problem("scenario", e.what());
  }
}

bool within_relative(double observed, double paper, double tol);

}  // namespace granconv::history
