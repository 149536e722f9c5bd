// The "partitioned-runge-kutta" family: (A, b, c) for the positions and
// (Â, b̂, ĉ) for the velocities, GeometricIntegrators' PartitionedTableau.
#include <string>
#include <type_traits>
#include <vector>

#include "schemes/families/file_fields.hpp"
#include "schemes/families/partitioned/partitioned_files.hpp"
#include "schemes/families/partitioned/prk_analysis.hpp"
#include "schemes/families/partitioned/prk_scheme.hpp"

namespace granconv::partitioned {

namespace {

using json = nlohmann::json;
namespace ff = file_fields;

constexpr std::size_t kMaxPrkStages = 16;

MatrixMp square(const json& doc, const std::string& key, std::size_t s, const std::string& source) {
  const auto rows = ff::matrix_field(doc, key, source, kMaxPrkStages);
  if (rows.size() != s || rows[0].size() != s)
    ff::fail(source, key,
             "must be " + std::to_string(s) + " × " + std::to_string(s) + " (b has " + std::to_string(s) +
                 " entries), got " + std::to_string(rows.size()) + " × " + std::to_string(rows[0].size()));
  MatrixMp m(static_cast<Eigen::Index>(s), static_cast<Eigen::Index>(s));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = rows[i][j];
  return m;
}

VectorMp vector_of(const json& doc, const std::string& key, std::size_t s, const std::string& source) {
  const auto v = ff::vector_field(doc, key, source, kMaxPrkStages);
  if (s != 0 && v.size() != s)
    ff::fail(source, key, "has " + std::to_string(v.size()) + " entries, the method " + std::to_string(s) + " stages");
  VectorMp out(static_cast<Eigen::Index>(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i) out[static_cast<Eigen::Index>(i)] = v[i];
  return out;
}

// c, given or the row sums of A; a given c must be the row sums (the stage
// times of a consistent method).
VectorMp nodes(const json& doc, const std::string& key, const MatrixMp& A, const std::string& matrix,
               const Mp50& precision, const std::string& source) {
  const VectorMp sums = A.rowwise().sum();
  if (!doc.contains(key)) return sums;
  const VectorMp c = vector_of(doc, key, static_cast<std::size_t>(A.rows()), source);
  for (Eigen::Index i = 0; i < c.size(); ++i)
    if (!negligible(c[i] - sums[i], precision, A.row(i).cwiseAbs().sum()))
      ff::fail(source, key + "[" + std::to_string(i) + "]",
               "is " + ff::short_number(c[i]) + " but the row sum of " + matrix + "[" + std::to_string(i) + "] is " +
                   ff::short_number(sums[i]));
  return c;
}

void check_sum_one(const VectorMp& b, const std::string& key, const Mp50& precision, const std::string& source) {
  if (!negligible(b.sum() - 1, precision, b.cwiseAbs().sum()))
    ff::fail(source, key, "must sum to 1 (consistency), sums to " + ff::short_number(b.sum()));
}

template <class S>
PrkCoefficients<S> converted(const PrkTableauMp& t, const VectorMp& c, const VectorMp& chat, const std::string& name,
                             int order, const std::string& source) {
  PrkCoefficients<S> m;
  m.name = name;
  m.label = name;
  m.order = order;
  auto cast = [&](const Mp50& x, const char* field) {
    if constexpr (std::is_same_v<S, double>) return ff::to_double(x, field, source);
    else return S(x);
  };
  m.A = t.A.unaryExpr([&](const Mp50& x) { return cast(x, "A"); });
  m.Ahat = t.Ahat.unaryExpr([&](const Mp50& x) { return cast(x, "Ahat"); });
  m.b = t.b.unaryExpr([&](const Mp50& x) { return cast(x, "b"); });
  m.bhat = t.bhat.unaryExpr([&](const Mp50& x) { return cast(x, "bhat"); });
  m.c = c.unaryExpr([&](const Mp50& x) { return cast(x, "c"); });
  m.chat = chat.unaryExpr([&](const Mp50& x) { return cast(x, "chat"); });
  return m;
}

}  // namespace

Mp50 precision_field(const json& doc, const std::string& source) {
  if (!doc.contains("precision")) return Mp50(0);
  const Mp50 p = ff::number_field(doc, "precision", source);
  if (!(p >= 0 && p <= Mp50("1e-6")))
    ff::fail(source, "precision",
             "must be between 0 and 1e-6 (the relative precision of printed coefficients), got " + ff::short_number(p));
  return p;
}

SchemeFile parse_partitioned_runge_kutta(const json& doc, const std::string& source) {
  ff::check_keys(doc,
                 {"family", "name", "description", "order", "precision", "A", "b", "c", "Ahat", "bhat", "chat"},
                 source);
  SchemeFile f;
  f.family = "partitioned-runge-kutta";
  f.source = source;
  f.name = ff::name_field(doc, source);
  f.description = ff::description_field(doc, source);
  f.claimed_order = ff::order_field(doc, source);
  const Mp50 precision = precision_field(doc, source);
  PrkTableauMp t;
  t.b = vector_of(doc, "b", 0, source);
  const auto s = static_cast<std::size_t>(t.b.size());
  t.A = square(doc, "A", s, source);
  t.bhat = vector_of(doc, "bhat", s, source);
  t.Ahat = square(doc, "Ahat", s, source);
  const VectorMp c = nodes(doc, "c", t.A, "A", precision, source);
  // ĉ is echoed, not used: stage i's force is evaluated at t + c_i h, the time
  // of its position Y_i; nor is it checked against the row sums of Â, which
  // Lobatto IIIB's nodes do not equal (2 stages: nodes 0, 1, row sums 1/2, 1/2).
  const VectorMp chat = doc.contains("chat") ? vector_of(doc, "chat", s, source) : VectorMp(t.Ahat.rowwise().sum());
  check_sum_one(t.b, "b", precision, source);
  check_sum_one(t.bhat, "bhat", precision, source);

  const auto md = converted<double>(t, c, chat, f.name, f.claimed_order.value_or(0), source);
  const auto mp = converted<Mp50>(t, c, chat, f.name, f.claimed_order.value_or(0), source);
  f.explicit_method = stage_order(mp, false).has_value();
  f.velocity_rule = "stage";
  f.velocity_rule_note =
      "F is evaluated at the stage values (Y_i, V_i); with a dashpot the order is that of the conditions for "
      "x' = v, v' = F(x, v) (the variant reported), and stages that are explicit for F(x) may become implicit "
      "(solved by fixed-point iteration)";
  f.coefficients = json::object();
  for (const char* key : {"A", "b", "c", "Ahat", "bhat", "chat", "precision"})
    if (doc.contains(key)) f.coefficients[key] = doc.at(key);
  f.make_double = [md] { return prk_scheme(md); };
  f.make_mp50 = [mp] { return prk_scheme(mp); };
  f.order_conditions = [t, precision] {
    FamilyOrderReport r = prk_order_conditions(t, ProblemClass::general, kGeneralMaxOrder, precision);
    for (const auto cls : {ProblemClass::damped_second_order, ProblemClass::second_order}) {
      const int max_order = cls == ProblemClass::second_order ? kSecondOrderMaxOrder : kGeneralMaxOrder;
      r.variants.emplace_back(problem_class_name(cls), prk_order_conditions(t, cls, max_order, precision));
    }
    // F is evaluated at the stage's own (Y_i, V_i): the order with a dashpot is
    // that of the bi-coloured trees of x' = v, v' = F(x, v), the first variant.
    r.order_velocity_dependent = r.variants.front().second.order;
    r.velocity_dependent_basis = "partitioned Runge-Kutta: the bi-coloured trees of x' = v, v' = F(x, v)";
    return r;
  };
  f.structure = [t, precision] {
    return StructureReport{prk_symplectic(t, precision, false), prk_symmetric(t, precision)};
  };
  f.oscillator = prk_oscillator(t);
  return f;
}

}  // namespace granconv::partitioned
