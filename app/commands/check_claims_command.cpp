// `granconv check-claims`: a catalogue loaded and validated, nothing run.
#include <filesystem>
#include <iostream>
#include <map>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/output_flags.hpp"
#include "models/input/printable.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/core/catalogue.hpp"
#include "studies/core/claim.hpp"

namespace granconv::cli {

int check_claims(const CheckClaimsArgs& a) {
  set_claim_file_folders({a.tableaux, a.scenarios});
  for (const auto& name : a.scheme_names)
    register_scheme({.name = name,
                     .label = "registered in C++ by the program that runs these claims",
                     .classical_order = 1,
                     .family = SchemeFamily::dem,
                     .accepts_xw = true,
                     .make = {[](const SchemeInfo& row, const SchemeOptions&) -> Scheme<double> {
                       throw std::invalid_argument("scheme '" + row.name + "' is known by name only here");
                     }}});
  const std::filesystem::path path = a.file.empty() ? default_claims_file() : std::filesystem::path(a.file);
  const OutputFlags& output = a.output;
  // A directory is read file by file, as load_catalogue does, so that every
  // problem of every file is listed, and an id in two files is one more.
  std::vector<std::string> problems;
  std::map<std::string, std::string> file_of;  // claim id -> the file that first holds it
  std::map<std::string, int> kinds;
  std::size_t claims = 0;
  for (const auto& f : catalogue_files(path)) {
    const Catalogue cat = read_catalogue(f);
    problems.insert(problems.end(), cat.problems.begin(), cat.problems.end());
    for (const auto& c : cat.claims) {
      const auto [it, fresh] = file_of.emplace(c.id, f.filename().string());
      if (!fresh)
        problems.push_back("claim '" + c.id + "' appears twice (" + it->second + " and " + f.filename().string() + ")");
      ++kinds[c.kind];
      ++claims;
    }
  }
  for (const auto& p : problems) std::cerr << "granconv: error: " << printable(p) << '\n';
  if (!problems.empty()) return 2;
  if (output.json) print_json({{"file", path.string()}, {"claims", claims}, {"kinds", kinds}});
  if (output.quiet || output.json) return 0;
  std::cout << fmt::format("{}: {} claims of {} kinds, no problem found\n", path.string(), claims, kinds.size());
  return 0;
}

}  // namespace granconv::cli
