#include "studies/core/claim_scheduler.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string_view>

#include "studies/support/distribution/cell_bytes.hpp"
#include "studies/support/distribution/distributed_for.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv {

namespace {

// Several claims are the cells of one distributed loop: each runs whole on
// one rank (its own loops on that rank's threads), the dearest first, and
// the writing rank records each as it arrives. In one process the claims
// share its `jobs` threads the same way, each claim's loops nested on threads
// of their own: whole claims in parallel leave no core idle in a claim's
// serial parts (its reference, its fit), which cells alone did.
std::vector<ClaimResult> run_as_cells(const std::vector<const Claim*>& claims, const StudyOptions& base,
                                      const ClaimSchedule& schedule) {
  const std::size_t n = claims.size();
  std::vector<double> cost(n, 0);
  if (schedule.previous_seconds)
    for (std::size_t k = 0; k < n && is_writer(); ++k) cost[k] = schedule.previous_seconds(k);
  DistributedLoop loop{.order = first_first(n), .jobs = distribution_ranks() > 1 ? 1 : base.jobs,
                       .first_failure_by_index = true};
  std::stable_sort(loop.order.begin(), loop.order.end(), [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  loop.compute = [&](std::size_t k) {
    StudyOptions opt = base;
    opt.progress = nullptr;
    const auto start = std::chrono::steady_clock::now();
    ClaimResult r = run_claim(*claims[k], opt);
    r.record["seconds"] = seconds_since(start);
    CellWriter w;
    w.put(r.record).put(r.summary).put<std::uint8_t>(r.pass).put<int>(static_cast<int>(r.verdict));
    return w.take();
  };
  auto result = [](std::string_view bytes) {
    CellReader in(bytes);
    ClaimResult r;
    r.record = in.get_json();
    r.summary = in.get_string();
    r.pass = in.get<std::uint8_t>() != 0;
    r.verdict = static_cast<Verdict>(in.get<int>());
    return r;
  };
  loop.arrived = [&](std::size_t k, std::string_view bytes) {
    const ClaimResult r = result(bytes);
    if (schedule.recorded) schedule.recorded(k, r);
    if (schedule.finished) schedule.finished(k, r);
  };
  std::vector<ClaimResult> results(n);
  loop.apply = [&](std::size_t k, std::string_view bytes) { results[k] = result(bytes); };
  distributed_for(loop);
  return results;
}

}  // namespace

std::vector<ClaimResult> schedule_claims(const std::vector<const Claim*>& claims, const StudyOptions& base,
                                         const ClaimSchedule& schedule) {
  if (claims.size() > 1 && (distribution_ranks() > 1 || base.jobs > 1)) return run_as_cells(claims, base, schedule);
  std::vector<ClaimResult> results;
  for (std::size_t k = 0; k < claims.size(); ++k) {
    StudyOptions opt = base;
    opt.progress = schedule.started ? schedule.started(k) : nullptr;
    const auto start = std::chrono::steady_clock::now();
    results.push_back(run_claim(*claims[k], opt));
    results.back().record["seconds"] = seconds_since(start);
    if (schedule.finished) schedule.finished(k, results.back());
    if (schedule.recorded && is_writer())  // under MPI, rank 0 writes (every rank holds the same result)
      schedule.recorded(k, results.back());
  }
  return results;
}

}  // namespace granconv
