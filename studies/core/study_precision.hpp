#pragma once
// The scalar a study runs in, with its scheme and reference: the traits
// run_study_in of studies/core/study.cpp is written against (included there only).
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/extended_precision.hpp"
#include "models/scenarios.hpp"
#include "reference/cache/reference_cache.hpp"
#include "schemes/scheme_catalogue.hpp"
#include "studies/core/claim.hpp"
#include "reference/cache/extended_reference_cache.hpp"
#include "reference/extended/mp_reference.hpp"
#include "reference/extended/scalar_words.hpp"
#include "studies/core/study.hpp"
#include "studies/support/distribution/cell_bytes.hpp"

namespace granconv {

// The scalar a study runs in: double against the (cached) CVODE reference,
// DoubleDouble (`--precision 32`) or Mp50 (`--precision 50`) against the RKF 7(8)
// references of reference/extended/mp_reference.hpp in the same scalar (cached like
// CVODE's, reference/cache/extended_reference_cache.hpp). The sweep itself
// (run_study_in) is the same code for all three.
template <class S>
struct Precision;

template <>
struct Precision<double> {
  static constexpr int digits = 16;
  static constexpr const char* type_name = "double";
  using Reference = ReferenceSolution;
  // The reference's own error estimate comes with it (the rerun at rtol/10).
  static constexpr bool certified_apart = false;
  static Scheme<double> scheme(const Claim& claim, const StudyOptions& opt, const SchemeOptions& so) {
    if (opt.tableau) return runge_kutta_scheme(*opt.tableau, "tableau " + opt.tableau->name);
    if (opt.scheme_file) return opt.scheme_file();
    if (claim.tableau) return runge_kutta_scheme(*claim.tableau, claim.scheme);
    return make_scheme<double>(claim.scheme, so);
  }
  static Reference reference(const Problem<double>& pr, const std::vector<double>& times, const StudyOptions& opt) {
    return cached_reference(pr, times, opt.reference, opt.cache_dir);
  }
};

// The extended scalars share everything but the reference and its error estimate.
template <class S>
struct ExtendedPrecision {
  struct Reference {
    std::vector<S> times;
    std::vector<Vec<S>> states;
    Provenance provenance;
  };
  // The reference's error estimate depends on the problem only and is
  // certified apart (reference_error: once per problem, so once per sweep
  // unless γ is coupled to h), not by the reference run at its output times.
  static constexpr bool certified_apart = true;
  // The reference as bytes and back, every word exact (scalar_words.hpp): how
  // the rank that computed it hands it to the others (studies/core/study.cpp).
  // The words are written once, into bytes reserved whole: a sweep's
  // reference runs to gigabytes, and each copy of it costs its size in memory
  // and in page faults.
  static std::string bytes_of(const Reference& r) {
    const std::size_t dim = r.states.empty() ? 0 : static_cast<std::size_t>(r.states.front().size());
    const std::size_t words = (r.times.size() + r.states.size() * dim) * Words<S>::bytes;
    // put(json)'s bytes: its CBOR as a string
    const std::vector<std::uint8_t> provenance = nlohmann::json::to_cbor(r.provenance.to_json());
    CellWriter w;
    w.reserve(5 * sizeof(std::uint64_t) + words + provenance.size());
    w.put(static_cast<std::uint64_t>(r.times.size())).put(static_cast<std::uint64_t>(r.states.size()));
    w.put(static_cast<std::uint64_t>(dim));
    w.put_sized(words, [&](std::string& out) {
      for (const auto& t : r.times) Words<S>::put(out, t);
      for (const auto& x : r.states)
        for (Eigen::Index i = 0; i < x.size(); ++i) Words<S>::put(out, x[i]);
    });
    w.put(std::string_view(reinterpret_cast<const char*>(provenance.data()), provenance.size()));
    return w.take();
  }
  static Reference from_bytes(std::string_view bytes) {
    CellReader rd(bytes);
    const auto nt = rd.template get<std::uint64_t>(), ns = rd.template get<std::uint64_t>(),
               dim = rd.template get<std::uint64_t>();
    const std::string_view words = rd.get_view();
    if (words.size() / Words<S>::bytes < nt || (words.size() / Words<S>::bytes - nt) / std::max<std::uint64_t>(dim, 1) < ns ||
        words.size() != (nt + ns * dim) * Words<S>::bytes)
      throw std::runtime_error("a distributed reference's size does not match its words");
    Reference r;
    const char* p = words.data();
    r.times.reserve(nt);
    for (std::uint64_t k = 0; k < nt; ++k, p += Words<S>::bytes) r.times.push_back(Words<S>::get(p));
    r.states.assign(ns, Vec<S>(static_cast<Eigen::Index>(dim)));
    for (auto& x : r.states)
      for (Eigen::Index i = 0; i < x.size(); ++i, p += Words<S>::bytes) x[i] = Words<S>::get(p);
    r.provenance = Provenance::from_json(rd.get_json());
    return r;
  }
  static Scheme<S> scheme(const Claim& claim, const StudyOptions& opt, const SchemeOptions& so) {
    if (opt.tableau || claim.tableau || opt.scheme_file)
      // Precision<S>::digits is the flag's value (32 for double-double, whose digits10 is 31)
      throw std::invalid_argument("a tableau file runs in double only; it cannot be combined with --precision " +
                                  std::to_string(Precision<S>::digits));
    return make_scheme<S>(claim.scheme, so);
  }
};

template <>
struct Precision<DoubleDouble> : ExtendedPrecision<DoubleDouble> {
  static constexpr int digits = 32;
  static constexpr const char* type_name = "double-double";
  // Without the error estimate (it depends on the problem only: reference_error).
  static Reference reference(const Problem<DoubleDouble>& pr, const std::vector<DoubleDouble>& times, const StudyOptions& opt) {
    auto r = cached_double_double_reference(pr, times, opt.cache_dir, opt.reference.max_seconds);
    return {times, std::move(r.states), std::move(r.provenance)};
  }
  // Certified against the same problem built in Mp50 (`twin`).
  static void reference_error(const Problem<DoubleDouble>& pr, const Problem<Mp50>& twin, Provenance& p, int jobs,
                              double max_seconds, const std::filesystem::path& cache_dir) {
    cached_double_double_reference_error(pr, twin, p, jobs, cache_dir, max_seconds);
  }
};

template <>
struct Precision<Mp50> : ExtendedPrecision<Mp50> {
  static constexpr int digits = 50;
  static constexpr const char* type_name = "cpp_bin_float_50";
  static Reference reference(const Problem<Mp50>& pr, const std::vector<Mp50>& times, const StudyOptions& opt) {
    MpReference r = cached_mp_reference(pr, times, opt.cache_dir, opt.reference.max_seconds);
    return {times, std::move(r.states), std::move(r.provenance)};
  }
  static void reference_error(const Problem<Mp50>& pr, const Problem<Mp50>&, Provenance& p, int, double max_seconds,
                              const std::filesystem::path& cache_dir) {
    cached_mp_reference_error(pr, p, cache_dir, max_seconds);
  }
};

}  // namespace granconv
