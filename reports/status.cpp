#include "reports/status.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace granconv {

std::string claim_status(const std::string& verdict, const std::string& expected, bool is_new) {
  if (verdict.empty()) return "not run";
  if (verdict != expected) return "unexpected " + verdict;
  if (verdict == "pass") return is_new ? "new" : "reproduced";
  if (verdict == "fail") return "deviates";
  return "inconclusive";
}

std::string summary_line(const std::vector<std::string>& st, int post_hoc) {
  auto n = [&](const std::string& s) { return std::count(st.begin(), st.end(), s); };
  const auto unexpected =
      std::count_if(st.begin(), st.end(), [](const std::string& s) { return s.rfind("unexpected", 0) == 0; });
  std::string line = fmt::format("{} reproduced · {} deviate · {} inconclusive · {} new", n("reproduced"),
                                 n("deviates"), n("inconclusive"), n("new"));
  if (unexpected) line += fmt::format(" · {} unexpected", unexpected);
  if (n("not run")) line += fmt::format(" · {} not run", n("not run"));
  return line + fmt::format(" · {} tolerance{} set after the data", post_hoc, post_hoc == 1 ? "" : "s");
}

std::string status_cell(const std::string& status, int post_hoc) {
  std::string cell = status == "reproduced" || status == "new" ? status : "**" + status + "**";
  return post_hoc > 0 ? cell + " · tolerance post-hoc" : cell;
}

int post_hoc_count(const nlohmann::json& tolerances) {
  int k = 0;
  if (tolerances.is_array())
    for (const auto& t : tolerances) k += t.value("basis", std::string()) == "post-hoc";
  return k;
}

}  // namespace granconv
