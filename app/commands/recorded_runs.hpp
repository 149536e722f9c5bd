#pragma once
// `run` and `report` run their claims through the scheduler
// (studies/core/claim_scheduler.hpp) and write each record, sealed with its
// checksum, to DIR/studies/<id>.json as soon as it is done, with its progress
// on stderr.
#include <filesystem>
#include <vector>

#include "studies/core/claim_kinds.hpp"
#include "studies/core/study.hpp"

namespace granconv::cli {

std::vector<ClaimResult> run_and_record(const std::vector<const Claim*>& claims, const StudyOptions& base,
                                        const std::filesystem::path& out, bool quiet);

}  // namespace granconv::cli
