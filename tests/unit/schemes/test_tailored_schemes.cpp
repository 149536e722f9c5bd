// The tailored-dissipation schemes of JVB §3: they reduce to CN and GL2
// without damping, their velocity maps invert each other to the order of
// the scheme, and they refuse chains they cannot match.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <catch2/catch.hpp>

#include "models/scenarios.hpp"
#include "schemes/scheme_catalogue.hpp"

using namespace granconv;
using mp50 = boost::multiprecision::cpp_bin_float_50;

namespace {
template <class S>
Vec<S> final_state(const Scheme<S>& s, const Problem<S>& pr, Formulation f, const S& h, long n) {
  Vec<S> last = pr.y0;
  s.run(pr.chain, f, pr.y0, h, n, [&](long, const Vec<S>& xv) { last = xv; }, pr.exact);
  return last;
}
}  // namespace

TEST_CASE("without damping the tailored schemes are CN and GL2", "[schemes][tailored]") {
  const auto pr = make_problem<double>("dimer", std::vector<std::string>{"n=8", "gamma=0", "t_end=5"});
  const Vec<double> theta = final_state(make_scheme<double>("theta"), pr, Formulation::xv, 0.05, 100);
  const Vec<double> cn = final_state(make_scheme<double>("cn"), pr, Formulation::xv, 0.05, 100);
  CHECK((theta - cn).cwiseAbs().maxCoeff() <= 1e-13);
  const Vec<double> irk = final_state(make_scheme<double>("irk-tailored"), pr, Formulation::xv, 0.05, 100);
  const Vec<double> gl = final_state(make_scheme<double>("gl2"), pr, Formulation::xv, 0.05, 100);
  CHECK((irk - gl).cwiseAbs().maxCoeff() <= 1e-13);
}

TEST_CASE("the additive θ method with θ = μ = 1/2 is CN on the cradle", "[schemes][tailored]") {
  const auto pr = make_problem<double>("cradle", std::vector<std::string>{"n=5", "gamma=0", "t_end=20"});
  const Vec<double> theta = final_state(make_scheme<double>("theta"), pr, Formulation::xv, 0.1, 200);
  const Vec<double> cn = final_state(make_scheme<double>("cn"), pr, Formulation::xv, 0.1, 200);
  CHECK((theta - cn).cwiseAbs().maxCoeff() <= 1e-12);
  // μ ≠ θ changes the local-spring treatment and so the result.
  SchemeOptions opt;
  opt.mu = 0.3;
  const Vec<double> other = final_state(make_scheme<double>("theta", opt), pr, Formulation::xv, 0.1, 200);
  CHECK((other - cn).cwiseAbs().maxCoeff() > 1e-6);
}

TEST_CASE("the velocity maps of the tailored IRK invert each other to O(h^3)", "[schemes][tailored]") {
  // Start value (73) then output (72) at the same positions give back ẋ up to
  // (h²/2) C11² Dg(X)(ẋ − V0) = O(h³) with C11 fixed (γ = 2 C11 h, the
  // paper's regime).
  const auto pr = make_problem<double>("trimer-nobreak", std::vector<std::string>{"gamma=0"});
  const ChainSystem<double> hertz(pr.chain, Formulation::xv);
  auto defect = [&](double h) {
    const double c11 = 0.5;
    Vec<double> scratch(6), v0(6), back(6);
    BlockTridiagonal<double> J(3);
    detail::velocity_map(hertz, pr.y0, h, c11, c11 * c11, -1.0, scratch, J, v0);
    detail::velocity_map(hertz, v0, h, c11, c11 * c11, 1.0, scratch, J, back);
    return (back - pr.y0).cwiseAbs().maxCoeff();
  };
  const double p = std::log2(defect(0.02) / defect(0.01));
  INFO("observed order of the start/output defect " << p);
  CHECK(std::abs(p - 3) < 0.1);
}

TEST_CASE("tailored schemes refuse chains whose damping they cannot match", "[schemes][tailored]") {
  auto pr = make_problem<double>("dimer", std::vector<std::string>{"n=4", "beta=1"});
  CHECK_THROWS_WITH(final_state(make_scheme<double>("theta"), pr, Formulation::xv, 0.1, 10),
                    Catch::Contains("Kuwabara–Kono"));
  pr = make_problem<double>("dimer", std::vector<std::string>{"n=4"});
  pr.chain.gamma[1] = 0.5;
  CHECK_THROWS_WITH(final_state(make_scheme<double>("irk-tailored"), pr, Formulation::xv, 0.1, 10),
                    Catch::Contains("one damping constant"));
  CHECK_THROWS_WITH(make_scheme<double>("gl2", SchemeOptions{0.5, 1.0}), Catch::Contains("--mu"));
}

TEST_CASE("tailored schemes run in 50-digit arithmetic", "[schemes][tailored]") {
  const auto pr = make_problem<mp50>("trimer-nobreak", std::vector<std::string>{"gamma=0.01"});
  const Vec<mp50> a = final_state(make_scheme<mp50>("irk-tailored"), pr, Formulation::xv, mp50(0.01), 150);
  const Vec<double> b = final_state(make_scheme<double>("irk-tailored"),
                                    make_problem<double>("trimer-nobreak", std::vector<std::string>{"gamma=0.01"}),
                                    Formulation::xv, 0.01, 150);
  for (int i = 0; i < 6; ++i) CHECK(std::abs(static_cast<double>(a[i]) - b[i]) < 1e-12);
}
