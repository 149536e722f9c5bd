// compare_results EXPECTED ACTUAL: field-by-field comparison of result
// records (DIR/studies/<id>.json), the proof that a refactor changed no result.
//
// EXPECTED and ACTUAL are both files or both folders; for folders every
// *.json of EXPECTED must exist in ACTUAL (extra files in ACTUAL are fine).
// Compared: numbers bit for bit (the writer prints the shortest round-trip
// form, so equal text means equal doubles), booleans, nulls, array lengths
// and the presence of every key of EXPECTED. Not compared: prose (strings,
// unless --strings), fields added in ACTUAL, and wall-clock timings (keys
// naming seconds, and the checksum over them; table columns headed
// "seconds", "time [s]" or "time (ours, s)"), which vary from run to run by nature.
//
// Exit status: 0 identical, 1 differences (listed by JSON pointer), 2 error.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

bool strings = false;
std::vector<std::string> differences;

// The checksum (reports/record_checksum.hpp) covers the timings, so it varies with them.
bool is_timing(const std::string& key) { return key.find("seconds") != std::string::npos || key == "checksum"; }

void note(const std::string& where, const std::string& what) { differences.push_back(where + ": " + what); }

void compare(const json& e, const json& a, const std::string& where);

// A table {title, columns, rows}: rows compared column by column, skipping timing columns.
bool compare_table(const json& e, const json& a, const std::string& where) {
  if (!e.is_object() || !e.contains("columns") || !e.contains("rows") || !e.at("columns").is_array()) return false;
  std::vector<bool> skip;
  for (const auto& c : e.at("columns")) {
    const std::string h = c.is_string() ? c.get<std::string>() : "";
    skip.push_back(h.find("seconds") != std::string::npos || h.find("time [s]") != std::string::npos ||
                   h.find("time (ours") != std::string::npos);
  }
  for (const auto& [k, v] : e.items())
    if (k != "rows") compare(v, a.contains(k) ? a.at(k) : json(), where + "/" + k);
  const json& er = e.at("rows");
  const json ar = a.value("rows", json::array());
  if (er.size() != ar.size()) {
    note(where + "/rows", "length " + std::to_string(er.size()) + " became " + std::to_string(ar.size()));
    return true;
  }
  for (std::size_t r = 0; r < er.size(); ++r) {
    const std::string rw = where + "/rows/" + std::to_string(r);
    if (!er[r].is_array() || !ar[r].is_array() || er[r].size() != ar[r].size()) {
      compare(er[r], ar[r], rw);
      continue;
    }
    for (std::size_t c = 0; c < er[r].size(); ++c)
      if (c >= skip.size() || !skip[c]) compare(er[r][c], ar[r][c], rw + "/" + std::to_string(c));
  }
  return true;
}

void compare(const json& e, const json& a, const std::string& where) {
  if (e.is_object()) {
    if (!a.is_object()) return note(where, "an object became " + std::string(a.type_name()));
    if (compare_table(e, a, where)) return;
    for (const auto& [k, v] : e.items()) {
      if (is_timing(k)) continue;
      if (!a.contains(k)) {
        note(where + "/" + k, "missing");
        continue;
      }
      compare(v, a.at(k), where + "/" + k);
    }
  } else if (e.is_array()) {
    if (!a.is_array()) return note(where, "an array became " + std::string(a.type_name()));
    if (e.size() != a.size())
      return note(where, "length " + std::to_string(e.size()) + " became " + std::to_string(a.size()));
    for (std::size_t i = 0; i < e.size(); ++i) compare(e[i], a[i], where + "/" + std::to_string(i));
  } else if (e.is_number()) {
    if (!a.is_number()) return note(where, e.dump() + " became " + a.dump());
    if (e.get<double>() != a.get<double>()) note(where, e.dump() + " became " + a.dump());
  } else if (e.is_boolean() || e.is_null()) {
    if (e != a) note(where, e.dump() + " became " + a.dump());
  } else if (e.is_string() && strings) {
    if (e != a) note(where, "text changed");
  }
}

json read(const fs::path& p) {
  std::ifstream in(p);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  try {
    return json::parse(in);
  } catch (const json::exception& ex) {
    throw std::runtime_error(p.string() + " is not valid JSON: " + ex.what());
  }
}

}  // namespace

int main(int argc, char** argv) try {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (auto it = std::find(args.begin(), args.end(), "--strings"); it != args.end()) {
    strings = true;
    args.erase(it);
  }
  if (args.size() != 2) {
    std::cerr << "usage: compare_results [--strings] EXPECTED ACTUAL (two result files or two folders)\n";
    return 2;
  }
  const fs::path expected = args[0], actual = args[1];
  std::size_t files = 0;
  if (fs::is_directory(expected)) {
    std::vector<fs::path> names;
    for (const auto& f : fs::directory_iterator(expected))
      if (f.path().extension() == ".json") names.push_back(f.path().filename());
    std::sort(names.begin(), names.end());
    if (names.empty()) throw std::runtime_error("no result files in " + expected.string());
    for (const auto& n : names) {
      if (!fs::exists(actual / n)) {
        note(n.string(), "missing in " + actual.string());
        continue;
      }
      compare(read(expected / n), read(actual / n), n.string());
      ++files;
    }
  } else {
    compare(read(expected), read(actual), expected.filename().string());
    files = 1;
  }
  for (std::size_t i = 0; i < differences.size() && i < 40; ++i) std::cout << differences[i] << "\n";
  if (differences.size() > 40) std::cout << "... and " << differences.size() - 40 << " more\n";
  std::cout << files << " result files compared, " << differences.size() << " differences\n";
  return differences.empty() ? 0 : 1;
} catch (const std::exception& ex) {
  std::cerr << "compare_results: " << ex.what() << "\n";
  return 2;
}
