#include "app/options.hpp"

#include "studies/core/catalogue.hpp"

namespace granconv::cli {

std::filesystem::path catalogue_path(const std::string& claims) {
  return claims.empty() ? default_claims_file() : std::filesystem::path(claims);
}

}  // namespace granconv::cli
