// `granconv atlas`: the order atlas as its own command. It runs the catalogue's
// "atlas" claim (the same record `granconv run atlas` writes to
// DIR/studies/atlas.json) and writes DIR/atlas/atlas.json plus the per-cell
// convergence data as DIR/atlas/cells.csv, each atomically (the record with
// its checksum, reports/record_checksum.hpp).
#include <algorithm>
#include <chrono>
#include <iostream>

#include <fmt/format.h>

#include "app/commands.hpp"
#include "app/options.hpp"
#include "app/output_dir.hpp"
#include "app/output_flags.hpp"
#include "app/progress_display.hpp"
#include "reports/atomic_file.hpp"
#include "reports/record_checksum.hpp"
#include "studies/atlas/atlas_claims.hpp"
#include "studies/core/catalogue.hpp"
#include "studies/core/claim.hpp"
#include "studies/support/distribution/distributed_for.hpp"

namespace granconv::cli {

int atlas(const AtlasArgs& a) {
  const auto claims = load_catalogue(catalogue_path(a.claims));
  const Claim* claim = nullptr;
  for (const auto& c : claims)
    if (c.kind == "atlas") {
      claim = &c;
      break;
    }
  if (!claim) throw std::invalid_argument("the claim catalogue has no claim of kind \"atlas\"");
  prepare_output_dir(a.out);
  StudyOptions opt;
  opt.jobs = resolve_jobs(a.jobs);
  opt.cache_dir = resolve_cache(a.cache, a.out);
  ProgressDisplay progress(ProgressDisplay::style_for(a.output.quiet), "study", 1);
  opt.progress = progress.start(1, claim->id);
  const auto start = std::chrono::steady_clock::now();
  const ClaimResult r = find_kind("atlas").run(*claim, opt);  // the record as the kind writes it
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  opt.progress = nullptr;

  std::string csv = "problem,model,scheme,formulation,n,h,error,floor,usable\n";
  for (const auto& c : r.record.at("cells")) {
    if (c.contains("not_applicable")) continue;
    const auto head = fmt::format("{},{},{},{}", c.at("problem").get<std::string>(), c.at("model").get<std::string>(),
                                  c.at("scheme").get<std::string>(), c.at("formulation").get<std::string>());
    for (std::size_t k = 0; k < c.at("h").size(); ++k)
      csv += fmt::format("{},{},{:.17g},{:.17g},{:.17g},{}\n", head, c.at("steps")[k].get<long>(),
                         c.at("h")[k].get<double>(), c.at("error")[k].get<double>(), c.at("floor")[k].get<double>(),
                         c.at("usable")[k].get<bool>() ? 1 : 0);
  }
  const auto dir = std::filesystem::path(a.out) / "atlas";
  if (is_writer()) {  // under MPI, rank 0 writes (every rank holds the same result)
    write_file_atomically(dir / "atlas.json", sealed_json_text(r.record));
    write_file_atomically(dir / "cells.csv", csv);
  }
  progress.finish(1, claim->id, "done", seconds);  // the verdicts are in the summary
  if (a.output.json)
    print_json({{"summary", r.summary}, {"atlas", (dir / "atlas.json").string()},
                {"cells", (dir / "cells.csv").string()}, {"seconds", seconds}});
  else if (!a.output.quiet)
    std::cout << r.summary << "\nwrote " << (dir / "atlas.json").string() << " and " << (dir / "cells.csv").string()
              << '\n';
  return 0;
}

}  // namespace granconv::cli
