// edit_record FILE [--set POINTER JSON]... [--copy TO FROM]... [--remove POINTER]... [--points N] [--refit] [--seal]:
// edits a result record or a results summary the way a person might (tests
// of the report's refusals, tests/cli/check_edited_records.cmake). The edits are
// applied in order:
//   --set      sets the value at POINTER;
//   --copy     sets TO to the value at FROM (another field of the file);
//   --remove   removes POINTER;
//   --points   replaces an order record's h, error and usable by N step sizes
//              over two decades with errors scattered around h² (a long record
//              that no straight line fits);
//   --refit    makes an order record agree with itself after the edits, as
//              the study would have written it: each check's two fits from
//              the record's h, error and usable with the check's stored window
//              and fit kind, its shown numbers, its verdict against its stored
//              band, the claim's verdict and the top-level copies (an edit of
//              a check's window or fit kind that only the catalogue catches).
// --seal recomputes the checksum afterwards (an edit the checksum cannot
// catch), else the stored checksum is left as it was.
//
// Exit status: 0 done, 2 error.
#include <cmath>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fit/order_fit.hpp"
#include "fit/order_fit_json.hpp"
#include "reports/atomic_file.hpp"
#include "reports/json_file.hpp"
#include "reports/record_checksum.hpp"
#include "studies/core/verdict.hpp"

namespace {

using nlohmann::json;

double number(const json& v) { return v.is_number() ? v.get<double>() : std::nan(""); }

void long_record(json& j, int n) {
  std::vector<double> h, e;
  std::vector<bool> usable;
  for (int i = 0; i < n; ++i) {
    h.push_back(0.1 * std::pow(10.0, -2.0 * i / n));
    // A scatter of a decade either way: no window of the detection is straight.
    e.push_back(h.back() * h.back() * std::pow(10.0, std::sin(12.9898 * i) * 1.0));
    usable.push_back(true);
  }
  j["h"] = h, j["error"] = e, j["usable"] = usable;
}

void refit(json& j) {
  using namespace granconv;
  std::vector<double> h, e;
  std::vector<bool> usable;
  for (const auto& x : j.at("h")) h.push_back(number(x));
  for (const auto& x : j.at("error")) e.push_back(number(x));
  for (const auto& x : j.at("usable")) usable.push_back(x.get<bool>());
  Verdict all = Verdict::pass;
  for (auto& c : j.at("checks")) {
    FitOptions fo;
    if (!c.at("window").is_null()) fo.window = FitWindow{number(c.at("window")[0]), number(c.at("window")[1])};
    fo.kind = FitKind::least_squares;
    const OrderFit ls = fit_order(h, e, usable, fo);
    fo.kind = FitKind::upper_envelope;
    const OrderFit env = fit_order(h, e, usable, fo);
    const OrderFit& f = c.at("fit") == "upper-envelope" ? env : ls;
    std::vector<double> rivals;
    for (const auto& x : c.at("rivals")) rivals.push_back(number(x));
    const OrderVerdict v = order_verdict(f, number(c.at("expected_order")), number(c.at("tolerance")), rivals,
                                         number(c.at("max_ci_width")));
    c["least_squares"] = granconv::order_fit_json(ls), c["upper_envelope"] = granconv::order_fit_json(env);
    c["observed_order"] = f.order, c["ci95"] = {f.ci_lo, f.ci_hi}, c["fit_window"] = {f.h_min, f.h_max};
    c["points"] = f.points, c["envelope_order"] = env.order, c["envelope_ci95"] = {env.ci_lo, env.ci_hi};
    c["decades"] = f.ok ? std::log10(f.h_max / f.h_min) : 0.0;
    c["verdict"] = to_string(v.verdict), c["pass"] = v.verdict == Verdict::pass, c["reason"] = v.reason;
    all = combine(all, v.verdict);
  }
  const json& first = j.at("checks").at(0);
  for (const char* key : {"observed_order", "ci95", "fit_window", "expected_order", "tolerance"}) j[key] = first.at(key);
  j["verdict"] = to_string(all), j["pass"] = all == Verdict::pass;
}

}  // namespace

int main(int argc, char** argv) try {
  if (argc < 2)
    throw std::invalid_argument("usage: edit_record FILE [--set POINTER JSON]... [--copy TO FROM]... "
                                "[--remove POINTER]... [--points N] [--refit] [--seal]");
  const std::string file = argv[1];
  json j = granconv::read_json_file(file, "record");
  bool seal = false;
  for (int k = 2; k < argc; ++k) {
    const std::string a = argv[k];
    if (a == "--seal") {
      seal = true;
    } else if (a == "--set" && k + 2 < argc) {
      j[json::json_pointer(argv[k + 1])] = json::parse(argv[k + 2]);
      k += 2;
    } else if (a == "--copy" && k + 2 < argc) {
      j[json::json_pointer(argv[k + 1])] = j.at(json::json_pointer(argv[k + 2]));
      k += 2;
    } else if (a == "--remove" && k + 1 < argc) {
      const json::json_pointer p(argv[++k]);
      j.at(p.parent_pointer()).erase(p.back());
    } else if (a == "--points" && k + 1 < argc) {
      long_record(j, std::stoi(argv[++k]));
    } else if (a == "--refit") {
      refit(j);
    } else {
      throw std::invalid_argument("unknown or incomplete argument '" + a + "'");
    }
  }
  granconv::write_file_atomically(file, seal ? granconv::sealed_json_text(j) : j.dump(1) + "\n");
  return 0;
} catch (const std::exception& e) {
  std::cerr << "edit_record: " << e.what() << '\n';
  return 2;
}
