// `granconv validate FILE.json [--out DIR] [--jobs N] [--cache DIR] [--precision 16|50]`
// (or --tableau FILE.json): the battery of studies/validate/validate.hpp on a
// scheme file of any family (docs/scheme-files.md), written to
// DIR/validate/<name>.json and .html. The file is parsed and checked in full
// before anything is computed or written: a malformed file exits 2 with a
// message naming the field and leaves no DIR/validate behind.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/options.hpp"
#include "app/output_dir.hpp"
#include "app/output_flags.hpp"
#include "app/progress_display.hpp"
#include "reports/pages/validation_page.hpp"
#include "models/input/printable.hpp"
#include "models/input/regular_file.hpp"
#include "schemes/families/scheme_file.hpp"
#include "schemes/tableau_file.hpp"
#include "reports/atomic_file.hpp"
#include "studies/external/validate_external.hpp"
#include "studies/validate/validate.hpp"
#include "studies/support/distribution/distributed_for.hpp"

namespace granconv::cli {

namespace {

std::string item_status(const ValidationItem& it) {
  return !it.applicable ? "n/a" : it.inconclusive ? "INCON" : !it.pass ? "info" : *it.pass ? "PASS" : "FAIL";
}

}  // namespace

namespace {

// validate --external: the program on the shipped chains, measured (no verdict).
int validate_external_scheme(const ValidateArgs& a) {
  ExternalValidationOptions opt;
  opt.jobs = resolve_jobs(a.jobs);
  opt.cache_dir = resolve_cache(a.cache, a.out);
  opt.out_dir = a.out;
  const ExternalValidation v = validate_external(a.external, opt);
  const auto file = std::filesystem::path(a.out) / "validate" / (v.name + "-external.json");
  if (is_writer()) {
    std::filesystem::create_directories(file.parent_path());
    write_file_atomically(file, v.record.dump(1) + "\n");
  }
  if (a.output.json) {
    print_json({{"name", v.name}, {"lines", v.lines}, {"json", file.string()}});
  } else if (!a.output.quiet) {
    for (const auto& l : v.lines) std::cout << l << '\n';
    std::cout << fmt::format("{}: measured on {} chains (no order claimed: a claim states one) -> {}\n", v.name,
                             v.lines.size(), file.string());
  }
  return 0;
}

// The scheme of FILE: a runge-kutta file through the tableau reader (the
// rooted trees and R(z) of items 1–3, today's messages), any other family
// through its row of schemes/families/scheme_file.hpp.
SchemeUnderTest read_scheme_under_test(const std::string& file, const std::string& label) {
  // The largest file of any family fits in a fraction of this (schemes/families/scheme_file.cpp).
  constexpr std::size_t max_bytes = 1 << 20;
  const std::string text = read_regular_file(file, max_bytes, label);
  const std::string source = label + " " + printable(file);
  if (scheme_file_family(text, source) == "runge-kutta") {
    const Tableau<Mp50> tableau = parse_tableau_json_mp(text, source);
    read_tableau_file(file);  // the double scheme: rejects entries beyond double's range
    return scheme_under_test(tableau);
  }
  return scheme_under_test(parse_scheme_file(text, source));
}

}  // namespace

int validate(const ValidateArgs& a) {
  const std::string& file = a.file.empty() ? a.tableau : a.file;
  if (!a.file.empty() && !a.tableau.empty())
    throw std::invalid_argument("validate takes one scheme file: FILE or --tableau FILE, not both");
  if (file.empty() == a.external.empty())
    throw std::invalid_argument("validate needs a scheme file (FILE or --tableau FILE) or --external FILE.json");
  if (!a.external.empty()) {
    prepare_output_dir(a.out);
    return validate_external_scheme(a);
  }
  // Checked before the file is read: a bad value writes nothing.
  if (a.precision != 16 && a.precision != 50)
    throw std::invalid_argument("--precision must be 16 (double) or 50 (cpp_bin_float_50), not " +
                                std::to_string(a.precision));
  const SchemeUnderTest scheme = read_scheme_under_test(file, a.file.empty() ? "tableau file" : "scheme file");
  prepare_output_dir(a.out);
  ValidateOptions opt;
  opt.precision = a.precision;
  opt.jobs = resolve_jobs(a.jobs);
  opt.cache_dir = resolve_cache(a.cache, a.out);
  // Items 1-6 as parts: the first three (exact analysis) end together, fast.
  constexpr std::size_t items = 6;
  ProgressDisplay progress(ProgressDisplay::style_for(a.output.quiet), "item", items);
  // The bar names the item running: the ids of validate.cpp, in its order.
  const char* const ids[items] = {"order_conditions",      "stability",
                                  scheme.file ? "structure" : "modified_equation", "observed_order_smooth",
                                  "observed_order_contact", "work_precision"};
  // One callback for every item: the display knows which item runs.
  opt.progress = progress.start(1, ids[0]);
  opt.item_done = [&](const ValidationItem& it) {
    const auto k = static_cast<std::size_t>(it.number);
    progress.finish(k, it.id, item_status(it), it.seconds);
    if (k >= 1 && k < items) progress.start(k + 1, ids[k]);
  };
  const ValidationResult result = validate_scheme(scheme, opt);
  const auto dir = std::filesystem::path(a.out) / "validate";
  if (is_writer()) write_validation_page(result, dir);  // under MPI, rank 0 writes
  const std::string stem = validation_file_stem(result.name);
  const std::string verdict = !result.pass ? "FAIL" : result.inconclusive ? "INCONCLUSIVE" : "PASS";
  if (a.output.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& it : result.items)
      rows.push_back({{"number", it.number}, {"id", it.id}, {"status", item_status(it)}, {"seconds", it.seconds},
                      {"verdict", it.verdict}});
    print_json({{"name", result.name}, {"verdict", verdict}, {"items", rows}, {"seconds", result.seconds},
                {"html", (dir / (stem + ".html")).string()}, {"json", (dir / (stem + ".json")).string()}});
  } else if (!a.output.quiet) {
    for (const auto& it : result.items)
      std::cout << fmt::format("{}. {:<22} {:<5} ({:.1f} s) {}\n", it.number, it.id, item_status(it), it.seconds,
                               it.verdict);
    std::cout << fmt::format("{}: {} ({:.1f} s) -> {}\n", result.name, verdict, result.seconds,
                             (dir / (stem + ".html")).string());
  }
  return !result.pass ? 1 : result.inconclusive ? 3 : 0;
}

}  // namespace granconv::cli
