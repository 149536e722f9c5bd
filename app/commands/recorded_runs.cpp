#include "app/commands/recorded_runs.hpp"

#include <exception>

#include "app/progress_display.hpp"
#include "reports/atomic_file.hpp"
#include "reports/json_file.hpp"
#include "reports/record_checksum.hpp"
#include "studies/core/claim_scheduler.hpp"

namespace granconv::cli {

std::vector<ClaimResult> run_and_record(const std::vector<const Claim*>& claims, const StudyOptions& base,
                                        const std::filesystem::path& out, bool quiet) {
  const auto record_file = [&](std::size_t k) { return out / "studies" / (claims[k]->id + ".json"); };
  ProgressDisplay progress(ProgressDisplay::style_for(quiet), "study", claims.size());
  std::size_t arrived = 0;  // results arrive in the claims' order when they run one after the other
  ClaimSchedule schedule;
  // The seconds of the claim's previous record in DIR/studies, if there is one to trust.
  schedule.previous_seconds = [&](std::size_t k) {
    try {
      const auto previous = read_json_file(record_file(k), "result record");
      verify_checksum(previous, record_file(k), "result record", "");
      return previous.value("seconds", 0.0);
    } catch (const std::exception&) {  // no previous record, or not one to trust: no hint
      return 0.0;
    }
  };
  schedule.started = [&](std::size_t k) { return progress.start(k + 1, claims[k]->id); };
  schedule.recorded = [&](std::size_t k, const ClaimResult& r) {
    write_file_atomically(record_file(k), sealed_json_text(r.record));
  };
  schedule.finished = [&](std::size_t k, const ClaimResult& r) {
    progress.finish(++arrived, claims[k]->id, shout(r.verdict), r.record.at("seconds").get<double>());
  };
  return schedule_claims(claims, base, schedule);
}

}  // namespace granconv::cli
