// Fuzz target: the tableau expression parser, the tableau file reader and the
// scheme-file readers of every family.
//
// Input: text starting (after blanks) with '{' or '[' goes to the tableau
// file reader, anything else to the expression parser, so that corpus files
// are plain tableau files and plain expressions (tests/data/fuzz/). Every input must end in a value or in
// a std::invalid_argument with a one-line message: no crash, no hang, no
// other exception, and an accepted tableau is within the limits.
//
// Built as a libFuzzer target (clang, -DGRANCONV_LIBFUZZER=ON) it exports
// LLVMFuzzerTestOneInput; otherwise main() is a deterministic mutation
// driver for CI: fuzz_tableau CORPUS_DIR INPUTS SEED runs every corpus file,
// then INPUTS mutants drawn with std::mt19937_64(SEED).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "schemes/families/scheme_file.hpp"
#include "schemes/tableau_expression.hpp"
#include "schemes/tableau_file.hpp"
#include "tests/fuzz/fuzz_mutate.hpp"

namespace {

[[noreturn]] void finding(const std::string& what, const std::string& input) {
  std::fprintf(stderr, "fuzz_tableau: %s (input of %zu bytes, first 200: %s)\n", what.c_str(), input.size(),
               input.substr(0, 200).c_str());
  std::abort();
}

void fuzz_one(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto first = text.find_first_not_of(" \t\r\n");
  const bool expression = first == std::string::npos || (text[first] != '{' && text[first] != '[');
  try {
    if (expression) {
      const auto v = granconv::evaluate_tableau_expression(text);
      if (!isfinite(v)) finding("a non-finite value was accepted", text);
    } else {
#ifndef GRANCONV_LIBFUZZER
      // Every family's reader (schemes/families/scheme_file.hpp), then the
      // tableau reader on its own. Not in the libFuzzer binary: cmake/libfuzzer.cmake
      // compiles it with clang from the tableau reader's few sources, and the
      // families' readers reach into the whole schemes library; the mutation
      // driver below runs them under ASan and UBSan in CI's sanitizer stage.
      try {
        (void)granconv::parse_scheme_file(text, "fuzz input");
      } catch (const std::invalid_argument& e) {
        if (std::string(e.what()).find('\n') != std::string::npos) finding("a message of more than one line", text);
      }
#endif
      const auto t = granconv::parse_tableau_json_mp(text, "fuzz input");
      if (t.A.rows() < 1 || t.A.rows() > granconv::kMaxStages) finding("a tableau outside the stage limit", text);
    }
  } catch (const std::invalid_argument& e) {
    if (std::string(e.what()).find('\n') != std::string::npos) finding("a message of more than one line", text);
  } catch (const std::exception& e) {
    finding(std::string("an unexpected exception: ") + e.what(), text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_one(data, size);
  return 0;
}

#ifndef GRANCONV_LIBFUZZER
namespace {

const std::vector<std::string> tokens = {"(", ")", "-", "+", "*", "/", "sqrt(", "1e999", "0", "1/3", ".5",
                                         "[", "]", "{", "}", ",", ":", "\"", "\"A\":", "\"b\":", "\"c\":",
                                         "\"name\":", "\"order\":", "\"family\":", "\"splitting\"", "\"gear\"", "\"newmark\"", "null", "1e-400", "\\u0000", "9999999999999"};

std::string mutate(const std::string& s, std::mt19937_64& rng) { return granconv::fuzz::mutate(s, rng, tokens); }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: fuzz_tableau CORPUS_DIR INPUTS SEED\n");
    return 2;
  }
  std::vector<std::string> corpus;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(argv[1]))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());  // directory order is not deterministic
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    corpus.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (corpus.empty()) {
    std::fprintf(stderr, "fuzz_tableau: empty corpus %s\n", argv[1]);
    return 2;
  }
  const long inputs = std::atol(argv[2]);
  std::mt19937_64 rng(std::strtoull(argv[3], nullptr, 10));
  const auto start = std::chrono::steady_clock::now();
  for (const auto& c : corpus) fuzz_one(reinterpret_cast<const std::uint8_t*>(c.data()), c.size());
  for (long i = 0; i < inputs; ++i) {
    const std::string m = mutate(corpus[static_cast<std::size_t>(rng() % corpus.size())], rng);
    fuzz_one(reinterpret_cast<const std::uint8_t*>(m.data()), m.size());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("fuzz_tableau: %zu corpus files and %ld mutants, no finding, %.1f s\n", corpus.size(), inputs, seconds);
  return 0;
}
#endif
