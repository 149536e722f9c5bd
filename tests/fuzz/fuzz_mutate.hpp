#pragma once
// The mutation of the deterministic fuzz drivers (fuzz_tableau, fuzz_readers):
// byte-level edits plus tokens of the grammars, so that mutants reach past
// the first syntax error; duplicated stretches deepen nesting.
#include <algorithm>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace granconv::fuzz {

inline std::string mutate(std::string s, std::mt19937_64& rng, const std::vector<std::string>& tokens,
                          std::size_t max_size = std::size_t(1) << 20) {
  auto pick = [&](std::size_t n) { return n ? static_cast<std::size_t>(rng() % n) : 0; };
  const int edits = 1 + static_cast<int>(rng() % 8);
  for (int k = 0; k < edits; ++k) {
    const std::size_t pos = pick(s.size() + 1);
    switch (rng() % 6) {
      case 0:
        if (!s.empty()) s[pick(s.size())] ^= static_cast<char>(1u << (rng() % 8));
        break;
      case 1:
        if (!s.empty()) s.erase(pick(s.size()), 1 + pick(8));
        break;
      case 2: s.insert(pos, tokens[pick(tokens.size())]); break;
      case 3: s.insert(pos, 1, static_cast<char>(rng() % 256)); break;
      case 4:  // duplicate a stretch (deepens nesting, lengthens rows)
        if (!s.empty()) {
          const std::size_t a = pick(s.size()), len = 1 + pick(std::min<std::size_t>(64, s.size() - a));
          s.insert(pos, s.substr(a, len));
        }
        break;
      default:
        if (s.size() > 1) s.resize(pick(s.size()));
    }
  }
  if (s.size() > max_size) s.resize(max_size);
  return s;
}

}  // namespace granconv::fuzz
