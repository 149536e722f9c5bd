// The "splitting" family: ARKODE's SPRK tables (a, ahat), kick then drift in
// each stage (splitting_scheme.hpp), with the kick's velocity rule.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "schemes/families/file_fields.hpp"
#include "schemes/families/partitioned/partitioned_files.hpp"
#include "schemes/families/partitioned/prk_analysis.hpp"
#include "schemes/families/partitioned/splitting_scheme.hpp"

namespace granconv::partitioned {

namespace {

using json = nlohmann::json;
namespace ff = file_fields;

constexpr std::size_t kMaxSplittingStages = 64;

PrkTableauMp prk_tableau(const SplittingCoefficients<Mp50>& m) {
  const auto p = splitting_as_prk(m);
  return {p.A, p.Ahat, p.b, p.bhat};
}

// The kicks and drifts in the order applied, zero coefficients dropped and
// neighbours of one kind merged (exact sub-flows compose additively).
std::vector<std::pair<char, Mp50>> operations(const SplittingCoefficients<Mp50>& m, const Mp50& precision) {
  std::vector<std::pair<char, Mp50>> ops;
  auto add = [&](char kind, const Mp50& x) {
    if (negligible(x, precision)) return;
    if (!ops.empty() && ops.back().first == kind) ops.back().second += x;
    else ops.emplace_back(kind, x);
  };
  for (std::size_t i = 0; i < m.a.size(); ++i) {
    add('K', m.ahat[i]);
    add('D', m.a[i]);
  }
  return ops;
}

StructureCheck palindromic(const SplittingCoefficients<Mp50>& m, const Mp50& precision) {
  const auto ops = operations(m, precision);
  StructureCheck c;
  bool holds = true;
  Mp50 worst(0);
  for (std::size_t k = 0; k < ops.size(); ++k) {
    const auto& mirror = ops[ops.size() - 1 - k];
    if (mirror.first != ops[k].first) {
      holds = false;
      worst = std::max(worst, abs(ops[k].second));
      continue;
    }
    const Mp50 d = abs(mirror.second - ops[k].second);
    worst = std::max(worst, d);
    holds = holds && negligible(d, precision);
  }
  c.holds = holds;
  c.residual = static_cast<double>(worst);
  c.condition =
      "the sequence of kicks and drifts (zero coefficients dropped, neighbours of one kind merged) is a palindrome: "
      "the method is its own adjoint with exact kicks and with trapezoidal kicks; a start kick with a dashpot is "
      "not symmetric";
  return c;
}

OscillatorStep<Mp50> splitting_oscillator(const SplittingCoefficients<Mp50>& m) {
  OscillatorStep<Mp50> o;
  o.state_size = 2;
  o.step = [m](const Mp50& omega_h, const Mp50& zeta, const std::vector<Mp50>& in, std::vector<Mp50>& out) {
    Mp50 x = in[0], v = in[1];
    for (std::size_t i = 0; i < m.a.size(); ++i) {
      const Mp50 k = m.ahat[i] * omega_h;
      if (m.velocity == KickVelocity::start) v += k * (-x - 2 * zeta * v);
      else v = ((1 - k * zeta) * v - k * x) / (1 + k * zeta);  // v1 = v0 + k/2 (−2x − 2ζ(v0 + v1))
      x += m.a[i] * omega_h * v;
    }
    out.assign({x, v});
  };
  return o;
}

std::vector<Mp50> sum_one(const json& doc, const std::string& key, const Mp50& precision, const std::string& source) {
  auto v = ff::vector_field(doc, key, source, kMaxSplittingStages);
  Mp50 sum(0), size(0);
  for (const auto& x : v) {
    sum += x;
    size += abs(x);
  }
  if (!negligible(sum - 1, precision, size))
    ff::fail(source, key, "must sum to 1 (consistency), sums to " + ff::short_number(sum));
  return v;
}

}  // namespace

SchemeFile parse_splitting(const json& doc, const std::string& source) {
  ff::check_keys(doc, {"family", "name", "description", "order", "precision", "a", "ahat", "velocity"}, source);
  SchemeFile f;
  f.family = "splitting";
  f.source = source;
  f.name = ff::name_field(doc, source);
  f.description = ff::description_field(doc, source);
  f.claimed_order = ff::order_field(doc, source);
  const Mp50 precision = precision_field(doc, source);
  SplittingCoefficients<Mp50> mp;
  mp.name = mp.label = f.name;
  mp.order = f.claimed_order.value_or(0);
  mp.a = sum_one(doc, "a", precision, source);
  mp.ahat = sum_one(doc, "ahat", precision, source);
  if (mp.ahat.size() != mp.a.size())
    ff::fail(source, "ahat",
             "has " + std::to_string(mp.ahat.size()) + " entries but a has " + std::to_string(mp.a.size()) +
                 " (one kick and one drift per stage)");
  f.velocity_rule = ff::choice_field(doc, "velocity", {"start", "trapezoidal"}, "start", source);
  mp.velocity = f.velocity_rule == "start" ? KickVelocity::start : KickVelocity::trapezoidal;
  SplittingCoefficients<double> md;
  md.name = md.label = mp.name;
  md.order = mp.order;
  md.velocity = mp.velocity;
  for (std::size_t i = 0; i < mp.a.size(); ++i) {
    md.a.push_back(ff::to_double(mp.a[i], "a", source));
    md.ahat.push_back(ff::to_double(mp.ahat[i], "ahat", source));
  }
  f.explicit_method = mp.velocity == KickVelocity::start;
  f.velocity_rule_note =
      mp.velocity == KickVelocity::start
          ? "each kick uses the velocity before it, v1 = v0 + â h F(x, v0): explicit, but with a dashpot an O(h²) "
            "error per kick, order min(p, 1)"
          : "each kick is the trapezoidal rule v1 = v0 + â h/2 (F(x, v0) + F(x, v1)) (fixed-point iteration): "
            "O(h³) per kick and symmetric, order min(p, 2) with a dashpot";
  f.coefficients = json::object();
  for (const char* key : {"a", "ahat", "velocity", "precision"})
    if (doc.contains(key)) f.coefficients[key] = doc.at(key);
  f.make_double = [md] { return splitting_scheme(md); };
  f.make_mp50 = [mp] { return splitting_scheme(mp); };
  const PrkTableauMp t = prk_tableau(mp);
  f.order_conditions = [t, precision, start = mp.velocity == KickVelocity::start] {
    FamilyOrderReport r = prk_order_conditions(t, ProblemClass::second_order, kSecondOrderMaxOrder, precision);
    r.variants.emplace_back(problem_class_name(ProblemClass::separable),
                            prk_order_conditions(t, ProblemClass::separable, kSecondOrderMaxOrder, precision));
    r.variants.emplace_back(std::string("its PRK form on the ") + problem_class_name(ProblemClass::general),
                            prk_order_conditions(t, ProblemClass::general, kGeneralMaxOrder, precision));
    // The composition keeps its order p with exact sub-flows; the kick rule's
    // own local error is the only loss (an O(τ²) start kick, an O(τ³) trapezoidal one).
    r.order_velocity_dependent = std::min(r.order, start ? 1 : 2);
    r.velocity_dependent_basis = start ? "splitting with start kicks: min(p, 1), p the order on x'' = F(x)"
                                       : "splitting with trapezoidal kicks: min(p, 2), p the order on x'' = F(x)";
    return r;
  };
  f.structure = [t, mp, precision] {
    StructureCheck symplectic = prk_symplectic(t, precision, true);
    symplectic.condition =
        "b_i â_ij + b̂_j a_ji − b_i b̂_j = 0 for its PRK form (HLW VI.4.2), which holds for any coefficients: "
        "exact kicks and drifts are symplectic maps for F = −∇V. A dashpot has no Hamiltonian; with it neither "
        "kick rule is symplectic, and the property is that of the undamped part";
    return StructureReport{symplectic, palindromic(mp, precision)};
  };
  f.oscillator = splitting_oscillator(mp);
  return f;
}

}  // namespace granconv::partitioned
