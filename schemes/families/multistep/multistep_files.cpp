#include "schemes/families/multistep/multistep_files.hpp"

#include <cmath>

#include <Eigen/Eigenvalues>
#include <fmt/format.h>

#include "models/input/strict_json.hpp"
#include "schemes/families/file_fields.hpp"

namespace granconv::multistep {

nlohmann::json echo_entries(const nlohmann::json& doc, const std::string& key) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& v : doc.at(key)) {
    if (const std::string* text = strict_json::decimal_text(v))
      out.push_back(*text);
    else
      out.push_back(v);
  }
  return out;
}

OrderConditionRow condition_row(int order, const std::vector<NamedResidual>& residuals) {
  OrderConditionRow row;
  row.order = order;
  row.conditions = int(residuals.size());
  for (const auto& r : residuals) {
    const double d = std::abs(static_cast<double>(r.residual));
    if (d > row.largest_residual) row.largest_residual = d;
    if (row.first_failure.empty() && !file_fields::exactly_zero(r.residual))
      row.first_failure = r.name + " = " + file_fields::short_number(r.residual);
  }
  return row;
}

void close_report(FamilyOrderReport& report) {
  report.order = 0;
  report.first_failure.clear();
  for (const auto& row : report.rows) {
    if (!row.first_failure.empty()) {
      report.first_failure = row.first_failure;
      break;
    }
    report.order = row.order;
  }
}

RootCondition root_condition(std::vector<Mp50> p, int circle_multiplicity) {
  RootCondition rc;
  while (p.size() > 1 && file_fields::exactly_zero(p.front())) {
    p.erase(p.begin());
    rc.roots.emplace_back(0.0, 0.0);
  }
  Mp50 scale(0);
  for (const auto& a : p) scale = std::max(scale, Mp50(abs(a)));
  for (;;) {  // divide by (ζ − 1) while p(1) = 0
    Mp50 sum(0);
    for (const auto& a : p) sum += a;
    if (p.size() < 2 || !file_fields::exactly_zero(sum, scale)) break;
    std::vector<Mp50> q(p.size() - 1);
    Mp50 carry(0);
    for (std::size_t i = p.size() - 1; i >= 1; --i) {
      carry += p[i];
      q[i - 1] = carry;
    }
    p = std::move(q);
    ++rc.roots_at_one;
    rc.roots.emplace_back(1.0, 0.0);
  }
  const int d = int(p.size()) - 1;
  std::vector<std::complex<double>> rest;
  if (d > 0) {
    Eigen::MatrixXd companion = Eigen::MatrixXd::Zero(d, d);
    for (int i = 1; i < d; ++i) companion(i, i - 1) = 1;
    for (int i = 0; i < d; ++i) companion(i, d - 1) = -static_cast<double>(p[i] / p[d]);
    const Eigen::VectorXcd ev = Eigen::EigenSolver<Eigen::MatrixXd>(companion, false).eigenvalues();
    for (int i = 0; i < d; ++i) rest.push_back(ev[i]);
  }
  rc.roots.insert(rc.roots.end(), rest.begin(), rest.end());
  constexpr double on_circle = 1e-9, same_root = 1e-6;
  if (rc.roots_at_one > circle_multiplicity) {
    rc.why = fmt::format("the root 1 has multiplicity {} (at most {} allowed)", rc.roots_at_one, circle_multiplicity);
    return rc;
  }
  for (const auto& r : rest)
    if (!std::isfinite(r.real()) || !std::isfinite(r.imag())) {
      rc.why = "its roots cannot be computed in double (the coefficients span too many orders of magnitude)";
      return rc;
    }
  for (const auto& r : rest) {
    const double m = std::abs(r);
    if (m > 1 + on_circle) {
      rc.why = fmt::format("the root {:.6g}{:+.6g}i lies outside the unit circle (|ζ| = {:.6g})", r.real(), r.imag(), m);
      return rc;
    }
    if (m < 1 - on_circle) continue;
    int multiplicity = 0;
    for (const auto& s : rc.roots) multiplicity += std::abs(s - r) < same_root;
    if (multiplicity > circle_multiplicity) {
      rc.why = fmt::format("the root {:.6g}{:+.6g}i on the unit circle is multiple ({} times)", r.real(), r.imag(),
                           multiplicity);
      return rc;
    }
  }
  rc.holds = true;
  rc.why = fmt::format(
      "the root 1 (multiplicity {}) and roots 0 divided out exactly, the others from the companion matrix in double "
      "(on the circle within {:g}, multiple within {:g})",
      rc.roots_at_one, on_circle, same_root);
  return rc;
}

Mp50 power(int j, int q) {
  Mp50 p(1);
  for (int i = 0; i < q; ++i) p *= j;
  return p;
}

Mp50 binomial(int q, int m) {
  if (m < 0 || m > q) return Mp50(0);
  Mp50 b(1);
  for (int i = 1; i <= m; ++i) b = b * Mp50(q - m + i) / Mp50(i);
  return b;
}

}  // namespace granconv::multistep
