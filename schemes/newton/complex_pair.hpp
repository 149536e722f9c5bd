#pragma once
// Complex numbers over any real scalar (double, double-double, 50-digit
// binary floats): std::complex is only specified for the built-in floating
// types. Just the arithmetic of a tridiagonal solve, in the textbook
// formulas (no scaling in the division: the values are O(1) here).
#include <cmath>

namespace granconv {

template <class S>
struct ComplexPair {
  S re{0}, im{0};

  ComplexPair() = default;
  ComplexPair(const S& r, const S& i = S(0)) : re(r), im(i) {}

  friend ComplexPair operator+(const ComplexPair& a, const ComplexPair& b) { return {a.re + b.re, a.im + b.im}; }
  friend ComplexPair operator-(const ComplexPair& a, const ComplexPair& b) { return {a.re - b.re, a.im - b.im}; }
  friend ComplexPair operator*(const ComplexPair& a, const ComplexPair& b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  }
  friend ComplexPair operator*(const ComplexPair& a, const S& s) { return {a.re * s, a.im * s}; }
  friend ComplexPair operator*(const S& s, const ComplexPair& a) { return {s * a.re, s * a.im}; }
  friend ComplexPair conj(const ComplexPair& a) { return {a.re, -a.im}; }
  friend ComplexPair inverse(const ComplexPair& a) {
    const S d = a.re * a.re + a.im * a.im;
    return {a.re / d, -a.im / d};
  }
  // |re| + |im|, for pivot checks.
  friend double magnitude(const ComplexPair& a) {
    using std::abs;
    return static_cast<double>(abs(a.re) + abs(a.im));
  }
};

// The real counterparts, so that code generic in the field reads the same.
template <class S>
S inverse(const S& a) {
  return S(1) / a;
}
template <class S>
double magnitude(const S& a) {
  using std::abs;
  return static_cast<double>(abs(a));
}

}  // namespace granconv
