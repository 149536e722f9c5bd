#include "studies/tableau_file.hpp"

#include <cmath>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace granconv {

namespace {

double entry(const nlohmann::json& v, const std::string& where) {
  double x = 0;
  if (v.is_number()) {
    x = v.get<double>();
  } else if (v.is_string()) {
    const auto s = v.get<std::string>();
    std::size_t used = 0;
    try {
      x = std::stod(s, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != s.size()) throw std::invalid_argument("tableau field " + where + ": '" + s + "' is not a number");
  } else {
    throw std::invalid_argument("tableau field " + where + " must be a number");
  }
  if (!std::isfinite(x)) throw std::invalid_argument("tableau field " + where + " is not finite");
  return x;
}

Eigen::VectorXd vector_field(const nlohmann::json& j, const std::string& key) {
  if (!j.contains(key) || !j.at(key).is_array()) throw std::invalid_argument("tableau field '" + key + "' must be an array");
  const auto& a = j.at(key);
  Eigen::VectorXd v(static_cast<Eigen::Index>(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i) v[static_cast<Eigen::Index>(i)] = entry(a[i], key + "[" + std::to_string(i) + "]");
  return v;
}

}  // namespace

Tableau<double> read_tableau_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read tableau file " + file.string());
  nlohmann::json j;
  try {
    in >> j;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument("tableau file " + file.string() + " is not valid JSON: " + e.what());
  }
  Tableau<double> t;
  if (!j.contains("name") || !j.at("name").is_string()) throw std::invalid_argument("tableau field 'name' must be a string");
  t.name = j.at("name").get<std::string>();
  t.b = vector_field(j, "b");
  const auto s = t.b.size();
  if (!j.contains("A") || !j.at("A").is_array() || static_cast<Eigen::Index>(j.at("A").size()) != s)
    throw std::invalid_argument("tableau field 'A' must have " + std::to_string(s) + " rows (the length of b)");
  t.A.resize(s, s);
  for (Eigen::Index i = 0; i < s; ++i) {
    const auto& row = j.at("A")[static_cast<std::size_t>(i)];
    if (!row.is_array() || static_cast<Eigen::Index>(row.size()) != s)
      throw std::invalid_argument("tableau field 'A[" + std::to_string(i) + "]' must have " + std::to_string(s) + " entries");
    for (Eigen::Index k = 0; k < s; ++k)
      t.A(i, k) = entry(row[static_cast<std::size_t>(k)], "A[" + std::to_string(i) + "][" + std::to_string(k) + "]");
  }
  const Eigen::VectorXd row_sums = t.A.rowwise().sum();
  if (j.contains("c")) {
    t.c = vector_field(j, "c");
    if (t.c.size() != s) throw std::invalid_argument("tableau field 'c' must have " + std::to_string(s) + " entries");
    if ((t.c - row_sums).cwiseAbs().maxCoeff() > 1e-12)
      throw std::invalid_argument("tableau field 'c' is inconsistent with the row sums of A");
  } else {
    t.c = row_sums;
  }
  t.classical_order = j.contains("order") ? static_cast<int>(entry(j.at("order"), "order")) : 0;
  t.validate();
  return t;
}

}  // namespace granconv
