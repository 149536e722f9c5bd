// The "figures" of a result record: "lines" and "heatmap", each field
// type-checked; every error names the file and the figure.
#include <regex>
#include <set>
#include <tuple>

#include "reports/study_file.hpp"

namespace granconv::report_detail {

namespace {

std::string figure_where(const std::string& name) { return "figure \"" + name + "\": "; }

std::vector<double> fig_array(const fs::path& f, const std::string& fig, const json& j, const char* key) {
  if (!j.contains(key) || !j[key].is_array()) bad(f, figure_where(fig) + "needs array \"" + key + "\"");
  std::vector<double> out;
  for (const auto& v : j[key]) {
    if (!v.is_number() && !v.is_null()) bad(f, figure_where(fig) + "non-numeric entry in \"" + key + "\"");
    out.push_back(num(v));
  }
  return out;
}

bool fig_bool(const fs::path& f, const std::string& fig, const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return false;
  if (!j[key].is_boolean()) bad(f, figure_where(fig) + "\"" + key + "\" is not a boolean");
  return j[key].get<bool>();
}

std::optional<std::pair<double, double>> fig_range(const fs::path& f, const std::string& fig, const json& j,
                                                   const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::nullopt;
  const auto& a = j[key];
  if (!a.is_array() || a.size() != 2 || !(a[0].is_number() || a[0].is_null()) ||
      !(a[1].is_number() || a[1].is_null()))
    bad(f, figure_where(fig) + "\"" + key + "\" must be [lo, hi]");
  return std::make_pair(num(a[0]), num(a[1]));
}

double fig_num(const fs::path& f, const std::string& fig, const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return kNaN;
  if (!j[key].is_number()) bad(f, figure_where(fig) + "\"" + key + "\" is not a number");
  return j[key].get<double>();
}

}  // namespace

Figure parse_figure(const fs::path& f, const json& j, std::size_t index) {
  if (!j.is_object()) bad(f, "\"figures\" entries must be objects");
  Figure g;
  if (!j.contains("name") || !j["name"].is_string() || j["name"].get<std::string>().empty())
    bad(f, "figure #" + std::to_string(index + 1) + " has no \"name\"");
  g.name = j["name"].get<std::string>();
  g.stem = slugify(g.name);
  g.type = str_or(j, "type");
  g.title = str_or(j, "title");
  g.caption = str_or(j, "caption");
  g.xlabel = str_or(j, "xlabel");
  g.ylabel = str_or(j, "ylabel");
  g.zlabel = str_or(j, "zlabel");
  g.logx = fig_bool(f, g.name, j, "logx");
  g.logy = fig_bool(f, g.name, j, "logy");
  g.equal_aspect = str_or(j, "aspect") == "equal";
  g.xrange = fig_range(f, g.name, j, "xrange");
  g.yrange = fig_range(f, g.name, j, "yrange");
  g.key = str_or(j, "key");
  static const std::set<std::string> corners{"", "top left", "top right", "bottom left", "bottom right"};
  if (!corners.count(g.key))
    bad(f, figure_where(g.name) + "\"key\" must be \"top left\", \"top right\", \"bottom left\" or \"bottom right\"");
  if (g.type == "lines") {
    if (!j.contains("series") || !j["series"].is_array() || j["series"].empty())
      bad(f, figure_where(g.name) + "needs a non-empty \"series\" array");
    static const std::set<std::string> styles{"lines", "points", "linespoints", "dashes"};
    static const std::regex color(R"(#[0-9a-fA-F]{6})");
    for (const auto& sj : j["series"]) {
      if (!sj.is_object()) bad(f, figure_where(g.name) + "\"series\" entries must be objects");
      Series s;
      s.title = str_or(sj, "title");
      s.style = str_or(sj, "style", "lines");
      if (!styles.count(s.style)) bad(f, figure_where(g.name) + "unknown series style \"" + s.style + "\"");
      s.color = str_or(sj, "color");
      if (!s.color.empty() && !std::regex_match(s.color, color))
        bad(f, figure_where(g.name) + "series color \"" + s.color + "\" is not #rrggbb");
      s.x = fig_array(f, g.name, sj, "x");
      s.y = fig_array(f, g.name, sj, "y");
      if (s.x.size() != s.y.size())
        bad(f, figure_where(g.name) + "series \"" + s.title + "\": \"x\" and \"y\" differ in length");
      g.series.push_back(std::move(s));
    }
  } else if (g.type == "heatmap") {
    g.x = fig_array(f, g.name, j, "x");
    g.y = fig_array(f, g.name, j, "y");
    if (g.x.size() < 2 || g.y.size() < 2) bad(f, figure_where(g.name) + "heatmap needs at least a 2 x 2 grid");
    if (!j.contains("z") || !j["z"].is_array() || j["z"].size() != g.y.size())
      bad(f, figure_where(g.name) + "\"z\" must have one row per \"y\" value");
    for (const auto& row : j["z"]) {
      if (!row.is_array() || row.size() != g.x.size())
        bad(f, figure_where(g.name) + "every \"z\" row must have one value per \"x\" value");
      std::vector<double> r;
      for (const auto& v : row) {
        if (!v.is_number() && !v.is_null()) bad(f, figure_where(g.name) + "non-numeric entry in \"z\"");
        r.push_back(num(v));
      }
      g.z.push_back(std::move(r));
    }
    // Category axes (scheme × model): one label per x / y value.
    for (auto [key, values, dst] : {std::tuple{"xtics", &g.x, &g.xtics}, {"ytics", &g.y, &g.ytics}}) {
      if (!j.contains(key) || j[key].is_null()) continue;
      if (!j[key].is_array() || j[key].size() != values->size())
        bad(f, figure_where(g.name) + "\"" + key + "\" must be an array with one label per value");
      for (const auto& t : j[key]) {
        if (!t.is_string()) bad(f, figure_where(g.name) + "\"" + key + "\" entries must be strings");
        dst->push_back(t.get<std::string>());
      }
    }
    if (j.contains("blank") && !j["blank"].is_null()) {  // why a cell has no value
      if (!j["blank"].is_array() || j["blank"].size() != g.y.size())
        bad(f, figure_where(g.name) + "\"blank\" must have one row per \"y\" value");
      for (const auto& row : j["blank"]) {
        if (!row.is_array() || row.size() != g.x.size())
          bad(f, figure_where(g.name) + "every \"blank\" row must have one entry per \"x\" value");
        std::vector<std::string> r;
        for (const auto& v : row) {
          if (!v.is_string() && !v.is_null()) bad(f, figure_where(g.name) + "\"blank\" entries must be strings or null");
          r.push_back(v.is_string() ? v.get<std::string>() : "");
        }
        g.blank.push_back(std::move(r));
      }
    }
    g.contour = fig_num(f, g.name, j, "contour");
    g.zmax = fig_num(f, g.name, j, "zmax");
    g.contour_label = str_or(j, "contour_label");
  } else {
    bad(f, figure_where(g.name) + "unknown figure type \"" + g.type + "\" (expected \"lines\" or \"heatmap\")");
  }
  return g;
}

}  // namespace granconv::report_detail
