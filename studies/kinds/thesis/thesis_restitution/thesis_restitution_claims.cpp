#include "studies/kinds/thesis/thesis_restitution/thesis_restitution_claims.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "studies/kinds/thesis/thesis_restitution/thesis_restitution_detail.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/support/catalogue_fields.hpp"
#include "studies/support/grid_budget.hpp"

namespace granconv {

namespace {

// The shipped claims (th-restitution-*) sample 19 speeds and the reference at
// 4000 times: limits 50 and 25 times those.
constexpr int kMaxSpeeds = 1000;
constexpr int kMaxSamples = 100000;

// The steps of the cells' scheme runs, within grid_budget's limits: the finest
// (the slowest speed, the longest contact) and all of them.
void check_steps(FieldReader& r, const ThesisRestitutionSpec& s) {
  const double runs_per_speed =
      s.check == "eps" ? double(s.eps_chain.size()) : double(std::max<std::size_t>(s.schemes.size(), 1));
  double finest = 0, total = 0;
  for (const double v : s.v) {
    const double n = thesis_restitution::cell_steps(s, v);
    finest = std::max(finest, n);
    total += runs_per_speed * n;
  }
  const auto over = [&](const char* what, double value, double limit) {
    r.check(value <= limit, "h_log2",
            fmt::format("(h = 2^{}, t_end = {} contact times, the slowest v = {:g} m/s) is refused: {} {:.3g} are "
                        "above the limit of {:.3g}",
                        std::lround(std::log2(s.h)), s.contact_times, s.v.empty() ? 0.0 : s.v.front(), what, value,
                        limit));
  };
  over("the steps of its finest run", finest, kMaxFinestSteps);
  over("the steps of all its runs", total, kMaxGridSteps);
}

}  // namespace

ThesisRestitutionSpec parse_thesis_restitution_spec(FieldReader& r) {
  ThesisRestitutionSpec s;
  s.check = r.one_of("check", {"eps", "schemes"});
  if (!r.ok()) {  // the other fields depend on the check: one message is enough
    for (const auto& [k, v] : r.json().items()) r.accept(k);
    return s;
  }
  const double rho = r.req<double>("rho", positive()), rad = r.req<double>("r", positive());
  s.m = 4.0 / 3.0 * std::numbers::pi * rad * rad * rad * rho;
  s.kn = r.req<double>("kn", positive());
  s.gn = r.req<double>("gn", positive());
  s.h = std::ldexp(1.0, r.req<int>("h_log2", between(-60, 0)));
  s.contact_times = r.req<double>("t_end_contact_times", positive());
  s.noise = r.req<double>("noise_factor", positive());
  s.samples = r.req<int>("samples", between(100, kMaxSamples));
  s.v = r.object("v", [](FieldReader& g) {
    const double lo = g.req<double>("min", positive()), hi = g.req<double>("max", positive());
    const int pts = g.req<int>("points", between(2, kMaxSpeeds));
    g.check(hi > lo, "max", "must exceed min");
    std::vector<double> v;
    if (!g.ok()) return v;
    for (int k = 0; k < pts; ++k)
      v.push_back(std::pow(10.0, std::log10(lo) + (std::log10(hi) - std::log10(lo)) * k / (pts - 1)));
    return v;
  });
  if (s.check == "eps") {
    s.eps_chain = r.req<std::vector<double>>("eps_chain", at_least(0));
    r.check(s.eps_chain.size() >= 2, "eps_chain", "needs two widths or more");
    s.overlap_v = r.req<double>("overlap_v", positive());
    s.overlap_index = s.v.size();
    for (std::size_t j = 0; j < s.v.size(); ++j)
      if (std::abs(s.v[j] - s.overlap_v) <= 1e-9 * s.overlap_v) s.overlap_index = j;
    r.check(s.v.empty() || s.overlap_index < s.v.size(), "overlap_v", fmt::format("{:g} is not on the v grid", s.overlap_v));
    s.scheme = read_scheme(r);
    r.object("paper_overestimation", [&](FieldReader& p) {
      s.paper_over = p.req<double>("value", positive());
      s.paper_over_v = p.req<std::string>("v");
      return 0;
    });
  } else if (s.check == "schemes") {
    s.schemes = r.req<std::vector<std::string>>("schemes");
    for (const auto& n : s.schemes) try {
        scheme_info(n);
      } catch (const std::exception& e) {
        r.problem("schemes", std::string("has an unknown name: ") + e.what());
      }
    const std::string above = r.req<std::string>("above");
    const auto ia = std::find(s.schemes.begin(), s.schemes.end(), above);
    r.check(ia != s.schemes.end(), "above", "must name one of 'schemes'");
    s.above = static_cast<std::size_t>(ia - s.schemes.begin());
  }
  if (r.ok()) check_steps(r, s);
  return s;
}

ClaimResult run_thesis_restitution_claim(const Claim& claim, const ThesisRestitutionSpec& s, const StudyOptions& opt) {
  const auto wall = std::chrono::steady_clock::now();
  ClaimResult res = s.check == "eps" ? thesis_restitution::run_eps(claim, s, opt) : thesis_restitution::run_schemes(claim, s, opt);
  const double seconds = seconds_since(wall);
  res.record["seconds"] = seconds;
  res.summary += fmt::format("\n  {:.2f} s", seconds);
  return res;
}

}  // namespace granconv
