#pragma once
// Claims about single runs of the tailored schemes on dimer and homogeneous
// chains (JVB §4): the error table (Table 1, kind "table") and the velocity
// histories of named beads (figs. 7 and 8, kind "history").
#include "studies/core/claim_kinds.hpp"

namespace granconv {

ClaimResult run_table_claim(const Claim& claim, const StudyOptions& options);
ClaimResult run_history_claim(const Claim& claim, const StudyOptions& options);

}  // namespace granconv
