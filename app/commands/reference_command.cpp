// `granconv reference`: a scenario's reference solution (the fastest
// certified method, or the one asked) at T or as a time series, from the cache when it holds it.
#include <cerrno>
#include <cmath>
#include <cstring>
#include <iostream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/commands/problem_input.hpp"
#include "app/options.hpp"
#include "app/output_flags.hpp"
#include "reference/cache/reference_cache.hpp"
#include "reference/sundials/reference_method_choice.hpp"

namespace granconv::cli {

namespace {

// The output times of `reference --every/--times`, checked: at most
// kMaxSeriesTimes, increasing, within [0, T].
constexpr std::size_t kMaxSeriesTimes = 1'000'000;
std::vector<double> series_times(const ReferenceArgs& a) {
  std::vector<double> t;
  if (a.every) {
    const double k = std::round(a.t / *a.every);
    if (!(*a.every > 0) || !(k >= 1) || std::abs(k * *a.every - a.t) > 1e-12 * a.t)
      throw std::invalid_argument(fmt::format("--every {:.17g}: --t {:.17g} must be a whole multiple of it", *a.every, a.t));
    if (k + 1 > double(kMaxSeriesTimes))
      throw std::invalid_argument(fmt::format("--every {:.17g} asks for {:.3g} output times, above the limit of {}",
                                              *a.every, k + 1, kMaxSeriesTimes));
    for (long i = 0; i < static_cast<long>(k); ++i) t.push_back(double(i) * *a.every);
    t.push_back(a.t);
    return t;
  }
  if (a.times.size() > kMaxSeriesTimes)
    throw std::invalid_argument(fmt::format("--times lists {} times, above the limit of {}", a.times.size(), kMaxSeriesTimes));
  for (std::size_t i = 0; i < a.times.size(); ++i) {
    const double ti = a.times[i];
    if (!(ti >= 0 && ti <= a.t)) throw std::invalid_argument(fmt::format("--times: {:.17g} is not in [0, T = {:.17g}]", ti, a.t));
    if (i > 0 && !(ti > a.times[i - 1]))
      throw std::invalid_argument(fmt::format("--times must increase: {:.17g} follows {:.17g}", ti, a.times[i - 1]));
  }
  t = a.times;
  if (t.empty() || t.front() != 0) t.insert(t.begin(), 0.0);  // the solve starts at 0
  return t;
}

}  // namespace

int reference(const ReferenceArgs& a) {
  const auto pr = problem_for(a);
  ReferenceOptions opt;
  opt.rtol = a.rtol;
  opt.atol = a.atol;
  opt.method = a.method;
  opt.nonlinear_solver = a.nonlinear_solver;
  opt.estimate_error = !a.no_error_estimate;
  opt.max_seconds = a.reference_budget;
  opt.threads = resolve_jobs(a.jobs);
  const bool series = a.every || !a.times.empty();
  const std::vector<double> times = series ? series_times(a) : std::vector<double>{0.0, a.t};
  // No method asked: the fastest certified one, and why, in the provenance.
  std::string method_choice;
  if (opt.method.empty()) {
    auto choice = fastest_certified_method(pr, times.size(), opt);
    opt.method = std::move(choice.method);
    method_choice = std::move(choice.reason);
  }
  auto ref = cached_reference(pr, times, opt, a.cache);
  ref.provenance.method_choice = method_choice;
  if (!series) {
    nlohmann::json j = state_json(ref.states.back());
    j["t"] = a.t;
    j["scenario"] = pr.scenario;
    j["provenance"] = ref.provenance.to_json();
    if (a.json) {
      print_json(j);
    } else {
      std::cout << fmt::format("{} at t = {}\n  x = {}\n  v = {}\n", pr.scenario, a.t, j["x"].dump(), j["v"].dump());
    }
    return 0;
  }
  // A time series: the state at every asked time (a --times list without 0 leaves the start out).
  const std::size_t first = !a.times.empty() && a.times.front() != 0 ? 1 : 0;
  const int n = static_cast<int>(pr.y0.size() / 2);
  if (a.json) {
    nlohmann::json t = nlohmann::json::array(), x = nlohmann::json::array(), v = nlohmann::json::array();
    for (std::size_t k = first; k < times.size(); ++k) {
      const auto s = state_json(ref.states[k]);
      t.push_back(times[k]);
      x.push_back(s["x"]);
      v.push_back(s["v"]);
    }
    print_json({{"scenario", pr.scenario}, {"t", t}, {"x", x}, {"v", v}, {"provenance", ref.provenance.to_json()}});
    return 0;
  }
  // The neutral trajectory format of external programs (docs/external-codes.md).
  std::string out = "t";
  for (int i = 1; i <= n; ++i) out += fmt::format(",x{}", i);
  for (int i = 1; i <= n; ++i) out += fmt::format(",v{}", i);
  out += '\n';
  for (std::size_t k = first; k < times.size(); ++k) {
    out += fmt::format("{:.17g}", times[k]);
    for (int c = 0; c < 2; ++c)
      for (int i = 0; i < n; ++i) out += fmt::format(",{:.17g}", ref.states[k][2 * i + c]);
    out += '\n';
  }
  std::cout << out;
  std::cout.flush();
  if (!std::cout) throw std::runtime_error(std::string("cannot write to standard output: ") + std::strerror(errno ? errno : EIO));
  const auto& p = ref.provenance;
  if (opt.estimate_error)
    std::cerr << fmt::format("reference error estimate: x {:.3g}, v {:.3g} ({})\n", p.error_estimate_x, p.error_estimate_v,
                             p.error_estimate_method);
  return 0;
}

}  // namespace granconv::cli
