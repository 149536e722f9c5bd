#include "schemes/families/runge_kutta_oscillator.hpp"

#include <Eigen/LU>

namespace granconv {

OscillatorStep<Mp50> runge_kutta_oscillator(const Tableau<Mp50>& tableau) {
  using Matrix = Eigen::Matrix<Mp50, Eigen::Dynamic, Eigen::Dynamic>;
  using Vector = Eigen::Matrix<Mp50, Eigen::Dynamic, 1>;
  OscillatorStep<Mp50> step;
  step.state_size = 2;
  step.x_index = 0;
  step.v_index = 1;
  step.step = [A = tableau.A, b = tableau.b](const Mp50& h, const Mp50& zeta, const std::vector<Mp50>& in,
                                             std::vector<Mp50>& out) {
    const Eigen::Index s = A.rows();
    Eigen::Matrix<Mp50, 2, 2> m;
    m << Mp50(0), Mp50(1), Mp50(-1), -2 * zeta;
    Eigen::Matrix<Mp50, 2, 1> y(in.at(0), in.at(1));
    Matrix lhs = Matrix::Identity(2 * s, 2 * s);
    Vector rhs(2 * s);
    for (Eigen::Index i = 0; i < s; ++i) {
      rhs.segment<2>(2 * i) = m * y;
      for (Eigen::Index j = 0; j < s; ++j) lhs.block<2, 2>(2 * i, 2 * j) -= h * A(i, j) * m;
    }
    const Vector k = lhs.partialPivLu().solve(rhs);
    for (Eigen::Index i = 0; i < s; ++i) y += h * b(i) * k.segment<2>(2 * i);
    out.assign({y(0), y(1)});
  };
  return step;
}

}  // namespace granconv
