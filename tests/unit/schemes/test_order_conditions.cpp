// Rooted-tree order conditions (schemes/order_conditions.hpp).
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

#include "schemes/order_conditions.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "schemes/tableau_file.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {

const std::filesystem::path data_dir = GRANCONV_TEST_DATA;

template <class S>
Tableau<S> explicit_euler() {
  Tableau<S> t{"euler", {}, {}, {}, 1};
  t.A = Tableau<S>::Matrix::Zero(1, 1);
  t.b = Tableau<S>::Vector::Ones(1);
  t.c = Tableau<S>::Vector::Zero(1);
  return t;
}

template <class S>
const TreeCondition<S>& first_failure(const OrderConditionReport<S>& r) {
  REQUIRE(r.first_failure >= 0);
  return r.conditions[static_cast<std::size_t>(r.first_failure)];
}

template <class S>
const RootedTree& failing_tree(const OrderConditionReport<S>& r) {
  return r.trees[static_cast<std::size_t>(first_failure(r).tree)];
}


}  // namespace

TEST_CASE("rooted trees: counts, symmetries and densities", "[order-conditions]") {
  const auto trees = rooted_trees(8);
  std::map<int, int> count;
  // Σ_{|t|=n} n!/σ(t) = n^{n−1} (labelled rooted trees, Cayley) and
  // Σ_{|t|=n} n!/(σ(t)γ(t)) = (n−1)! (monotonically labelled trees): both
  // fail if a single σ or γ is wrong.
  std::map<int, std::int64_t> labelled, monotone;
  for (const auto& t : trees) {
    ++count[t.order];
    std::int64_t f = 1;
    for (int k = 2; k <= t.order; ++k) f *= k;
    REQUIRE(f % t.sigma == 0);
    REQUIRE(f % (t.sigma * t.gamma) == 0);
    labelled[t.order] += f / t.sigma;
    monotone[t.order] += f / (t.sigma * t.gamma);
  }
  const std::map<int, int> expected{{1, 1}, {2, 1}, {3, 2}, {4, 4}, {5, 9}, {6, 20}, {7, 48}, {8, 115}};
  CHECK(count == expected);
  CHECK(rooted_trees(6).size() == 37);
  for (int n = 1; n <= 8; ++n) {
    std::int64_t cayley = 1, fact = 1;
    for (int k = 1; k < n; ++k) cayley *= n, fact *= k;
    CHECK(labelled[n] == cayley);
    CHECK(monotone[n] == fact);
  }
  // HNW I, Table II.2.1.
  const auto six = rooted_trees(6);
  const auto find = [&](const std::string& bracket) -> const RootedTree& {
    for (const auto& t : six)
      if (t.bracket == bracket) return t;
    FAIL("no tree " << bracket);
    return six.front();
  };
  CHECK(six[0].bracket == "τ");
  CHECK(six[1].bracket == "[τ]");
  CHECK(find("[τ,τ]").gamma == 3);
  CHECK(find("[τ,τ]").sigma == 2);
  CHECK(find("[τ,τ]").weight == "b·(c^2)");
  CHECK(find("[[τ]]").gamma == 6);
  CHECK(find("[[τ]]").weight == "b·Ac");
  CHECK(find("[τ,τ,τ]").sigma == 6);
  CHECK(find("[τ,[τ]]").weight == "b·(c∘Ac)");
  CHECK(find("[[τ,τ]]").gamma == 12);
  CHECK(find("[[τ,τ]]").weight == "b·A(c^2)");
  CHECK(find("[[[τ]]]").gamma == 24);
  CHECK(find("[[τ],[τ]]").sigma == 2);
  CHECK(find("[[τ],[τ]]").weight == "b·((Ac)^2)");
  CHECK(find("[[[[[τ]]]]]").gamma == 720);
  CHECK(find("[τ,τ,τ,τ,τ]").sigma == 120);
}

TEMPLATE_TEST_CASE("shipped tableaux: trees agree with the order-4 conditions and the classical order",
                   "[order-conditions]", double, mp50) {
  using S = TestType;
  for (const auto& info : scheme_catalogue()) {
    if (info.family != SchemeFamily::runge_kutta) continue;
    INFO(info.name);
    const auto t = shipped_tableau<S>(info.name);
    const auto r = check_order_conditions(t);
    CHECK(r.order == info.classical_order);
    CHECK(static_cast<double>(r.row_sum_defect) < 1e-12);
    // The first 8 trees are HNW's order ≤ 4 conditions in tableau.hpp's order.
    const auto old = order_condition_residuals(t, 4);
    REQUIRE(old.size() == 8);
    for (int k = 0; k < 8; ++k)
      CHECK(static_cast<double>(abs(old[k] - r.conditions[static_cast<std::size_t>(k)].residual)) <
            1e3 * static_cast<double>(std::numeric_limits<S>::epsilon()));
  }
}

TEMPLATE_TEST_CASE("classical orders and first failing trees", "[order-conditions]", double, mp50) {
  using S = TestType;
  const double tol = std::is_same_v<S, double> ? 1e-14 : 1e-45;
  SECTION("RK4: order 4, b·c^4 = 5/24 ≠ 1/5") {
    const auto r = check_order_conditions(tableaux::rk4<S>());
    CHECK(r.order == 4);
    CHECK(failing_tree(r).bracket == "[τ,τ,τ,τ]");
    CHECK(static_cast<double>(abs(first_failure(r).residual - S(1) / 120)) < tol);
    CHECK(r.describe_first_failure().rfind("[τ,τ,τ,τ] (order 5, b·(c^4) = 1/5): residual 0.00833", 0) == 0);
  }
  SECTION("GL2: order 4, the 2-point Gauss rule integrates c^4 to 7/36") {
    const auto r = check_order_conditions(tableaux::gauss_legendre2<S>());
    CHECK(r.order == 4);
    CHECK(failing_tree(r).bracket == "[τ,τ,τ,τ]");
    CHECK(static_cast<double>(abs(first_failure(r).residual + S(1) / 180)) < tol);
  }
  SECTION("Radau IIA 2-stage: order 3, b·c^3 = 5/18") {
    const auto r = check_order_conditions(tableaux::radau_iia2<S>());
    CHECK(r.order == 3);
    CHECK(failing_tree(r).bracket == "[τ,τ,τ]");
    CHECK(static_cast<double>(abs(first_failure(r).residual - S(1) / 36)) < tol);
  }
  SECTION("CN (Lobatto IIIA 2-stage): order 2, b·c^2 = 1/2") {
    const auto r = check_order_conditions(tableaux::crank_nicolson<S>());
    CHECK(r.order == 2);
    CHECK(failing_tree(r).bracket == "[τ,τ]");
    CHECK(static_cast<double>(abs(first_failure(r).residual - S(1) / 6)) < tol);
  }
  SECTION("explicit Euler: order 1, b·c = 0") {
    const auto r = check_order_conditions(explicit_euler<S>());
    CHECK(r.order == 1);
    CHECK(failing_tree(r).bracket == "[τ]");
    CHECK(static_cast<double>(abs(first_failure(r).residual + S(1) / 2)) < tol);
  }
  SECTION("GL2 with a12 + 1e-3 fails at order 2") {
    // With c = A·1, c1 grows by δ = 1e-3 while c2 is unchanged, so
    // b·c = 1/2 + δ/2: the order-2 tree [τ] fails with residual δ/2 (Σb = 1
    // still holds). Keeping the old c would not help: Φ uses A·1, and the
    // tableau would in addition violate c = A·1 by δ.
    auto t = tableaux::gauss_legendre2<S>();
    t.A(0, 1) += S(1) / 1000;
    const auto stale = check_order_conditions(t);
    t.c = t.A.rowwise().sum();
    const auto r = check_order_conditions(t);
    CHECK(r.order == 1);
    CHECK(failing_tree(r).bracket == "[τ]");
    CHECK(static_cast<double>(abs(first_failure(r).residual - S(1) / 2000)) < tol);
    CHECK(static_cast<double>(r.row_sum_defect) < tol);
    CHECK(stale.order == 1);
    CHECK(static_cast<double>(abs(stale.row_sum_defect - S(1) / 1000)) < tol);
  }
}

TEST_CASE("exact tableau files: GL3 has order 6, Radau IIA 3-stage order 5", "[order-conditions]") {
  const auto gl3 = read_tableau_file_mp(data_dir / "gl3-exact.json");
  const auto r = check_order_conditions(gl3);
  CHECK(r.order == 6);
  CHECK(r.first_failure == -1);
  CHECK(r.describe_first_failure().empty());
  CHECK(r.conditions.size() == 37);
  double worst = 0;
  for (const auto& c : r.conditions) worst = std::max(worst, static_cast<double>(abs(c.residual)));
  CHECK(worst < 1e-47);  // exact to 50 digits, far below the 1e-40 tolerance
  CHECK(order_from_trees(read_tableau_file(data_dir / "gl3-exact.json")) == 6);  // double, 1e-12

  const auto radau = read_tableau_file_mp(data_dir / "radau-iia3-exact.json");
  const auto q = check_order_conditions(radau);
  CHECK(q.order == 5);
  CHECK(q.trees[static_cast<std::size_t>(q.conditions[static_cast<std::size_t>(q.first_failure)].tree)].order == 6);
  CHECK(order_from_trees(read_tableau_file_mp(data_dir / "gl2-exact.json")) == 4);
  // The committed perturbed-GL2 file of the negative ctest: order 1.
  CHECK(order_from_trees(read_tableau_file_mp(data_dir / "gl2-a12-perturbed.json")) == 1);
}

TEST_CASE("50 digits see defects that double cannot", "[order-conditions]") {
  auto gl3 = read_tableau_file_mp(data_dir / "gl3-exact.json");
  // An order-6 defect of 1e-30 in b·(c^5): invisible in double, fatal at 1e-40.
  gl3.A(2, 0) += mp50("1e-30");
  gl3.A(2, 1) -= mp50("1e-30");  // keeps c = A·1 and every condition up to order 2
  const auto r = check_order_conditions(gl3);
  CHECK(r.order < 6);
  CHECK(r.order >= 2);
  CHECK(static_cast<double>(abs(first_failure(r).residual)) > 1e-32);
  CHECK(check_order_conditions(gl3, 6, mp50("1e-25")).order == 6);
}
