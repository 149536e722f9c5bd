// Fuzz driver: the readers of files granconv is given or reads back — the
// scenario-file reader, the claim catalogue, the report's result-record
// parser and the trajectory readers of external programs (CSV, LAMMPS dump) — on mutants of a small corpus and on inputs nested up to 10^6
// levels deep. Every input must end in a value or in an exception whose
// message is one line: no crash, no hang, no stack overflow.
//
// fuzz_readers SCRATCH_DIR INPUTS SEED CORPUS_FILE... runs every corpus file
// and the deep inputs, then INPUTS mutants drawn with std::mt19937_64(SEED).
// Each input is written to SCRATCH_DIR as a file first: the readers open
// files, and that path is fuzzed with them. A record is read twice: as the
// mutant is (its checksum refuses it), and sealed with a fresh checksum, so
// that the record parser behind the checksum meets the mutant too.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/scenario_file/scenario_file.hpp"
#include "models/input/json_input.hpp"
#include "reports/record_checksum.hpp"
#include "reports/study_file.hpp"
#include "studies/core/claim.hpp"
#include "studies/external/trajectory_readers.hpp"
#include "tests/fuzz/fuzz_mutate.hpp"

namespace {

namespace fs = std::filesystem;

[[noreturn]] void finding(const std::string& reader, const std::string& what, const std::string& input) {
  std::fprintf(stderr, "fuzz_readers: %s: %s (input of %zu bytes, first 200: %s)\n", reader.c_str(), what.c_str(),
               input.size(), input.substr(0, 200).c_str());
  std::abort();
}

void one_line(const std::string& reader, const std::string& message, const std::string& input) {
  if (message.find('\n') != std::string::npos || message.find('\r') != std::string::npos)
    finding(reader, "a message of more than one line: " + message, input);
}

void fuzz_one(const fs::path& scratch, const std::string& text) {
  const fs::path file = scratch / "input.json";
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) finding("driver", "cannot write " + file.string(), text);
  }
  try {
    (void)granconv::read_scenario_file(file);
  } catch (const std::exception& e) {
    one_line("scenario file", e.what(), text);
  }
  try {
    const granconv::Catalogue cat = granconv::read_catalogue(file);
    for (const auto& p : cat.problems) one_line("claim catalogue", p, text);
  } catch (const std::exception& e) {
    one_line("claim catalogue", e.what(), text);
  }
  try {
    (void)granconv::report_detail::parse_study(file);
  } catch (const std::exception& e) {
    one_line("result record", e.what(), text);
  }
  // An external program's trajectory on the grid of the corpus's files (3 beads, t = 0, 0.25, 0.5).
  granconv::TrajectoryGrid grid{3, 3, 0.25, 25, granconv::Vec<double>::Zero(6)};
  try {
    (void)granconv::read_trajectory_csv(text, grid);
  } catch (const std::exception& e) {
    one_line("trajectory CSV", e.what(), text);
  }
  try {
    (void)granconv::read_lammps_dump(text, grid);
  } catch (const std::exception& e) {
    one_line("LAMMPS dump", e.what(), text);
  }
  // The same text sealed with its checksum, so that the record's structure,
  // not only its checksum, meets the mutation.
  nlohmann::json j;
  try {
    j = granconv::parse_json_limited(text, "fuzz input");
  } catch (const std::exception& e) {
    one_line("JSON reader", e.what(), text);
    return;
  }
  if (!j.is_object()) return;
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << granconv::sealed_json_text(j);
    if (!out) finding("driver", "cannot write " + file.string(), text);
  }
  try {
    (void)granconv::report_detail::parse_study(file);
  } catch (const std::exception& e) {
    one_line("result record (sealed)", e.what(), text);
  }
}

// Nested arrays and objects around each reader's own fields, 10^6 levels at most.
std::vector<std::string> deep_inputs() {
  std::vector<std::string> in;
  for (const std::size_t depth : {63u, 64u, 65u, 1000u, 100000u, 1000000u}) {
    const std::string arrays = std::string(depth, '[') + "1" + std::string(depth, ']');
    std::string objects;
    for (std::size_t i = 0; i < depth; ++i) objects += "{\"a\":";
    objects += '1';
    objects.append(depth, '}');  // (GCC 12 warns, wrongly, of an overlap in "1" + std::string)
    in.push_back(arrays);
    in.push_back(objects);
    in.push_back("{\"masses\": " + arrays + ", \"t_end\": 1}");
    in.push_back("{\"claims\": [{\"id\": \"x\", \"notes\": " + objects + "}]}");
    in.push_back("{\"study\": \"x\", \"checks\": " + arrays + "}");
  }
  return in;
}

const std::vector<std::string> tokens = {"[", "]", "{", "}", ",", ":", "\"", "null", "true", "1e999", "-1", "0",
                                         "1e-400", "\"\\u0000\"", "\"\\ud800\"", "\"../x\"", "\"id\":", "\"claims\":",
                                         "\"masses\":", "\"contacts\":", "\"study\":", "\"checks\":", "\"h\":",
                                         "\"error\":", "\"figures\":", "9999999999999999999999", "\n", ",", " ",
                                         "nan", "inf", "ITEM: TIMESTEP\n", "ITEM: ATOMS id x y z vx vy vz\n",
                                         "0.25", "-0"};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: fuzz_readers SCRATCH_DIR INPUTS SEED CORPUS_FILE...\n");
    return 2;
  }
  const fs::path scratch = argv[1];
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  std::vector<std::string> corpus;
  for (int i = 4; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "fuzz_readers: cannot read corpus file %s\n", argv[i]);
      return 2;
    }
    corpus.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const long inputs = std::atol(argv[2]);
  std::mt19937_64 rng(std::strtoull(argv[3], nullptr, 10));
  const auto start = std::chrono::steady_clock::now();
  const auto deep = deep_inputs();
  for (const auto& c : corpus) fuzz_one(scratch, c);
  for (const auto& d : deep) fuzz_one(scratch, d);
  for (long i = 0; i < inputs; ++i)
    fuzz_one(scratch, granconv::fuzz::mutate(corpus[static_cast<std::size_t>(rng() % corpus.size())], rng, tokens));
  fs::remove_all(scratch);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("fuzz_readers: %zu corpus files, %zu deep inputs (up to 10^6 levels) and %ld mutants, no finding, %.1f s\n",
              corpus.size(), deep.size(), inputs, seconds);
  return 0;
}
