// The helpers every record of the lzb kind uses: the claim's problem, its
// CVODE and LZB options, the windowed order fit and the check entry.
#include <utility>

#include "studies/kinds/nb2011/lzb/lzb_detail.hpp"
#include "studies/support/palette.hpp"
#include "studies/support/record_helpers.hpp"

namespace granconv::lzb_kind {

using nlohmann::json;

double rounded(double v, int digits) { return granconv::sig(v, digits, 1e-290); }

std::vector<double> to_vector(const Vec<double>& v) { return {v.data(), v.data() + v.size()}; }

Problem<double> claim_problem(const LzbSpec& spec, std::vector<std::string> extra) {
  auto params = spec.params;
  params.insert(params.end(), extra.begin(), extra.end());
  return make_problem<double>(spec.scenario, params);
}

ReferenceOptions reference_options(const LzbSpec& spec, const StudyOptions& opt) {
  ReferenceOptions ro = opt.reference;
  if (spec.rtol) ro.rtol = *spec.rtol;
  if (spec.atol) ro.atol = *spec.atol;
  return ro;
}

LzbOptions lzb_options(const LzbSpec& spec, const StudyOptions& opt) {
  LzbOptions o = spec.method;
  o.max_seconds = opt.reference.max_seconds;
  return o;
}

OrderFit fit_in(const std::vector<double>& h, const std::vector<double>& e, const std::vector<double>& window,
                FitKind kind) {
  FitOptions fo;
  fo.window = FitWindow{window.at(0), window.at(1)};
  fo.kind = kind;
  std::vector<bool> usable(h.size(), true);
  return fit_order(h, e, usable, fo);
}

const std::vector<std::string> kColors = palette::first(7);

}  // namespace granconv::lzb_kind
