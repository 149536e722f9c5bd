// write_report: parse and validate every result record, draw the figures and
// write index.html into a temporary directory, then swap it into place.
#include "reports/report.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reports/atomic_file.hpp"
#include "reports/figures/figures.hpp"
#include "reports/format.hpp"
#include "reports/pages/claim_page.hpp"
#include "reports/pages/summary_page.hpp"
#include "reports/status.hpp"
#include "reports/study_file.hpp"
#include "studies/support/work_dirs.hpp"

namespace granconv {

namespace report_detail {
namespace {

void build(const fs::path& tmp, const std::vector<Paper>& papers, std::vector<Study>& studies, const std::string& gnuplot,
           const std::vector<std::string>& validated, const std::vector<HeavyClaim>& heavy) {
  const fs::path figs = tmp / "figures";
  fs::create_directories(figs);
  fs::create_directories(tmp / "claims");
  // Figure groups: the order claims of a group share one E(h) figure.
  std::map<std::string, std::vector<Study*>> groups;
  std::vector<std::string> group_order;
  for (auto& s : studies)
    if (s.is_order() && s.status != "not run") {
      if (!groups.count(s.group)) group_order.push_back(s.group);
      groups[s.group].push_back(&s);
    }
  for (const auto& name : group_order) {
    const Image conv = draw_convergence(name, groups[name], figs, gnuplot);
    for (Study* s : groups[name]) s->convergence = conv;
  }
  for (auto& s : studies) {
    if (s.status == "not run") continue;
    if (s.is_order()) {
      s.slope_fig = draw_local_slopes(s, figs, gnuplot);
      if (s.traj) s.traj_fig = draw_trajectory(s, figs, gnuplot);
    }
    for (auto& f : s.figures) f.image = draw_figure(s, f, figs, gnuplot);
  }
  std::vector<const Study*> ran;
  for (const auto& p : papers)
    for (const Study* s : p.claims)
      if (s->status != "not run") ran.push_back(s);
  for (std::size_t i = 0; i < ran.size(); ++i)
    write_file(tmp / claim_page_file(*ran[i]),
               claim_page(*ran[i], i ? ran[i - 1] : nullptr, i + 1 < ran.size() ? ran[i + 1] : nullptr));
  write_file(tmp / "style.css", style_css());
  write_file(tmp / "index.html", summary_page(papers, validated, heavy));
}

// The summary's order: the catalogue's (claims without a record as "not run"
// stand-ins, appended to `studies`), then records the catalogue does not
// hold; without a catalogue, the records in file-name order. Claims are
// grouped by paper, papers in the order they first appear.
std::vector<Paper> arrange(std::vector<Study>& studies, const std::vector<ReportClaim>& catalogue) {
  std::map<std::string, std::size_t> by_id;
  for (std::size_t i = 0; i < studies.size(); ++i) by_id[studies[i].id] = i;
  std::vector<std::size_t> order;
  std::set<std::size_t> listed;
  for (const auto& c : catalogue) {
    auto it = by_id.find(c.id);
    if (it == by_id.end()) {
      Study s;
      s.id = c.id, s.slug = slugify(c.id), s.title = c.title, s.paper = c.paper, s.item = c.item, s.kind = c.kind;
      s.expected_verdict = c.expected_verdict, s.is_new = c.is_new;
      s.status = claim_status("", c.expected_verdict, c.is_new);
      studies.push_back(std::move(s));
      order.push_back(studies.size() - 1);
    } else {
      order.push_back(it->second);
      listed.insert(it->second);
    }
    studies[order.back()].schemes = c.schemes;
    studies[order.back()].deviation = c.deviation;
  }
  for (std::size_t i = 0; i < by_id.size(); ++i)
    if (!listed.count(i)) {
      order.push_back(i);
      if (!catalogue.empty()) studies[i].paper = "Results of claims not in the catalogue";
    }
  std::vector<Paper> papers;
  for (std::size_t i : order) {
    Study& s = studies[i];
    if (s.schemes.empty() && !s.scheme.empty()) s.schemes.push_back(s.scheme);
    const std::string name = s.paper.empty() ? "(no source)" : s.paper;
    auto it = std::find_if(papers.begin(), papers.end(), [&](const Paper& p) { return p.name == name; });
    if (it == papers.end()) it = papers.insert(papers.end(), Paper{name, {}});
    it->claims.push_back(&s);
  }
  return papers;
}

}  // namespace
}  // namespace report_detail

void write_report(const ReportOptions& opt) {
  using namespace report_detail;
  const fs::path dir = opt.out_dir.empty() ? fs::path(".") : opt.out_dir;
  const fs::path sdir = dir / "studies";
  if (!fs::is_directory(sdir)) throw std::runtime_error("report: no study results: " + sdir.string() + " is not a directory");
  // Heavy claims are not in the default run: the summary names them, and
  // their records (from `run --heavy`) stay out of the counts and pages. As
  // they are not shown, they are left unread: such a record is often older
  // than the checks a record must now pass, and its rerun takes hours.
  std::vector<ReportClaim> catalogue;
  std::vector<HeavyClaim> heavy;
  std::set<std::string> heavy_ids;
  for (const auto& c : opt.catalogue) {
    if (!c.heavy) {
      catalogue.push_back(c);
      continue;
    }
    heavy.push_back({c.id, c.estimated_cost});
    heavy_ids.insert(c.id);
  }
  std::vector<fs::path> files;
  bool any = false;
  for (const auto& de : fs::directory_iterator(sdir))
    if (de.is_regular_file() && de.path().extension() == ".json") {
      any = true;
      if (!heavy_ids.count(de.path().stem().string())) files.push_back(de.path());
    }
  std::sort(files.begin(), files.end());
  if (!any) throw std::runtime_error("report: no study results (*.json) in " + sdir.string());

  // Parse and validate everything before touching the output.
  std::vector<Study> studies;
  std::set<std::string> ids, slugs;
  for (const auto& f : files) {
    studies.push_back(parse_study(f, opt.check_record));
    if (!ids.insert(studies.back().id).second)
      bad(f, "duplicate study id \"" + studies.back().id + "\"");
    if (!slugs.insert(studies.back().slug).second)
      bad(f, "study id \"" + studies.back().id + "\" collides with another after file-name sanitising");
  }
  // A heavy claim's record under another file name than its id.
  studies.erase(std::remove_if(studies.begin(), studies.end(), [&](const Study& s) { return heavy_ids.count(s.id) > 0; }),
                studies.end());
  check_figure_stems(studies);

  const fs::path final_dir = dir / "report";
  check_under_output_root(final_dir);  // a symlink DIR/report pointing out of DIR is refused
  fs::path tmp;
  for (int attempt = 0;; ++attempt) {
    tmp = dir / ("report.tmp-" + work_dir_suffix());
    if (fs::create_directory(tmp)) break;
    if (attempt > 20) throw std::runtime_error("report: cannot create a temporary directory in " + dir.string());
  }
  const ScopedWorkDir registered(tmp);  // removed if a signal ends the run
  try {
    // The pages of `granconv validate` (DIR/validate/*.html) get a link.
    std::vector<std::string> validated;
    if (fs::is_directory(dir / "validate"))
      for (const auto& de : fs::directory_iterator(dir / "validate"))
        if (de.is_regular_file() && de.path().extension() == ".html") validated.push_back(de.path().filename().string());
    std::sort(validated.begin(), validated.end());
    // Stand-ins are appended: reserve so the pointers into `studies` stay valid.
    studies.reserve(studies.size() + catalogue.size());
    const std::vector<Paper> papers = arrange(studies, catalogue);
    build(tmp, papers, studies, opt.gnuplot, validated, heavy);
    // Swap into place: move the old report aside, move the new one in, then
    // drop the old one (restored if the second rename fails).
    fs::path old;
    // Not registered for removal by a signal: between the two renames the
    // previous report lives only there, and is better left than lost.
    if (fs::exists(final_dir)) {
      old = dir / ("report.old-" + work_dir_suffix());
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
