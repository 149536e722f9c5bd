#include "reports/study_file.hpp"
#include "reports/json_file.hpp"
#include "reports/record_checksum.hpp"
#include "reports/status.hpp"
#include "models/input/strict_json.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <set>
#include <stdexcept>
#include <tuple>

namespace granconv::report_detail {

using strict_json::element;
using strict_json::field;

[[noreturn]] void bad(const fs::path& f, const std::string& what) {
  throw std::runtime_error("report: malformed study file " + f.string() + ": " + what);
}

std::string str_or(const json& j, const char* key, const std::string& dflt) {
  if (!j.contains(key) || j[key].is_null()) return dflt;
  if (j[key].is_string()) return j[key].get<std::string>();
  return j[key].dump();
}

double num(const json& v) {  // null (NaN/inf written by nlohmann) -> NaN
  if (v.is_number()) return v.get<double>();
  return kNaN;
}

double num_or(const json& j, const char* key) {
  return j.contains(key) ? num(j[key]) : kNaN;
}

std::vector<double> num_array(const fs::path& f, const json& j, const char* key, bool required) {
  std::vector<double> out;
  if (!j.contains(key) || j[key].is_null()) {
    if (required) bad(f, std::string("missing array \"") + key + "\"");
    return out;
  }
  if (!j[key].is_array()) bad(f, std::string("\"") + key + "\" is not an array");
  for (const auto& v : j[key]) {
    if (!v.is_number() && !v.is_null()) bad(f, std::string("non-numeric entry in \"") + key + "\"");
    out.push_back(num(v));
  }
  return out;
}

std::optional<std::pair<double, double>> pair_of(const fs::path& f, const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::nullopt;
  const auto& a = j[key];
  if (!a.is_array() || a.size() != 2) bad(f, std::string("\"") + key + "\" must be [lo, hi]");
  return std::make_pair(num(a[0]), num(a[1]));
}

// "rival": x or "rivals": [x, ...] (numbers; anything else is ignored: prose rivals are in the label).
std::vector<double> rivals_of(const json& c) {
  std::vector<double> r;
  for (const char* k : {"rival", "rivals"}) {
    if (!c.contains(k)) continue;
    if (c[k].is_number()) r.push_back(c[k].get<double>());
    if (c[k].is_array())
      for (const auto& v : c[k])
        if (v.is_number()) r.push_back(v.get<double>());
  }
  return r;
}

std::optional<bool> bool_or(const fs::path& f, const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::nullopt;
  if (!j[key].is_boolean()) bad(f, std::string("\"") + key + "\" is not a boolean");
  return j[key].get<bool>();
}

// Per-bead arrays may be stored time-major ([time][bead]) or bead-major
// ([bead][time]); normalise to time-major using the length of the time axis.
std::vector<std::vector<double>> series(const fs::path& f, const json& j, const char* key,
                                        std::size_t nt) {
  std::vector<std::vector<double>> m;
  if (!j.contains(key) || !j[key].is_array()) bad(f, std::string("trajectory needs \"") + key + "\"");
  for (const auto& row : j[key]) {
    if (!row.is_array()) bad(f, std::string("trajectory \"") + key + "\" must be an array of arrays");
    std::vector<double> r;
    for (const auto& v : row) r.push_back(num(v));
    m.push_back(std::move(r));
  }
  if (m.size() == nt && (m.empty() || m[0].size() != nt || nt == 1)) return m;  // time-major
  if (!m.empty() && m[0].size() == nt) {  // bead-major -> transpose
    std::vector<std::vector<double>> t(nt, std::vector<double>(m.size()));
    for (std::size_t b = 0; b < m.size(); ++b) {
      if (m[b].size() != nt) bad(f, std::string("ragged trajectory \"") + key + "\"");
      for (std::size_t k = 0; k < nt; ++k) t[k][b] = m[b][k];
    }
    return t;
  }
  if (m.size() == nt) return m;
  bad(f, std::string("trajectory \"") + key + "\" does not match its time axis");
}

std::string slugify(const std::string& s) {
  std::string o;
  for (char c : s) o += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
  if (o.empty() || o[0] == '.') o = "_" + o;
  return o;
}

namespace {

void parse_order(const fs::path& f, const json& j, Study& s) {
  s.h = num_array(f, j, "h", true);
  s.e = num_array(f, j, "error", true);
  if (s.h.size() != s.e.size()) bad(f, "\"h\" and \"error\" differ in length");
  if (j.contains("usable") && !j["usable"].is_null()) {
    if (!j["usable"].is_array() || j["usable"].size() != s.h.size())
      bad(f, "\"usable\" must be a boolean array as long as \"h\"");
    for (std::size_t i = 0; i < j["usable"].size(); ++i) {
      if (!j["usable"][i].is_boolean()) bad(f, element("usable", i) + ": must be true or false");
      s.usable.push_back(j["usable"][i].get<bool>());
    }
  } else {
    s.usable = above_floor(s.e, {}, 0.0);
  }
  for (std::size_t i = 0; i < s.h.size(); ++i)
    if (!(std::isfinite(s.h[i]) && s.h[i] > 0)) s.usable[i] = false;
  if (j.contains("diverged") && !j["diverged"].is_null()) {
    if (!j["diverged"].is_array() || j["diverged"].size() != s.h.size())
      bad(f, "\"diverged\" must be an array as long as \"h\"");
    for (std::size_t i = 0; i < j["diverged"].size(); ++i) {
      const auto& d = j["diverged"][i];
      if (!d.is_null() && !d.is_string()) bad(f, element("diverged", i) + ": must be null or a reason");
      s.diverged.push_back(d.is_string());
    }
    for (std::size_t i = 0; i < s.h.size(); ++i)
      if (s.diverged[i]) s.usable[i] = false;
  }
  s.pass = bool_or(f, j, "pass");
  s.expected_failure = str_or(j, "expected_verdict") == "fail";
  s.seconds = num_or(j, "seconds");

  if (j.contains("checks") && j["checks"].is_array()) {
    for (std::size_t i = 0; i < j["checks"].size(); ++i) {
      const auto& c = j["checks"][i];
      const std::string at = element("checks", i);
      if (!c.is_object()) bad(f, at + ": must be an object");
      Check k;
      k.label = str_or(c, "label");
      // The span of the points the fit used; the declared window only when absent.
      if (auto w = pair_of(f, c, c.contains("fit_window") ? "fit_window" : "window"))
        k.window = FitWindow{w->first, w->second};
      k.fit = str_or(c, "fit", "least-squares");
      k.expected = num_or(c, "expected_order");
      k.tolerance = num_or(c, "tolerance");
      k.max_ci_width = num_or(c, "max_ci_width");
      k.observed = num_or(c, "observed_order");
      if (auto ci = pair_of(f, c, "ci95")) std::tie(k.ci_lo, k.ci_hi) = *ci;
      if (c.contains("points") && c["points"].is_number_integer()) {
        const auto n = c["points"].get<long long>();
        if (n < 0 || n > 1000000) bad(f, field(at, "points") + ": must be in [0, 1000000]");
        k.points = static_cast<int>(n);
      }
      k.envelope = num_or(c, "envelope_order");
      if (auto ci = pair_of(f, c, "envelope_ci95")) std::tie(k.env_lo, k.env_hi) = *ci;
      k.pass = bool_or(f, c, "pass");
      k.verdict = str_or(c, "verdict");
      k.rivals = rivals_of(c);
      k.reason = str_or(c, "reason");
      s.checks.push_back(std::move(k));
    }
  } else if (j.contains("checks") && !j["checks"].is_null()) {
    bad(f, "\"checks\" is not an array");
  }
  if (s.checks.empty() && (j.contains("observed_order") || j.contains("expected_order"))) {
    Check k;  // the study's single top-level claim
    k.label = "claim";
    if (auto w = pair_of(f, j, "fit_window")) k.window = FitWindow{w->first, w->second};
    k.expected = num_or(j, "expected_order");
    k.tolerance = num_or(j, "tolerance");
    k.observed = num_or(j, "observed_order");
    if (auto ci = pair_of(f, j, "ci95")) std::tie(k.ci_lo, k.ci_hi) = *ci;
    k.pass = s.pass;
    s.checks.push_back(std::move(k));
  }
  if (!s.pass && !s.checks.empty()) {
    bool all = true, known = true;
    for (const auto& c : s.checks) {
      if (!c.pass) known = false;
      else all = all && *c.pass;
    }
    if (known) s.pass = all;
  }

  if (j.contains("trajectory") && !j["trajectory"].is_null()) {
    const auto& t = j["trajectory"];
    if (!t.is_object()) bad(f, "\"trajectory\" is not an object");
    Trajectory tr;
    tr.h = num_or(t, "h");
    tr.t = num_array(f, t, "t", true);
    tr.ref_t = num_array(f, t, "ref_t", true);
    tr.x = series(f, t, "scheme_x", tr.t.size());
    tr.v = series(f, t, "scheme_v", tr.t.size());
    tr.ref_x = series(f, t, "ref_x", tr.ref_t.size());
    tr.ref_v = series(f, t, "ref_v", tr.ref_t.size());
    auto width = [](const std::vector<std::vector<double>>& m) { return m.empty() ? 0 : m[0].size(); };
    const std::size_t nb = width(tr.ref_x);
    for (const auto* m : {&tr.x, &tr.v, &tr.ref_x, &tr.ref_v})
      for (const auto& row : *m)
        if (row.size() != nb) bad(f, "trajectory bead counts differ");
    if (nb > 0 && !tr.t.empty() && !tr.ref_t.empty()) s.traj = std::move(tr);
  }
}

Table parse_table(const fs::path& f, const json& j, std::size_t index) {
  const std::string at = element("tables", index), where = at + ": ";
  if (!j.is_object()) bad(f, where + "must be an object");
  Table t;
  t.title = str_or(j, "title");
  if (!j.contains("columns") || !j["columns"].is_array()) bad(f, where + "needs a \"columns\" array");
  for (const auto& c : j["columns"]) t.columns.push_back(c.is_string() ? c.get<std::string>() : c.dump());
  if (!j.contains("rows") || !j["rows"].is_array()) bad(f, where + "needs a \"rows\" array");
  for (std::size_t i = 0; i < j["rows"].size(); ++i) {
    const auto& r = j["rows"][i];
    if (!r.is_array() || r.size() != t.columns.size())
      bad(f, element(field(at, "rows"), i) + ": every row must be an array with one cell per column");
    std::vector<json> row;
    for (const auto& c : r) {
      // A cell may also be {"text": ..., "figure": name}: text linked to that figure of the record.
      const bool link = c.is_object() && c.size() == 2 && c.contains("text") && c["text"].is_string() &&
                        c.contains("figure") && c["figure"].is_string();
      if (c.is_array() || (c.is_object() && !link))
        bad(f, where + "cells must be numbers, strings, booleans, null or {\"text\", \"figure\"} links");
      row.push_back(c);
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

void parse_value_checks(const fs::path& f, const json& j, Study& s) {
  if (!j.contains("checks") || j["checks"].is_null()) return;
  if (!j["checks"].is_array()) bad(f, "\"checks\" is not an array");
  for (std::size_t i = 0; i < j["checks"].size(); ++i) {
    const auto& c = j["checks"][i];
    const std::string at = element("checks", i);
    if (!c.is_object()) bad(f, at + ": must be an object");
    ValueCheck k;
    k.label = str_or(c, "label");
    for (auto [key, dst] : {std::pair{"paper", &k.paper}, {"observed", &k.observed}, {"tolerance", &k.tolerance}}) {
      if (!c.contains(key)) continue;
      const json& v = c[key];
      if (v.is_object() || v.is_array()) bad(f, field(at, key) + ": must be a number, string or null");
      *dst = v;
    }
    k.pass = bool_or(f, c, "pass");
    k.verdict = str_or(c, "verdict");
    k.rivals = rivals_of(c);
    k.reason = str_or(c, "reason");
    if (auto ci = pair_of(f, c, "ci95")) std::tie(k.ci_lo, k.ci_hi) = *ci;
    s.value_checks.push_back(std::move(k));
  }
  if (!s.pass && !s.value_checks.empty()) {
    bool all = true, known = true;
    for (const auto& c : s.value_checks) {
      if (!c.pass) known = false;
      else all = all && *c.pass;
    }
    if (known) s.pass = all;
  }
}

const json& object_or_empty(const fs::path& f, const json& j, const char* key) {
  static const json empty = json::object();
  if (!j.contains(key) || j[key].is_null()) return empty;
  if (!j[key].is_object()) bad(f, std::string("\"") + key + "\" is not an object");
  return j[key];
}

Study parse_record(const fs::path& f, json& j) {
  if (!j.is_object()) bad(f, "top level is not an object");
  Study s;
  s.file = f;
  if (!j.contains("study") || !j["study"].is_string() || j["study"].get<std::string>().empty())
    bad(f, "missing \"study\" id");
  s.id = j["study"].get<std::string>();
  s.slug = slugify(s.id);
  s.title = str_or(j, "title");
  if (j.contains("source") && j["source"].is_object()) {
    s.paper = str_or(j["source"], "paper");
    s.item = str_or(j["source"], "item");
  }
  s.group = str_or(j, "figure_group", s.id);
  s.scheme = str_or(j, "scheme");
  s.scheme_label = str_or(j, "scheme_label", s.scheme);
  s.formulation = str_or(j, "formulation");
  s.model = str_or(j, "model");
  s.scenario = str_or(j, "scenario");
  // {key: value} (order records) or ["key=value", ...] (the kinds that pass the catalogue's list on).
  if (j.contains("params") && j["params"].is_array()) {
    for (std::size_t i = 0; i < j["params"].size(); ++i)
      if (!j["params"][i].is_string()) bad(f, element("params", i) + ": must be a \"key=value\" string");
    s.params = j["params"];
  } else {
    s.params = object_or_empty(f, j, "params");
  }
  // One reference, or one per run (cd-equivalent-chain: a chain per N_I).
  if (j.contains("reference") && j["reference"].is_array()) {
    for (std::size_t i = 0; i < j["reference"].size(); ++i)
      if (!j["reference"][i].is_object()) bad(f, element("reference", i) + ": must be an object");
    s.reference = j["reference"];
  } else {
    s.reference = object_or_empty(f, j, "reference");
  }
  if (j.contains("kind") && !j["kind"].is_null()) {
    if (!j["kind"].is_string() || j["kind"].get<std::string>().empty()) bad(f, "\"kind\" is not a string");
    s.kind = j["kind"].get<std::string>();
  }
  s.notes = str_or(j, "notes");
  s.expected_verdict = str_or(j, "expected_verdict", "pass");
  s.is_new = bool_or(f, j, "new").value_or(false);
  if (j.contains("tolerances") && !j["tolerances"].is_null()) {
    if (!j["tolerances"].is_array()) bad(f, "\"tolerances\" is not an array");
    for (std::size_t i = 0; i < j["tolerances"].size(); ++i) {
      const auto& t = j["tolerances"][i];
      if (!t.is_object()) bad(f, element("tolerances", i) + ": must be an object");
      for (const char* k : {"label", "path", "basis", "reason"})
        if (t.contains(k) && !t[k].is_string()) bad(f, field(element("tolerances", i), k) + ": must be a string");
    }
    s.tolerances = j["tolerances"];
  }
  if (s.is_order()) {
    parse_order(f, j, s);
  } else {
    s.pass = bool_or(f, j, "pass");
  s.expected_failure = str_or(j, "expected_verdict") == "fail";
    s.seconds = num_or(j, "seconds");
    parse_value_checks(f, j, s);
  }
  if (j.contains("tables") && !j["tables"].is_null()) {
    if (!j["tables"].is_array()) bad(f, "\"tables\" is not an array");
    for (std::size_t i = 0; i < j["tables"].size(); ++i) s.tables.push_back(parse_table(f, j["tables"][i], i));
  }
  if (j.contains("figures") && !j["figures"].is_null()) {
    if (!j["figures"].is_array()) bad(f, "\"figures\" is not an array");
    std::set<std::string> stems;
    for (std::size_t i = 0; i < j["figures"].size(); ++i) {
      s.figures.push_back(parse_figure(f, j["figures"][i], i));
      if (!stems.insert(s.figures.back().stem).second)
        bad(f, "figure \"" + s.figures.back().name + "\": duplicate figure name (after file-name sanitising)");
    }
  }
  // Records of older runs carry "pass" only.
  s.verdict = str_or(j, "verdict", s.pass ? (*s.pass ? "pass" : "fail") : "");
  if (s.verdict != "" && s.verdict != "pass" && s.verdict != "fail" && s.verdict != "inconclusive")
    bad(f, "\"verdict\" must be \"pass\", \"fail\" or \"inconclusive\"");
  s.status = claim_status(s.verdict, s.expected_verdict, s.is_new);
  return s;
}

}  // namespace

// The file is read with a bound on its size, and nothing of it is used
// before its checksum matched; a field of the wrong type that the checks
// above do not name (nlohmann's type errors) still names the file.
Study parse_study(const fs::path& f, const std::function<void(const fs::path&, const json&)>& check) {
  json j = read_json_file(f, "report: study file");
  verify_checksum(j, f, "report: result record",
                  "rerun its claim (`granconv run " + f.stem().string() + " --out " +
                      f.parent_path().parent_path().string() + "`)");
  if (check) check(f, j);
  try {
    return parse_record(f, j);
  } catch (const json::exception& e) {
    bad(f, e.what());
  }
}

}  // namespace granconv::report_detail
