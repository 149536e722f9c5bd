// The page of `granconv validate`: DIR/validate/<name>.json (the verdict),
// DIR/validate/<name>.html and its figures in DIR/validate/<name>/ (gnuplot
// scripts, data, SVG or PNG), drawn by the report's generic figure code from a
// record in the report's "figures" schema (reports/report.hpp).
//
// Everything is built in a temporary directory DIR/validate/.tmp-<name>-XXXX
// and renamed into place (figures, then JSON, then the page), so a failure
// leaves no half-written page and any previous one untouched.
#include <cmath>

#include <fmt/format.h>

#include "reports/pages/validation_page.hpp"

#include "reports/pages/page_parts.hpp"
#include "reports/pages/validation_figures.hpp"
#include "reports/atomic_file.hpp"
#include "studies/support/work_dirs.hpp"
#include "reports/figures/figures.hpp"
#include "reports/format.hpp"
#include "reports/record_checksum.hpp"
#include "reports/study_file.hpp"

namespace granconv {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using report_detail::g;
using report_detail::html;

std::string badge(const std::optional<bool>& pass, bool applicable, bool inconclusive = false) {
  if (!applicable) return "<span class=\"verdict na\">n/a</span>";
  if (inconclusive) return "<span class=\"verdict na\">INCONCLUSIVE</span>";
  if (!pass) return "<span class=\"verdict na\">info</span>";
  return *pass ? "<span class=\"verdict pass\">PASS</span>" : "<span class=\"verdict fail\">FAIL</span>";
}

std::string cell(const json& v) {
  if (v.is_null()) return "<td>–</td>";
  if (v.is_boolean()) return std::string("<td>") + (v.get<bool>() ? "yes" : "no") + "</td>";
  if (v.is_number()) return "<td class=\"num\">" + html(g(v.get<double>(), 3)) + "</td>";
  if (v.is_string()) return "<td>" + html(v.get<std::string>()) + "</td>";
  return "<td>" + html(v.dump()) + "</td>";
}

json at(const json& v, const char* key) { return v.is_object() && v.contains(key) ? v[key] : json(nullptr); }

// Item 1: order, conditions, largest residual, first failure.
std::string order_table(const json& rows, const std::string& caption) {
  if (!rows.is_array() || rows.empty()) return "";
  std::string h = "<table class=\"data\"><caption>" + html(caption) +
                  "</caption><thead><tr><th>order</th><th>conditions</th><th>largest residual</th>"
                  "<th>first failure</th></tr></thead><tbody>\n";
  for (const auto& row : rows) {
    const json failure = at(row, "first_failure");
    h += "<tr>" + cell(at(row, "order")) + cell(at(row, "conditions")) + cell(at(row, "largest_residual")) +
         (failure.is_null() ? std::string("<td><span class=\"mark pass\">all hold</span></td>")
                            : "<td><span class=\"mark fail\">" + html(failure.get<std::string>()) + "</span></td>") +
         "</tr>\n";
  }
  return h + "</tbody></table>\n";
}

std::string order_section(const ValidationItem& it) {
  std::string h = order_table(at(it.value, "rows"), at(it.value, "theory").is_string()
                                                        ? "Conditions by order: " + it.value["theory"].get<std::string>()
                                                        : "Conditions by order (rooted trees)");
  if (it.value.contains("variants"))
    for (const auto& v : it.value["variants"])
      h += order_table(at(v, "rows"), "On " + at(v, "problem_class").get<std::string>() + ": order " +
                                          std::to_string(at(v, "max_order").get<int>()));
  return h;
}

// A short table of named values: {label, value} rows.
std::string facts_table(const std::string& caption, const std::vector<std::pair<std::string, json>>& rows) {
  std::string h = "<table class=\"data\" style=\"width:auto\"><caption>" + html(caption) + "</caption><tbody>\n";
  for (const auto& [label, v] : rows) h += "<tr><th>" + html(label) + "</th>" + cell(v) + "</tr>\n";
  return h + "</tbody></table>\n";
}

std::string structure_section(const json& v) {
  std::string h = "<table class=\"data\"><caption>Structure, checked on the coefficients</caption><thead><tr>"
                  "<th>property</th><th>holds</th><th>residual</th><th>condition</th></tr></thead><tbody>\n";
  for (const char* key : {"symplectic", "symmetric"}) {
    const json c = at(v, key);
    const json holds = at(c, "holds");
    h += std::string("<tr><td>") + key + "</td>" +
         (holds.is_null() ? std::string("<td>not applicable</td>")
                          : holds.get<bool>() ? std::string("<td><span class=\"mark pass\">yes</span></td>")
                                              : std::string("<td><span class=\"mark fail\">no</span></td>")) +
         cell(at(c, "residual")) + cell(at(c, "condition")) + "</tr>\n";
  }
  h += "</tbody></table>\n";
  const json rule = at(v, "velocity_rule");
  if (rule.is_object())
    h += "<p><b>Velocity-dependent forces</b> (contact damping): " + html(at(rule, "rule").get<std::string>()) +
         (at(rule, "note").is_string() && !rule["note"].get<std::string>().empty()
              ? " — " + html(rule["note"].get<std::string>())
              : std::string()) +
         "</p>\n";
  return h;
}

std::string modified_equation_section(const json& v) {
  return facts_table("Modified-equation coefficients", {{"C11", at(v, "c11")},
                                                        {"C21", at(v, "c21")},
                                                        {"C22", at(v, "c22")},
                                                        {"residual of (59a), C22 − 2 C11 − C11²", at(v, "residual_59a")},
                                                        {"residual of (59b), C21 − C11 + C11²", at(v, "residual_59b")},
                                                        {"γ/h = 2 C11", at(v, "gamma_over_h")},
                                                        {"tailored conditions hold", at(v, "tailored_conditions_hold")}});
}

// The oscillator part of item 2: ρ∞, the stability interval, ξ̄ and the
// period elongation at Ω = 0.1 (the summary line says the same in words).
std::string oscillator_facts(const json& o) {
  if (!o.is_object()) return "";
  std::vector<std::pair<std::string, json>> rows = {
      {"ρ∞ (ζ = 0)", o["rho_infinity_unbounded"].get<bool>() ? json("unbounded") : at(o, "rho_infinity")},
      {"ρ∞ (ζ = 0.1)", at(o, "rho_infinity_zeta_0.1")},
      {"largest ρ on Ω ∈ [1e-2, 1e4] (ζ = 0)", at(o, "max_rho_on_grid")},
      {"damping ratio at Ω = 0.1", at(o, "damping_ratio_at_omega_0.1")},
      {"period elongation at Ω = 0.1", at(o, "period_elongation_at_omega_0.1")}};
  if (o.contains("stability_interval"))
    rows.emplace_back("stability interval Ω₀ (explicit)",
                      o["stability_interval"].is_null() ? json("beyond 1e6") : o["stability_interval"]);
  for (const char* k : {"zero_stable", "stability_polynomial"})
    if (o.contains(k)) rows.emplace_back(k == std::string("zero_stable") ? "zero-stable" : "stability polynomial", o[k]);
  return facts_table("On the damped oscillator x'' + 2ζx' + x = 0", rows);
}

std::string stability_section(const ValidationItem& it) {
  std::string h;
  if (it.value.contains("R")) {  // a tableau: R(z) first, then the oscillator summary
    h += facts_table("Stability function", {{"R(z)", at(it.value, "R")},
                                            {"A-stable", at(it.value, "a_stable")},
                                            {"L-stable", at(it.value, "l_stable")},
                                            {"|R(∞)|", it.value["r_infinity_unbounded"].get<bool>()
                                                           ? json("unbounded")
                                                           : at(it.value, "r_infinity")},
                                            {"linear order", at(it.value, "linear_order")}});
    const json o = at(it.value, "second_order");
    if (o.is_object()) h += "<p>Second order: " + html(o["summary"].get<std::string>()) + ".</p>\n" + oscillator_facts(o);
  } else {
    h += oscillator_facts(it.value);
  }
  return h;
}

// Items 4–6: one row per run, as the claim pages' checks.
std::string runs_table(const ValidationItem& it) {
  const json per = at(it.value, it.number == 6 ? "schemes" : "problems");
  std::string h = "<table class=\"data checks\"><caption>Observed orders</caption><thead><tr><th>problem</th>"
                  "<th>scheme</th><th>observed order [95% CI]</th><th>expected</th><th>verdict</th>"
                  "<th>fit window h</th><th>points</th><th>note</th></tr></thead><tbody>\n";
  for (std::size_t k = 0; k < it.runs.size(); ++k) {
    const auto& r = it.runs[k];
    const json j = per.is_array() && k < per.size() ? per[k] : json::object();
    json expected = at(j, "expected_order");
    if (expected.is_null()) expected = at(it.value, "smooth_order");
    const json pass = at(j, "pass");
    const std::string note = at(j, "reason").is_string() ? j["reason"].get<std::string>()
                             : at(j, "note").is_string() ? j["note"].get<std::string>()
                                                          : std::string();
    h += "<tr><td>" + html(r.problem + (r.formulation == "xw" ? " (x, w)" : " (x, v)")) + "</td><td>" +
         html(r.scheme) + "</td>" +
         (r.fit_ok ? fmt::format("<td class=\"num\">{:.2f} [{:.2f}, {:.2f}]</td>", r.order, r.ci_lo, r.ci_hi)
                   : "<td>no fit: " + html(r.fit_message) + "</td>") +
         cell(expected) +
         (pass.is_null() ? std::string("<td><span class=\"mark na\">–</span></td>")
                         : pass.get<bool>() ? std::string("<td><span class=\"mark pass\">pass</span></td>")
                                            : std::string("<td><span class=\"mark fail\">fail</span></td>")) +
         (r.fit_ok ? "<td class=\"num\">[" + html(g(r.h_min)) + ", " + html(g(r.h_max)) + "]</td>" +
                         "<td class=\"num\">" + std::to_string(r.points) + "</td>"
                   : std::string("<td>–</td><td>–</td>")) +
         "<td>" + html(note) + "</td></tr>\n";
  }
  return h + "</tbody></table>\n";
}

std::string page_html(const ValidationResult& r, const std::string& stem,
                      const std::vector<report_detail::Figure>& figures) {
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>granconv validate: " +
                  html(r.name) + "</title>\n<style>\n" + report_detail::style_css() +
                  // One figure per row: the convergence plots are read point by point.
                  ".figs.wide { grid-template-columns: minmax(0, 1fr); }\n.verdict { white-space: nowrap; }\n</style>\n</head>\n<body>\n";
  h += "<h1>Validation of <code>" + html(r.name) + "</code> " + badge(r.pass, true, r.pass && r.inconclusive) + "</h1>\n";
  h += "<dl class=\"facts\">\n<dt>scheme</dt><dd>" + html(r.scheme_label) + "</dd>\n";
  h += "<dt>family</dt><dd>" + html(r.family.empty() ? "runge-kutta (or a scheme written in code)" : r.family) + "</dd>\n";
  h += "<dt>claimed order</dt><dd>" + (r.claimed_order ? std::to_string(*r.claimed_order) : std::string("none")) + "</dd>\n";
  h += "<dt>machine-readable</dt><dd><a href=\"" + html(stem) + ".json\">" + html(stem) + ".json</a></dd>\n";
  h += fmt::format("<dt>run time</dt><dd>{:.1f} s</dd>\n</dl>\n", r.seconds);
  h += r.precision == 50
           ? "<p class=\"small\">Precision 50: items 1–4 in cpp_bin_float_50 (item 4 runs the scheme's exact 50-digit "
             "coefficients against the exact oscillator and the 50-digit RKF 7(8) reference, so its lines continue below "
             "double's ~1e-13); items 5–6 (contact problems, work–precision) in double, where 50 digits would "
             "cost minutes per run.</p>\n"
           : "<p class=\"small\">Precision 16: the runs (items 4–6) in double against CVODE; <code>--precision 50</code> "
             "continues item 4 below the double floor.</p>\n";
  // The items at a glance, each linked to its section.
  h += "<table class=\"data\"><caption>Items</caption><thead><tr><th>item</th><th>verdict</th><th>result</th></tr>"
       "</thead><tbody>\n";
  for (const auto& it : r.items)
    h += "<tr><td><a href=\"#item-" + std::to_string(it.number) + "\">" + std::to_string(it.number) + ". " +
         html(it.title) + "</a></td><td>" + badge(it.pass, it.applicable, it.inconclusive) + "</td><td>" +
         html(it.verdict) + "</td></tr>\n";
  h += "</tbody></table>\n";
  auto figure = [&](const std::string& fig, const std::string& caption) {
    for (const auto& f : figures)
      if (f.stem == fig && f.image) {
        const std::string p = stem + "/";
        return "<figure id=\"fig-" + html(fig) + "\"><a href=\"" + html(p + f.image.file) + "\"><img src=\"" +
               html(p + f.image.file) + "\" alt=\"" + html(caption) + "\"></a><figcaption>" + html(caption) +
               " <span class=\"small\">· <a href=\"" + html(p + f.image.script) + "\">gnuplot script</a> · <a href=\"" +
               html(p + f.image.data.front()) + "\">data</a></span></figcaption></figure>\n";
      }
    return std::string();
  };
  auto figs = [](const std::string& inner, bool wide) {
    return inner.empty() ? std::string() : std::string("<div class=\"figs") + (wide ? " wide" : "") + "\">\n" + inner + "</div>\n";
  };
  for (const auto& it : r.items) {
    h += "<section id=\"item-" + std::to_string(it.number) + "\"><h2>" + std::to_string(it.number) + ". " +
         html(it.title) + " " + badge(it.pass, it.applicable, it.inconclusive) + "</h2>\n<p>" +
         (it.applicable ? (it.precision == 50 ? "<span class=\"small\">[50 digits]</span> "
                                              : "<span class=\"small\">[double]</span> ")
                        : "") +
         html(it.verdict) + "</p>\n";
    if (it.applicable && it.value.is_object()) {
      if (it.number == 1) h += order_section(it);
      if (it.number == 2) h += stability_section(it);
      if (it.number == 3) h += it.id == "structure" ? structure_section(it.value) : modified_equation_section(it.value);
    }
    if (it.value.is_object() && it.value.contains("note") && it.value["note"].is_string())
      h += "<p class=\"small\">" + html(it.value["note"].get<std::string>()) + "</p>\n";
    if (!it.runs.empty()) h += runs_table(it);
    if (it.number == 2)
      h += figs(figure("stability_region", "|R(z)| on the complex plane; black line: |R(z)| = 1") +
                    figure("stability_locus", "Boundary locus of the multistep method's stability region") +
                    figure("spectral_radius", "Spectral radius ρ(Ω) on x'' + 2ζx' + x = 0 (dashed: ρ = 1), as in "
                                              "Chung & Hulbert (1993)") +
                    figure("damping_ratio", "Algorithmic damping ratio of the principal roots, Ω ≤ 3") +
                    figure("period_elongation", "Period elongation (T̄ − T)/T of the principal roots, Ω ≤ 3"),
                false);
    if (it.number == 4) h += figs(figure("smooth", "Error against h on the smooth problems (dashed: fits)"), true);
    if (it.number == 5) h += figs(figure("contact", "Error against h on the contact problems (dashed: fits)"), true);
    if (it.number == 6) h += figs(figure("work_precision", "CPU time against error on the dimer"), true);
    h += "</section>\n";
  }
  h += "<footer>granconv validate · every figure is drawn by gnuplot from the data beside it; the verdict and every "
       "number are in <a href=\"" + html(stem) + ".json\">" + html(stem) + ".json</a>.</footer>\n</body>\n</html>\n";
  return h;
}

// Moves `from` to `to`, replacing a previous file or directory there.
void replace(const fs::path& from, const fs::path& to) {
  if (fs::is_directory(to)) {
    const fs::path old = to.string() + ".old-" + work_dir_suffix();
    fs::rename(to, old);
    fs::rename(from, to);
    std::error_code ec;
    fs::remove_all(old, ec);
  } else {
    fs::rename(from, to);
  }
}

}  // namespace

std::string validation_file_stem(const std::string& name) { return report_detail::slugify(name); }

void write_validation_page(const ValidationResult& r, const fs::path& validate_dir, const std::string& gnuplot) {
  const std::string stem = validation_file_stem(r.name);
  check_under_output_root(validate_dir / stem);
  fs::create_directories(validate_dir);
  fs::path tmp;
  for (int attempt = 0;; ++attempt) {
    tmp = validate_dir / (".tmp-" + stem + "-" + work_dir_suffix());
    if (fs::create_directory(tmp)) break;
    if (attempt > 20) throw std::runtime_error("validate: cannot create a temporary directory in " + validate_dir.string());
  }
  const ScopedWorkDir registered(tmp);  // removed if a signal ends the run
  try {
    const fs::path figs = tmp / stem;
    fs::create_directory(figs);
    write_file_atomically(figs / "figures.json", sealed_json_text(validation_figures_record(r)));
    report_detail::Study record = report_detail::parse_study(figs / "figures.json");
    for (auto& f : record.figures) f.image = report_detail::draw_figure(record, f, figs, gnuplot);
    write_file_atomically(tmp / (stem + ".json"), r.to_json().dump(2) + "\n");
    write_file_atomically(tmp / (stem + ".html"), page_html(r, stem, record.figures));
    replace(figs, validate_dir / stem);
    fs::rename(tmp / (stem + ".json"), validate_dir / (stem + ".json"));
    fs::rename(tmp / (stem + ".html"), validate_dir / (stem + ".html"));
    fs::remove(tmp);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(tmp, ec);
    throw;
  }
}

}  // namespace granconv
