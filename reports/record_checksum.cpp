#include "reports/record_checksum.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "reference/cache/reference_cache.hpp"

namespace granconv {

namespace {

constexpr const char* kKey = "checksum";
constexpr const char* kScheme = "xxh3-64:";

}  // namespace

std::string record_checksum(const nlohmann::json& record) {
  if (!record.is_object()) throw std::invalid_argument("a record to checksum must be a JSON object");
  std::string text;
  if (record.contains(kKey)) {
    nlohmann::json rest = record;
    rest.erase(kKey);
    text = rest.dump();
  } else {
    text = record.dump();
  }
  return fmt::format("{}{:016x}", kScheme, reference_cache_checksum(text.data(), text.size()));
}

std::string sealed_json_text(nlohmann::json record) {
  record[kKey] = record_checksum(record);
  return record.dump(1) + "\n";
}

void verify_checksum(const nlohmann::json& record, const std::filesystem::path& file, const std::string& what,
                     const std::string& rerun) {
  const std::string where = what + " " + file.string() + ": ";
  if (!record.is_object()) throw std::runtime_error(where + "not a JSON object");
  if (!record.contains(kKey))
    throw std::runtime_error(where + "no \"checksum\" (written by an older granconv, or by hand): " + rerun);
  const auto& stored = record.at(kKey);
  if (!stored.is_string() || stored.get<std::string>() != record_checksum(record))
    throw std::runtime_error(where + "checksum mismatch: changed after granconv wrote it (damaged or edited): " +
                             rerun);
}

}  // namespace granconv
