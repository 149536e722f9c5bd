#pragma once
// An extended scalar as its exact words, fixed-size, in native byte order:
// what the extended reference cache stores (extended_reference_cache.cpp)
// and what a reference computed on one MPI rank travels as to the others
// (studies/core/study.cpp), so that the round trip is exact. An entry or a
// message is read back by the build that wrote it (the cache key holds the
// Boost version).
#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <cstring>
#include <string>

#include "models/extended_precision.hpp"

namespace granconv {

template <class S>
struct Words;

template <>
struct Words<DoubleDouble> {
  static constexpr const char* name = "double-double";
  static constexpr std::size_t bytes = 2 * sizeof(double);
  static void put(std::string& out, const DoubleDouble& x) {
    const double w[2] = {x.hi(), x.lo()};
    out.append(reinterpret_cast<const char*>(w), sizeof w);
  }
  static DoubleDouble get(const char* p) {
    double w[2];
    std::memcpy(w, p, sizeof w);
    return DoubleDouble(dd_real(w[0], w[1]));
  }
};

// cpp_bin_float_50 as it is held: significand limbs, exponent, sign (zero,
// infinity and NaN are exponent values of their own), so the round trip is exact.
template <>
struct Words<Mp50> {
  using Rep = Mp50::backend_type::rep_type;
  static constexpr std::size_t limbs = 3;
  static_assert(Mp50::backend_type::bit_count <= 64 * limbs, "three 64-bit limbs hold the significand");
  static constexpr const char* name = "cpp_bin_float_50";
  static constexpr std::size_t bytes = (limbs + 2) * sizeof(std::uint64_t);
  static void put(std::string& out, const Mp50& x) {
    std::uint64_t w[limbs + 2] = {};  // least significant limb first, zero-padded; no allocation per word
    boost::multiprecision::export_bits(boost::multiprecision::number<Rep>(x.backend().bits()), w, 64, false);
    w[limbs] = static_cast<std::uint64_t>(static_cast<std::int64_t>(x.backend().exponent()));
    w[limbs + 1] = x.backend().sign() ? 1 : 0;
    out.append(reinterpret_cast<const char*>(w), bytes);
  }
  static Mp50 get(const char* p) {
    std::uint64_t w[limbs + 2];
    std::memcpy(w, p, sizeof w);
    boost::multiprecision::number<Rep> bits;
    boost::multiprecision::import_bits(bits, w, w + limbs, 64, false);
    Mp50 x;
    x.backend().bits() = bits.backend();
    x.backend().exponent() = static_cast<Mp50::backend_type::exponent_type>(static_cast<std::int64_t>(w[limbs]));
    x.backend().sign() = w[limbs + 1] != 0;
    return x;
  }
};

}  // namespace granconv
