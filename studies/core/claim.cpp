#include "studies/core/claim.hpp"

#include <cstdlib>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "models/find_by_name.hpp"
#include "models/input/json_input.hpp"
#include "models/input/printable.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/core/catalogue_rules.hpp"
#include "studies/core/claim_kinds.hpp"

namespace granconv {

namespace {

// "deviation": text, or {"text", "check", "value", "band"}: a claim expected
// to fail pins the one check that fails (its label in the result record), the
// field of that check holding the measured value and the band it must lie in;
// one expected to be inconclusive says why in the text.
void read_deviation(FieldReader& r, Claim& c) {
  if (!r.has("deviation")) {
    r.accept("deviation");
    r.check(c.expected_verdict == "pass", "deviation",
            "is missing: a claim expected to be '" + c.expected_verdict + "' must say why");
    return;
  }
  if (r.json().at("deviation").is_string()) {
    c.deviation = r.req<std::string>("deviation");
  } else {
    r.object("deviation", [&](FieldReader& d) {
      c.deviation = d.req<std::string>("text");
      if (d.has("check")) {
        const auto band = d.interval("band", true);
        c.deviation_pin = {{"check", d.req<std::string>("check")},
                           {"value", d.req<std::string>("value")},
                           {"band", band.value_or(std::vector<double>{})}};
        // Checks beside the failing one that the data leave undecided (each
        // says why in the text); every other check must pass.
        if (d.has("inconclusive")) c.deviation_pin["inconclusive"] = d.req<std::vector<std::string>>("inconclusive");
      }
      return 0;
    });
  }
  r.check(!c.deviation.empty() || !r.ok(), "deviation", "must say what does not reproduce");
  r.check(c.expected_verdict != "fail" || !c.deviation_pin.is_null() || !r.ok(), "deviation",
          "must pin the failing check of a documented deviation ({\"text\", \"check\", \"value\", \"band\"})");
}

NegativeTwin read_twin(FieldReader& t) {
  NegativeTwin n;
  n.name = t.req<std::string>("name");
  t.check(valid_output_name(n.name), "name",
          fmt::format("'{}' is refused: {} (it names a ctest)", printable(n.name), output_name_rule()));
  n.why = t.req<std::string>("why");
  n.perturb = t.object("perturb", [](FieldReader& p) {
    nlohmann::json j = nlohmann::json::object();
    if (const auto f = p.maybe<std::string>("tableau")) try {
        j["tableau"] = resolve_claim_file(*f, claim_file_folders().tableaux, p.base_dir).string();
      } catch (const std::exception& e) {
        p.problem("tableau", e.what());
      }
    if (p.has("params")) j["params"] = p.req<std::vector<std::string>>("params");
    if (const auto s = p.maybe<std::string>("start")) j["start"] = *s;
    if (const auto d = p.maybe<double>("dissipation_scale", positive())) j["dissipation_scale"] = *d;
    if (const auto e = p.maybe<double>("expected_order", positive())) j["expected_order"] = *e;
    if (p.has("external_args")) j["external_args"] = p.req<std::vector<std::string>>("external_args");
    p.check(!j.empty(), "tableau", "is one of the perturbations (tableau, params, start, dissipation_scale, "
                                   "expected_order, external_args); the twin has none");
    return j;
  });
  return n;
}

ClaimFileFolders& folders_storage() {
  static ClaimFileFolders f;
  return f;
}

}  // namespace

void set_claim_file_folders(ClaimFileFolders folders) { folders_storage() = std::move(folders); }
const ClaimFileFolders& claim_file_folders() { return folders_storage(); }

bool valid_output_name(const std::string& name) {
  return !name.empty() && name.size() <= kMaxNameLength && name.front() != '.' &&
         name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789.-") == std::string::npos;
}

std::string output_name_rule() {
  // fmt, not operator+ on temporaries: GCC 12 warns of a false -Warray-bounds there at -O3.
  return fmt::format("must be 1 to {} lower-case letters, digits, '.' and '-', not starting with '.' (it becomes a file name)",
                     kMaxNameLength);
}

std::filesystem::path resolve_claim_file(const std::string& name, const std::filesystem::path& given,
                                         const std::filesystem::path& base_dir) {
  const std::filesystem::path p(name);
  if (!given.empty()) {
    if (name.empty() || name.front() == '.' || name.size() > 255 ||
        name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-") != std::string::npos)
      throw std::invalid_argument(fmt::format("'{}' must be a plain file name in {} (letters, digits, '.', '_', '+', "
                                              "'-'; no '/', not starting with '.')",
                                              printable(name), printable(given.string())));
    return given / p;
  }
  if (p.is_absolute()) return p;
  return base_dir / p;
}

Claim parse_claim(const nlohmann::json& j, std::vector<std::string>& problems, const std::string& unnamed,
                  const std::filesystem::path& base_dir) {
  Claim c;
  const std::size_t before = problems.size();
  if (!j.is_object()) {
    problems.push_back(unnamed + " is not an object");
    return c;
  }
  const bool named = j.contains("id") && j.at("id").is_string();
  FieldReader r(j, named ? fmt::format("claim '{}'", printable(j.at("id").get<std::string>())) : unnamed, problems);
  r.base_dir = base_dir;
  c.id = r.req<std::string>("id");
  // The id names the record (DIR/studies/<id>.json), its pages and ctests.
  if (named && !valid_output_name(c.id)) {
    problems.push_back(fmt::format("{}: id '{}' is refused: it {}", unnamed, printable(c.id), output_name_rule()));
    return c;
  }
  c.title = r.req<std::string>("title");
  r.object("source", [&](FieldReader& s) {
    c.paper = s.req<std::string>("paper");
    c.item = s.req<std::string>("item");
    c.is_new = s.opt<bool>("new", false);
    return 0;
  });
  c.figure_group = r.req<std::string>("figure_group");
  // It names the group's figure files and is written into gnuplot scripts.
  if (!c.figure_group.empty())
    r.check(valid_output_name(c.figure_group), "figure_group",
            fmt::format("'{}' is refused: {}", printable(c.figure_group), output_name_rule()));
  c.expected_verdict = r.one_of("expected_verdict", {"pass", "fail", "inconclusive"}, "pass");
  read_deviation(r, c);
  c.notes = r.opt<std::string>("notes", "");
  c.heavy = r.opt<bool>("heavy", false);
  c.estimated_cost = r.opt<std::string>("estimated_cost", "");
  if (c.heavy)
    r.check(!c.estimated_cost.empty() && c.estimated_cost.find('\n') == std::string::npos, "estimated_cost",
            "must say in one line what the heavy claim's run costs (e.g. \"about 2 h on one core\")");
  else if (!r.has("heavy") || r.json().at("heavy").is_boolean())  // a mistyped heavy is reported already
    r.check(!r.has("estimated_cost"), "estimated_cost", "applies to heavy claims only (\"heavy\": true)");
  c.negative_twins = r.list("negative_twins", read_twin, false);
  std::vector<std::string> names;
  for (const auto& k : claim_kinds()) names.push_back(k.name);
  const std::size_t before_kind = problems.size();
  c.kind = r.one_of("kind", names, "order");
  c.record = j;
  // Without a known kind, no field beyond the common ones can be judged.
  if (problems.size() != before_kind) return c;
  c.spec = find_kind(c.kind).parse(r);
  // Order studies read their fields from the claim itself (studies/core/claim.hpp).
  if (const auto* o = std::any_cast<OrderSpec>(&c.spec)) static_cast<OrderSpec&>(c) = *o;
  r.finish();
  // The rules every record obeys, on the record as written.
  if (problems.size() == before) try {
      check_tolerance_sources(j, r.claim());
      check_rivals(j, r.claim());
    } catch (const std::exception& e) {
      problems.push_back(e.what());
    }
  return c;
}

Claim parse_claim(const nlohmann::json& j) {
  std::vector<std::string> problems;
  Claim c = parse_claim(j, problems);
  if (!problems.empty()) throw std::invalid_argument(problems.front());
  return c;
}

std::filesystem::path default_claims_file() {
  if (const char* env = std::getenv("GRANCONV_CLAIMS")) return env;
  std::error_code ec;
  if (std::filesystem::exists(GRANCONV_CLAIMS_FILE, ec)) return GRANCONV_CLAIMS_FILE;
  return GRANCONV_INSTALLED_CLAIMS_FILE;
}

Catalogue read_catalogue(const std::filesystem::path& file) {
  const nlohmann::json j = read_json_limited(file.string(), kMaxCatalogueFileBytes, "claim catalogue");
  if (!j.is_object() || !j.contains("claims") || !j.at("claims").is_array())
    throw std::runtime_error("claim catalogue " + file.string() + " has no list 'claims'");
  Catalogue cat;
  for (const auto& [k, v] : j.items())
    if (k != "about" && k != "claims") cat.problems.push_back("claim catalogue: unknown field '" + k + "'");
  std::set<std::string> ids;
  for (std::size_t i = 0; i < j.at("claims").size(); ++i) {
    const std::size_t before = cat.problems.size();
    Claim c = parse_claim(j.at("claims")[i], cat.problems, "claim #" + std::to_string(i + 1), file.parent_path());
    if (!c.id.empty() && !ids.insert(c.id).second) cat.problems.push_back("claim id '" + c.id + "' appears twice");
    if (cat.problems.size() == before) cat.claims.push_back(std::move(c));
  }
  return cat;
}

std::vector<Claim> load_claims(const std::filesystem::path& file) {
  Catalogue cat = read_catalogue(file);
  if (cat.problems.empty()) return std::move(cat.claims);
  std::string more;
  if (cat.problems.size() > 1)
    more = " (and " + std::to_string(cat.problems.size() - 1) + " more problems: granconv check-claims " +
           file.string() + " lists them)";
  throw std::invalid_argument(cat.problems.front() + more);
}

const Claim& find_claim(const std::vector<Claim>& claims, const std::string& id) {
  return find_by_name(claims, id, "study", [](const Claim& c) { return c.id; });
}

const char* to_string(FitKind k) { return k == FitKind::least_squares ? "least-squares" : "upper-envelope"; }

}  // namespace granconv
