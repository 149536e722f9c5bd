#pragma once
// DoubleDouble: an unevaluated sum hi + lo of two doubles (106-bit
// significand, eps 2^-104 ≈ 4.9e-32), with the arithmetic of Debian's libqd
// (Bailey, Hida & Li's dd_real). Hardware doubles make it about 5× cheaper
// than software float128 per product and 8× per square root or quotient.
//
// dd_real itself is not a drop-in scalar for the generic code: it has no
// conversion to double, and its numeric_limits answer in double. This value
// type gives it what the generic code (and Eigen) expects of a scalar:
// explicit conversions, mixed arithmetic with integers and doubles, the
// functions found by argument-dependent lookup, numeric_limits and
// Eigen::NumTraits. Every operation is one dd_real operation, so the result
// is the same for any thread count and build.
//
// Sums and differences use qd's accurate addition (ieee_add: error within 2
// ulps of the result) rather than Debian's default sloppy one, whose error is
// bounded by the operands' magnitudes instead, so the round-off floor of a
// sweep follows the usual model. Costs about a third more per addition.
//
// qd's inline operations assume binary64 arithmetic with round-to-nearest
// and no fused multiply-add contracting its error-free transformations; on
// x86-64 (SSE2) with the project's flags (-ffp-contract=off, see
// models/CMakeLists.txt) that holds.
#include <qd/dd_real.h>

#include <Eigen/Core>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <concepts>
#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>
#include <string>

// GCC leaves qd's inline product and sum out of line inside a sweep's loops
// (a call per operation, a fifth of a double-double GL2 step); flattening the
// wrapper's operators inlines them.
#if defined(__GNUC__)
#define GRANCONV_DD_INLINE __attribute__((flatten)) inline
#else
#define GRANCONV_DD_INLINE inline
#endif

namespace granconv {

class DoubleDouble {
 public:
  DoubleDouble() : v_(0.0) {}
  DoubleDouble(double x) : v_(x) {}  // NOLINT: implicit, as for a built-in floating type
  template <std::integral I>
  DoubleDouble(I i) : v_(split(static_cast<std::int64_t>(i))) {}  // NOLINT: exact for 64-bit integers
  explicit DoubleDouble(const dd_real& v) : v_(v) {}
  explicit DoubleDouble(const char* decimal) : v_(decimal) {}  // qd's reader: correctly rounded to ~32 digits
  explicit DoubleDouble(const std::string& decimal) : v_(decimal.c_str()) {}

  explicit operator double() const { return v_.x[0]; }
  explicit operator float() const { return static_cast<float>(v_.x[0]); }
  explicit operator long double() const { return static_cast<long double>(v_.x[0]) + v_.x[1]; }
  // Truncated towards zero, as for a built-in floating type.
  template <std::integral I>
  explicit operator I() const {
    const dd_real t = aint(v_);
    return static_cast<I>(static_cast<std::int64_t>(t.x[0]) + static_cast<std::int64_t>(t.x[1]));
  }
  // Exact: cpp_bin_float_50 holds every double-double.
  explicit operator boost::multiprecision::cpp_bin_float_50() const {
    return boost::multiprecision::cpp_bin_float_50(v_.x[0]) + v_.x[1];
  }

  double hi() const { return v_.x[0]; }
  double lo() const { return v_.x[1]; }
  const dd_real& dd() const { return v_; }

  GRANCONV_DD_INLINE DoubleDouble& operator+=(const DoubleDouble& b) { v_ = dd_real::ieee_add(v_, b.v_); return *this; }
  GRANCONV_DD_INLINE DoubleDouble& operator-=(const DoubleDouble& b) { v_ = dd_real::ieee_add(v_, -b.v_); return *this; }
  GRANCONV_DD_INLINE DoubleDouble& operator*=(const DoubleDouble& b) { v_ *= b.v_; return *this; }
  GRANCONV_DD_INLINE DoubleDouble& operator/=(const DoubleDouble& b) { v_ /= b.v_; return *this; }

  friend DoubleDouble operator+(const DoubleDouble& a) { return a; }
  friend GRANCONV_DD_INLINE DoubleDouble operator-(const DoubleDouble& a) { return DoubleDouble(-a.v_); }
  friend GRANCONV_DD_INLINE DoubleDouble operator+(const DoubleDouble& a, const DoubleDouble& b) {
    return DoubleDouble(dd_real::ieee_add(a.v_, b.v_));
  }
  friend GRANCONV_DD_INLINE DoubleDouble operator-(const DoubleDouble& a, const DoubleDouble& b) {
    return DoubleDouble(dd_real::ieee_add(a.v_, -b.v_));
  }
  friend GRANCONV_DD_INLINE DoubleDouble operator*(const DoubleDouble& a, const DoubleDouble& b) { return DoubleDouble(a.v_ * b.v_); }
  friend GRANCONV_DD_INLINE DoubleDouble operator/(const DoubleDouble& a, const DoubleDouble& b) { return DoubleDouble(a.v_ / b.v_); }
  // Products and quotients by a double are cheaper in qd than by a double-double.
  friend GRANCONV_DD_INLINE DoubleDouble operator*(const DoubleDouble& a, double b) { return DoubleDouble(a.v_ * b); }
  friend GRANCONV_DD_INLINE DoubleDouble operator*(double a, const DoubleDouble& b) { return DoubleDouble(a * b.v_); }
  friend GRANCONV_DD_INLINE DoubleDouble operator/(const DoubleDouble& a, double b) { return DoubleDouble(a.v_ / b); }

  friend bool operator==(const DoubleDouble& a, const DoubleDouble& b) { return a.v_ == b.v_; }
  friend bool operator!=(const DoubleDouble& a, const DoubleDouble& b) { return a.v_ != b.v_; }
  friend bool operator<(const DoubleDouble& a, const DoubleDouble& b) { return a.v_ < b.v_; }
  friend bool operator<=(const DoubleDouble& a, const DoubleDouble& b) { return a.v_ <= b.v_; }
  friend bool operator>(const DoubleDouble& a, const DoubleDouble& b) { return a.v_ > b.v_; }
  friend bool operator>=(const DoubleDouble& a, const DoubleDouble& b) { return a.v_ >= b.v_; }

  // Found by argument-dependent lookup from generic code (`using std::sqrt; sqrt(x)`).
  friend GRANCONV_DD_INLINE DoubleDouble abs(const DoubleDouble& a) { return DoubleDouble(::abs(a.v_)); }
  friend GRANCONV_DD_INLINE DoubleDouble fabs(const DoubleDouble& a) { return DoubleDouble(::abs(a.v_)); }
  // Within an ulp at every magnitude (tests/unit/studies/test_precision.cpp): the contact
  // laws' powers δ^{k/2} rest on it, and so does every other square root in
  // double-double (tableau constants, scenario data, Boost.Math, Eigen).
  // libqd's sqrt is one Karp step from double's, y = a_h x + (a − (a_h x)²) x/2
  // with x = 1/√a_h, and is off by up to 1.4 eps. A second step from
  // y = y_h + y_l, with the residual a − y² = ((a − y_h²) − 2 y_h y_l) − y_l²
  // (the first two products exact, y_l² ~2^-159 a rounded), corrects it (worst
  // 0.12 eps in the test). Outside [2^-900, 2^1000] those products would
  // overflow or lose bits as subnormals, so a is scaled by an even power of two
  // first. It replaced, for this type, the generic Newton iteration of
  // models/positive_power.hpp (frexp, ldexp and eight double-double products)
  // and took a ninth off a cold run of jvb-fig2-gl-xw-xp (31.2 to 27.8 CPU-s,
  // 2026-11-27).
  friend DoubleDouble sqrt(const DoubleDouble& a) {
    const double ah = a.v_.x[0];
    if (!(ah > 0) || !std::isfinite(ah)) return DoubleDouble(::sqrt(a.v_));  // qd's answer for 0, negatives, inf, NaN
    if (!(ah >= 0x1p-900 && ah <= 0x1p1000)) {
      int e = 0;
      std::frexp(ah, &e);
      const int k = e / 2;  // a 2^-2k has an exponent in [-1, 1]
      return DoubleDouble(::ldexp(sqrt(DoubleDouble(::ldexp(a.v_, -2 * k))).v_, k));
    }
    const double x = 1 / std::sqrt(ah), half_x = x * 0.5, ax = ah * x;
    const dd_real y = dd_real::add(ax, dd_real::ieee_add(a.v_, -dd_real::sqr(ax)).x[0] * half_x);
    const double yh = y.x[0], yl = y.x[1];
    const dd_real r = dd_real::ieee_add(dd_real::ieee_add(a.v_, -dd_real::sqr(yh)), -dd_real::mul(2 * yh, yl));
    return DoubleDouble(y + (r.x[0] - yl * yl) * half_x);
  }
  friend DoubleDouble exp(const DoubleDouble& a) { return DoubleDouble(::exp(a.v_)); }
  friend DoubleDouble log(const DoubleDouble& a) { return DoubleDouble(scaled_log(a.v_)); }
  friend DoubleDouble log10(const DoubleDouble& a) { return DoubleDouble(::log10(a.v_)); }
  friend DoubleDouble sin(const DoubleDouble& a) { return DoubleDouble(::sin(a.v_)); }
  friend DoubleDouble cos(const DoubleDouble& a) { return DoubleDouble(::cos(a.v_)); }
  friend DoubleDouble tan(const DoubleDouble& a) { return DoubleDouble(::tan(a.v_)); }
  friend DoubleDouble atan(const DoubleDouble& a) { return DoubleDouble(::atan(a.v_)); }
  friend DoubleDouble atan2(const DoubleDouble& y, const DoubleDouble& x) { return DoubleDouble(::atan2(y.v_, x.v_)); }
  friend DoubleDouble sinh(const DoubleDouble& a) { return DoubleDouble(::sinh(a.v_)); }
  friend DoubleDouble cosh(const DoubleDouble& a) { return DoubleDouble(::cosh(a.v_)); }
  friend DoubleDouble tanh(const DoubleDouble& a) { return DoubleDouble(::tanh(a.v_)); }
  friend DoubleDouble floor(const DoubleDouble& a) { return DoubleDouble(::floor(a.v_)); }
  friend DoubleDouble ceil(const DoubleDouble& a) { return DoubleDouble(::ceil(a.v_)); }
  friend DoubleDouble pow(const DoubleDouble& a, const DoubleDouble& b) {
    // qd's pow(a, b) is exp(b log a), whose log rejects 0: a zero base gives
    // what std::pow gives (quadrature nodes reach it). An integral exponent
    // goes by repeated squaring, exactly as for double.
    if (a.v_.is_zero()) return b > DoubleDouble(0) ? DoubleDouble(0) : b == DoubleDouble(0) ? DoubleDouble(1) : std::numeric_limits<double>::infinity();
    const double n = b.v_.x[0];  // cast to int only when it fits (NaN and huge exponents do not)
    if (b.v_.x[1] == 0 && std::abs(n) <= 0x1p30 && n == std::trunc(n)) return DoubleDouble(::pow(a.v_, static_cast<int>(n)));
    return DoubleDouble(::exp(b.v_ * scaled_log(a.v_)));
  }
  friend DoubleDouble ldexp(const DoubleDouble& a, int e) { return DoubleDouble(::ldexp(a.v_, e)); }
  // a = m 2^e with |hi(m)| in [1/2, 1) (Boost.Math's next/prior and tanh-sinh use it).
  friend DoubleDouble frexp(const DoubleDouble& a, int* e) {
    const double m = std::frexp(a.v_.x[0], e);
    return DoubleDouble(dd_real(m, std::ldexp(a.v_.x[1], -*e)));
  }
  friend bool isfinite(const DoubleDouble& a) { return a.v_.isfinite() && std::isfinite(a.v_.x[1]); }
  friend bool isnan(const DoubleDouble& a) { return a.v_.isnan(); }
  friend bool isinf(const DoubleDouble& a) { return a.v_.isinf(); }

  // The shortest form that reads back to the same value (32 significant digits).
  friend std::ostream& operator<<(std::ostream& os, const DoubleDouble& a) {
    return os << a.v_.to_string(os.precision() > 0 && os.precision() < 32 ? static_cast<int>(os.precision()) : 32,
                                0, os.flags());
  }

 private:
  // qd's log refines std::log(x) by a Newton step through exp(−log x), which
  // overflows for x below ~1e-300 (tanh-sinh nodes near an endpoint are
  // that small): take log x = log m + e log 2 with x = m 2^e, m in [1/2, 1).
  static dd_real scaled_log(const dd_real& x) {
    if (!(x.x[0] > 0) || !std::isfinite(x.x[0])) return ::log(x);  // qd's answer for 0, negatives, inf, NaN
    int e = 0;
    const double m = std::frexp(x.x[0], &e);
    return ::log(dd_real(m, std::ldexp(x.x[1], -e))) + static_cast<double>(e) * dd_real::_log2;
  }
  // Both 32-bit halves are exact doubles, and so is their double-double sum.
  static dd_real split(std::int64_t i) {
    const std::int64_t high = i / (std::int64_t(1) << 32), low = i % (std::int64_t(1) << 32);
    return dd_real(static_cast<double>(high) * 0x1p32) + static_cast<double>(low);
  }
  dd_real v_;
};

}  // namespace granconv

namespace std {
// double's, except for the digits, the exponents (the low part must stay a
// normal double) and values of the type itself.
template <>
class numeric_limits<granconv::DoubleDouble> : public numeric_limits<double> {
  using D = granconv::DoubleDouble;

 public:
  static constexpr bool has_signaling_NaN = false;
  static constexpr std::float_denorm_style has_denorm = std::denorm_absent;
  static constexpr bool has_denorm_loss = false;
  static constexpr bool is_iec559 = false;
  static constexpr int digits = 106;
  static constexpr int digits10 = 31;
  static constexpr int max_digits10 = 33;
  static constexpr int min_exponent = numeric_limits<double>::min_exponent + 53;
  static constexpr int min_exponent10 = numeric_limits<double>::min_exponent10 + 16;
  static D epsilon() { return D(dd_real::_eps); }
  static D round_error() { return D(0.5); }
  // The smallest normal double-double: its low part must be a normal double too.
  static D min() { return D(dd_real::_min_normalized); }
  static D max() { return D(dd_real::_max); }
  static D lowest() { return -max(); }
  static D infinity() { return D(numeric_limits<double>::infinity()); }
  static D quiet_NaN() { return D(numeric_limits<double>::quiet_NaN()); }
  static D denorm_min() { return min(); }
};
}  // namespace std

namespace Eigen {
template <>
struct NumTraits<granconv::DoubleDouble> : GenericNumTraits<granconv::DoubleDouble> {
  using Real = granconv::DoubleDouble;
  using NonInteger = granconv::DoubleDouble;
  using Literal = granconv::DoubleDouble;
  using Nested = granconv::DoubleDouble;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 2,
    AddCost = 20,
    MulCost = 20
  };
  static Real epsilon() { return std::numeric_limits<Real>::epsilon(); }
  static Real dummy_precision() { return Real(1e-28); }
  static Real highest() { return std::numeric_limits<Real>::max(); }
  static Real lowest() { return std::numeric_limits<Real>::lowest(); }
  static int digits10() { return std::numeric_limits<Real>::digits10; }
};
}  // namespace Eigen
