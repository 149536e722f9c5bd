#include "studies/atlas/atlas_claims.hpp"
#include "studies/core/verdict.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "fit/order_fit_json.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/step_grid_field.hpp"
#include "studies/support/catalogue_fields.hpp"
#include "studies/support/grid_budget.hpp"
#include "studies/support/palette.hpp"

namespace granconv {

namespace {

using nlohmann::json;

std::string figure_name(AtlasProblem p, const ForceModel& m) { return fmt::format("atlas-{}-{}", to_string(p), m.name); }

json cell_json(const Atlas& a, const AtlasCell& c) {
  const AtlasRow& r = a.rows[c.row];
  json j = {{"problem", to_string(c.problem)},
            {"model", a.models[c.model].name},
            {"scheme", r.scheme},
            {"formulation", to_string(r.formulation)},
            {"classical_order", r.classical_order},
            {"text", atlas_cell_text(a, c)}};
  if (!c.not_applicable.empty()) {
    j["not_applicable"] = c.not_applicable;
    return j;
  }
  json usable = json::array();
  for (bool u : c.usable) usable.push_back(u);
  j.update({{"steps", c.steps},
            {"h", c.h},
            {"error", c.error},
            {"floor", c.floor},
            {"usable", usable},
            {"fit", order_fit_json(c.verdict.fit)},
            {"least_squares", order_fit_json(c.verdict.least_squares)},
            {"trustworthy", c.verdict.trustworthy},
            {"reason", c.verdict.reason},
            {"lost_order", c.verdict.lost_order},
            {"failure", c.failure}});
  return j;
}

const AtlasCell& find_cell(const Atlas& a, const AtlasCheck& chk) {
  for (const auto& c : a.cells)
    if (to_string(c.problem) == chk.problem && a.models[c.model].name == chk.model && a.rows[c.row].scheme == chk.scheme &&
        to_string(a.rows[c.row].formulation) == chk.formulation)
      return c;
  throw std::invalid_argument(fmt::format("atlas check '{}': no cell {}/{}/{} {} in this atlas (filtered out?)", chk.label,
                                          chk.problem, chk.model, chk.scheme, chk.formulation));
}

// The cited claim's own measurement on the atlas cell's data: its declared
// window and fit kind when the check gives them ("window", "fit"), else the
// atlas's detected-window fit of the cell.
OrderFit check_fit(const Atlas& a, const AtlasCell& c, const AtlasCheck& chk) {
  if (!chk.window && !chk.fit) return c.verdict.fit;
  FitOptions fo;
  fo.kind = a.settings.fit;
  fo.envelope_bins_per_decade = a.settings.envelope_bins_per_decade;
  if (chk.fit) {
    fo.kind = *chk.fit;
    fo.envelope_bins_per_decade = kEnvelopeBinsPerDecade;  // as the claims' fits
  }
  if (chk.window) fo.window = *chk.window;
  return fit_order(c.h, c.error, c.usable, fo);
}

json evaluate_check(const Atlas& a, const AtlasCheck& chk) {
  const AtlasCell& c = find_cell(a, chk);
  const double expected = chk.expected_order, tol = chk.tolerance, max_ci = chk.max_ci_width;
  json observed;
  bool pass = false;
  std::string why;
  if (!c.not_applicable.empty()) {
    observed = "n/a: " + c.not_applicable;
    return {{"label", chk.label}, {"paper", expected}, {"observed", observed}, {"tolerance", tol}, {"pass", false}};
  }
  const OrderFit f = check_fit(a, c, chk);
  // The equivalence rule of studies/core/verdict.hpp, against the check's rivals.
  const OrderVerdict v = order_verdict(f, expected, tol, chk.rivals, max_ci);
  pass = v.verdict == Verdict::pass;
  observed = f.ok ? json(std::round(f.order * 1000) / 1000) : json("no fit: " + f.message);
  if (!pass) why = " (" + v.reason + ")";
  return {{"label", chk.label + " [" + chk.claim + "]" + why},
          {"paper", expected},
          {"observed", observed},
          {"ci95", {f.ci_lo, f.ci_hi}},
          {"tolerance", tol},
          {"pass", pass},
          {"verdict", to_string(v.verdict)}};
}

json heatmap(const Atlas& a, std::size_t p) {
  // Rows listed top-down as in the table: y = −row index.
  std::vector<double> x, y;
  std::vector<std::string> xt, yt;
  for (std::size_t m = 0; m < a.models.size(); ++m) x.push_back(double(m)), xt.push_back(a.models[m].name);
  for (std::size_t r = 0; r < a.rows.size(); ++r) y.push_back(-double(a.rows.size() - 1 - r));
  for (std::size_t r = a.rows.size(); r-- > 0;) yt.push_back(a.rows[r].name());
  // A cell without a value says why, in a word the report prints in it.
  json z = json::array(), blank = json::array();
  for (std::size_t r = a.rows.size(); r-- > 0;) {
    json row = json::array(), why = json::array();
    for (std::size_t m = 0; m < a.models.size(); ++m) {
      const AtlasCell& c = a.cell(p, r, m);
      const bool value = c.not_applicable.empty() && c.verdict.trustworthy;
      row.push_back(value ? json(c.verdict.fit.order - a.rows[r].classical_order) : json(nullptr));
      why.push_back(value                         ? json(nullptr)
                    : !c.not_applicable.empty() ? json("n/a")
                    : !c.failure.empty()        ? json("failed")
                                                : json("no order"));
    }
    z.push_back(row);
    blank.push_back(why);
  }
  const std::string prob = to_string(a.problems[p]);
  return {{"name", "atlas-" + prob + "-heatmap"},
          {"type", "heatmap"},
          {"title", "order atlas, " + prob + ": observed − classical order"},
          {"caption", "Observed order minus the scheme's classical order per (scheme, formulation) × force model on the " +
                          prob + " problem. Cells without a value: n/a, the row does not apply to the model; failed, "
                          "the scheme failed at some step sizes; no order, no trustworthy fit (see the table)."},
          {"zlabel", "observed − classical"},
          {"x", x},
          {"y", y},
          {"xtics", xt},
          {"ytics", yt},
          {"z", z},
          {"blank", blank}};
}

json convergence_figure(const Atlas& a, std::size_t p, std::size_t m) {
  // One colour per row (the report's default palette repeats after 10).
  json series = json::array();
  for (std::size_t r = 0; r < a.rows.size(); ++r) {
    const AtlasCell& c = a.cell(p, r, m);
    if (!c.not_applicable.empty()) continue;
    std::vector<double> hx, ey;
    for (std::size_t k = 0; k < c.h.size(); ++k)
      if (c.usable[k]) hx.push_back(c.h[k]), ey.push_back(c.error[k]);
    const std::string order = c.verdict.trustworthy ? fmt::format("{:.2f}", c.verdict.fit.order) : "untrustworthy";
    series.push_back({{"title", fmt::format("{} ({})", a.rows[r].name(), order)},
                      {"x", hx},
                      {"y", ey},
                      {"style", a.rows[r].formulation == Formulation::xw ? "dashes" : "linespoints"},
                      {"color", palette::series[r % palette::series.size()]}});
  }
  const std::string prob = to_string(a.problems[p]);
  return {{"name", figure_name(a.problems[p], a.models[m])},
          {"type", "lines"},
          {"title", "atlas, " + prob + ", " + a.models[m].label + ": error vs h"},
          {"caption", "Max over grid times of the sup norm of the (x, v) error against the CVODE reference, points above "
                      "the floor only; legend: scheme, formulation and fitted order (dashed: xw)."},
          {"xlabel", "h"},
          {"ylabel", "error"},
          {"logx", true},
          {"logy", true},
          {"series", series}};
}

json table(const Atlas& a, std::size_t p) {
  json cols = {"scheme", "formulation", "classical order"};
  for (const auto& m : a.models) cols.push_back(m.label);
  json rows = json::array();
  for (std::size_t r = 0; r < a.rows.size(); ++r) {
    json row = {a.rows[r].scheme, to_string(a.rows[r].formulation), a.rows[r].classical_order};
    for (std::size_t m = 0; m < a.models.size(); ++m) {
      const AtlasCell& c = a.cell(p, r, m);
      if (c.not_applicable.empty())
        row.push_back({{"text", atlas_cell_text(a, c)}, {"figure", figure_name(a.problems[p], a.models[m])}});
      else
        row.push_back(atlas_cell_text(a, c));
    }
    rows.push_back(row);
  }
  return {{"title", fmt::format("Order atlas, {} problem: observed order [95% CI] (classical order); ↓ = contact "
                                "non-smoothness cost order (CI below classical − {}). Each cell links to its "
                                "convergence plot.",
                                to_string(a.problems[p]), a.settings.order_loss_tolerance)},
          {"columns", cols},
          {"rows", rows}};
}

}  // namespace

std::string atlas_cell_text(const Atlas& a, const AtlasCell& c) {
  if (!c.not_applicable.empty()) return "n/a: " + c.not_applicable;
  std::size_t failed = 0;
  for (const auto& f : c.failures) failed += !f.empty();
  const std::string note = failed ? fmt::format(" (scheme failed at {} step sizes)", failed) : "";
  if (!c.verdict.trustworthy)
    return "untrustworthy: " + c.verdict.reason + (c.verdict.reason.find("failed at") == std::string::npos ? note : "");
  const auto& f = c.verdict.fit;
  return fmt::format("{:.2f} [{:.2f}, {:.2f}] ({}){}{}", f.order, f.ci_lo, f.ci_hi, a.rows[c.row].classical_order,
                     c.verdict.lost_order ? " ↓" : "", note);
}

ClaimResult atlas_claim_result(const Claim& claim, const AtlasSpec& spec, const Atlas& a) {
  CheckList checks;
  for (const auto& chk : spec.checks) checks.add(evaluate_check(a, chk));
  json rec = result_head(claim, checks.pass);
  rec["checks"] = checks.items;
  json tables = json::array(), figures = json::array(), cells = json::array();
  for (std::size_t p = 0; p < a.problems.size(); ++p) {
    tables.push_back(table(a, p));
    if (a.rows.size() >= 2 && a.models.size() >= 2) figures.push_back(heatmap(a, p));
    for (std::size_t m = 0; m < a.models.size(); ++m)
      if (a.models[m].chain_not_applicable.empty()) figures.push_back(convergence_figure(a, p, m));
  }
  int untrustworthy = 0, lost = 0, ran = 0;
  for (const auto& c : a.cells) {
    cells.push_back(cell_json(a, c));
    if (!c.not_applicable.empty()) continue;
    ++ran;
    untrustworthy += !c.verdict.trustworthy;
    lost += c.verdict.lost_order;
  }
  json models = json::array();
  std::string model_notes;
  for (const auto& m : a.models) {
    models.push_back({{"name", m.name}, {"label", m.label}, {"notes", m.notes}});
    model_notes += fmt::format(" {}: {}{}.", m.name, m.notes,
                               m.chain_not_applicable.empty() ? "" : " — not applicable: " + m.chain_not_applicable);
  }
  std::string skipped;
  for (const auto& s : a.skipped_schemes) skipped += " " + s + ".";
  rec["notes"] = rec["notes"].get<std::string>() +
                 fmt::format(" {} rows (schemes × formulations) × {} force models × {} problems: {} cells run, {} "
                             "untrustworthy, {} with order lost. Force models:{} Schemes left out:{}",
                             a.rows.size(), a.models.size(), a.problems.size(), ran, untrustworthy, lost, model_notes,
                             skipped);
  rec["tables"] = tables;
  rec["figures"] = figures;
  rec["cells"] = cells;
  rec["models"] = models;
  rec["settings"] = {{"max_ci_width", a.settings.max_ci_width},
                     {"order_loss_tolerance", a.settings.order_loss_tolerance},
                     {"fit", to_string(a.settings.fit)},
                     {"floor_factor", a.settings.floor_factor},
                     {"envelope_bins_per_decade", a.settings.envelope_bins_per_decade}};
  rec["reference"] = a.references;
  rec["seconds"] = a.seconds;
  std::string summary = checks.summary(claim) + fmt::format("\n  {} cells run ({} untrustworthy, {} order lost) in {:.1f} s",
                                                            ran, untrustworthy, lost, a.seconds);
  return {rec, checks.pass, summary};
}

namespace {

AtlasGrid read_grid(FieldReader& g, AtlasGrid d) {
  d.t_end = g.opt<double>("t_end", d.t_end, positive());
  d.h_max = g.opt<double>("h_max", d.h_max, positive());
  d.h_min = g.opt<double>("h_min", d.h_min, positive());
  d.per_decade = g.opt<int>("per_decade", d.per_decade, at_least(1));
  g.check(d.h_max > d.h_min, "h_min", "must be below h_max");
  g.check(d.h_max <= d.t_end, "h_max", "must not exceed t_end");
  if (g.ok()) check_grid_points(g, d.h_max, d.h_min, d.per_decade, "per_decade", "step sizes between h_max and h_min");
  return d;
}

// Each problem's grid held to grid_budget's limits, as an order claim's: the
// finest run of one cell, the steps of every cell that runs it, and the
// references held at once (one per force model, at the union of the grid
// times), with the problem's end time and state size.
void check_atlas_budget(FieldReader& r, const AtlasSettings& s) {
  const Atlas a = atlas_layout(s);
  for (std::size_t p = 0; p < a.problems.size(); ++p) {
    const AtlasGrid& g = s.grid(a.problems[p]);
    std::size_t cells = 0, references = 0;
    Eigen::Index state = 0;
    for (std::size_t m = 0; m < a.models.size(); ++m) {
      if (!a.models[m].chain_not_applicable.empty()) continue;
      ++references;
      state = std::max(state, atlas_problem(a.models[m], a.problems[p], g.t_end).y0.size());
      for (std::size_t row = 0; row < a.rows.size(); ++row) cells += a.cell(p, row, m).not_applicable.empty();
    }
    if (references == 0) continue;
    GridBudget b = grid_budget(g.t_end, g.h_max, g.h_min, g.per_decade, double(state));
    b.total_steps *= double(std::max<std::size_t>(cells, 1));
    b.stored_values *= double(references);
    const std::string why = grid_budget_problem(b);
    r.check(why.empty(), to_string(a.problems[p]),
            fmt::format("(h from {:.3g} to {:.3g}, {} per decade, t_end = {:.6g}, {} state values; {} cells, {} "
                        "references) is refused: {}",
                        g.h_max, g.h_min, g.per_decade, g.t_end, state, cells, references, why));
  }
}

FitKind read_fit(FieldReader& r, std::optional<std::string> fallback) {
  return r.one_of("fit", {"least-squares", "upper-envelope"}, fallback) == "least-squares" ? FitKind::least_squares
                                                                                            : FitKind::upper_envelope;
}

// A list of names each of which `resolve` must accept (it throws otherwise).
std::vector<std::string> read_names(FieldReader& r, const std::string& key,
                                    const std::function<void(const std::string&)>& resolve) {
  const auto names = r.opt<std::vector<std::string>>(key, {});
  for (const auto& n : names) try {
      resolve(n);
    } catch (const std::exception& e) {
      r.problem(key, std::string("has an unknown name: ") + e.what());
    }
  return names;
}

AtlasCheck read_atlas_check(FieldReader& r) {
  AtlasCheck k;
  k.label = r.req<std::string>("label");
  k.claim = r.req<std::string>("claim");
  k.problem = r.one_of("problem", {"binary", "trimer"});
  k.model = r.name("model", [](const std::string& n) { force_model(n); });
  k.scheme = read_scheme(r);
  k.formulation = read_formulation(r);
  if (const auto w = r.interval("window", false, positive())) k.window = FitWindow{(*w)[0], (*w)[1]};
  if (r.has("fit")) k.fit = read_fit(r, std::nullopt);
  k.expected_order = r.req<double>("expected_order");
  k.tolerance = r.req<double>("tolerance", positive());
  k.max_ci_width = r.req<double>("max_ci_width", positive());
  k.rivals = r.opt<std::vector<double>>("rivals", {});
  return k;
}

}  // namespace

AtlasSpec parse_atlas_spec(FieldReader& r) {
  AtlasSpec spec;
  AtlasSettings& s = spec.settings;
  if (auto g = r.opt_object("binary", [&](FieldReader& g) { return read_grid(g, s.binary); })) s.binary = *g;
  if (auto g = r.opt_object("trimer", [&](FieldReader& g) { return read_grid(g, s.trimer); })) s.trimer = *g;
  s.max_ci_width = r.opt<double>("max_ci_width", s.max_ci_width, positive());
  s.order_loss_tolerance = r.opt<double>("order_loss_tolerance", s.order_loss_tolerance, positive());
  s.floor_factor = r.opt<double>("floor_factor", s.floor_factor, positive());
  s.envelope_bins_per_decade = r.opt<int>("envelope_bins_per_decade", s.envelope_bins_per_decade, at_least(1));
  s.fit = read_fit(r, "upper-envelope");
  // Unknown names are errors, not empty atlases.
  s.schemes = read_names(r, "schemes", [](const std::string& n) { scheme_info(n); });
  s.models = read_names(r, "models", [](const std::string& n) { force_model(n); });
  s.problems = read_names(r, "problems", [](const std::string& n) {
    if (n != "binary" && n != "trimer") throw std::invalid_argument("unknown problem '" + n + "' (binary, trimer)");
  });
  spec.checks = r.list("checks", read_atlas_check);
  // Every cell's envelope is fitted in the settings' bins, and a check that
  // names its fit refits in the claims' bins: each grid obeys the envelope's
  // sampling rule in both.
  std::vector<int> bins{s.envelope_bins_per_decade};
  for (const auto& k : spec.checks)
    if (k.fit == FitKind::upper_envelope) bins.push_back(kEnvelopeBinsPerDecade);
  for (const auto& [name, grid] : {std::pair{"binary", &s.binary}, std::pair{"trimer", &s.trimer}})
    for (const int b : bins)
      if (const std::string why = envelope_sampling_problem(grid->per_decade, b); !why.empty()) {
        r.problem(name, why);
        break;
      }
  if (r.ok()) try {
      check_atlas_budget(r, s);
    } catch (const std::exception& e) {
      r.problem("models", e.what());
    }
  return spec;
}

ClaimResult run_atlas_claim(const Claim& claim, const AtlasSpec& spec, const StudyOptions& options) {
  // Bad checks (unknown or filtered-out cells) are errors before anything runs.
  const Atlas layout = atlas_layout(spec.settings);
  for (const auto& chk : spec.checks) find_cell(layout, chk);
  return atlas_claim_result(claim, spec, run_atlas(spec.settings, options));
}

}  // namespace granconv
