#include "studies/core/catalogue.hpp"

#include "models/input/json_input.hpp"
#include "models/input/printable.hpp"

#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace granconv {

namespace fs = std::filesystem;

std::vector<fs::path> catalogue_files(const fs::path& catalogue) {
  std::error_code ec;
  if (!fs::is_directory(catalogue, ec)) return {catalogue};
  const fs::path index = catalogue / "index.json";
  const nlohmann::json j = read_json_limited(index.string(), kMaxCatalogueFileBytes, "catalogue index");
  if (!j.is_object() || !j.contains("files") || !j["files"].is_array() || j["files"].empty())
    throw std::runtime_error("catalogue index " + index.string() + " has no non-empty array 'files'");
  std::vector<fs::path> files;
  std::set<std::string> listed;
  for (const auto& f : j["files"]) {
    // Plain names of .json files in the directory itself: the index cannot
    // reach outside it.
    if (!f.is_string() || f.get<std::string>().find('/') != std::string::npos ||
        fs::path(f.get<std::string>()).extension() != ".json" || f.get<std::string>() == "index.json")
      throw std::runtime_error("catalogue index " + index.string() + ": 'files' entry " + f.dump() +
                               " is not the name of a .json file beside it");
    if (!listed.insert(f.get<std::string>()).second)
      throw std::runtime_error("catalogue index " + index.string() + " lists " + f.get<std::string>() + " twice");
    files.push_back(catalogue / f.get<std::string>());
    if (!fs::is_regular_file(files.back(), ec))
      throw std::runtime_error("catalogue index " + index.string() + " lists " + f.get<std::string>() +
                               ", which is not there");
  }
  for (const auto& e : fs::directory_iterator(catalogue)) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() == ".json" && name != "index.json" && !listed.count(name))
      throw std::runtime_error("catalogue file " + e.path().string() + " is not listed in " + index.string());
  }
  return files;
}

std::vector<Claim> load_catalogue(const fs::path& catalogue) {
  std::vector<Claim> claims;
  std::map<std::string, fs::path> seen;  // id -> file
  for (const auto& file : catalogue_files(catalogue)) {
    for (auto& c : load_claims(file)) {
      const auto [it, fresh] = seen.emplace(c.id, file);
      if (!fresh)
        throw std::invalid_argument("claim id '" + c.id + "' appears in both " + it->second.string() + " and " +
                                    file.string());
      claims.push_back(std::move(c));
    }
  }
  return claims;
}

fs::path results_summary_beside(const fs::path& catalogue) {
  std::error_code ec;
  const fs::path p = catalogue.lexically_normal();
  const fs::path dir = fs::is_directory(catalogue, ec) ? (p.has_filename() ? p : p.parent_path()).parent_path()
                                                       : p.parent_path();
  return dir / "results_summary.json";
}

}  // namespace granconv
