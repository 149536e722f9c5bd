// `granconv validate --tableau FILE.json [--out DIR] [--jobs N] [--cache DIR] [--precision 16|50]`:
// the battery of studies/validate/validate.hpp on a tableau file, written to
// DIR/validate/<name>.json and .html. The file is parsed and checked in full
// before anything is computed or written: a malformed file exits 2 with a
// message naming the field and leaves no DIR/validate behind.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "app/commands.hpp"
#include "app/options.hpp"
#include "app/output_dir.hpp"
#include "reports/pages/validation_page.hpp"
#include "schemes/tableau_file.hpp"
#include "studies/validate/validate.hpp"

namespace granconv::cli {

int validate(const ValidateArgs& a) {
  // Checked before the file is read: a bad value writes nothing.
  if (a.precision != 16 && a.precision != 50)
    throw std::invalid_argument("--precision must be 16 (double) or 50 (cpp_bin_float_50), not " +
                                std::to_string(a.precision));
  const Tableau<Mp50> tableau = read_tableau_file_mp(a.tableau);
  read_tableau_file(a.tableau);  // the double scheme: rejects entries beyond double's range
  prepare_output_dir(a.out);
  ValidateOptions opt;
  opt.precision = a.precision;
  opt.jobs = resolve_jobs(a.jobs);
  opt.cache_dir = resolve_cache(a.cache, a.out);
  const ValidationResult result = validate_scheme(scheme_under_test(tableau), opt);
  const auto dir = std::filesystem::path(a.out) / "validate";
  write_validation_page(result, dir);
  for (const auto& it : result.items)
    std::cout << fmt::format("{}. {:<22} {:<5} ({:.1f} s) {}\n", it.number, it.id,
                             !it.applicable ? "n/a" : it.inconclusive ? "INCON" : !it.pass ? "info" : *it.pass ? "PASS" : "FAIL", it.seconds,
                             it.verdict);
  const std::string stem = validation_file_stem(result.name);
  std::cout << fmt::format("{}: {} ({:.1f} s) -> {}\n", result.name,
                           !result.pass ? "FAIL" : result.inconclusive ? "INCONCLUSIVE" : "PASS", result.seconds,
                           (dir / (stem + ".html")).string());
  return !result.pass ? 1 : result.inconclusive ? 3 : 0;
}

}  // namespace granconv::cli
