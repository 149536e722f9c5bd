#include "schemes/families/partitioned/prk_analysis.hpp"

#include <algorithm>

namespace granconv::partitioned {

bool negligible(const Mp50& x, const Mp50& precision, const Mp50& scale) {
  return abs(x) <= (Mp50("1e-40") + 8 * precision) * (scale > 1 ? scale : Mp50(1));
}

StructureCheck prk_symplectic(const PrkTableauMp& t, const Mp50& precision, bool separable_only) {
  const Eigen::Index s = t.b.size();
  Mp50 worst(0), b_diff(0);
  bool holds = true;
  for (Eigen::Index i = 0; i < s; ++i) {
    if (!separable_only) {
      const Mp50 d = abs(t.b[i] - t.bhat[i]);
      b_diff = std::max(b_diff, d);
      holds = holds && negligible(d, precision);
    }
    for (Eigen::Index j = 0; j < s; ++j) {
      const Mp50 r = t.b[i] * t.Ahat(i, j) + t.bhat[j] * t.A(j, i) - t.b[i] * t.bhat[j];
      worst = std::max(worst, abs(r));
      holds = holds && negligible(r, precision);
    }
  }
  StructureCheck c;
  c.holds = holds;
  c.residual = static_cast<double>(std::max(worst, b_diff));
  c.condition = separable_only
                    ? "b_i â_ij + b̂_j a_ji − b_i b̂_j = 0 for all i, j (symplectic for separable H = T(p) + V(q), "
                      "HLW VI.4.2)"
                    : "b = b̂ and b_i â_ij + b̂_j a_ji − b_i b̂_j = 0 for all i, j (symplectic for every H, HLW VI.4.2; "
                      "the second condition alone: for separable H = T(p) + V(q))";
  return c;
}

StructureCheck prk_symmetric(const PrkTableauMp& t, const Mp50& precision) {
  const Eigen::Index s = t.b.size();
  Mp50 worst(0);
  bool holds = true;
  auto check = [&](const MatrixMp& A, const VectorMp& b) {
    for (Eigen::Index i = 0; i < s; ++i) {
      const Mp50 rb = b[s - 1 - i] - b[i];
      worst = std::max(worst, abs(rb));
      holds = holds && negligible(rb, precision);
      for (Eigen::Index j = 0; j < s; ++j) {
        const Mp50 r = A(i, j) + A(s - 1 - i, s - 1 - j) - b[j];
        worst = std::max(worst, abs(r));
        holds = holds && negligible(r, precision);
      }
    }
  };
  check(t.A, t.b);
  check(t.Ahat, t.bhat);
  StructureCheck c;
  c.holds = holds;
  c.residual = static_cast<double>(worst);
  c.condition =
      "a_ij + a_{s+1−i,s+1−j} = b_j and b_{s+1−i} = b_i for (A, b) and for (Â, b̂) (HLW V.2.2; sufficient)";
  return c;
}

OscillatorStep<Mp50> prk_oscillator(const PrkTableauMp& t) {
  OscillatorStep<Mp50> o;
  o.state_size = 2;
  o.step = [t](const Mp50& omega_h, const Mp50& zeta, const std::vector<Mp50>& in, std::vector<Mp50>& out) {
    const Eigen::Index s = t.b.size();
    // Unknowns (Y, V): Y − Ω A V = x0, Ω Â Y + (I + 2ζΩ Â) V = v0.
    MatrixMp M = MatrixMp::Zero(2 * s, 2 * s);
    VectorMp rhs(2 * s);
    M.topLeftCorner(s, s) = MatrixMp::Identity(s, s);
    M.topRightCorner(s, s) = -omega_h * t.A;
    M.bottomLeftCorner(s, s) = omega_h * t.Ahat;
    M.bottomRightCorner(s, s) = MatrixMp::Identity(s, s) + 2 * zeta * omega_h * t.Ahat;
    rhs.head(s).setConstant(in[0]);
    rhs.tail(s).setConstant(in[1]);
    const VectorMp z = M.partialPivLu().solve(rhs);
    const VectorMp Y = z.head(s), V = z.tail(s);
    const VectorMp K = -Y - 2 * zeta * V;
    out.assign(2, Mp50(0));
    out[0] = in[0] + omega_h * t.b.dot(V);
    out[1] = in[1] + omega_h * t.bhat.dot(K);
  };
  return o;
}

}  // namespace granconv::partitioned
