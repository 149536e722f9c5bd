#include "schemes/families/nystrom/nystrom_file.hpp"

#include "schemes/families/file_fields.hpp"
#include "schemes/families/nystrom/nystrom_trees.hpp"

namespace granconv {

namespace {

using json = nlohmann::json;
namespace ff = file_fields;

constexpr std::size_t kMaxNystromStages = 16;

// A strictly lower triangular s × s matrix, row-major.
std::vector<Mp50> explicit_matrix(const json& doc, const std::string& key, std::size_t s, const std::string& source) {
  const auto m = ff::matrix_field(doc, key, source, kMaxNystromStages);
  if (m.size() != s || m[0].size() != s)
    ff::fail(source, key,
             "must be " + std::to_string(s) + " × " + std::to_string(s) + " (c has " + std::to_string(s) +
                 " stages), got " + std::to_string(m.size()) + " × " + std::to_string(m[0].size()));
  std::vector<Mp50> out;
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) {
      if (j >= i && !ff::exactly_zero(m[i][j]))
        ff::fail(source, key + "[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                 "must be 0: only explicit methods (strictly lower triangular " + key + ") are supported");
      out.push_back(m[i][j]);
    }
  return out;
}

std::vector<Mp50> stage_vector(const json& doc, const std::string& key, std::size_t s, const std::string& source) {
  auto v = ff::vector_field(doc, key, source, kMaxNystromStages);
  if (v.size() != s)
    ff::fail(source, key, "has " + std::to_string(v.size()) + " entries, c has " + std::to_string(s));
  return v;
}

template <class S>
NystromCoefficients<S> convert(const NystromCoefficients<Mp50>& k, const std::string& source) {
  const auto each = [&](const std::vector<Mp50>& v, const char* field) {
    std::vector<S> out;
    for (const auto& x : v) {
      if constexpr (std::is_same_v<S, double>) out.push_back(ff::to_double(x, field, source));
      else out.push_back(x);
    }
    return out;
  };
  return {each(k.abar, "Abar"), each(k.a, "A"), each(k.bbar, "bbar"), each(k.b, "b"), each(k.c, "c")};
}

json as_json(const std::vector<Mp50>& v, std::size_t cols, const std::string& field, const std::string& source) {
  json rows = json::array(), row = json::array();
  for (const auto& x : v) {
    row.push_back(ff::to_double(x, field, source));
    if (row.size() == cols) rows.push_back(std::exchange(row, json::array()));
  }
  return rows;
}

}  // namespace

SchemeFile parse_nystrom(const json& doc, const std::string& source) {
  ff::check_keys(doc, {"family", "name", "description", "order", "Abar", "bbar", "b", "c", "A", "velocity"}, source);
  SchemeFile f;
  f.family = "nystrom";
  f.name = ff::name_field(doc, source);
  f.description = ff::description_field(doc, source);
  f.claimed_order = ff::order_field(doc, source);
  f.source = source;
  NystromCoefficients<Mp50> k;
  k.c = ff::vector_field(doc, "c", source, kMaxNystromStages);
  const std::size_t s = k.c.size();
  k.abar = explicit_matrix(doc, "Abar", s, source);
  k.bbar = stage_vector(doc, "bbar", s, source);
  k.b = stage_vector(doc, "b", s, source);
  const std::string rule = ff::choice_field(doc, "velocity", {"A", "start"}, doc.contains("A") ? "A" : "", source);
  if (rule == "A") k.a = explicit_matrix(doc, "A", s, source);
  if (rule == "start" && doc.contains("A"))
    ff::fail(source, "A", "is given but the velocity rule is \"start\" (V_i = v_n): remove one of them");
  Mp50 sum_b = 0;
  for (const auto& x : k.b) sum_b += x;
  if (!ff::exactly_zero(sum_b - 1))
    ff::fail(source, "b", "must sum to 1 (consistency of the velocity update), sums to " + ff::short_number(sum_b));
  const auto kd = convert<double>(k, source);
  f.coefficients = {{"Abar", as_json(k.abar, s, "Abar", source)},
                    {"bbar", as_json(k.bbar, s, "bbar", source)[0]},
                    {"b", as_json(k.b, s, "b", source)[0]},
                    {"c", as_json(k.c, s, "c", source)[0]},
                    {"velocity", rule}};
  if (rule == "A") f.coefficients["A"] = as_json(k.a, s, "A", source);
  f.explicit_method = true;
  f.velocity_rule = rule;
  f.velocity_rule_note =
      rule == "A" ? "stage velocities V_i = v_n + h Σ a_ij K_j: the order on x'' = F(t, x, v) is the Nyström-tree order"
                  : "stage velocities V_i = v_n: order 1 under a velocity-dependent force (the condition Σ b_i Σ_j a_ij "
                    "= 1/2 fails with a = 0), the method's order for x'' = F(t, x)";
  FamilyOrderReport conditions = nystrom_order_conditions(k);
  // The main report is the Nyström-tree order for x'' = F(t, x, v) under the
  // file's rule: order 1 for "start" (v[v] fails), the full order for "A".
  conditions.order_velocity_dependent = conditions.order;
  conditions.velocity_dependent_basis =
      rule == "A" ? "Nyström with velocity rule A: the Nyström trees of x'' = F(t, x, v)"
                  : "Nyström with velocity rule start: the Nyström trees of x'' = F(t, x, v) with V_i = v_n";
  const int order = conditions.order;
  const std::string name = f.name;
  f.make_double = [kd, name, order] { return nystrom_scheme(kd, name, order); };
  f.make_mp50 = [k, name, order] { return nystrom_scheme(k, name, order); };
  f.order_conditions = [conditions] { return conditions; };
  f.structure = [] {
    StructureReport r;
    r.symplectic.condition = "not checked for Runge–Kutta–Nyström methods";
    r.symmetric.condition = "not checked for Runge–Kutta–Nyström methods";
    return r;
  };
  f.oscillator.state_size = 2;
  f.oscillator.step = [k](const Mp50& h, const Mp50& zeta, const std::vector<Mp50>& in, std::vector<Mp50>& out) {
    out.resize(2);
    nystrom_oscillator_step(k, h, zeta, in.data(), out.data());
  };
  return f;
}

}  // namespace granconv
