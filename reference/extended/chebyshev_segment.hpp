#pragma once
// Dense output of the extended-precision RKF 7(8) reference
// (multiprecision_reference.hpp). A step of RKF 7(8) to one output time costs
// twelve evaluations of the right-hand side, and on the finest grids of a
// sweep one accepted step holds a hundred output times. The polynomial of
// degree D through the step's states at the D + 1 Chebyshev points of the
// second kind serves them all for the cost of D − 1 such steps (the interior
// nodes), evaluated by Clenshaw's recurrence (stable on [−1, 1], one division
// per time). Whether it is as accurate as the steps it replaces is checked by
// the caller, against direct steps between the nodes.
#include <array>
#include <cstddef>
#include <vector>

namespace granconv::detail {

template <class S, int D>
class ChebyshevSegment {
  static_assert(D >= 4 && D % 2 == 0, "an even degree: the table's symmetry below");

 public:
  explicit ChebyshevSegment(int dim) : dim_(dim), values_((D + 1) * dim), coef_((D + 1) * dim), b1_(dim), b2_(dim) {
    using std::atan;
    using std::cos;
    const S pi = 4 * atan(S(1));
    for (int m = 0; m <= D / 2; ++m) cos_[m] = cos(pi * S(m) / S(D));
    cos_[0] = S(1);
    cos_[D / 2] = S(0);
    for (int m = 0; m < D / 2; ++m) cos_[D - m] = -cos_[m];  // x_D = −1 exactly: the step's start
  }

  // The node j (0 ≤ j ≤ D) as a fraction of the step: x_j = cos(jπ/D) mapped
  // from [−1, 1] to [0, 1]; j = 0 is the step's end, j = D its start.
  S node(int j, const S& length) const { return j == D ? S(0) : j == 0 ? length : length * (1 + cos_[j]) / 2; }

  // The state at node j, to be filled before fit().
  S* value(int j) { return values_.data() + std::size_t(j) * dim_; }

  // The coefficients c_k of p(x) = Σ c_k T_k(x) from the node values (a
  // discrete cosine transform of the first kind, O(D² dim)).
  void fit(const S& length) {
    length_ = length;
    const S scale = S(2) / S(D);
    for (int k = 0; k <= D; ++k) {
      S* c = coef_.data() + std::size_t(k) * dim_;
      for (int i = 0; i < dim_; ++i) c[i] = S(0);
      for (int j = 0; j <= D; ++j) {
        const S w = (j == 0 || j == D) ? cos_of(j * k) / 2 : cos_of(j * k);
        const S* v = value(j);
        for (int i = 0; i < dim_; ++i) c[i] += w * v[i];
      }
      const S f = (k == 0 || k == D) ? scale / 2 : scale;
      for (int i = 0; i < dim_; ++i) c[i] *= f;
    }
  }

  // p at s ∈ [0, length] from the step's start, into out[0 .. dim).
  template <class Out>
  void at(const S& s, Out& out) const {
    const S x = (s + s - length_) / length_, two_x = x + x;
    for (int i = 0; i < dim_; ++i) b1_[i] = b2_[i] = S(0);
    for (int k = D; k >= 1; --k) {
      const S* c = coef_.data() + std::size_t(k) * dim_;
      for (int i = 0; i < dim_; ++i) {
        S b = c[i] + two_x * b1_[i] - b2_[i];
        b2_[i] = b1_[i];
        b1_[i] = b;
      }
    }
    for (int i = 0; i < dim_; ++i) out[i] = coef_[i] + x * b1_[i] - b2_[i];
  }

 private:
  // cos(mπ/D) for m ≥ 0 from the table.
  const S& cos_of(int m) const {
    m %= 2 * D;
    return m <= D ? cos_[m] : cos_[2 * D - m];
  }

  int dim_;
  std::array<S, D + 1> cos_;
  std::vector<S> values_, coef_;
  mutable std::vector<S> b1_, b2_;
  S length_{1};
};

}  // namespace granconv::detail
