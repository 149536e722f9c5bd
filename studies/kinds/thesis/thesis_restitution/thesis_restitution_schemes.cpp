// The record of a "thesis-restitution" claim with "check": "schemes": DEM
// schemes' e_n against the reference for plain KK (thesis fig. 2.1).
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "studies/support/parallel_for.hpp"
#include "studies/kinds/thesis/thesis_restitution/thesis_restitution_detail.hpp"

namespace granconv::thesis_restitution {

using nlohmann::json;

ClaimResult run_schemes(const Claim& claim, const Setup& s, const StudyOptions& opt) {
  const auto& schemes = s.schemes;
  const std::size_t ka = s.above;
  const std::string& above = schemes[ka];
  const std::size_t nv = s.v.size();
  std::vector<Cell> cells(nv);
  parallel_for(nv, opt.jobs, [&](std::size_t j) { cells[j] = run_cell(0.0, s.v[j], s, schemes, false, opt); });

  CheckList checks;
  double margin = std::numeric_limits<double>::infinity(), ratio = 0, vmin = 0;
  int failures = 0;
  for (const auto& c : cells) {
    const double d = c.scheme_e[ka] - c.e;
    // The scheme's e_n is computed from ~10² steps in double: its rounding is
    // far below the reference bound; the bound used is the reference's.
    const double need = s.noise * c.de;
    if (!(d > need)) ++failures;
    if (d < margin) {
      margin = d;
      ratio = d / need * s.noise;
      vmin = c.v;
    }
  }
  const std::string hs = fmt::format("2^{} s", std::lround(std::log2(s.h)));
  checks.add({{"label", fmt::format("{} at h = {}: e_n above the reference at every v_i ({} speeds), plain KK", above,
                                    hs, nv)},
              {"paper", "explicit Euler overestimates e_n (fig. 2.1)"},
              {"observed", fmt::format("{} of {} speeds not above; smallest margin e_n({}) − e_n(ref) = {:.4g} at v_i = "
                                       "{:.4g} m/s ({:.3g} × the reference's e_n error bound)",
                                       failures, nv, above, margin, vmin, ratio)},
              {"tolerance", fmt::format("margin > {} × the reference's e_n error bound", s.noise)},
              {"pass", failures == 0}});

  json cols = {"v_i (m/s)", "reference e_n"};
  for (const auto& n : schemes) {
    cols.push_back(n + " e_n");
    cols.push_back(n + " − ref");
  }
  cols.push_back("t_open (µs)");
  cols.push_back("ref. e_n error bound");
  json rows = json::array();
  std::vector<double> dev_max(schemes.size(), 0);
  for (const auto& c : cells) {
    json row = {sig(c.v, 5), sig(c.e, 9)};
    for (std::size_t k = 0; k < schemes.size(); ++k) {
      row.push_back(sig(c.scheme_e[k], 9));
      row.push_back(sig(c.scheme_e[k] - c.e, 4));
      dev_max[k] = std::max(dev_max[k], std::abs(c.scheme_e[k] - c.e));
    }
    row.push_back(sig(c.t_open * 1e6, 6));
    row.push_back(sig(c.de, 2));
    rows.push_back(row);
  }
  json dev_rows = json::array();
  for (std::size_t k = 0; k < schemes.size(); ++k) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto& c : cells) {
      lo = std::min(lo, c.scheme_e[k] - c.e);
      hi = std::max(hi, c.scheme_e[k] - c.e);
    }
    dev_rows.push_back({schemes[k], sig(lo, 4), sig(hi, 4), sig(dev_max[k], 4)});
  }
  json tables = {{{"title", fmt::format("Deviation e_n(scheme) − e_n(reference) over the v_i grid, h = {}", hs)},
                  {"columns", {"scheme", "min", "max", "max |·|"}},
                  {"rows", dev_rows}},
                 {{"title", fmt::format("e_n(v_i), plain KK: reference and schemes at h = {}", hs)},
                  {"columns", cols},
                  {"rows", rows}}};

  std::vector<double> ye;
  for (const auto& c : cells) ye.push_back(sig(c.e, 9));
  json en = {{{"title", "CVODE reference"}, {"x", s.v}, {"y", ye}, {"style", "lines"}, {"color", color(0)}}};
  json dev = json::array();
  for (std::size_t k = 0; k < schemes.size(); ++k) {
    std::vector<double> ys, yd;
    for (const auto& c : cells) {
      ys.push_back(sig(c.scheme_e[k], 9));
      yd.push_back(sig(c.scheme_e[k] - c.e, 6));
    }
    en.push_back({{"title", schemes[k]}, {"x", s.v}, {"y", ys}, {"style", "linespoints"}, {"color", color(k + 1)}});
    dev.push_back({{"title", schemes[k]}, {"x", s.v}, {"y", yd}, {"style", "linespoints"}, {"color", color(k + 1)}});
  }
  json figures = {
      {{"name", claim.id + "-en"},
       {"type", "lines"},
       {"title", "e_n against impact speed, plain KK: reference and DEM schemes (thesis fig. 2.1 analogue)"},
       {"caption", fmt::format("Schemes at h = {}, started at touching; reference: CVODE. m = {:.5g} kg, k_n = {:g} "
                               "N/m^1.5, γ_n = {:g} kg/(m^0.5 s). The thesis's fig. 2.1 also has Cundall–Strack "
                               "friction; this is the normal collision only.",
                               hs, s.m, s.kn, s.gn)},
       {"xlabel", "v_i (m/s)"},
       {"ylabel", "e_n"},
       {"logx", true},
       {"series", en}},
      {{"name", claim.id + "-deviation"},
       {"type", "lines"},
       {"title", "e_n(scheme) − e_n(reference)"},
       {"caption", fmt::format("Signed deviation at h = {}. Not a figure of the thesis.", hs)},
       {"xlabel", "v_i (m/s)"},
       {"ylabel", "Δe_n"},
       {"logx", true},
       {"series", dev}}};

  json record = record_of(claim, checks, tables, figures, s, cells, opt);
  record["schemes"] = schemes;
  std::string sum = checks.summary(claim);
  for (const auto& row : dev_rows)
    sum += fmt::format("\n  {}: e_n − ref ∈ [{}, {}]", row[0].get<std::string>(), row[1].dump(), row[2].dump());
  return {record, checks.pass, sum};
}

}  // namespace granconv::thesis_restitution
