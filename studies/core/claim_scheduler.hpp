#pragma once
// Which claims run how: several claims with more than one thread or rank are
// the cells of one distributed loop, the dearest first; otherwise one after
// the other in the order given. The caller says where each result goes (its
// record written, its progress shown): the scheduler writes nothing itself.
#include <cstddef>
#include <functional>
#include <vector>

#include "studies/core/claim_kinds.hpp"
#include "studies/core/study.hpp"
#include "studies/support/parallel_for.hpp"

namespace granconv {

struct ClaimSchedule {
  // The seconds a claim took before (0 when unknown): only an ordering hint,
  // asked on the writing rank when claims run as cells. The order changes no result.
  std::function<double(std::size_t k)> previous_seconds;
  // One after the other: claim k starts; the callback reports its runs. Not
  // called for claims run as cells (their runs report nothing).
  std::function<ProgressFn(std::size_t k)> started;
  // Claim k's result with its "seconds" set: on every rank one after the
  // other (finished, then recorded on the writer), on the writer alone for
  // cells (recorded, then finished).
  std::function<void(std::size_t k, const ClaimResult& r)> recorded;
  std::function<void(std::size_t k, const ClaimResult& r)> finished;
};

// Runs every claim with `base` (its jobs, cache, overrides) and returns the
// results in the claims' order; the first failure (by index) is thrown.
std::vector<ClaimResult> schedule_claims(const std::vector<const Claim*>& claims, const StudyOptions& base,
                                         const ClaimSchedule& schedule);

}  // namespace granconv
