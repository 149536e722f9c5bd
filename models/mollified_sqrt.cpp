// The double table of g and g' (mollified_sqrt.hpp): its construction runs
// tanh-sinh quadratures in double and long double, compiled here once rather
// than in every file that evaluates a mollified force.
#include "models/mollified_sqrt.hpp"

namespace granconv::mollified_sqrt_detail {

UnitTable::UnitTable()
    : low(0.0, split, pieces_low,
          [](long double ul, long double& r0, long double& r1) {
            const double u = static_cast<double>(ul);
            const double c = mollifier_normalization<double>();
            r0 = unit_integral<double>(u, 0, true) / c / (u * u * u);
            r1 = unit_integral<double>(u, 1, true) / c / u;
          }),
      mid(split, 2.0, pieces_mid, direct),
      high(2.0, upper, pieces_high, direct) {
  using L = long double;
  const L c = mollifier_normalization<L>();
  // c_k = binom(1/2, 2k) m_{2k}, m_{2k} = ∫ φ(w) w^{2k} dw.
  L binom = 1;  // binom(1/2, nn)
  int nn = 0;
  for (int k = 0; k < series_terms; ++k) {
    while (nn < 2 * k) {
      binom *= (L(0.5) - nn) / (nn + 1);
      ++nn;
    }
    auto f = [&](const L& x, const L& xc) -> L {
      const L p = xc <= 0 ? L(-xc) : L(2 - xc);
      const L q = xc <= 0 ? L(2 + xc) : L(xc);
      if (!(p > 0) || !(q > 0)) return L(0);
      return bump_pq(p, q) * std::pow(x, 2 * k);
    };
    const L m = integrator<L>().integrate(f, L(-1), L(1), tolerance<L>()) / c;
    series[k] = static_cast<double>(binom * m);
  }
}

const UnitTable& unit_table() {
  static const UnitTable table;
  return table;
}

}  // namespace granconv::mollified_sqrt_detail
