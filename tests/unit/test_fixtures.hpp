#pragma once
// What several unit tests set up the same way: a scratch directory, a file's
// bytes, a directory's entries, a grid of times, a Jacobian by finite
// differences.
#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace granconv::test {

// A fresh directory (with an optional subdirectory) under the system's
// temporary folder, named `prefix` and a random suffix so that tests run in
// parallel never share one; removed with what it holds when the test ends,
// unless GRANCONV_KEEP_TEST_DIRS=1 (to look at the reports a test wrote).
struct ScratchDir {
  std::filesystem::path path;
  explicit ScratchDir(const std::string& prefix, const std::filesystem::path& sub = {}) {
    std::random_device rd;
    path = std::filesystem::temp_directory_path() / (prefix + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path / sub);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir() {
    if (const char* keep = std::getenv("GRANCONV_KEEP_TEST_DIRS"); keep && *keep == '1') return;
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

// A string as a template argument: TempDir<"prefix"> below.
template <std::size_t N>
struct Literal {
  char text[N];
  constexpr Literal(const char (&s)[N]) { std::copy_n(s, N, text); }
};

// A test's scratch directory type, named by its prefix (and subdirectory).
template <Literal prefix, Literal sub = "">
struct TempDir : ScratchDir {
  TempDir() : ScratchDir(prefix.text, sub.text) {}
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// n + 1 equally spaced times from 0 to t_end.
inline std::vector<double> uniform_times(double t_end, int n) {
  std::vector<double> t(n + 1);
  for (int k = 0; k <= n; ++k) t[k] = k * t_end / n;
  return t;
}

inline std::vector<std::filesystem::path> entries(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) out.push_back(e.path());
  return out;
}

// The Jacobian of sys.rhs at (0, y) by central differences, column by column
// (step 1e-7 relative, at least 1e-7), to hold an analytic one against.
template <class System, class State>
Eigen::MatrixXd finite_difference_jacobian(const System& sys, const State& y) {
  const int n = static_cast<int>(y.size());
  Eigen::MatrixXd J(n, n);
  State fp(n), fm(n);
  for (int c = 0; c < n; ++c) {
    const double step = 1e-7 * std::max(1.0, std::abs(y[c]));
    State yp = y, ym = y;
    yp[c] += step;
    ym[c] -= step;
    sys.rhs(0.0, yp, fp);
    sys.rhs(0.0, ym, fm);
    J.col(c) = (fp - fm) / (2 * step);
  }
  return J;
}

}  // namespace granconv::test
