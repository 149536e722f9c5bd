#pragma once
// The claim catalogue on disk. It is either a directory — the shipped
// studies/claims/, one file per paper, read in the order its index.json
// lists them — or one file {"claims": [...]} (a user's catalogue, a test's
// perturbed copy). GRANCONV_CLAIMS and every --claims option take either.
#include <filesystem>
#include <vector>

#include "studies/core/claim.hpp"

namespace granconv {

// The files of a catalogue in reading order: the path itself when it is a
// file; for a directory, the files its index.json lists. Throws, naming the
// file, when the index is unreadable or malformed, lists a file that is not
// there, or when the directory holds a .json file the index does not list
// (a catalogue file nobody would read).
std::vector<std::filesystem::path> catalogue_files(const std::filesystem::path& catalogue);

// Every claim of the catalogue, in order (load_claims on each file); a claim
// id found in two files is refused, naming both.
std::vector<Claim> load_catalogue(const std::filesystem::path& catalogue);

// The results summary kept beside a catalogue: studies/results_summary.json
// for studies/claims/ (and for a file studies/x.json).
std::filesystem::path results_summary_beside(const std::filesystem::path& catalogue);

}  // namespace granconv
