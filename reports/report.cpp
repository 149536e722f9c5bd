// write_report: parse and validate every result record, draw the figures and
// write index.html into a temporary directory, then swap it into place.
#include "reports/report.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include "reports/figures/figures.hpp"
#include "reports/format.hpp"
#include "reports/pages/index_html.hpp"
#include "reports/study_file.hpp"

namespace granconv {

using namespace report_detail;

namespace {

// <pid>-<hex>: the work directories of a killed report are removed at the
// next start (app/output_dir.hpp).
std::string random_suffix() {
  std::random_device rd;
  std::mt19937_64 g(rd() ^ (static_cast<unsigned long long>(
                                std::chrono::steady_clock::now().time_since_epoch().count())));
  return fmt::format("{}-{:08x}", ::getpid(), static_cast<unsigned>(g() & 0xffffffffu));
}

void build(const fs::path& tmp, std::vector<Study>& studies, const std::string& gnuplot,
           const std::vector<std::string>& validated) {
  const fs::path figs = tmp / "figures";
  fs::create_directories(figs);
  std::vector<Group> groups;
  std::map<std::string, std::size_t> gindex;
  for (auto& s : studies) {
    auto [it, fresh] = gindex.emplace(s.group, groups.size());
    if (fresh) groups.push_back({s.group, {}, ""});
    groups[it->second].studies.push_back(&s);
  }
  for (auto& g0 : groups) {
    std::vector<Study*> order;
    for (Study* s : g0.studies)
      if (s->is_order()) order.push_back(s);
    if (!order.empty()) g0.convergence = draw_convergence(g0.name, order, figs, gnuplot);
    for (Study* s : g0.studies) {
      if (s->is_order()) {
        s->slope_fig = draw_local_slopes(*s, figs, gnuplot);
        if (s->traj) s->traj_fig = draw_trajectory(*s, figs, gnuplot);
      }
      for (const auto& f : s->figures) draw_figure(*s, f, figs, gnuplot);
    }
  }
  write_file(tmp / "style.css", style_css());
  write_file(tmp / "index.html", index_html(groups, studies, validated));
}

}  // namespace

void write_report(const ReportOptions& opt) {
  const fs::path dir = opt.out_dir.empty() ? fs::path(".") : opt.out_dir;
  const fs::path sdir = dir / "studies";
  if (!fs::is_directory(sdir)) throw std::runtime_error("report: no study results: " + sdir.string() + " is not a directory");
  std::vector<fs::path> files;
  for (const auto& de : fs::directory_iterator(sdir))
    if (de.is_regular_file() && de.path().extension() == ".json") files.push_back(de.path());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw std::runtime_error("report: no study results (*.json) in " + sdir.string());

  // Parse and validate everything before touching the output.
  std::vector<Study> studies;
  std::set<std::string> ids, slugs;
  for (const auto& f : files) {
    studies.push_back(parse_study(f));
    if (!ids.insert(studies.back().id).second)
      bad(f, "duplicate study id \"" + studies.back().id + "\"");
    if (!slugs.insert(studies.back().slug).second)
      bad(f, "study id \"" + studies.back().id + "\" collides with another after file-name sanitising");
  }
  check_figure_stems(studies);

  const fs::path final_dir = dir / "report";
  fs::path tmp;
  for (int attempt = 0;; ++attempt) {
    tmp = dir / ("report.tmp-" + random_suffix());
    if (fs::create_directory(tmp)) break;
    if (attempt > 20) throw std::runtime_error("report: cannot create a temporary directory in " + dir.string());
  }
  try {
    // The pages of `granconv validate` (DIR/validate/*.html) get a link.
    std::vector<std::string> validated;
    if (fs::is_directory(dir / "validate"))
      for (const auto& de : fs::directory_iterator(dir / "validate"))
        if (de.is_regular_file() && de.path().extension() == ".html") validated.push_back(de.path().filename().string());
    std::sort(validated.begin(), validated.end());
    build(tmp, studies, opt.gnuplot, validated);
    // Swap into place: move the old report aside, move the new one in, then
    // drop the old one (restored if the second rename fails).
    fs::path old;
    if (fs::exists(final_dir)) {
      old = dir / ("report.old-" + random_suffix());
      fs::rename(final_dir, old);
    }
    try {
      fs::rename(tmp, final_dir);
    } catch (...) {
      if (!old.empty()) fs::rename(old, final_dir);
      throw;
    }
    if (!old.empty()) {
      std::error_code ec;
      fs::remove_all(old, ec);
    }
  } catch (...) {
    std::error_code ec;
    fs::remove_all(tmp, ec);
    throw;
  }
}

}  // namespace granconv
